/**
 * Commits the way GitLab serves them: GraphQL's `Commit` (GitLab's fields and nullability, reached
 * through `Project.repository.tree(path, ref).lastCommit`, `paginatedTree` and `commit(ref)`), its
 * `author` the user whose e-mail authored it (null for an unknown e-mail, then `authorGravatar`),
 * paths under the relative root, the authors of many commits in one lookup; and REST commit
 * entities with GitLab's keys only (no `author` object). The pages' documents validate.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_PER_PAGE } from 'forgekit/client';
import { buildSchema, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeDefs } from '../../server/graphql/schema.ts';
import { AUTHOR_GRAVATAR_SIZE, GRAVATAR_SCALE } from '../../server/graphql/resolvers/repository.ts';
import { commitAuthorsQuery, PATH_LAST_COMMIT } from '../../src/pages/projects/repository.ts';
import { startRepositoryFixture, type RepositoryFixture } from '../helpers/repositoryFixture.ts';
import { ROOT_TOKEN } from '../helpers/server.ts';
import { onEveryQuery } from '../helpers/queryCount.ts';

const RELATIVE_ROOT = '/forge';
const GHOST = { name: 'Ghost Writer', email: 'Ghost@Example.com' };
/** Commits by two people, read with one authors query of a small and of a large page. */
const SMALL = 2;
const LARGE = 6;
/**
 * Queries for the authors of any number of commits: who is asking (the token), the project with its
 * namespace and the asker's role, the users of the commits' e-mails (one batch), and the
 * application settings (whether Gravatar is on).
 */
const COMMIT_AUTHORS_QUERIES = 4;

/** GitLab's REST `Commit` entity (`lib/api/entities/commit.rb`), and `CommitDetail`'s additions. */
const COMMIT_KEYS = [
  'author_email',
  'author_name',
  'authored_date',
  'committed_date',
  'committer_email',
  'committer_name',
  'created_at',
  'extended_trailers',
  'id',
  'message',
  'parent_ids',
  'short_id',
  'title',
  'trailers',
  'web_url',
];
const COMMIT_DETAIL_KEYS = [...COMMIT_KEYS, 'last_pipeline', 'project_id', 'stats', 'status'].sort();

interface GqlResult<T> {
  data?: T;
  errors?: { message: string }[];
}

let fixture: RepositoryFixture;
let ghostSha: string;
let docsSha: string;
/** Statements the embedded database ran since the last reset. */
let queries = 0;

async function gql<T>(query: string, variables: Record<string, unknown>, token?: string): Promise<GqlResult<T>> {
  const response = await fixture.server.request<GqlResult<T>>('/api/graphql', {
    method: 'POST',
    token,
    json: { query, variables },
  });
  expect(response.status).toBe(200);
  return response.body;
}

const gravatarOf = (email: string) =>
  `https://www.gravatar.com/avatar/${createHash('sha256').update(email.toLowerCase()).digest('hex')}?s=${
    AUTHOR_GRAVATAR_SIZE * GRAVATAR_SCALE
  }&d=identicon`;

beforeAll(async () => {
  fixture = await startRepositoryFixture({ relativeUrlRoot: RELATIVE_ROOT });
  docsSha = await fixture.commit('main', [{ action: 'create', file_path: 'docs/guide.md', content: '# Guide\n' }], {
    project: fixture.publicId,
    message: 'Add the guide\n\nIt explains #1.\n',
  });
  const ghost = await fixture.api<{ id: string }>(
    `/projects/${fixture.publicId}/repository/commits`,
    fixture.tokens.olivia,
    {
      method: 'POST',
      json: {
        branch: 'main',
        commit_message: 'A stranger writes',
        author_name: GHOST.name,
        author_email: GHOST.email,
        actions: [{ action: 'create', file_path: 'ghost.txt', content: 'boo' }],
      },
    },
  );
  expect(ghost.status).toBe(201);
  ghostSha = ghost.body.id;
  onEveryQuery(fixture.server.database, () => (queries += 1));
});
afterAll(() => fixture.server.close());

const COMMIT_FIELDS = `id sha shortId parentSha title fullTitle description message authoredDate committedDate
  webUrl webPath author { username webPath } authorEmail authorGravatar authorName committerEmail committerName`;

