/**
 * Fuzz: every route the server registered (read from Fastify's route tree) receives seeded random
 * requests (methods, path parameters, query strings, bodies in every format, every kind of
 * caller), a fixed number of them. No answer may be a 5xx, carry a stack trace, or never come. A
 * run is reproducible: the seed is printed with every failure (`FUZZ_SEED=<n>` replays it), and
 * the same requests are sent on any machine (a 20 s time box sent 3,764 on a quiet machine, fewer
 * under load).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom, type Random } from '../../server/seed/demoRandom.ts';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

/** Requests in a run: every route and method once first, then random picks up to this many. */
const FUZZ_REQUESTS = 2_000;
/** The whole run's limit: it took 13 s on a quiet two-core machine. */
const FUZZ_TIMEOUT_MS = 120_000;
/** Requests in flight at once. */
const CONCURRENCY = 4;
/** A request that takes longer than this counts as a hang. */
const REQUEST_TIMEOUT_MS = 30_000;
/** The default seed; `FUZZ_SEED` overrides it. */
const DEFAULT_SEED = 13;
/** Failures kept for the report. */
const MAX_REPORTED = 20;
/** What a leaked stack trace looks like (`at fn (/path/file.ts:12:5)`). */
const STACK_TRACE = /\bat .*[\w/\\]+\.[cm]?[jt]s:\d+:\d+/;
const SERVER_ERROR = 500;

const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);

/** One registered route: its path pattern and methods. */
interface Route {
  path: string;
  methods: string[];
}

/** One tree line of `printRoutes({ commonPrefix: false })`: indentation, segment, methods. */
const TREE_LINE = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/;
/** Routes that repeat one handler for paths of every depth (`/:p0/:p1/-/...`) collapse to one. */
const REPEATED_PARAMS = /(\/:p\d+)+/g;

/** Every route of `app`, from Fastify's own route tree. */
function listRoutes(app: FastifyInstance): Route[] {
  const stack: string[] = [];
  const routes = new Map<string, Route>();
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = TREE_LINE.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    if (!match[3]) continue;
    const path = stack.join('');
    const shape = path.replace(REPEATED_PARAMS, '/:p*');
    if (!routes.has(shape)) routes.set(shape, { path, methods: match[3].split(', ') });
  }
  return [...routes.values()];
}

const enc = encodeURIComponent;
/** Path parameter values: real ids and paths of the fixtures, and hostile ones. */
const PARAM_VALUES = [
  '1',
  '2',
  '3',
  '0',
  '-1',
  '2147483648',
  '99999999999999999999999',
  '1e3',
  '0x10',
  'abc',
  'root',
  enc('root/fuzz-project'),
  'fuzz-group',
  enc('fuzz-group/fuzz-sub'),
  enc('../../etc/passwd'),
  '..',
  '%2E%2E',
  enc("' OR '1'='1"),
  enc('README.md'),
  enc('docs/../README.md'),
  'main',
  'v1.0',
  enc('refs/heads/main'),
  '%25',
  enc('日本語'),
  '%00',
  'null',
  'true',
  'a'.repeat(300),
];
const QUERY_KEYS = [
  'page',
  'per_page',
  'search',
  'labels',
  'state',
  'order_by',
  'sort',
  'scope',
  'ref',
  'ref_name',
  'path',
  'recursive',
  'with_counts',
  'simple',
  'membership',
  'owned',
  'visibility',
  'pagination',
  'id_after',
  'author_id',
  'assignee_id',
  'assignee_username',
  'milestone',
  'iids[]',
  'since',
  'until',
  'from',
  'to',
  'straight',
  'confidential',
  'created_after',
  'updated_before',
  'not[labels]',
  'include_subgroups',
  'statistics',
  'with_labels_details',
  'activity_filter',
  'include_ancestor_groups',
  'private_token',
  'query',
];
const STRING_VALUES = [
  '',
  '1',
  '-1',
  '0',
  '100000',
  'abc',
  'True',
  'false',
  "' OR 1=1--",
  '%',
  '_',
  '\\',
  '"; DROP TABLE issues; --',
  'a'.repeat(3000),
  '2020-13-45',
  'None',
  'Any',
  '日本語 🎉',
  '[]',
  '{"a":1}',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\u0000',
  'gid://gitlab/WorkItem/1',
];
const BODY_KEYS = [
  'title',
  'description',
  'labels',
  'add_labels',
  'name',
  'path',
  'body',
  'state_event',
  'color',
  'ref',
  'branch',
  'file_path',
  'content',
  'commit_message',
  'actions',
  'tag_name',
  'source_branch',
  'target_branch',
  'visibility',
  'namespace_id',
  'parent_id',
  'user_id',
  'access_level',
  'emoji',
  'message',
  'availability',
  'clear_status_after',
  'text',
  'gfm',
  'project',
  'confidential',
  'assignee_ids',
  'milestone_id',
  'due_date',
  'encoding',
  'start_branch',
  'query',
  'variables',
  'operationName',
  'feature_name',
  'broadcast_message_id',
  'expires_at',
  'event',
  'key',
  'username',
  'email',
  'password',
  'user',
  'id',
  'iid',
];

