/**
 * Files that are the same for everyone (the built assets, the icon sprite, the emoji data, the
 * diagram sandbox) are served without looking up who asks: a signed-in page load requests a
 * hundred-odd of them, and each used to cost a session query (and with a stale token, a 401 where
 * GitLab serves its assets to anyone).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMOJI_VERSION, emojiDataPath } from 'forgekit/emoji';
import { MERMAID_SANDBOX_PATH } from 'forgekit/markdown/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ICON_SPRITE_PATH } from '../../src/page.ts';
import { onEveryQuery } from '../helpers/queryCount.ts';
import { ROOT_PASSWORD, startTestServer, type TestServer } from '../helpers/server.ts';

/** A built file, as `vite build` names them (content hash in the name). */
const ASSET = 'assets/entry.client-Bx7LuGUU.js';
const ASSET_SOURCE = 'console.log("built");';

const clientDir = mkdtempSync(join(tmpdir(), 'forgekit-client-'));
let server: TestServer;
let cookie: string;
let queries = 0;

beforeAll(async () => {
  // A browser build of one file: the server serves `assets/` when it finds a build manifest.
  mkdirSync(join(clientDir, '.vite'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(clientDir, ASSET), ASSET_SOURCE);
  const before = process.env.FORGEKIT_CLIENT_DIR;
  process.env.FORGEKIT_CLIENT_DIR = clientDir;
  try {
    server = await startTestServer({ relativeUrlRoot: '/forge' });
  } finally {
    if (before === undefined) delete process.env.FORGEKIT_CLIENT_DIR;
    else process.env.FORGEKIT_CLIENT_DIR = before;
  }
  const signedIn = await server.request('/users/sign_in', {
    method: 'POST',
    json: { user: { login: 'root', password: ROOT_PASSWORD } },
  });
  expect(signedIn.status).toBe(201);
  cookie = signedIn.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .join('; ');
  onEveryQuery(server.database, () => (queries += 1));
});
afterAll(async () => {
  await server?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const PUBLIC_FILES = [`/${ASSET}`, ICON_SPRITE_PATH, emojiDataPath(EMOJI_VERSION), MERMAID_SANDBOX_PATH];

describe('public files', () => {
  it.each(PUBLIC_FILES)('serves %s to a signed-in visitor without a database query', async (path) => {
    queries = 0;
    const response = await server.request(path, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(queries).toBe(0);
  });

  it('still looks the session up where it matters (the counter sees it)', async () => {
    queries = 0;
    const response = await server.request<{ username: string }>('/api/v4/user', { headers: { cookie } });
    expect(response.body.username).toBe('root');
    expect(queries).toBeGreaterThan(0);
  });

  it.each(PUBLIC_FILES)('serves %s to a request with an unknown token', async (path) => {
    const response = await server.request(path, { token: 'glpat-unknown-token-0000' });
    expect(response.status).toBe(200);
  });

  it('serves the built file as it is, cached for a year', async () => {
    const response = await server.request(`/${ASSET}`);
    expect(response.text).toBe(ASSET_SOURCE);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('refuses the unknown token on the API', async () => {
    expect((await server.request('/api/v4/user', { token: 'glpat-unknown-token-0000' })).status).toBe(401);
  });
});
