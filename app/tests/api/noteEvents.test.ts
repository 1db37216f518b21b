/**
 * `workItemNoteDeleted` through the real `@rails/actioncable` client: a deleted reply reports the
 * thread it was in (not a discussion of its own), and whether it was the thread's last note; a
 * deleted standalone comment reports its own discussion.
 */
import { randomUUID } from 'node:crypto';
import { adapters, createConsumer } from '@rails/actioncable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { standaloneDiscussionId } from '../../server/domain/discussions.ts';
import { TEST_DATABASES, startTestServerOn } from '../helpers/databases.ts';
import type { TestServer } from '../helpers/server.ts';

const NOTE_DELETED = `subscription workItemNoteDeleted($noteableId: NoteableID) {
  workItemNoteDeleted(noteableId: $noteableId) { id discussionId lastDiscussionNote }
}`;
/** How long a test waits for an event that should come. */
const EVENT_TIMEOUT_MS = 5000;

let server: TestServer;
let token: string;
let notesPath: string;
let discussionsPath: string;
let workItemId: string;

describe.each(TEST_DATABASES)('on the %s database', (database) => {
  beforeAll(async () => {
    server = await startTestServerOn(database);
    token = (await server.createUser('writer')).token;
    const project = await server.request<{ id: number }>('/api/v4/projects', {
      token,
      method: 'POST',
      json: { name: 'Threads', visibility: 'public' },
    });
    const issue = await server.request<{ id: number; iid: number }>(`/api/v4/projects/${project.body.id}/issues`, {
      token,
      method: 'POST',
      json: { title: 'Threads' },
    });
    workItemId = `gid://gitlab/WorkItem/${issue.body.id}`;
    notesPath = `/api/v4/projects/${project.body.id}/issues/${issue.body.iid}/notes`;
    discussionsPath = `/api/v4/projects/${project.body.id}/issues/${issue.body.iid}/discussions`;
    // GITLAB-API.md §4: the client runs in Node with `ws` and no-op window listeners.
    class TokenWebSocket extends WebSocket {
      constructor(url: string, protocols: string[]) {
        super(url, protocols, { headers: { 'private-token': token } });
      }
    }
    adapters.WebSocket = TokenWebSocket as unknown as typeof globalThis.WebSocket;
    globalThis.addEventListener ??= () => {};
    globalThis.removeEventListener ??= () => {};
  });
  afterAll(() => server.close());

  const post = <T>(path: string, body: string) =>
    server.request<T>(path, { token, method: 'POST', json: { body } }).then((response) => response.body);

  describe('workItemNoteDeleted', () => {
    it("reports a reply's thread, whether it was the thread's last note, and a comment's own discussion", async () => {
      const consumer = createConsumer(`${server.url.replace(/^http/, 'ws')}/cable`);
      const received: unknown[] = [];
      await new Promise<void>((resolve, reject) => {
        consumer.subscriptions.create(
          {
            channel: 'GraphqlChannel',
            query: NOTE_DELETED,
            variables: { noteableId: workItemId },
            operationName: 'workItemNoteDeleted',
            nonce: randomUUID(),
          },
          {
            connected: () => resolve(),
            rejected: () => reject(new Error('rejected')),
            received: (data: unknown) => received.push(data),
          },
        );
      });
      // The subscription's first answer is null, as GitLab's.
      await expect.poll(() => received).toEqual([{ result: { data: { workItemNoteDeleted: null } }, more: true }]);
      const deleted = (id: number, discussionId: string, lastDiscussionNote: boolean) => ({
        result: {
          data: {
            workItemNoteDeleted: {
              id: `gid://gitlab/Note/${id}`,
              discussionId: `gid://gitlab/Discussion/${discussionId}`,
              lastDiscussionNote,
            },
          },
        },
        more: true,
      });

      const thread = await post<{ id: string; notes: { id: number }[] }>(discussionsPath, 'A thread');
      const reply = await post<{ id: number }>(`${discussionsPath}/${thread.id}/notes`, 'A reply');
      await server.request(`${notesPath}/${reply.id}`, { token, method: 'DELETE' });
      await expect
        .poll(() => received, { timeout: EVENT_TIMEOUT_MS })
        .toContainEqual(deleted(reply.id, thread.id, false));
      await server.request(`${notesPath}/${thread.notes[0]!.id}`, { token, method: 'DELETE' });
      await expect
        .poll(() => received, { timeout: EVENT_TIMEOUT_MS })
        .toContainEqual(deleted(thread.notes[0]!.id, thread.id, true));

      const comment = await post<{ id: number }>(notesPath, 'A comment');
      await server.request(`${notesPath}/${comment.id}`, { token, method: 'DELETE' });
      await expect
        .poll(() => received, { timeout: EVENT_TIMEOUT_MS })
        .toContainEqual(deleted(comment.id, standaloneDiscussionId(comment.id), true));
      consumer.disconnect();
    });
  });
});
