/**
 * `/cable` contract: the ActionCable protocol as GITLAB-API.md §4 records it (subprotocol, welcome,
 * pings every 3 s, confirm and reject with the identifier echoed byte for byte, disconnect with a
 * reason and a reconnect flag), authentication by session cookie or token, the Origin check, and
 * GraphqlChannel running subscriptions fed by database writes. The real `@rails/actioncable` client
 * receives a note created through REST.
 */
import { randomUUID } from 'node:crypto';
import { adapters, createConsumer } from '@rails/actioncable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { sql } from 'kysely';
import { EVENTS_CHANNEL, type NoteEvent } from '../../server/cable/bus.ts';
import { CABLE_PROTOCOL, PING_INTERVAL_MS } from '../../server/cable/server.ts';
import { LISTEN_RECONNECT_DELAY_MS } from '../../server/db/connection.ts';
import { createSession } from '../../server/domain/sessions.ts';
import { UNAUTHORIZED_SUBSCRIPTION } from '../../server/graphql/resolvers/subscriptions.ts';
import { SESSION_COOKIE } from '../../server/http/auth.ts';
import { TEST_DATABASES, startTestServerOn } from '../helpers/databases.ts';
import type { TestServer } from '../helpers/server.ts';

const NOTE_CREATED = `subscription workItemNoteCreated($noteableId: NoteableID) {
  workItemNoteCreated(noteableId: $noteableId) { id body author { username } }
}`;
/** How long a test waits for a frame that should come. */
const FRAME_TIMEOUT_MS = 5000;
/** How long a test watches for a confirmation that must not come yet. */
const UNCONFIRMED_WAIT_MS = 1000;

let server: TestServer;
let closed = false;
let ownerToken: string;
let project: { id: number };
let issue: { id: number; iid: number };
let secretIssue: { id: number };

/** A raw websocket speaking the protocol, with its frames queued. */
interface RawCable {
  socket: WebSocket;
  next(predicate?: (frame: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  send(frame: object): void;
  closed: Promise<void>;
}

function cableUrl(): string {
  return `${server.url.replace(/^http/, 'ws')}/cable`;
}

async function openRaw(headers: Record<string, string> = {}, protocols = [CABLE_PROTOCOL, 'actioncable-unsupported']) {
  const socket = new WebSocket(cableUrl(), protocols, { headers });
  const frames: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as Record<string, unknown>);
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const cable: RawCable = {
    socket,
    closed,
    send: (frame) => socket.send(JSON.stringify(frame)),
    async next(predicate = (frame) => frame.type !== 'ping', timeoutMs = FRAME_TIMEOUT_MS) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = frames.findIndex(predicate);
        if (index !== -1) return frames.splice(index, 1)[0]!;
        if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, timeoutMs);
        });
      }
    },
  };
  return cable;
}

function graphqlIdentifier(query: string, variables: Record<string, unknown>, operationName: string): string {
  return JSON.stringify({ channel: 'GraphqlChannel', query, variables, operationName, nonce: randomUUID() });
}

