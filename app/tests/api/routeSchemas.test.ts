/**
 * JSON-schema validation on every route (issue 13): each route the server registers declares a
 * schema for what it reads: `params` when its URL has parameters, `querystring` always (GitLab
 * reads parameters from the query string on every route; unknown ones are ignored), and `body`
 * for POST, PUT and PATCH. A route added without one fails here.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AJV_OPTIONS } from '../../server/http/server.ts';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

/** Routes that are not the API, with the reason they validate nothing. */
const NOT_THE_API: Record<string, string> = {
  // @fastify/static, present when the browser build is: only the file's path is read.
  '/assets/*': "the built browser assets' static files",
  // GraphQL over HTTP: graphql-yoga reads and validates the operation, its variables and the
  // batch against the GraphQL schema; server/graphql/routes.ts is engineer C's this stop.
  '/api/graphql': 'validated by graphql-yoga against the GraphQL schema',
};
const WRITES = ['POST', 'PUT', 'PATCH'];

let server: TestServer;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  server = await startTestServer({ onRoute: (route) => void routes.push(route) });
});
afterAll(() => server?.close());

/** What `route` reads and has no schema for. */
function unvalidated(route: RouteOptions): string[] {
  const methods = [route.method].flat();
  const schema = route.schema ?? {};
  const missing: string[] = [];
  if (/[:*]/.test(route.url) && !schema.params) missing.push('params');
  if (!schema.querystring) missing.push('querystring');
  if (methods.some((method) => WRITES.includes(method)) && !schema.body) missing.push('body');
  return missing;
}

describe('every route', () => {
  it('registers the API, the product routes and the pages', () => {
    const urls = new Set(routes.map((route) => route.url));
    for (const url of ['/api/v4/projects/:id/issues', '/cable', '/-/health', '/users/sign_in', '/*'])
      expect(urls).toContain(url);
  });

  it('has a schema for its params, its query string and, when it writes, its body', () => {
    const lacking = routes
      .filter((route) => !(route.url in NOT_THE_API))
      .map((route) => ({ route: `${[route.method].flat().join(',')} ${route.url}`, missing: unvalidated(route) }))
      .filter(({ missing }) => missing.length);
    expect(lacking).toEqual([]);
  });

  it('has schemas that compile (the server compiles each on its first request)', () => {
    const compile = AjvCompiler()({}, AJV_OPTIONS);
    const broken = routes.flatMap((route) =>
      (['params', 'querystring', 'body', 'headers'] as const).flatMap((httpPart) => {
        const schema = route.schema?.[httpPart];
        if (!schema) return [];
        try {
          compile({ schema, method: [route.method].flat().join(','), url: route.url, httpPart });
          return [];
        } catch (error) {
          return [`${[route.method].flat().join(',')} ${route.url} ${httpPart}: ${(error as Error).message}`];
        }
      }),
    );
    expect(broken).toEqual([]);
  });
});

describe('what the schemas now validate', () => {
  let issuePath: string;
  beforeAll(async () => {
    const project = await server.request<{ id: number }>('/api/v4/projects', {
      method: 'POST',
      token: ROOT_TOKEN,
      json: { name: 'schemas' },
    });
    const issue = await server.request<{ iid: number }>(`/api/v4/projects/${project.body.id}/issues`, {
      method: 'POST',
      token: ROOT_TOKEN,
      json: { title: 'Labelled', labels: 'bug' },
    });
    issuePath = `/api/v4/projects/${project.body.id}/issues/${issue.body.iid}`;
  });

  it.each([
    ['false', ['bug']],
    ['0', ['bug']],
    ['True', [expect.objectContaining({ name: 'bug' })]],
  ])('an update reads with_labels_details=%s as GitLab booleans', async (value, labels) => {
    const updated = await server.request<{ labels: unknown[] }>(`${issuePath}?with_labels_details=${value}`, {
      method: 'PUT',
      token: ROOT_TOKEN,
      json: { description: `with_labels_details=${value}` },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.labels).toEqual(labels);
  });

  it('refuses a body that is not an object on a route that takes none, in GitLab’s error shape', async () => {
    const other = await server.createUser('schema-followee');
    const response = await server.request(`/api/v4/users/${other.user.id}/follow`, {
      method: 'POST',
      token: ROOT_TOKEN,
      json: ['not', 'parameters'],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'parameters is invalid' });
  });

  it('ignores unknown parameters, as Grape does', async () => {
    const response = await server.request<{ version: string }>('/api/v4/version?unknown=1', { token: ROOT_TOKEN });
    expect(response.status).toBe(200);
    expect(response.body.version).toEqual(expect.any(String));
  });
});
