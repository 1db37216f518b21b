/**
 * Reads abandoned by their client while waiting for the embedded database run no queries
 * (http/abandoned.ts): with the database's one connection held, requests arrive over real
 * sockets, some of them close, and once the connection is free only the others' queries run,
 * and they are answered. Writes are carried out all the same.
 */
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';
import { onEveryQuery } from '../helpers/queryCount.ts';

/** Requests sent while the database is held, and how many of them are abandoned. */
const SENT = 6;
const ABANDONED = 4;

let server: TestServer;
let queries = 0;

beforeAll(async () => {
  server = await startTestServer();
  onEveryQuery(server.database, () => (queries += 1));
});
afterAll(() => server?.close());

/** Sends a request over a new connection; resolves with the socket and its answer's status line. */
async function send(method: string, path: string): Promise<{ socket: Socket; answer: Promise<string> }> {
  const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
  await once(socket, 'connect');
  const body = method === 'GET' ? '' : '{}';
  socket.write(
    `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nPRIVATE-TOKEN: ${ROOT_TOKEN}\r\nConnection: close\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
  );
  let text = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const answer = new Promise<string>((resolve) => socket.once('close', () => resolve(text.split('\r\n')[0] ?? '')));
  return { socket, answer };
}

/** Holds the database's one connection until the returned function is called. */
async function holdDatabase(): Promise<() => void> {
  let release!: () => void;
  await new Promise<void>((held) => {
    void server.database.db.connection().execute(
      () =>
        new Promise<void>((done) => {
          release = done;
          held();
        }),
    );
  });
  return release;
}

/**
 * Sends `count` requests while the database is held and abandons the first `abandon` of them;
 * then, the database free, one more `GET /user`: the queue is first come first served, so when
 * it is answered every earlier request has had its turn. Resolves with the kept requests' status
 * lines; `queries` counts what ran since the release.
 */
async function run(method: string, path: string, count: number, abandon: number) {
  const release = await holdDatabase();
  // The server's side of each request, to see it learn that the client has gone.
  const answers = new Map<number, ServerResponse>();
  const arrived = new Promise<void>((resolve) => {
    if (count === 0) resolve();
    const onRequest = (request: IncomingMessage, response: ServerResponse) => {
      answers.set(request.socket.remotePort!, response);
      if (answers.size < count) return;
      server.app.server.off('request', onRequest);
      resolve();
    };
    server.app.server.on('request', onRequest);
  });
  const requests = await Promise.all(Array.from({ length: count }, () => send(method, path)));
  await arrived;
  await Promise.all(
    requests.slice(0, abandon).map(({ socket }) => {
      const closed = once(answers.get(socket.localPort!)!, 'close');
      socket.destroy();
      return closed;
    }),
  );
  queries = 0;
  release();
  const last = await send('GET', '/api/v4/user');
  expect(await last.answer).toBe('HTTP/1.1 200 OK');
  return Promise.all(requests.slice(abandon).map(({ answer }) => answer));
}

describe('an abandoned request', () => {
  it('runs no query of a read; the others are answered', async () => {
    expect(await run('GET', '/api/v4/user', 0, 0)).toEqual([]);
    const perRequest = queries;
    expect(perRequest).toBeGreaterThan(0);

    const answers = await run('GET', '/api/v4/user', SENT, ABANDONED);
    expect(answers).toEqual(Array(SENT - ABANDONED).fill('HTTP/1.1 200 OK'));
    expect(queries).toBe(perRequest * (SENT - ABANDONED + 1));
  });

  it('still carries out a write: its client sent it whole (a page left right after a click)', async () => {
    await run('GET', '/api/v4/user', 0, 0);
    const perRead = queries;
    expect(await run('POST', '/api/v4/todos/mark_as_done', SENT, SENT)).toEqual([]);
    // Each write runs its update (at least one query; its later ones queue behind the last GET's).
    await expect.poll(() => queries).toBeGreaterThanOrEqual(perRead + SENT);
  });
});
