// The default data adapters (forgekit/client) against a real HTTP server on loopback: the calls
// they make (method, path, body), what they make of the replies, the spec's error texts, the
// Markdown preview cache, the custom emoji query paged until no next page (graphql-js executing a
// small schema), label creation returning the server's error body, the partial status update.
import { buildSchema, graphql } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  USER_PROJECTS_FETCH_ERROR,
  UNRESOLVABLE_REFERENCE_MESSAGE,
  createDefaultAdapters,
  userNotFoundMessage,
  userNotUniqueMessage,
  type DefaultAdapters,
} from '../../src/client/adapters';
import { milestoneState } from '../../src/client/adapters/references';
import { createApolloClient } from '../../src/client/graphql';
import { createRestClient, isHttpError } from '../../src/client/rest';
import type { DataAdapters } from '../../src/components/DataProvider';
import { loadCustomEmoji } from '../../src/emoji/customEmoji';
import { jsonBody, startRestServer, type RecordedRequest, type Reply, type RestServer } from './helpers/restServer';

const USER = {
  id: 7,
  username: 'ada',
  name: 'Ada Lovelace',
  state: 'active',
  avatar_url: 'http://127.0.0.1/a.png',
  web_url: 'http://127.0.0.1/ada',
  created_at: '2026-01-01T00:00:00Z',
  bio: 'Analyst',
  location: 'London',
  public_email: 'ada@example.com',
  skype: '',
  linkedin: '',
  twitter: '',
  website_url: 'https://ada.example.com',
  organization: '',
  job_title: '',
  pronouns: 'she/her',
  bot: false,
  work_information: 'Analytical Engine',
  followers: 1,
  following: 2,
  is_followed: true,
  local_time: '3:42 PM',
};
const STATUS = {
  emoji: 'coffee',
  message: 'Break',
  message_html: 'Break',
  availability: 'busy',
  clear_status_at: null,
};

/** The emoji of the custom emoji schema, three to a page. */
const EMOJI = Array.from({ length: 7 }, (_, i) => ({
  id: `gid://gitlab/CustomEmoji/${i + 1}`,
  name: `e${i + 1}`,
  url: `/e${i + 1}.png`,
}));
const PAGE_SIZE = 3;
const schema = buildSchema(`
  type Query { group(fullPath: ID!): Group }
  type Group { id: ID! customEmoji(after: String, includeAncestorGroups: Boolean): CustomEmojiConnection }
  type CustomEmojiConnection { pageInfo: PageInfo! nodes: [CustomEmoji!]! }
  type PageInfo { hasNextPage: Boolean! endCursor: String }
  type CustomEmoji { id: ID! name: String! url: String! }
`);
const rootValue = {
  group: ({ fullPath }: { fullPath: string }) =>
    fullPath === 'gitlab-org/frontend'
      ? {
          id: 'gid://gitlab/Group/9',
          customEmoji: ({ after }: { after?: string }) => {
            const start = after ? Number(after) : 0;
            const end = start + PAGE_SIZE;
            return {
              pageInfo: { hasNextPage: end < EMOJI.length, endCursor: String(end) },
              nodes: EMOJI.slice(start, end),
            };
          },
        }
      : null,
};

let server: RestServer;
let routes: Record<string, (request: RecordedRequest) => Reply | Promise<Reply>>;
let adapters: DefaultAdapters;
const reported: unknown[] = [];

const requestsTo = (prefix: string) => server.requests.filter((request) => request.url.startsWith(prefix));