/** A JSON value of any type, nested up to `depth`. */
function randomValue(random: Random, depth = 2): unknown {
  const kind = random.int(depth > 0 ? 8 : 6);
  switch (kind) {
    case 0:
    case 1:
      return random.pick(STRING_VALUES);
    case 2:
      return random.pick([0, 1, -1, 2 ** 31, 2 ** 53 + 1, 1e308, 0.5, Number.MIN_VALUE]);
    case 3:
      return random.chance(0.5);
    case 4:
      return null;
    case 5:
      return random.pick(PARAM_VALUES.map(decodeURIComponentSafe));
    case 6:
      return Array.from({ length: random.int(4) }, () => randomValue(random, depth - 1));
    default:
      return randomObject(random, depth - 1);
  }
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function randomObject(random: Random, depth = 2): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const key of random.sample(BODY_KEYS, random.int(6))) object[key] = randomValue(random, depth);
  if (random.chance(0.2)) object.actions = [{ action: 'create', file_path: '../escape', content: 'x' }];
  return object;
}

/** A request body in one of the formats clients send, or garbage. */
function randomBody(random: Random): { body?: string | Uint8Array<ArrayBuffer>; contentType?: string } {
  switch (random.int(9)) {
    case 0:
      return {};
    case 1:
      return { body: '{"title": ', contentType: 'application/json' };
    case 2:
      return { body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), contentType: 'application/json' };
    case 3:
      return { body: JSON.stringify(randomValue(random, 1)), contentType: 'application/json' };
    case 4:
      return {
        body: new URLSearchParams(
          Object.entries(randomObject(random, 0)).map(([key, value]) => [key, String(value)]),
        ).toString(),
        contentType: 'application/x-www-form-urlencoded',
      };
    case 5:
      return { body: 'plain text', contentType: random.pick(['text/plain', 'application/xml', 'multipart/form-data']) };
    default:
      return { body: JSON.stringify(randomObject(random)), contentType: 'application/json' };
  }
}

