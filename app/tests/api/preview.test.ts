/**
 * The Markdown preview routes (GITLAB-API.md §6): `POST /{namespace}/{project}/-/preview_markdown`
 * and `POST /groups/{group}/-/preview_markdown` with `text` answer `{ body, references: { users,
 * suggestions, commands } }`; signed-in users only, on projects and groups they may read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

interface Preview {
  body: string;
  references: { users: string[]; suggestions: unknown[]; commands: string };
}

let server: TestServer;
let ownerToken: string;
let strangerToken: string;

const preview = (path: string, text: unknown, token?: string) =>
  server.request<Preview>(path, { method: 'POST', token, json: { text } });

beforeAll(async () => {
  server = await startTestServer();
  ownerToken = (await server.createUser('owner')).token;
  strangerToken = (await server.createUser('stranger')).token;
  await server.createUser('alice');
  const api = (path: string, json: object) =>
    server.request(`/api/v4${path}`, { method: 'POST', token: ownerToken, json });
  const group = (await api('/groups', { name: 'Top', path: 'top' })).body as { id: number };
  const sub = (await api('/groups', { name: 'Sub', path: 'sub', parent_id: group.id })).body as { id: number };
  await api('/projects', { name: 'App', path: 'app', namespace_id: sub.id });
});
afterAll(() => server.close());

describe('project preview', () => {
  it('renders the text, lists the users it mentions, and explains quick actions', async () => {
    const { status, headers, body } = await preview(
      '/top/sub/app/-/preview_markdown',
      'Hello **@alice** and @nobody\n/close\n/label ~bug ~ui',
      ownerToken,
    );
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json');
    expect(body.body).toContain('<strong>');
    expect(body.body).toContain('data-username="alice"');
    expect(body.body).not.toContain('/close');
    expect(body.references.users).toEqual(['alice']);
    expect(body.references.suggestions).toEqual([]);
    expect(body.references.commands).toContain('Closes this issue.');
    expect(body.references.commands).toContain('Adds ~bug ~ui labels.');
  });

  it('leaves commands empty without quick actions, and keeps command lines inside code blocks', async () => {
    const { body } = await preview('/top/sub/app/-/preview_markdown', '```\n/close\n```', ownerToken);
    expect(body.references.commands).toBe('');
    expect(body.body).toContain('/close');
  });

  it('is for signed-in users who can read the project', async () => {
    expect((await preview('/top/sub/app/-/preview_markdown', 'x')).status).toBe(401);
    expect(await preview('/top/sub/app/-/preview_markdown', 'x', strangerToken)).toMatchObject({
      status: 404,
      body: { message: '404 Project Not Found' },
    });
    expect((await preview('/top/sub/app/-/preview_markdown', { not: 'text' }, ownerToken)).status).toBe(400);
  });
});

describe('group preview', () => {
  it('renders in a nested group', async () => {
    const { status, body } = await preview('/groups/top/sub/-/preview_markdown', 'Hi @alice', ownerToken);
    expect(status).toBe(200);
    expect(body.references.users).toEqual(['alice']);
    expect((await preview('/groups/top/sub/-/preview_markdown', 'x', strangerToken)).status).toBe(404);
  });
});