beforeAll(async () => {
  server = await startRestServer((request) => {
    const route = routes[`${request.method} ${request.url}`];
    return route ? route(request) : { status: 404, body: { message: '404 Not Found' } };
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  reported.length = 0;
  routes = {
    'POST /api/graphql': async (request) => {
      const { query, variables, operationName } = jsonBody(request) as {
        query: string;
        variables?: Record<string, unknown>;
        operationName?: string;
      };
      return { body: await graphql({ schema, source: query, variableValues: variables, operationName, rootValue }) };
    },
  };
  adapters = createDefaultAdapters({
    client: createRestClient({ baseUrl: server.origin }),
    apolloClient: () => createApolloClient({ baseUrl: server.origin }),
    reportError: (error) => reported.push(error),
  });
});

describe('createDefaultAdapters', () => {
  it('provides every adapter of DataAdapters', () => {
    const asProvided: DataAdapters = adapters;
    expect(Object.keys(asProvided).sort()).toEqual(
      [
        'createLabel',
        'dismissBroadcastMessage',
        'dismissCallout',
        'fetchCustomEmoji',
        'fetchReference',
        'fetchUser',
        'fetchUserProjects',
        'followUser',
        'previewMarkdown',
        'reportError',
        'updateUserStatus',
      ].sort(),
    );
    adapters.reportError(new Error('tracked'));
    expect(reported).toHaveLength(1);
  });
});

describe('user popover data', () => {
  it('reads GET users/{id} and users/{id}/status into the popover data', async () => {
    routes['GET /api/v4/users/7'] = () => ({ body: USER });
    routes['GET /api/v4/users/7/status'] = () => ({ body: STATUS });
    const data = await adapters.fetchUser({ id: '7', username: 'ada' });
    expect(data).toEqual({
      id: 7,
      username: 'ada',
      name: 'Ada Lovelace',
      avatarUrl: 'http://127.0.0.1/a.png',
      email: 'ada@example.com',
      bot: false,
      location: 'London',
      bio: 'Analyst',
      workInformation: 'Analytical Engine',
      websiteUrl: 'https://ada.example.com',
      pronouns: 'she/her',
      localTime: '3:42 PM',
      isFollowed: true,
      state: 'active',
      status: { emoji: 'coffee', message_html: 'Break', availability: 'busy' },
      loaded: true,
    });
  });

  it('shows the user without a status when the status does not load', async () => {
    routes['GET /api/v4/users/7'] = () => ({ body: USER });
    expect((await adapters.fetchUser({ id: '7' })).status).toBeNull();
  });

  it('finds a mention without an id by its exact username, with the spec texts for none and several', async () => {
    routes['GET /api/v4/users.json?per_page=20&search=ada'] = () => ({
      body: [
        { ...USER, id: 8, username: 'adam' },
        { ...USER, username: 'Ada' },
      ],
    });
    routes['GET /api/v4/users/7'] = () => ({ body: USER });
    routes['GET /api/v4/users/7/status'] = () => ({ body: STATUS });
    expect((await adapters.fetchUser({ username: 'ada' })).id).toBe(7);

    routes['GET /api/v4/users.json?per_page=20&search=ghost'] = () => ({ body: [{ ...USER, username: 'ghostly' }] });
    await expect(adapters.fetchUser({ username: 'ghost' })).rejects.toThrow('User "ghost" could not be found!');
    expect(userNotFoundMessage('ghost')).toBe('User "ghost" could not be found!');

    routes['GET /api/v4/users.json?per_page=20&search=twin'] = () => ({
      body: [
        { ...USER, username: 'twin' },
        { ...USER, id: 9, username: 'TWIN' },
      ],
    });
    await expect(adapters.fetchUser({ username: 'twin' })).rejects.toThrow('Expected username "twin" to be unique!');
    expect(userNotUniqueMessage('twin')).toBe('Expected username "twin" to be unique!');
  });
});

describe('follow and unfollow', () => {
  it('POSTs users/{id}/follow and users/{id}/unfollow', async () => {
    routes['POST /api/v4/users/7/follow'] = () => ({ status: 201, body: USER });
    routes['POST /api/v4/users/7/unfollow'] = () => ({ status: 201, body: { ...USER, is_followed: false } });
    await adapters.followUser(7, true);
    await adapters.followUser('7', false);
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/v4/users/7/follow',
      'POST /api/v4/users/7/unfollow',
    ]);
  });

  it('rejects with the HttpError carrying the server message the popover shows', async () => {
    routes['POST /api/v4/users/7/follow'] = () => ({ status: 403, body: { message: 'You cannot follow more users' } });
    const failure = await adapters.followUser(7, true).catch((error: unknown) => error);
    expect(isHttpError(failure)).toBe(true);
    expect(failure).toMatchObject({ status: 403, body: { message: 'You cannot follow more users' } });
  });
});

describe('user status', () => {
  it('PATCHes user/status with only the changed fields, in the API names; Never is sent as null', async () => {
    routes['PATCH /api/v4/user/status'] = () => ({ body: STATUS });
    await adapters.updateUserStatus({ availability: 'busy', clearStatusAfter: '3_hours' });
    await adapters.updateUserStatus({ message: 'Back', clearStatusAfter: 'never' });
    expect(requestsTo('/api/v4/user/status').map((request) => [request.method, jsonBody(request)])).toEqual([
      ['PATCH', { availability: 'busy', clear_status_after: '3_hours' }],
      ['PATCH', { message: 'Back', clear_status_after: null }],
    ]);
  });

  it('rejects when the server refuses', async () => {
    routes['PATCH /api/v4/user/status'] = () => ({
      status: 400,
      body: { error: 'clear_status_after does not have a valid value' },
    });
    await expect(adapters.updateUserStatus({ message: 'x' })).rejects.toThrow('Request failed with status code 400');
  });
});

