/**
 * Round trips per issue-list request, counted at the database (not timed): who is asking, the
 * project with the asker's role, the page with its total, and everything the page's issues show.
 * The count must not grow with the page or with what its issues carry (people, labels, milestone,
 * notes, award emoji): a query per issue or per association would be caught here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';
import { onEveryQuery } from '../helpers/queryCount.ts';

/** Token and user, project scope with role, page with total (and the cache versions), presenter. */
export const ISSUE_LIST_QUERIES = 4;
/**
 * The same list again: the response cache's fingerprint (migration 070), then token, project and
 * page, every issue's JSON from the entity cache (no presenter query).
 */
export const CACHED_ISSUE_LIST_QUERIES = 4;
/** A third time: the whole answer replayed after its fingerprint query alone. */
export const REPLAYED_ISSUE_LIST_QUERIES = 1;
/** Issues in the project: a full default page and more. */
const ISSUES = 25;
/** Page sizes compared: one issue, the default page. */
const SMALL_PAGE = 1;
const FULL_PAGE = 20;

let server: TestServer;
let projectPath: string;
/** Queries the embedded database ran since the last reset. */
let queries = 0;

beforeAll(async () => {
  server = await startTestServer();
  const json = <T>(path: string, body: unknown) =>
    server.request<T>(path, { method: 'POST', token: ROOT_TOKEN, json: body }).then((response) => response.body);
  const project = await json<{ id: number; path_with_namespace: string }>('/api/v4/projects', { name: 'Counted' });
  projectPath = `/api/v4/projects/${encodeURIComponent(project.path_with_namespace)}`;
  const milestone = await json<{ id: number }>(`${projectPath}/milestones`, { title: 'M1' });
  const { user } = await server.createUser('counted-assignee');
  await server.request(`${projectPath}/members`, {
    method: 'POST',
    token: ROOT_TOKEN,
    json: { user_id: user.id, access_level: 30 },
  });
  for (let n = 0; n < ISSUES; n += 1) {
    const issue = await json<{ iid: number }>(`${projectPath}/issues`, {
      title: `Issue ${n}`,
      labels: 'bug,ui',
      assignee_ids: [user.id],
      milestone_id: milestone.id,
    });
    await json(`${projectPath}/issues/${issue.iid}/notes`, { body: 'A note' });
    await json(`${projectPath}/issues/${issue.iid}/award_emoji`, { name: 'thumbsup' });
  }
  onEveryQuery(server.database, () => (queries += 1));
});
afterAll(() => server.close());

describe('an issue list request', () => {
  it.each([SMALL_PAGE, FULL_PAGE])(
    `runs ${ISSUE_LIST_QUERIES} queries for a page of %i, ${CACHED_ISSUE_LIST_QUERIES} once its issues are cached, ${REPLAYED_ISSUE_LIST_QUERIES} once the answer is`,
    async (perPage) => {
      queries = 0;
      const response = await server.request<{ labels: string[]; upvotes: number; user_notes_count: number }[]>(
        `${projectPath}/issues?per_page=${perPage}`,
        { token: ROOT_TOKEN },
      );
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(perPage);
      // What the page shows came with it (not from extra queries left out of the count).
      expect(response.body[0]).toMatchObject({ labels: ['bug', 'ui'], upvotes: 1, user_notes_count: 1 });
      expect(queries).toBe(ISSUE_LIST_QUERIES);
      queries = 0;
      const again = await server.request(`${projectPath}/issues?per_page=${perPage}`, { token: ROOT_TOKEN });
      expect(again.text).toBe(response.text);
      expect(queries).toBe(CACHED_ISSUE_LIST_QUERIES);
      queries = 0;
      const replayed = await server.request(`${projectPath}/issues?per_page=${perPage}`, { token: ROOT_TOKEN });
      expect(replayed.text).toBe(response.text);
      expect(queries).toBe(REPLAYED_ISSUE_LIST_QUERIES);
    },
  );
});
