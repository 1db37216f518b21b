/**
 * The fixture the issue-tracker contract tests share, built through the API itself: a public
 * group `acme` (owner olivia) with a public project `acme/site` and a private project
 * `acme/vault`; rita is a Reporter, gus a Guest, maude a Maintainer, nina signed in but no member.
 */
import { ACCESS_LEVEL } from '../../server/domain/access.ts';
import { startTestServer, type TestResponse, type TestServer } from './server.ts';

/** The people of the fixture. */
export const PEOPLE = ['olivia', 'maude', 'rita', 'gus', 'nina'] as const;
export type Person = (typeof PEOPLE)[number];

/** What the fixture made. */
export interface IssuableFixture {
  server: TestServer;
  tokens: Record<Person, string>;
  ids: Record<Person, number>;
  groupId: number;
  /** `acme/site`, public. */
  publicProject: { id: number; path_with_namespace: string };
  /** `acme/vault`, private. */
  privateProject: { id: number; path_with_namespace: string };
  /**
   * Inserts a merge request row (the merge request routes belong to the repository resource;
   * notes, award emoji and references only need the row).
   */
  insertMergeRequest(projectId: number, iid: number, title: string): Promise<{ id: number }>;
  /** `/api/v4${path}` as `token` (anonymous without one). */
  api<T = unknown>(path: string, token?: string, init?: { method?: string; json?: unknown }): Promise<TestResponse<T>>;
}

const ROLES: Partial<Record<Person, number>> = {
  maude: ACCESS_LEVEL.MAINTAINER,
  rita: ACCESS_LEVEL.REPORTER,
  gus: ACCESS_LEVEL.GUEST,
};

/** Starts a server and builds the fixture (call `fixture.server.close()` in `afterAll`). */
export async function startIssuableFixture(
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<IssuableFixture> {
  const server = await startTestServer(options);
  const api: IssuableFixture['api'] = (path, token, init = {}) => server.request(`/api/v4${path}`, { token, ...init });
  const tokens = {} as Record<Person, string>;
  const ids = {} as Record<Person, number>;
  for (const person of PEOPLE) {
    const { user, token } = await server.createUser(person);
    tokens[person] = token;
    ids[person] = user.id;
  }
  const group = await api<{ id: number }>('/groups', tokens.olivia, {
    method: 'POST',
    json: { name: 'Acme', path: 'acme', visibility: 'public' },
  });
  if (group.status !== 201) throw new Error(`group: ${group.status} ${group.text}`);
  for (const [person, level] of Object.entries(ROLES)) {
    await api(`/groups/${group.body.id}/members`, tokens.olivia, {
      method: 'POST',
      json: { user_id: ids[person as Person], access_level: level },
    });
  }
  const project = async (path: string, visibility: string) => {
    const response = await api<{ id: number; path_with_namespace: string }>('/projects', tokens.olivia, {
      method: 'POST',
      json: { name: path, path, namespace_id: group.body.id, visibility },
    });
    if (response.status !== 201) throw new Error(`project: ${response.status} ${response.text}`);
    return response.body;
  };
  return {
    server,
    tokens,
    ids,
    groupId: group.body.id,
    insertMergeRequest: (projectId, iid, title) =>
      server.database.db
        .insertInto('merge_requests')
        .values({
          iid,
          project_id: projectId,
          source_project_id: projectId,
          source_branch: `feature-${iid}`,
          target_branch: 'main',
          title,
          author_id: ids.olivia,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    publicProject: await project('site', 'public'),
    privateProject: await project('vault', 'private'),
    api,
  };
}