/** A query string with a few random keys. */
function randomQuery(random: Random): string {
  const params = new URLSearchParams();
  for (const key of random.sample(QUERY_KEYS, random.int(5))) params.append(key, random.pick(STRING_VALUES));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Fills `:name` parameters and wildcards of a route path. */
function fillPath(random: Random, path: string): string {
  return path
    .replace(/:[A-Za-z0-9_]+/g, () => random.pick(PARAM_VALUES))
    .replace(/\*/g, () => random.pick(PARAM_VALUES));
}

/** A request description that reproduces a failure. */
interface Attempt {
  method: string;
  url: string;
  caller: string;
  contentType?: string;
  body?: string;
}

let server: TestServer;
let userToken: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ token: userToken } = await server.createUser('fuzzer'));
  // Fixtures so that ids 1 and 2 and the paths above exist and deeper code paths run.
  const post = (path: string, json: unknown) => server.request(path, { method: 'POST', token: ROOT_TOKEN, json });
  const group = await post('/api/v4/groups', { name: 'fuzz-group', path: 'fuzz-group' });
  await post('/api/v4/groups', { name: 'fuzz-sub', path: 'fuzz-sub', parent_id: (group.body as { id: number }).id });
  await post('/api/v4/projects', { name: 'fuzz-project', initialize_with_readme: true });
  for (const title of ['First', 'Second']) await post('/api/v4/projects/1/issues', { title, labels: 'bug' });
  await post('/api/v4/projects/1/issues/1/notes', { body: 'a note' });
  await post('/api/v4/projects/1/milestones', { title: 'v1' });
  await post('/api/v4/projects/1/labels', { name: 'ui', color: '#FF0000' });
});

afterAll(() => server?.close());

describe('fuzz', () => {
  it(
    `answers seeded random requests to every route without a 5xx (seed ${seed})`,
    async () => {
      const random = createRandom(seed);
      const routes = listRoutes(server.app);
      expect(routes.length).toBeGreaterThan(0);
      const callers: Record<string, Record<string, string>> = {
        anonymous: {},
        root: { 'private-token': ROOT_TOKEN },
        user: { 'private-token': userToken },
        'bad token': { authorization: 'Bearer glpat-not-a-token' },
      };
      const base = server.url;

      // Every route and method once, then random picks up to the count.
      const planned = routes.flatMap((route) => route.methods.map((method) => ({ route, method })));
      const total = Math.max(FUZZ_REQUESTS, planned.length);
      const failures: string[] = [];
      let made = 0;
      let sent = 0;

      const nextAttempt = (): Attempt | null => {
        if (made === total) return null;
        made += 1;
        const fixed = planned.shift();
        const route = fixed?.route ?? random.pick(routes);
        const method =
          fixed?.method ?? (random.chance(0.9) ? random.pick(route.methods) : random.pick(['PATCH', 'OPTIONS']));
        const caller = random.pick(Object.keys(callers));
        const { body, contentType } = method === 'GET' || method === 'HEAD' ? {} : randomBody(random);
        return {
          method,
          url: `${base}${fillPath(random, route.path)}${randomQuery(random)}`,
          caller,
          contentType,
          body: typeof body === 'string' ? body : body && Buffer.from(body).toString('latin1'),
        };
      };

      const send = async (attempt: Attempt) => {
        sent += 1;
        const describeAttempt = () =>
          `FUZZ_SEED=${seed} ${attempt.method} ${attempt.url} as ${attempt.caller}` +
          (attempt.body === undefined ? '' : ` (${attempt.contentType}) ${attempt.body.slice(0, 300)}`);
        try {
          const response = await fetch(attempt.url, {
            method: attempt.method,
            headers: {
              ...callers[attempt.caller],
              ...(attempt.contentType ? { 'content-type': attempt.contentType } : {}),
            },
            body: attempt.body === undefined ? undefined : Buffer.from(attempt.body, 'latin1'),
            redirect: 'manual',
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          const text = await response.text();
          if (response.status >= SERVER_ERROR) failures.push(`${response.status}: ${describeAttempt()}\n  ${text}`);
          else if (STACK_TRACE.test(text)) failures.push(`stack trace: ${describeAttempt()}\n  ${text.slice(0, 500)}`);
        } catch (error) {
          failures.push(`no answer (${(error as Error).message}): ${describeAttempt()}`);
        }
      };

      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let attempt = nextAttempt(); attempt; attempt = nextAttempt()) await send(attempt);
        }),
      );

      expect(sent).toBe(total);
      expect(failures.slice(0, MAX_REPORTED)).toEqual([]);
      expect((await server.request('/-/health')).status).toBe(200);
    },
    FUZZ_TIMEOUT_MS,
  );
});
