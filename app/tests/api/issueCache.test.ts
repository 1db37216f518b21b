/**
 * The issue lists' response cache (GitLab's `present_cached`, app/server/cache/): a repeated list
 * answers from cached JSON with `x-gitlab-from-cache: true` and the same body; every write that
 * changes what an issue shows (GraphQL, REST labels, notes, award emoji, a renamed label or user)
 * makes the next list answer fresh; a viewer never gets another viewer's fragment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVEL } from '../../server/domain/access.ts';
import { FROM_CACHE_HEADER } from '../../server/api/v4/issuePresenter.ts';
import { ROOT_TOKEN, startTestServer, type TestResponse, type TestServer } from '../helpers/server.ts';

interface IssueJson {
  id: number;
  iid: number;
  title: string;
  labels: string[];
  user_notes_count: number;
  upvotes: number;
  confidential: boolean;
  subscribed?: boolean;
  author: { name: string };
}

let server: TestServer;
let projectPath: string;
let guestToken: string;
let issue: IssueJson;

async function rest<T>(path: string, json?: unknown, method = json === undefined ? 'GET' : 'POST', token = ROOT_TOKEN) {
  const response = await server.request<T>(`/api/v4${path}`, { token, json, method });
  expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300);
  return response.body;
}

function list(token = ROOT_TOKEN, query = ''): Promise<TestResponse<IssueJson[]>> {
  return server.request<IssueJson[]>(`/api/v4${projectPath}/issues${query}`, { token });
}

/** Lists twice: the first answer is fresh (a write came before), the second the cached same body. */
async function freshThenCached(token = ROOT_TOKEN): Promise<IssueJson[]> {
  const fresh = await list(token);
  expect(fresh.status).toBe(200);
  expect(fresh.headers.get(FROM_CACHE_HEADER)).toBeNull();
  const cached = await list(token);
  expect(cached.headers.get(FROM_CACHE_HEADER)).toBe('true');
  expect(cached.text).toBe(fresh.text);
  return fresh.body;
}

/** Makes sure the list is cached (whatever came before) and returns it. */
async function cached(token = ROOT_TOKEN): Promise<IssueJson[]> {
  await list(token);
  const again = await list(token);
  expect(again.headers.get(FROM_CACHE_HEADER)).toBe('true');
  return again.body;
}

const shown = (issues: IssueJson[]) => issues.find((item) => item.id === issue.id)!;

beforeAll(async () => {
  server = await startTestServer();
  const project = await rest<{ id: number; path_with_namespace: string }>('/projects', { name: 'Cached' });
  projectPath = `/projects/${project.id}`;
  issue = await rest<IssueJson>(`${projectPath}/issues`, { title: 'Cached issue', labels: 'bug' });
  await rest(`${projectPath}/issues`, { title: 'Secret', confidential: true });
  const guest = await server.createUser('cache-guest');
  guestToken = guest.token;
  await rest(`${projectPath}/members`, { user_id: guest.user.id, access_level: ACCESS_LEVEL.GUEST });
});
afterAll(() => server.close());

describe('the issue list cache', () => {
  it('answers a repeated list from the cache with the header and the same body', async () => {
    const issues = await freshThenCached();
    expect(issues.map((item) => item.title)).toEqual(['Secret', 'Cached issue']);
    // Another page size is another list, but the same issues: their fragments are reused.
    const one = await list(ROOT_TOKEN, '?per_page=1');
    expect(one.headers.get(FROM_CACHE_HEADER)).toBe('true');
    expect(one.body).toEqual([issues[0]]);
    expect(one.headers.get('x-total')).toBe('2');
  });

  it('answers fresh after a GraphQL change', async () => {
    await cached();
    const result = await server.request<{ data: { workItemUpdate: { errors: string[] } } }>('/api/graphql', {
      method: 'POST',
      token: ROOT_TOKEN,
      json: {
        query: `mutation($id: WorkItemID!) { workItemUpdate(input: { id: $id, title: "Renamed through GraphQL" }) { errors } }`,
        variables: { id: `gid://gitlab/WorkItem/${issue.id}` },
      },
    });
    expect(result.body.data.workItemUpdate.errors).toEqual([]);
    expect(shown(await freshThenCached()).title).toBe('Renamed through GraphQL');
  });

  it('answers fresh after a REST label change', async () => {
    await cached();
    await rest(`${projectPath}/issues/${issue.iid}`, { add_labels: 'ui' }, 'PUT');
    expect(shown(await freshThenCached()).labels).toEqual(['bug', 'ui']);
  });

  it('answers fresh after a new note and after its deletion', async () => {
    const before = shown(await cached()).user_notes_count;
    const note = await rest<{ id: number }>(`${projectPath}/issues/${issue.iid}/notes`, { body: 'A new note' });
    expect(shown(await freshThenCached()).user_notes_count).toBe(before + 1);
    await rest(`${projectPath}/issues/${issue.iid}/notes/${note.id}`, undefined, 'DELETE');
    expect(shown(await freshThenCached()).user_notes_count).toBe(before);
  });

  it('answers fresh after an award is given and taken back', async () => {
    await cached();
    const award = await rest<{ id: number }>(`${projectPath}/issues/${issue.iid}/award_emoji`, { name: 'thumbsup' });
    expect(shown(await freshThenCached()).upvotes).toBe(1);
    await rest(`${projectPath}/issues/${issue.iid}/award_emoji/${award.id}`, undefined, 'DELETE');
    expect(shown(await freshThenCached()).upvotes).toBe(0);
  });

  it('answers fresh after a label or a user that issues show is renamed', async () => {
    await cached();
    await rest(`${projectPath}/labels/bug`, { new_name: 'defect' }, 'PUT');
    expect(shown(await freshThenCached()).labels).toEqual(['defect', 'ui']);
    await server.database.db
      .updateTable('users')
      .set({ name: 'Renamed Root' })
      .where('username', '=', 'root')
      .execute();
    expect(shown(await freshThenCached()).author.name).toBe('Renamed Root');
  });
});

describe('viewers', () => {
  it("never get another viewer's subscription or a confidential issue from the cache", async () => {
    // Root's answer is cached: both issues, root subscribed as their author.
    const rootView = await cached();
    expect(rootView.map((item) => [item.confidential, item.subscribed])).toEqual([
      [true, true],
      [false, true],
    ]);
    const guestFirst = await list(guestToken);
    expect(guestFirst.headers.get(FROM_CACHE_HEADER)).toBeNull();
    expect(guestFirst.body.map((item) => [item.title, item.subscribed])).toEqual([[shown(rootView).title, false]]);
    const guestAgain = await list(guestToken);
    expect(guestAgain.headers.get(FROM_CACHE_HEADER)).toBe('true');
    expect(guestAgain.text).toBe(guestFirst.text);
    // Anonymous users see nothing of a private project, cached or not.
    expect((await list('')).status).toBe(404);
  });
});
