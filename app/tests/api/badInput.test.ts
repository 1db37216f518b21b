/**
 * Bad input across the resources (the issue's list): malformed JSON, a body over the limit,
 * invalid UTF-8, unknown parameters, negative or huge `per_page`/`page`, SQL metacharacters in
 * searches, `..` in file paths, ids that are neither a number nor a path. Each answer is a 4xx in
 * GitLab's error shape (or, for what GitLab tolerates, a normal answer), never a 5xx or a stack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT } from '../../server/http/server.ts';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../../server/api/v4/pagination.ts';
import { ROOT_TOKEN, startTestServer, type TestResponse, type TestServer } from '../helpers/server.ts';

/** What a leaked stack trace looks like. */
const STACK_TRACE = /\bat .*\.[cm]?[jt]s:\d+:\d+/;

let server: TestServer;
let project: { id: number; path_with_namespace: string };

beforeAll(async () => {
  server = await startTestServer();
  project = (
    await server.request<typeof project>('/api/v4/projects', {
      method: 'POST',
      token: ROOT_TOKEN,
      json: { name: 'Bad input', initialize_with_readme: true },
    })
  ).body;
  for (const title of ["It's 100% done", 'Plain']) {
    await server.request(`/api/v4/projects/${project.id}/issues`, {
      method: 'POST',
      token: ROOT_TOKEN,
      json: { title },
    });
  }
});
afterAll(() => server?.close());

/** A GitLab error: the status, exactly `application/json`, `message` or `error`, no stack. */
function expectGitLabError(response: TestResponse, statuses: number[]): void {
  expect(statuses, `${response.status}: ${response.text}`).toContain(response.status);
  expect(response.headers.get('content-type')).toBe('application/json');
  const body = response.body as { message?: unknown; error?: unknown };
  expect(typeof body.message === 'string' || typeof body.error === 'string' || typeof body.message === 'object').toBe(
    true,
  );
  expect(response.text).not.toMatch(STACK_TRACE);
}

const get = (path: string) => server.request(path, { token: ROOT_TOKEN });
const issuesPath = () => `/api/v4/projects/${project.id}/issues`;