describe('Markdown preview', () => {
  const PREVIEW = { body: '<p>Hi</p>', references: { users: ['ada'], commands: '' } };

  it('POSTs the text to the preview URL and does not send the same text again', async () => {
    routes['POST /g/p/-/preview_markdown'] = () => ({ body: PREVIEW });
    expect(await adapters.previewMarkdown('Hi', '/g/p/-/preview_markdown')).toEqual(PREVIEW);
    expect(await adapters.previewMarkdown('Hi', '/g/p/-/preview_markdown')).toEqual(PREVIEW);
    expect(requestsTo('/g/p/-/preview_markdown').map(jsonBody)).toEqual([{ text: 'Hi' }]);

    await adapters.previewMarkdown('Hi there', '/g/p/-/preview_markdown');
    await adapters.previewMarkdown('Hi', '/g/p/-/preview_markdown');
    // Only the last text is kept: going back to the first one asks again.
    expect(requestsTo('/g/p/-/preview_markdown').map(jsonBody)).toEqual([
      { text: 'Hi' },
      { text: 'Hi there' },
      { text: 'Hi' },
    ]);
  });

  it('shares a request on its way, and asks again after a failure', async () => {
    let status = 500;
    routes['POST /g/p/-/preview_markdown'] = () => ({ status, body: status === 200 ? PREVIEW : {} });
    const both = await Promise.allSettled([
      adapters.previewMarkdown('Hi', '/g/p/-/preview_markdown'),
      adapters.previewMarkdown('Hi', '/g/p/-/preview_markdown'),
    ]);
    expect(both.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(requestsTo('/g/p/-/preview_markdown')).toHaveLength(1);
    status = 200;
    expect(await adapters.previewMarkdown('Hi', '/g/p/-/preview_markdown')).toEqual(PREVIEW);
    expect(requestsTo('/g/p/-/preview_markdown')).toHaveLength(2);
  });
});

describe('custom emoji', () => {
  it('runs getCustomEmoji through Apollo, and the emoji store reads page after page until no next page', async () => {
    const emoji = await loadCustomEmoji('gitlab-org/frontend', adapters.fetchCustomEmoji);
    expect(emoji.map((info) => [info.name, info.src, info.c])).toEqual(EMOJI.map((e) => [e.name, e.url, 'custom']));
    const sent = requestsTo('/api/graphql').map(jsonBody) as { operationName: string; variables: unknown }[];
    expect(sent.map((body) => body.operationName)).toEqual(['getCustomEmoji', 'getCustomEmoji', 'getCustomEmoji']);
    expect(sent.map((body) => body.variables)).toEqual([
      { groupPath: 'gitlab-org/frontend', after: '' },
      { groupPath: 'gitlab-org/frontend', after: '3' },
      { groupPath: 'gitlab-org/frontend', after: '6' },
    ]);
  });
});

describe('dismissals', () => {
  it('POSTs a broadcast message dismissal to its path', async () => {
    routes['POST /-/broadcast_messages/5/dismiss'] = () => ({ status: 201, body: {} });
    await adapters.dismissBroadcastMessage('/-/broadcast_messages/5/dismiss', {
      broadcast_message_id: 5,
      expires_at: '2026-12-01T00:00:00.000Z',
    });
    expect(jsonBody(server.requests[0]!)).toEqual({ broadcast_message_id: 5, expires_at: '2026-12-01T00:00:00.000Z' });
  });

  it('POSTs a callout dismissal to its endpoint', async () => {
    routes['POST /-/users/callouts'] = () => ({ status: 201, body: {} });
    await adapters.dismissCallout('/-/users/callouts', { feature_name: 'token_expiry', project_id: 3 });
    expect(jsonBody(server.requests[0]!)).toEqual({ feature_name: 'token_expiry', project_id: 3 });
    routes['POST /-/users/callouts'] = () => ({ status: 500, body: {} });
    await expect(adapters.dismissCallout('/-/users/callouts', { feature_name: 'x' })).rejects.toThrow(
      'Request failed with status code 500',
    );
  });
});

describe('label creation', () => {
  it('creates a project label through its labels page, as { label: { title, color } }', async () => {
    routes['POST /gitlab-org/sub/forge/-/labels'] = () => ({
      status: 201,
      body: { id: 4, title: 'bug', color: '#FF0000', text_color: '#FFFFFF' },
    });
    const created = await adapters.createLabel(
      { namespacePath: 'gitlab-org/sub', projectPath: 'forge' },
      { title: 'bug', color: '#FF0000' },
    );
    expect(created).toEqual({
      status: 'created',
      label: { id: 4, title: 'bug', color: '#FF0000', text_color: '#FFFFFF' },
    });
    expect(jsonBody(server.requests[0]!)).toEqual({ label: { title: 'bug', color: '#FF0000' } });
  });

  it('creates a group label through the API as name and color', async () => {
    routes['POST /api/v4/groups/gitlab-org%2Fsub/labels'] = () => ({
      status: 201,
      body: { id: 5, name: 'ux', color: '#00FF00', text_color: '#000000', description: null },
    });
    const created = await adapters.createLabel({ namespacePath: 'gitlab-org/sub' }, { title: 'ux', color: '#00FF00' });
    expect(created).toEqual({
      status: 'created',
      label: { id: 5, title: 'ux', color: '#00FF00', text_color: '#000000', description: null },
    });
    expect(jsonBody(server.requests[0]!)).toEqual({ name: 'ux', color: '#00FF00' });
  });

  it('returns the server error body when the server refuses', async () => {
    const refusal = { message: { title: ['has already been taken'] } };
    routes['POST /api/v4/groups/g/labels'] = () => ({ status: 409, body: refusal });
    expect(await adapters.createLabel({ namespacePath: 'g' }, { title: 'ux', color: '#00FF00' })).toEqual({
      status: 'failed',
      error: refusal,
    });
  });
});

describe('user projects', () => {
  it('GETs users/{id}/projects with search and 20 per page', async () => {
    const projects = [{ id: 1, name: 'forge', path_with_namespace: 'ada/forge' }];
    routes['GET /api/v4/users/7/projects?search=for&per_page=20'] = () => ({ body: projects });
    expect(await adapters.fetchUserProjects(7, { search: 'for' })).toEqual(projects);
  });

  it("rejects with 'Something went wrong while fetching projects' for the page's alert", async () => {
    routes['GET /api/v4/users/7/projects?per_page=20'] = () => ({ status: 500, body: {} });
    const failure = await adapters.fetchUserProjects(7).catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('Something went wrong while fetching projects');
    expect(USER_PROJECTS_FETCH_ERROR).toBe('Something went wrong while fetching projects');
    expect(isHttpError((failure as Error).cause)).toBe(true);
  });
});

describe('reference previews', () => {
  it('reads an issue, a work item and a merge request by project and iid', async () => {
    const issue = {
      title: 'Crash',
      state: 'opened',
      type: 'TASK',
      due_date: '2026-12-01',
      confidential: true,
      references: { short: '#3', relative: '#3', full: 'g/p#3' },
    };
    routes['GET /api/v4/projects/g%2Fp/issues/3'] = () => ({ body: issue });
    routes['GET /api/v4/projects/g%2Fp/merge_requests/4'] = () => ({
      body: { title: 'Fix', state: 'merged', references: { full: 'g/p!4' } },
    });
    const url = 'http://127.0.0.1/g/p/-/issues/3';
    expect(await adapters.fetchReference({ type: 'issue', project: 'g/p', iid: 3, url })).toEqual({
      title: 'Crash',
      reference: 'g/p#3',
      state: 'opened',
      dueDate: '2026-12-01',
      confidential: true,
      workItemType: undefined,
    });
    expect((await adapters.fetchReference({ type: 'work_item', project: 'g/p', iid: 3, url })).workItemType).toBe(
      'Task',
    );
    expect(await adapters.fetchReference({ type: 'merge_request', project: 'g/p', iid: 4, url })).toEqual({
      title: 'Fix',
      reference: 'g/p!4',
      state: 'merged',
    });
  });

  it('reads a milestone by id, its state as the preview names it', async () => {
    routes['GET /api/v4/projects/g%2Fp/milestones/12'] = () => ({
      body: { title: 'v1.0', state: 'active', expired: true, due_date: '2026-01-01', start_date: '2025-12-01' },
    });
    expect(await adapters.fetchReference({ type: 'milestone', project: 'g/p', id: '12', url: 'http://x/m' })).toEqual({
      title: 'v1.0',
      state: 'expired',
      dueDate: '2026-01-01',
      startDate: '2025-12-01',
    });
    const base = {
      id: 1,
      iid: 1,
      title: 'm',
      description: null,
      created_at: '',
      updated_at: '',
      due_date: null,
      web_url: '',
    };
    const now = Date.parse('2026-06-01');
    expect(milestoneState({ ...base, state: 'closed', expired: true, start_date: null }, now)).toBe('closed');
    expect(milestoneState({ ...base, state: 'active', expired: false, start_date: '2026-07-01' }, now)).toBe(
      'upcoming',
    );
    expect(milestoneState({ ...base, state: 'active', expired: false, start_date: '2026-05-01' }, now)).toBe('active');
  });

  it('refuses a reference without a project', async () => {
    await expect(adapters.fetchReference({ type: 'issue', iid: 3, url: 'http://x/i' })).rejects.toThrow(
      UNRESOLVABLE_REFERENCE_MESSAGE,
    );
    expect(server.requests).toHaveLength(0);
  });
});