// Every test on the embedded database, then on a PostgreSQL server (events through LISTEN/NOTIFY).
describe.each(TEST_DATABASES)('on the %s database', (database) => {
  beforeAll(async () => {
    closed = false;
    server = await startTestServerOn(database);
    ownerToken = (await server.createUser('owner')).token;
    project = (
      await server.request<{ id: number }>('/api/v4/projects', {
        token: ownerToken,
        json: { name: 'Realtime', visibility: 'public' },
        method: 'POST',
      })
    ).body;
    const create = async (json: object) =>
      (
        await server.request<{ id: number; iid: number }>(`/api/v4/projects/${project.id}/issues`, {
          token: ownerToken,
          json,
          method: 'POST',
        })
      ).body;
    issue = await create({ title: 'Live' });
    secretIssue = await create({ title: 'Hidden', confidential: true });
  });
  afterAll(async () => {
    if (!closed) await server.close();
  });

  describe('the protocol', () => {
    it('selects actioncable-v1-json, welcomes, and pings every 3 s with the time in seconds', async () => {
      const cable = await openRaw();
      expect(cable.socket.protocol).toBe(CABLE_PROTOCOL);
      expect(await cable.next()).toEqual({ type: 'welcome' });
      const start = Date.now();
      const ping = await cable.next((frame) => frame.type === 'ping');
      expect(Date.now() - start).toBeLessThanOrEqual(PING_INTERVAL_MS + 500);
      expect(Math.abs((ping.message as number) - Date.now() / 1000)).toBeLessThan(2);
      cable.socket.close();
    });

    it('echoes the identifier byte for byte when confirming, and rejects unknown channels', async () => {
      const cable = await openRaw();
      await cable.next();
      // Unusual spacing and key order: the server must not re-serialise the identifier.
      const identifier = `{ "nonce":"n1",  "channel":"GraphqlChannel","query":"{ currentUser { id } }","variables":{} }`;
      cable.send({ command: 'subscribe', identifier });
      expect(await cable.next()).toEqual({ identifier, type: 'confirm_subscription' });
      expect(await cable.next()).toEqual({
        identifier,
        message: { result: { data: { currentUser: null } }, more: false },
      });
      const unknown = JSON.stringify({ channel: 'NoSuchChannel' });
      cable.send({ command: 'subscribe', identifier: unknown });
      expect(await cable.next()).toEqual({ identifier: unknown, type: 'reject_subscription' });
      cable.socket.close();
    });

    it('disconnects a bad token as unauthorized without reconnect', async () => {
      const cable = await openRaw({ 'private-token': 'glpat-wrong' });
      expect(await cable.next()).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
      await cable.closed;
    });

    it('refuses a foreign Origin before the upgrade, accepts the product own origin with the session cookie', async () => {
      await expect(openRaw({ origin: 'https://evil.example' })).rejects.toThrow('Unexpected server response: 404');
      // A session as signing in creates it (test users have no password).
      const owner = await server.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'owner')
        .executeTakeFirstOrThrow();
      const { sessionId } = await createSession(server.database.db, owner.id);
      const cable = await openRaw({ origin: new URL(server.url).origin, cookie: `${SESSION_COOKIE}=${sessionId}` });
      await cable.next();
      const identifier = graphqlIdentifier('query me { currentUser { username } }', {}, 'me');
      cable.send({ command: 'subscribe', identifier });
      await cable.next();
      expect(await cable.next()).toEqual({
        identifier,
        message: { result: { data: { currentUser: { username: 'owner' } } }, more: false },
      });
      cable.socket.close();
    });

    it('answers a subscription with null data and more, refuses one on an unreadable item, and reports bad variables', async () => {
      const cable = await openRaw();
      await cable.next();
      const ok = graphqlIdentifier(
        NOTE_CREATED,
        { noteableId: `gid://gitlab/WorkItem/${issue.id}` },
        'workItemNoteCreated',
      );
      cable.send({ command: 'subscribe', identifier: ok });
      await cable.next();
      expect(await cable.next()).toEqual({
        identifier: ok,
        message: { result: { data: { workItemNoteCreated: null } }, more: true },
      });
      const hidden = graphqlIdentifier(
        NOTE_CREATED,
        { noteableId: `gid://gitlab/WorkItem/${secretIssue.id}` },
        'workItemNoteCreated',
      );
      cable.send({ command: 'subscribe', identifier: hidden });
      await cable.next();
      const refused = await cable.next();
      expect(refused).toMatchObject({
        identifier: hidden,
        message: {
          result: { data: { workItemNoteCreated: null }, errors: [{ message: UNAUTHORIZED_SUBSCRIPTION }] },
          more: false,
        },
      });
      const bad = graphqlIdentifier(NOTE_CREATED, { noteableId: 'not-a-gid' }, 'workItemNoteCreated');
      cable.send({ command: 'subscribe', identifier: bad });
      await cable.next();
      const invalid = await cable.next();
      expect(invalid.identifier).toBe(bad);
      expect((invalid.message as { errors: { message: string }[] }).errors[0]!.message).toContain(
        'is not a valid Global ID',
      );
      cable.socket.close();
    });
  });

  describe('GraphqlChannel with the real @rails/actioncable client', () => {
    beforeAll(() => {
      // GITLAB-API.md §4: the client runs in Node with `ws` and no-op window listeners.
      class TokenWebSocket extends WebSocket {
        constructor(url: string, protocols: string[]) {
          super(url, protocols, { headers: { 'private-token': ownerToken } });
        }
      }
      adapters.WebSocket = TokenWebSocket as unknown as typeof globalThis.WebSocket;
      globalThis.addEventListener ??= () => {};
      globalThis.removeEventListener ??= () => {};
    });

    it('receives a note created through REST, and a title change as workItemUpdated', async () => {
      const consumer = createConsumer(cableUrl());
      const received: unknown[] = [];
      const subscribe = (query: string, operationName: string) =>
        new Promise<void>((resolve, reject) => {
          consumer.subscriptions.create(
            {
              channel: 'GraphqlChannel',
              query,
              variables: {
                noteableId: `gid://gitlab/WorkItem/${issue.id}`,
                workItemId: `gid://gitlab/WorkItem/${issue.id}`,
              },
              operationName,
              nonce: randomUUID(),
            },
            {
              connected: () => resolve(),
              rejected: () => reject(new Error('rejected')),
              received: (data: unknown) => received.push(data),
            },
          );
        });
      await subscribe(NOTE_CREATED, 'workItemNoteCreated');
      await subscribe(
        'subscription workItemUpdated($workItemId: WorkItemID!) { workItemUpdated(workItemId: $workItemId) { title } }',
        'workItemUpdated',
      );
      await expect.poll(() => received.length).toBe(2);

      const note = await server.request<{ id: number }>(`/api/v4/projects/${project.id}/issues/${issue.iid}/notes`, {
        token: ownerToken,
        method: 'POST',
        json: { body: 'Hello from REST' },
      });
      await expect
        .poll(() => received, { timeout: FRAME_TIMEOUT_MS })
        .toContainEqual({
          result: {
            data: {
              workItemNoteCreated: {
                id: `gid://gitlab/Note/${note.body.id}`,
                body: 'Hello from REST',
                author: { username: 'owner' },
              },
            },
          },
          more: true,
        });
      await server.request(`/api/v4/projects/${project.id}/issues/${issue.iid}`, {
        token: ownerToken,
        method: 'PUT',
        json: { title: 'Live and renamed' },
      });
      await expect
        .poll(() => received, { timeout: FRAME_TIMEOUT_MS })
        .toContainEqual({ result: { data: { workItemUpdated: { title: 'Live and renamed' } } }, more: true });
      consumer.disconnect();
    });
  });

  describe('subscription events', () => {
    it('confirms only once it listens, so a broadcast right after the confirmation arrives', async () => {
      const notes = `/api/v4/projects/${project.id}/issues/${issue.iid}/notes`;
      const note = (
        await server.request<{ id: number }>(notes, { token: ownerToken, method: 'POST', json: { body: 'early' } })
      ).body;
      const cable = await openRaw({ 'private-token': ownerToken });
      await cable.next();
      const identifier = graphqlIdentifier(
        'subscription($id: NoteableID) { workItemNoteUpdated(noteableId: $id) { body } }',
        { id: `gid://gitlab/WorkItem/${issue.id}` },
        '',
      );
      const confirmation = (frame: Record<string, unknown>) => frame.type === 'confirm_subscription';
      // A slow database: while this test holds the issues table locked (on the embedded database,
      // its one connection too), the subscription cannot look up its work item, so it does not
      // listen yet and must not confirm.
      await server.database.db.transaction().execute(async (transaction) => {
        await sql`LOCK TABLE issues IN ACCESS EXCLUSIVE MODE`.execute(transaction);
        cable.send({ command: 'subscribe', identifier });
        await expect(cable.next(confirmation, UNCONFIRMED_WAIT_MS)).rejects.toThrow(/no matching frame/);
      });
      expect(await cable.next()).toEqual({ identifier, type: 'confirm_subscription' });
      // What the note trigger broadcasts, sent the moment the confirmation arrives.
      const event: NoteEvent = { type: 'note_update', id: note.id, noteableType: 'Issue', noteableId: issue.id };
      await sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`.execute(server.database.db);
      expect((await cable.next()).message).toEqual({ result: { data: { workItemNoteUpdated: null } }, more: true });
      expect((await cable.next()).message).toEqual({
        result: { data: { workItemNoteUpdated: { body: 'early' } } },
        more: true,
      });
      cable.socket.close();
    });

    it('delivers note updates and deletions, title and description changes, and award emoji as work item updates', async () => {
      const cable = await openRaw({ 'private-token': ownerToken });
      await cable.next();
      const subscribe = async (field: string, query: string, variables: Record<string, unknown>) => {
        const identifier = graphqlIdentifier(query, variables, '');
        cable.send({ command: 'subscribe', identifier });
        expect(await cable.next()).toEqual({ identifier, type: 'confirm_subscription' });
        expect((await cable.next()).message).toEqual({ result: { data: { [field]: null } }, more: true });
        return identifier;
      };
      const noteableId = `gid://gitlab/WorkItem/${issue.id}`;
      const issueId = `gid://gitlab/Issue/${issue.id}`;
      const updated = await subscribe(
        'workItemNoteUpdated',
        'subscription($id: NoteableID) { workItemNoteUpdated(noteableId: $id) { body } }',
        { id: noteableId },
      );
      const deleted = await subscribe(
        'workItemNoteDeleted',
        'subscription($id: NoteableID) { workItemNoteDeleted(noteableId: $id) { id discussionId } }',
        { id: noteableId },
      );
      const title = await subscribe(
        'issuableTitleUpdated',
        'subscription($id: IssuableID!) { issuableTitleUpdated(issuableId: $id) { __typename ... on Issue { title } } }',
        { id: issueId },
      );
      const description = await subscribe(
        'issuableDescriptionUpdated',
        'subscription($id: IssuableID!) { issuableDescriptionUpdated(issuableId: $id) { ... on WorkItem { description } } }',
        { id: noteableId },
      );
      const awards = await subscribe(
        'workItemUpdated',
        `subscription($id: WorkItemID!) { workItemUpdated(workItemId: $id) {
          widgets { ... on WorkItemWidgetAwardEmoji { upvotes } } } }`,
        { id: noteableId },
      );
      // The AI response subscription is accepted and stays null.
      await subscribe('aiCompletionResponse', 'subscription { aiCompletionResponse { content } }', {});

      const notes = `/api/v4/projects/${project.id}/issues/${issue.iid}/notes`;
      const note = (
        await server.request<{ id: number }>(notes, { token: ownerToken, method: 'POST', json: { body: 'v1' } })
      ).body;
      await server.request(`${notes}/${note.id}`, { token: ownerToken, method: 'PUT', json: { body: 'v2' } });
      expect(await cable.next((frame) => frame.identifier === updated)).toEqual({
        identifier: updated,
        message: { result: { data: { workItemNoteUpdated: { body: 'v2' } } }, more: true },
      });
      await server.request(`${notes}/${note.id}`, { token: ownerToken, method: 'DELETE' });
      expect(await cable.next((frame) => frame.identifier === deleted)).toMatchObject({
        message: { result: { data: { workItemNoteDeleted: { id: `gid://gitlab/Note/${note.id}` } } }, more: true },
      });

      await server.request(`/api/v4/projects/${project.id}/issues/${issue.iid}`, {
        token: ownerToken,
        method: 'PUT',
        json: { title: 'Retitled' },
      });
      expect(await cable.next((frame) => frame.identifier === title)).toEqual({
        identifier: title,
        message: { result: { data: { issuableTitleUpdated: { __typename: 'Issue', title: 'Retitled' } } }, more: true },
      });
      await server.request(`/api/v4/projects/${project.id}/issues/${issue.iid}`, {
        token: ownerToken,
        method: 'PUT',
        json: { description: 'Now described' },
      });
      const describedFrame = await cable.next((frame) => frame.identifier === description);
      expect(describedFrame.message).toEqual({
        result: { data: { issuableDescriptionUpdated: { description: 'Now described' } } },
        more: true,
      });

      await server.request(`/api/v4/projects/${project.id}/issues/${issue.iid}/award_emoji`, {
        token: ownerToken,
        method: 'POST',
        json: { name: 'thumbsup' },
      });
      const awarded = await cable.next(
        (frame) => frame.identifier === awards && JSON.stringify(frame).includes('"upvotes":1'),
      );
      expect(awarded.message).toMatchObject({ more: true });
      cable.socket.close();
    });
  });

  if (database === 'PostgreSQL') {
    describe('LISTEN/NOTIFY', () => {
      it('delivers through LISTEN/NOTIFY, also after the listening connection was dropped', async () => {
        const token = (await server.createUser('pguser')).token;
        const api = async <T>(path: string, json: object) =>
          (await server.request<T>(`/api/v4${path}`, { token, method: 'POST', json })).body;
        const created = await api<{ id: number }>('/projects', { name: 'On PG', visibility: 'public' });
        const target = await api<{ id: number; iid: number }>(`/projects/${created.id}/issues`, { title: 'Over PG' });
        const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/cable`, [CABLE_PROTOCOL]);
        const frames: string[] = [];
        socket.on('message', (data) => frames.push(String(data)));
        await new Promise((resolve) => socket.once('open', resolve));
        const identifier = graphqlIdentifier(
          NOTE_CREATED,
          { noteableId: `gid://gitlab/WorkItem/${target.id}` },
          'workItemNoteCreated',
        );
        socket.send(JSON.stringify({ command: 'subscribe', identifier }));
        await expect.poll(() => frames.filter((frame) => frame.includes('"more":true')).length).toBe(1);
        const note = (body: string) => api(`/projects/${created.id}/issues/${target.iid}/notes`, { body });

        await note('before the drop');
        await expect.poll(() => frames.join()).toContain('before the drop');
        // The server drops the LISTEN connection; the bus connects again and hears later events.
        // Only this file's database: the run's other files share the cluster (helpers/postgres.ts).
        await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE query LIKE 'LISTEN %' AND datname = current_database()`.execute(server.database.db);
        await expect
          .poll(
            async () => {
              await note('after the drop');
              return frames.join();
            },
            { timeout: FRAME_TIMEOUT_MS * 2, interval: LISTEN_RECONNECT_DELAY_MS },
          )
          .toContain('after the drop');
        socket.close();
      });
    });
  }

  describe('shutdown', () => {
    it('tells clients to reconnect when the server shuts down', async () => {
      const socket = new WebSocket(cableUrl(), [CABLE_PROTOCOL]);
      const frames: unknown[] = [];
      socket.on('message', (data) => frames.push(JSON.parse(String(data))));
      await new Promise((resolve) => socket.once('open', resolve));
      await server.close();
      closed = true;
      expect(frames).toContainEqual({ type: 'disconnect', reason: 'server_restart', reconnect: true });
    });
  });
});