describe('GraphQL Commit', () => {
  it('has GitLab’s fields: a known author is the user with that e-mail, paths under the relative root', async () => {
    const result = await gql<{
      project: { repository: { paginatedTree: { nodes: { lastCommit: Record<string, unknown> }[] } } };
    }>(PATH_LAST_COMMIT, { projectPath: 'olivia/open', path: 'docs', ref: 'main' });
    expect(result.errors).toBeUndefined();
    const commit = result.data!.project.repository.paginatedTree.nodes[0]!.lastCommit;
    expect(commit).toMatchObject({
      id: `gid://gitlab/Commit/${docsSha}`,
      sha: docsSha,
      title: 'Add the guide',
      authorName: 'olivia',
      authorGravatar: gravatarOf('olivia@example.com'),
      author: { id: `gid://gitlab/User/${fixture.ids.olivia}`, username: 'olivia', webPath: `${RELATIVE_ROOT}/olivia` },
    });

    const full = await gql<{ project: { repository: { tree: { lastCommit: Record<string, unknown> } } } }>(
      `query($path: String!) { project(fullPath: "olivia/open") { repository { tree(path: $path, ref: "main") { lastCommit { ${COMMIT_FIELDS} } } } } }`,
      { path: 'docs/guide.md' },
    );
    expect(full.errors).toBeUndefined();
    const commitPath = `${RELATIVE_ROOT}/olivia/open/-/commit/${docsSha}`;
    expect(full.data!.project.repository.tree.lastCommit).toEqual({
      id: `gid://gitlab/Commit/${docsSha}`,
      sha: docsSha,
      shortId: docsSha.slice(0, 8),
      parentSha: expect.stringMatching(/^[0-9a-f]{40}$/),
      title: 'Add the guide',
      fullTitle: 'Add the guide',
      description: '\nIt explains #1.',
      message: 'Add the guide\n\nIt explains #1.\n',
      authoredDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
      committedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
      webUrl: `${fixture.server.url.slice(0, -RELATIVE_ROOT.length)}${commitPath}`,
      webPath: commitPath,
      author: { username: 'olivia', webPath: `${RELATIVE_ROOT}/olivia` },
      authorEmail: 'olivia@example.com',
      authorGravatar: gravatarOf('olivia@example.com'),
      authorName: 'olivia',
      committerEmail: 'olivia@example.com',
      committerName: 'olivia',
    });
  });

  it('has a null author for an e-mail no user has, with the gravatar of the e-mail (null with Gravatar off)', async () => {
    const query = `query($ref: String!) { project(fullPath: "olivia/open") { repository { commit(ref: $ref) { sha authorName authorEmail authorGravatar author { username } } } } }`;
    const result = await gql<{ project: { repository: { commit: Record<string, unknown> } } }>(query, { ref: 'main' });
    expect(result.data!.project.repository.commit).toEqual({
      sha: ghostSha,
      authorName: GHOST.name,
      authorEmail: GHOST.email,
      authorGravatar: gravatarOf(GHOST.email),
      author: null,
    });
    const off = await fixture.server.request('/api/v4/application/settings', {
      method: 'PUT',
      token: ROOT_TOKEN,
      json: { gravatar_enabled: false },
    });
    expect(off.status).toBe(200);
    try {
      const without = await gql<{ project: { repository: { commit: { authorGravatar: string | null } } } }>(query, {
        ref: ghostSha,
      });
      expect(without.data!.project.repository.commit.authorGravatar).toBeNull();
    } finally {
      await fixture.server.request('/api/v4/application/settings', {
        method: 'PUT',
        token: ROOT_TOKEN,
        json: { gravatar_enabled: true },
      });
    }
  });

  it('reads refs as GitLab does: branch, short sha, qualified by refType; null for what names nothing', async () => {
    const result = await gql<{
      project: { repository: Record<string, { sha?: string; lastCommit?: { sha: string } } | null> };
    }>(
      `query($short: String!) { project(fullPath: "olivia/open") { repository {
        branch: commit(ref: "main") { sha }
        short: commit(ref: $short) { sha }
        unknown: commit(ref: "no-such-ref") { sha }
        missing: commit(ref: "${'0'.repeat(39)}1") { sha }
        heads: tree(ref: "main", refType: HEADS) { lastCommit { sha } }
        tags: tree(ref: "main", refType: TAGS) { lastCommit { sha } }
        noPath: tree(ref: "main", path: "nowhere") { lastCommit { sha } }
        outside: tree(ref: "main", path: "../etc") { lastCommit { sha } }
      } } }`,
      { short: docsSha.slice(0, 8) },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.project.repository).toEqual({
      branch: { sha: ghostSha },
      short: { sha: docsSha },
      unknown: null,
      missing: null,
      heads: { lastCommit: { sha: ghostSha } },
      tags: null,
      noPath: { lastCommit: null },
      outside: null,
    });
  });

  it('is the code’s: anonymous sees no private project, a Guest no repository, a Reporter its commits', async () => {
    const query = `{ project(fullPath: "olivia/app") { repository { rootRef tree { lastCommit { sha author { username } } } } } }`;
    expect((await gql(query, {})).data).toEqual({ project: null });
    expect((await gql(query, {}, fixture.tokens.gus)).data).toEqual({ project: { repository: null } });
    const reporter = await gql<{
      project: { repository: { rootRef: string; tree: { lastCommit: { author: { username: string } } } } };
    }>(query, {}, fixture.tokens.rita);
    expect(reporter.data!.project.repository).toMatchObject({
      rootRef: 'main',
      tree: { lastCommit: { author: { username: 'olivia' } } },
    });
  });

  it('looks the authors of a page of commits up together: as many queries for 6 commits as for 2', async () => {
    // Olivia commits as herself and as dave (the e-mail decides the author).
    for (let i = 0; i < LARGE; i += 1) {
      const created = await fixture.api(`/projects/${fixture.projectId}/repository/commits`, fixture.tokens.olivia, {
        method: 'POST',
        json: {
          branch: 'main',
          commit_message: `Batch ${i}`,
          author_email: `${i % 2 ? 'dave' : 'olivia'}@example.com`,
          actions: [{ action: 'create', file_path: `batch/${i}.txt`, content: `${i}` }],
        },
      });
      expect(created.status).toBe(201);
    }
    const { body: commits } = await fixture.api<{ id: string; author_email: string }[]>(
      `/projects/${fixture.projectId}/repository/commits?per_page=${LARGE}`,
      fixture.tokens.olivia,
    );
    const read = async (count: number) => {
      const shas = commits.slice(0, count).map((commit) => commit.id);
      queries = 0;
      const result = await gql<{ project: { repository: Record<string, { author: { username: string } | null }> } }>(
        commitAuthorsQuery(count),
        { projectPath: 'olivia/app', ...Object.fromEntries(shas.map((sha, index) => [`ref${index}`, sha])) },
        fixture.tokens.olivia,
      );
      expect(result.errors).toBeUndefined();
      const usernames = Object.values(result.data!.project.repository).map((commit) => commit.author?.username);
      expect(usernames).toEqual(commits.slice(0, count).map((commit) => commit.author_email.split('@')[0]));
      return queries;
    };
    const small = await read(SMALL);
    const large = await read(LARGE);
    console.log(`authors of ${SMALL} commits: ${small} queries; of ${LARGE}: ${large}`);
    expect([small, large]).toEqual([COMMIT_AUTHORS_QUERIES, COMMIT_AUTHORS_QUERIES]);
  });

  it('answers the authors of a whole commits page to an anonymous visitor (within the complexity limit)', async () => {
    const result = await gql<{ project: { repository: Record<string, { authorEmail: string }> } }>(
      commitAuthorsQuery(DEFAULT_PER_PAGE),
      {
        projectPath: 'olivia/open',
        ...Object.fromEntries(Array.from({ length: DEFAULT_PER_PAGE }, (_, index) => [`ref${index}`, docsSha])),
      },
    );
    expect(result.errors).toBeUndefined();
    expect(Object.keys(result.data!.project.repository)).toHaveLength(DEFAULT_PER_PAGE);
  });

  it('validates the pages’ documents against the schema', () => {
    const schema = buildSchema(typeDefs);
    for (const document of [PATH_LAST_COMMIT, commitAuthorsQuery(1), commitAuthorsQuery(DEFAULT_PER_PAGE)])
      expect(validate(schema, parse(document)).map((error) => error.message)).toEqual([]);
  });
});

describe('REST commits', () => {
  it('carry GitLab’s keys only (no `author` object): list, one commit, a new commit', async () => {
    const base = `/projects/${fixture.publicId}/repository/commits`;
    const list = await fixture.api<Record<string, unknown>[]>(base);
    expect(list.body.length).toBeGreaterThan(1);
    for (const commit of list.body) expect(Object.keys(commit).sort()).toEqual(COMMIT_KEYS);
    const one = await fixture.api<Record<string, unknown>>(`${base}/${ghostSha}`);
    expect(Object.keys(one.body).sort()).toEqual(COMMIT_DETAIL_KEYS);
    expect(one.body).toMatchObject({
      author_name: GHOST.name,
      author_email: GHOST.email,
      web_url: `${fixture.server.url}/olivia/open/-/commit/${ghostSha}`,
    });
    const created = await fixture.api<Record<string, unknown>>(base, fixture.tokens.olivia, {
      method: 'POST',
      json: {
        branch: 'main',
        commit_message: 'More',
        actions: [{ action: 'create', file_path: 'more.txt', content: '1' }],
      },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(COMMIT_DETAIL_KEYS);
  });
});
