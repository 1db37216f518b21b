/**
 * To-dos on epics (group work items, decision 016) in GitLab's REST to-do list: a to-do added
 * through the work item's to-do widget is listed with `target_type: "Epic"`, the Epic entity as its
 * target, the group (no project) and the epic page as `target_url`; `type=Epic` / `type=Issue`
 * filter it; it is marked done one by one (201) or with all others (204); it is hidden once the
 * epic becomes confidential to its user. The fixture's people: olivia Owner, gus Guest of `acme`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIssuableFixture, type IssuableFixture, type Person } from '../helpers/issuables.ts';

interface TodoJson {
  id: number;
  target_type: string;
  target_url: string;
  state: string;
  target: { iid: number; title: string };
  [key: string]: unknown;
}

let fixture: IssuableFixture;
const EPIC_TYPE = 'gid://gitlab/WorkItems::Type/8';

async function gql<T>(query: string, variables: object, person: Person) {
  const response = await fixture.server.request<{ data?: T; errors?: { message: string }[] }>('/api/graphql', {
    method: 'POST',
    token: fixture.tokens[person],
    json: { query, variables },
  });
  expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined();
  return response.body.data!;
}

async function createEpic(title: string) {
  const data = await gql<{ workItemCreate: { workItem: { id: string; iid: string } } }>(
    `mutation($input: WorkItemCreateInput!) { workItemCreate(input: $input) { errors workItem { id iid } } }`,
    { input: { namespacePath: 'acme', title, workItemTypeId: EPIC_TYPE } },
    'olivia',
  );
  return data.workItemCreate.workItem;
}

async function update(person: Person, input: object) {
  const data = await gql<{ workItemUpdate: { errors: string[] } }>(
    `mutation($input: WorkItemUpdateInput!) { workItemUpdate(input: $input) { errors } }`,
    { input },
    person,
  );
  expect(data.workItemUpdate.errors).toEqual([]);
}

const todos = (person: Person, query = '') => fixture.api<TodoJson[]>(`/todos${query}`, fixture.tokens[person]);

beforeAll(async () => {
  fixture = await startIssuableFixture();
});
afterAll(() => fixture.server.close());

describe('to-dos on epics', () => {
  it('lists an epic to-do in GitLab shape, filters it by type and marks it done', async () => {
    const epic = await createEpic('Roadmap for todos');
    await update('gus', { id: epic.id, currentUserTodosWidget: { action: 'ADD' } });
    const { status, body } = await todos('gus');
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    const epicUrl = `${fixture.server.url}/groups/acme/-/epics/${epic.iid}`;
    expect(body[0]).toMatchObject({
      project: null,
      group: { id: fixture.groupId, full_path: 'acme', kind: 'group' },
      author: { username: 'gus' },
      action_name: 'marked',
      target_type: 'Epic',
      target: {
        iid: Number(epic.iid),
        group_id: fixture.groupId,
        title: 'Roadmap for todos',
        web_url: epicUrl,
        references: { full: `acme&${epic.iid}` },
      },
      target_url: epicUrl,
      body: 'Roadmap for todos',
      state: 'pending',
    });
    expect((await todos('gus', '?type=Epic')).body.map((todo) => todo.id)).toEqual([body[0]!.id]);
    expect((await todos('gus', '?type=Issue')).body).toEqual([]);
    expect((await fixture.api<{ todos: number }>('/user_counts', fixture.tokens.gus)).body.todos).toBe(1);

    const done = await fixture.api<TodoJson>(`/todos/${body[0]!.id}/mark_as_done`, fixture.tokens.gus, {
      method: 'POST',
    });
    expect(done).toMatchObject({ status: 201, body: { id: body[0]!.id, target_type: 'Epic', state: 'done' } });
    expect((await todos('gus')).body).toEqual([]);
    expect((await todos('gus', '?state=done&type=Epic')).body.map((todo) => todo.id)).toEqual([body[0]!.id]);

    // Added again, then done with every other pending to-do.
    await update('gus', { id: epic.id, currentUserTodosWidget: { action: 'ADD' } });
    expect((await todos('gus')).body.map((todo) => todo.target_type)).toEqual(['Epic']);
    expect((await fixture.api('/todos/mark_as_done', fixture.tokens.gus, { method: 'POST', json: {} })).status).toBe(
      204,
    );
    expect((await todos('gus')).body).toEqual([]);
  });

  it('hides an epic to-do once the epic is confidential to its Guest', async () => {
    const epic = await createEpic('Soon secret epic');
    await update('gus', { id: epic.id, currentUserTodosWidget: { action: 'ADD' } });
    const titles = async () => (await todos('gus')).body.map((todo) => todo.target.title);
    expect(await titles()).toEqual(['Soon secret epic']);
    await update('olivia', { id: epic.id, confidential: true });
    expect(await titles()).toEqual([]);
  });
});
