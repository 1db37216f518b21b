/**
 * To-do API contract (GitLab's todos.md): todos from assignments, mentions (`mentioned`,
 * `directly_addressed`) and `POST .../todo`; GitLab's shape; pending by default; filters;
 * mark one (201) or all (204) as done; never for someone who cannot read the issue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIssuableFixture, type IssuableFixture } from '../helpers/issuables.ts';

interface TodoJson {
  id: number;
  action_name: string;
  state: string;
  body: string;
  target_url: string;
  target: { iid: number; title: string };
  author: { username: string };
  [key: string]: unknown;
}

let f: IssuableFixture;
let site: string;

beforeAll(async () => {
  f = await startIssuableFixture();
  site = `/projects/${f.publicProject.id}`;
});
afterAll(() => f.server.close());

const todos = (token: string, query = '') => f.api<TodoJson[]>(`/todos${query}`, token);

describe('todos', () => {
  it('creates an assigned todo with GitLab shape for a new assignee (not for oneself)', async () => {
    const { body: issue } = await f.api<{ iid: number; web_url: string }>(`${site}/issues`, f.tokens.rita, {
      method: 'POST',
      json: { title: 'Fix it', assignee_ids: [f.ids.gus, f.ids.rita] },
    });
    const { body: list } = await todos(f.tokens.gus);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      project: { id: f.publicProject.id, path_with_namespace: 'acme/site', name_with_namespace: 'Acme / site' },
      group: null,
      author: { username: 'rita' },
      action_name: 'assigned',
      target_type: 'Issue',
      target: { iid: issue.iid, title: 'Fix it', references: { full: `acme/site#${issue.iid}` } },
      target_url: issue.web_url,
      body: 'Fix it',
      state: 'pending',
    });
    expect((await todos(f.tokens.rita)).body).toEqual([]);
    const counts = await f.api<{ todos: number }>('/user_counts', f.tokens.gus);
    expect(counts.body.todos).toBe(1);
  });

  it('creates mention todos from comments: directly_addressed when the text starts with the mention', async () => {
    const { body: issue } = await f.api<{ iid: number; web_url: string }>(`${site}/issues`, f.tokens.rita, {
      method: 'POST',
      json: { title: 'Talk' },
    });
    const note = await f.api<{ id: number }>(`${site}/issues/${issue.iid}/notes`, f.tokens.rita, {
      method: 'POST',
      json: { body: '@maude please look, cc @nina and @rita' },
    });
    const maude = (await todos(f.tokens.maude)).body;
    expect(maude).toEqual([
      expect.objectContaining({
        action_name: 'directly_addressed',
        body: '@maude please look, cc @nina and @rita',
        target_url: `${issue.web_url}#note_${note.body.id}`,
      }),
    ]);
    expect((await todos(f.tokens.nina)).body.map((todo) => todo.action_name)).toEqual(['mentioned']);
    // Never a todo for mentioning oneself.
    expect((await todos(f.tokens.rita)).body).toEqual([]);
  });

  it('creates no todo for a mention someone may not read', async () => {
    const { body: issue } = await f.api<{ iid: number }>(`${site}/issues`, f.tokens.rita, {
      method: 'POST',
      json: { title: 'Quiet', confidential: true, description: 'ping @nina' },
    });
    expect((await todos(f.tokens.nina)).body.map((todo) => todo.target.title)).not.toContain('Quiet');
    await f.api(`${site}/issues/${issue.iid}/notes`, f.tokens.rita, {
      method: 'POST',
      json: { body: '@maude here' },
    });
    expect((await todos(f.tokens.maude)).body.map((todo) => todo.target.title)).toContain('Quiet');
  });

  it('hides a todo once its issue becomes confidential to the user', async () => {
    const { body: issue } = await f.api<{ iid: number }>(`${site}/issues`, f.tokens.rita, {
      method: 'POST',
      json: { title: 'Soon secret', description: 'ping @nina' },
    });
    const titles = async () => (await todos(f.tokens.nina)).body.map((todo) => todo.target.title);
    expect(await titles()).toContain('Soon secret');
    await f.api(`${site}/issues/${issue.iid}`, f.tokens.rita, { method: 'PUT', json: { confidential: true } });
    expect(await titles()).not.toContain('Soon secret');
  });

  it('filters by action and type, marks one done (201) and all done (204)', async () => {
    await f.api(`${site}/issues/1/todo`, f.tokens.nina, { method: 'POST' });
    expect((await todos(f.tokens.nina, '?action=marked')).body.map((todo) => todo.action_name)).toEqual(['marked']);
    expect((await todos(f.tokens.nina, '?type=MergeRequest')).body).toEqual([]);
    expect((await todos(f.tokens.nina, '?action=nonsense')).status).toBe(400);
    const [first] = (await todos(f.tokens.nina)).body;
    const done = await f.api<TodoJson>(`/todos/${first!.id}/mark_as_done`, f.tokens.nina, { method: 'POST' });
    expect(done).toMatchObject({ status: 201, body: { id: first!.id, state: 'done' } });
    expect((await todos(f.tokens.nina, '?state=done')).body.map((todo) => todo.id)).toEqual([first!.id]);
    expect((await f.api(`/todos/${first!.id}/mark_as_done`, f.tokens.gus, { method: 'POST' })).status).toBe(404);
    expect((await f.api('/todos/mark_as_done', f.tokens.nina, { method: 'POST', json: {} })).status).toBe(204);
    expect((await todos(f.tokens.nina)).body).toEqual([]);
    // Done, the marked todo can be marked again.
    expect((await f.api(`${site}/issues/1/todo`, f.tokens.nina, { method: 'POST' })).status).toBe(201);
  });

  it('needs a signed-in user', async () => {
    expect((await f.api('/todos')).status).toBe(401);
    expect((await f.api('/todos/mark_as_done', undefined, { method: 'POST' })).status).toBe(401);
  });
});
