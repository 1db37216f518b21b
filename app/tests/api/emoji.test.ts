/**
 * The library's assets the product serves: the emoji data at `/-/emojis/3/emojis.json` (GitLab's
 * `[{n, c, e, d, u}]` records, revalidated by ETag) and the diagram sandbox page
 * `/-/sandbox/mermaid` with its script and a restrictive Content-Security-Policy.
 */
import { EMOJI_VERSION, emojiDataPath } from 'forgekit/emoji';
import emojiRecords from 'forgekit/emojis.json' with { type: 'json' };
import { MERMAID_SANDBOX_PATH } from 'forgekit/markdown/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SCRIPT_PATH } from '../../server/web/sandbox.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ relativeUrlRoot: '/forge' });
});
afterAll(() => server.close());

describe('emoji data', () => {
  it('serves the library data set under the relative root, version 3', async () => {
    expect(emojiDataPath(EMOJI_VERSION)).toBe('/-/emojis/3/emojis.json');
    const response = await server.request<{ n: string; c: string; e: string; d: string; u: string }[]>(
      emojiDataPath(EMOJI_VERSION),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.body).toEqual(emojiRecords);
    expect(response.body.find((record) => record.n === 'thumbsup')).toMatchObject({ c: 'people', e: '👍' });
  });

  it('answers 304 to a matching ETag, 404 for other versions', async () => {
    const first = await server.request(emojiDataPath(EMOJI_VERSION));
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const again = await server.request(emojiDataPath(EMOJI_VERSION), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect((await server.request(emojiDataPath(EMOJI_VERSION + 1))).status).toBe(404);
  });
});

describe('diagram sandbox', () => {
  it('serves the page with its script under the relative root and a restrictive CSP', async () => {
    const page = await server.request(MERMAID_SANDBOX_PATH);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text).toContain(`<script src="/forge${SANDBOX_SCRIPT_PATH}"></script>`);
    const csp = page.headers.get('content-security-policy')!;
    const origin = new URL(server.url).origin;
    expect(csp.split('; ')).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        `script-src ${origin}`,
        "connect-src 'none'",
        "frame-ancestors 'self'",
      ]),
    );
    expect(csp).not.toContain('unsafe-eval');
  });

  it('serves the library sandbox bundled with Mermaid as one classic script', async () => {
    const script = await server.request(SANDBOX_SCRIPT_PATH);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    // One self-contained classic script: no module syntax, Mermaid inside.
    expect(script.text).not.toMatch(/^\s*(import|export)\s/m);
    expect(script.text).toContain('securityLevel');
    expect(script.text.length).toBeGreaterThan(1_000_000);
  }, 120_000);
});
