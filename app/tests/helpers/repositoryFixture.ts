/**
 * The fixture the repository-side contract tests share (repository, merge requests, pipelines,
 * releases, merging, blame...), built through the API itself: olivia owns a private project
 * `olivia/app` (initialised with a README) where dave is a Developer, rita a Reporter and gus a
 * Guest, and a public project `olivia/open`; nina is signed in but no member.
 */
import { expect } from 'vitest';
import { ACCESS_LEVEL } from '../../server/domain/access.ts';
import { startTestServer, type TestResponse, type TestServer } from './server.ts';

/** The people of the fixture. */
export const REPOSITORY_PEOPLE = ['olivia', 'dave', 'rita', 'gus', 'nina'] as const;
export type RepositoryPerson = (typeof REPOSITORY_PEOPLE)[number];

/** Roles in the private project (olivia owns it). */
export const REPOSITORY_ROLES = {
  dave: ACCESS_LEVEL.DEVELOPER,
  rita: ACCESS_LEVEL.REPORTER,
  gus: ACCESS_LEVEL.GUEST,
} as const satisfies Partial<Record<RepositoryPerson, number>>;

/** Options of one API call. */
export interface ApiInit {
  method?: string;
  json?: unknown;
}

/** Options of {@link RepositoryFixture.commit}. */
export interface CommitOptions {
  /** Who commits (default olivia). */
  token?: string;
  /** Which project (default the private one). */
  project?: number;
  /** Default `change on <branch>`. */
  message?: string;
}

/** What the fixture made. */
export interface RepositoryFixture {
  server: TestServer;
  tokens: Record<RepositoryPerson, string>;
  ids: Record<RepositoryPerson, number>;
  /** `olivia/app`, private. */
  projectId: number;
  /** `olivia/open`, public. */
  publicId: number;
  /** `/api/v4${path}` as `token` (anonymous without one). */
  api<T = unknown>(path: string, token?: string, init?: ApiInit): Promise<TestResponse<T>>;
  /** Commits `actions` (the commits API's) on `branch`, expecting 201; returns the new sha. */
  commit(branch: string, actions: readonly unknown[], options?: CommitOptions): Promise<string>;
}

/** Starts a server and builds the fixture (call `fixture.server.close()` in `afterAll`). */
export async function startRepositoryFixture(
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<RepositoryFixture> {
  const server = await startTestServer(options);
  const api: RepositoryFixture['api'] = (path, token, init = {}) =>
    server.request(`/api/v4${path}`, { token, ...init });
  const tokens = {} as Record<RepositoryPerson, string>;
  const ids = {} as Record<RepositoryPerson, number>;
  for (const person of REPOSITORY_PEOPLE) {
    const { user, token } = await server.createUser(person);
    tokens[person] = token;
    ids[person] = user.id;
  }
  const createProject = async (name: string, visibility: string) => {
    const response = await api<{ id: number }>('/projects', tokens.olivia, {
      method: 'POST',
      json: { name, visibility, initialize_with_readme: true },
    });
    if (response.status !== 201) throw new Error(`project: ${response.status} ${response.text}`);
    return response.body.id;
  };
  const projectId = await createProject('App', 'private');
  for (const [person, level] of Object.entries(REPOSITORY_ROLES)) {
    await api(`/projects/${projectId}/members`, tokens.olivia, {
      method: 'POST',
      json: { user_id: ids[person as RepositoryPerson], access_level: level },
    });
  }
  const publicId = await createProject('Open', 'public');
  return {
    server,
    tokens,
    ids,
    projectId,
    publicId,
    api,
    async commit(branch, actions, { token = tokens.olivia, project = projectId, message } = {}) {
      const response = await api<{ id: string }>(`/projects/${project}/repository/commits`, token, {
        method: 'POST',
        json: { branch, commit_message: message ?? `change on ${branch}`, actions },
      });
      expect(response.status).toBe(201);
      return response.body.id;
    },
  };
}