describe('bodies', () => {
  it('refuses malformed JSON on a create with 400', async () => {
    const response = await server.request(issuesPath(), {
      method: 'POST',
      token: ROOT_TOKEN,
      body: '{"title": "unterminated',
      headers: { 'content-type': 'application/json' },
    });
    expectGitLabError(response, [400]);
  });

  it('refuses a body over the limit with 413 before reading it', async () => {
    const response = await server.request(issuesPath(), {
      method: 'POST',
      token: ROOT_TOKEN,
      json: { title: 'Big', description: 'x'.repeat(DEFAULT_BODY_LIMIT) },
    });
    expectGitLabError(response, [413]);
  });

  it('refuses invalid UTF-8 in a JSON body, a form body and the query string with 400', async () => {
    const invalid = new Uint8Array([
      0x7b, 0x22, 0x74, 0x69, 0x74, 0x6c, 0x65, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d,
    ]);
    for (const contentType of ['application/json', 'application/x-www-form-urlencoded']) {
      const response = await server.request(issuesPath(), {
        method: 'POST',
        token: ROOT_TOKEN,
        body: invalid,
        headers: { 'content-type': contentType },
      });
      expectGitLabError(response, [400]);
    }
    expectGitLabError(await get(`${issuesPath()}?search=%C3%28`), [400]);
  });

  it('refuses a NUL byte in a body, a query and an id with 400', async () => {
    const created = await server.request(issuesPath(), {
      method: 'POST',
      token: ROOT_TOKEN,
      json: { title: 'nul \u0000 byte' },
    });
    expectGitLabError(created, [400]);
    expectGitLabError(await get(`${issuesPath()}?search=%00`), [400]);
    expectGitLabError(await get('/api/v4/groups/%00'), [400]);
  });

  it('ignores unknown parameters, as Grape does', async () => {
    const response = await server.request(`${issuesPath()}?unknown=1&also[nested]=2`, {
      method: 'POST',
      token: ROOT_TOKEN,
      json: { title: 'Extra', not_a_param: { deep: [1, 2] }, created_by: 'nobody' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ title: 'Extra' });
  });

  it('refuses a wrong type for a known parameter with 400 `<name> is invalid`', async () => {
    const response = await server.request(issuesPath(), {
      method: 'POST',
      token: ROOT_TOKEN,
      json: { title: 'Typed', confidential: 'perhaps' },
    });
    expectGitLabError(response, [400]);
    expect(response.body).toEqual({ error: 'confidential is invalid' });
  });
});

describe('pagination parameters', () => {
  it.each(['-1', '0', 'abc', '1.5'])('refuses per_page=%s with 400', async (perPage) => {
    expectGitLabError(await get(`${issuesPath()}?per_page=${perPage}`), [400]);
  });

  it('clamps a huge per_page to the maximum', async () => {
    const response = await get(`${issuesPath()}?per_page=99999999999`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-per-page')).toBe(String(MAX_PER_PAGE));
  });

  it('answers [] for a page far past the end and refuses page=-1', async () => {
    const far = await get(`${issuesPath()}?page=99999999`);
    expect(far.status).toBe(200);
    expect(far.body).toEqual([]);
    expect(far.headers.get('x-per-page')).toBe(String(DEFAULT_PER_PAGE));
    expectGitLabError(await get(`${issuesPath()}?page=-1`), [400]);
  });
});

describe('searches', () => {
  const metacharacters = ["' OR '1'='1", '%', '_', '\\', '"; DROP TABLE issues; --', '100%'];

  it.each(metacharacters)('treats %j as text in issue, project, user and label searches', async (term) => {
    const search = encodeURIComponent(term);
    const issues = await get(`${issuesPath()}?search=${search}`);
    expect(issues.status).toBe(200);
    const titles = (issues.body as { title: string }[]).map((issue) => issue.title);
    // Only titles that contain the term literally ("100%" matches "It's 100% done", "%" alone too).
    expect(titles.every((title) => title.toLowerCase().includes(term.toLowerCase()))).toBe(true);
    for (const path of ['/api/v4/projects', '/api/v4/users', `/api/v4/projects/${project.id}/labels`]) {
      const response = await get(`${path}?search=${search}`);
      expect(response.status, path).toBe(200);
      expect(Array.isArray(response.body)).toBe(true);
    }
  });

  it('finds the issue whose title has a literal % and _ only where they are', async () => {
    const percent = await get(`${issuesPath()}?search=${encodeURIComponent('100%')}`);
    expect((percent.body as { title: string }[]).map((issue) => issue.title)).toEqual(["It's 100% done"]);
    const underscore = await get(`${issuesPath()}?search=_`);
    expect(underscore.body).toEqual([]);
  });
});

describe('file paths', () => {
  const escapes = ['../../etc/passwd', '..', 'docs/../../README.md', '/etc/passwd', 'a/./../../b'];

  it.each(escapes)('refuses %j in repository files, raw files and trees with 400 or 404', async (path) => {
    const encoded = encodeURIComponent(path);
    const base = `/api/v4/projects/${project.id}/repository`;
    expectGitLabError(await get(`${base}/files/${encoded}?ref=main`), [400, 404]);
    expectGitLabError(await get(`${base}/files/${encoded}/raw?ref=main`), [400, 404]);
    expectGitLabError(await get(`${base}/tree?path=${encoded}&ref=main`), [400, 404]);
    const write = await server.request(`${base}/files/${encoded}`, {
      method: 'POST',
      token: ROOT_TOKEN,
      json: { branch: 'main', content: 'escape', commit_message: 'escape' },
    });
    expectGitLabError(write, [400, 404]);
  });
});

describe('ids', () => {
  it.each(['%20', '-', '1.5', '-1', '99999999999999999999', 'a%2F', '%2F', 'no%2Fsuch%2Fpath'])(
    'answers project id %j with 404 (or 400)',
    async (id) => {
      expectGitLabError(await get(`/api/v4/projects/${id}`), [400, 404]);
      expectGitLabError(await get(`/api/v4/projects/${id}/issues`), [400, 404]);
    },
  );

  it.each(['abc', '1.5', '-1', '99999999999999999999', '%20'])('answers issue iid %j with 400 or 404', async (iid) => {
    expectGitLabError(await get(`${issuesPath()}/${iid}`), [400, 404]);
    expectGitLabError(await get(`${issuesPath()}/${iid}/notes`), [400, 404]);
  });

  it.each(['abc', '-1', '99999999999999999999'])('answers user and group id %j with 400 or 404', async (id) => {
    expectGitLabError(await get(`/api/v4/users/${id}`), [400, 404]);
    expectGitLabError(await get(`/api/v4/groups/${id}`), [400, 404]);
  });
});
