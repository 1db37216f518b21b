/**
 * Shutdown (`app.close()`, what SIGTERM runs) with a silent connection (connected, nothing sent),
 * an idle keep-alive connection and a write in flight: the write finishes with its answer and is
 * in the database, the other two are closed at once, and the close does not wait for them (Node
 * would hold a silent connection until its 60 s headers timeout).
 */
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

/** How long the write stays in flight after the close began (the close must wait for it). */
const IN_FLIGHT_AFTER_CLOSE_MS = 500;
/** How soon after the write's answer the close must have finished. */
const CLOSE_DEADLINE_MS = 5000;

let server: TestServer;
let projectId: number;

beforeAll(async () => {
  server = await startTestServer();
  const project = await server.request<{ id: number }>('/api/v4/projects', {
    method: 'POST',
    token: ROOT_TOKEN,
    json: { name: 'shutdown' },
  });
  projectId = project.body.id;
});
afterAll(() => server?.database.close());

/** A raw connection to the server, open. */
async function openSocket(): Promise<Socket> {
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  await once(socket, 'connect');
  return socket;
}

/** Resolves true when `socket` closes within `ms`, false otherwise. */
function closesWithin(socket: Socket, ms: number): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

describe('app.close()', () => {
  it('answers the write in flight, closes idle and silent connections at once, and finishes', async () => {
    const silent = await openSocket();
    const keepAlive = await openSocket();
    keepAlive.write(`GET /api/v4/version HTTP/1.1\r\nHost: localhost\r\nPRIVATE-TOKEN: ${ROOT_TOKEN}\r\n\r\n`);
    let answered = '';
    keepAlive.setEncoding('utf8').on('data', (chunk: string) => (answered += chunk));
    while (!answered.includes('"version"')) await once(keepAlive, 'data');
    expect(answered).toMatch(/^HTTP\/1\.1 200/);

    // The database's one connection held: the write waits for it, in flight.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      void server.database.db.connection().execute(
        () =>
          new Promise<void>((done) => {
            release = done;
            resolve();
          }),
      );
    });
    await held;
    const arrived = once(server.app.server, 'request');
    const write = fetch(`${server.url}/api/v4/projects/${projectId}/issues`, {
      method: 'POST',
      headers: { 'private-token': ROOT_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Written while the server stops' }),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { iid: number } }));
    await arrived;

    let closed = false;
    const closing = server.app.close().then(() => (closed = true));
    const [silentClosed, keepAliveClosed] = await Promise.all([
      closesWithin(silent, IN_FLIGHT_AFTER_CLOSE_MS),
      closesWithin(keepAlive, IN_FLIGHT_AFTER_CLOSE_MS),
    ]);
    expect({ silentClosed, keepAliveClosed, closed }).toEqual({
      silentClosed: true,
      keepAliveClosed: true,
      closed: false, // still draining the write
    });

    release();
    const answer = await write;
    expect(answer).toMatchObject({ status: 201, body: { iid: expect.any(Number) } });
    const deadline = new Promise((resolve) => setTimeout(() => resolve('still closing'), CLOSE_DEADLINE_MS));
    expect(await Promise.race([closing.then(() => 'closed'), deadline])).toBe('closed');

    // The acknowledged write is in the database.
    const row = await server.database.db
      .selectFrom('issues')
      .select('title')
      .where('project_id', '=', projectId)
      .where('iid', '=', answer.body.iid)
      .executeTakeFirst();
    expect(row).toEqual({ title: 'Written while the server stops' });
  });
});
