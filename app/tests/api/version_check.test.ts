/**
 * Version check data (GitLab's `/admin/version_check.json`): the server's version against the
 * release feed, severities for the badge, the critical flag for the patch modal; administrators
 * only; empty when the setting is off.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../server/api/v4/version.ts';
import {
  VERSION_CHECK_PATH,
  VERSION_FEED_VARIABLE,
  versionCheck,
  versionCheckRoutes,
} from '../../server/web/version_check.ts';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let dir = '';

beforeAll(async () => {
  server = await startTestServer({
    webRoutes: [{ plugin: versionCheckRoutes, probe: { method: 'GET', url: VERSION_CHECK_PATH } }],
  });
  dir = await mkdtemp(join(tmpdir(), 'forgekit-version-feed-'));
});
afterAll(async () => {
  delete process.env[VERSION_FEED_VARIABLE];
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('versionCheck', () => {
  it('is up to date without newer releases', () => {
    expect(versionCheck('2.3.1', [{ version: '2.3.0' }, { version: '2.2.9', security: true }])).toEqual({
      latest_stable_versions: ['2.3.1', '2.2.9'],
      latest_stable_version_of_minor: '2.3.1',
      latest_version: '2.3.1',
      severity: 'success',
      critical_vulnerability: false,
      details: '',
    });
  });

  it('warns of a newer release, and of a security one as danger; flags critical ones', () => {
    const releases = [
      { version: '2.10.0' },
      { version: '2.9.3' },
      { version: '2.3.4' },
      { version: '2.3.2' },
      { version: '1.0.0' },
    ];
    expect(versionCheck('2.3.1', releases)).toMatchObject({
      latest_stable_versions: ['2.10.0', '2.9.3', '2.3.4'],
      latest_stable_version_of_minor: '2.3.4',
      latest_version: '2.10.0',
      severity: 'warning',
      critical_vulnerability: false,
    });
    const security = [...releases, { version: '2.3.3', security: true, critical: true, details: 'Patch now' }];
    expect(versionCheck('2.3.1', security)).toMatchObject({
      severity: 'danger',
      critical_vulnerability: true,
      details: 'Patch now',
    });
    expect(versionCheck('2.3.3', security)).toMatchObject({ severity: 'warning', critical_vulnerability: false });
  });
});

describe(VERSION_CHECK_PATH, () => {
  it('answers administrators from the feed, 404 to others', async () => {
    const feed = join(dir, 'releases.json');
    await writeFile(feed, JSON.stringify([{ version: `${APP_VERSION}9`, security: true, critical: true }]));
    process.env[VERSION_FEED_VARIABLE] = feed;
    const data = await server.request(VERSION_CHECK_PATH, { token: ROOT_TOKEN });
    expect(data).toMatchObject({ status: 200, body: { severity: 'danger', critical_vulnerability: true } });
    expect(data.headers.get('content-type')).toBe('application/json');
    const { token } = await server.createUser('someone');
    expect((await server.request(VERSION_CHECK_PATH, { token })).status).toBe(404);
    expect((await server.request(VERSION_CHECK_PATH)).status).toBe(404);
  });

  it('is empty when version checks are off', async () => {
    await server.request('/api/v4/application/settings', {
      method: 'PUT',
      token: ROOT_TOKEN,
      json: { version_check_enabled: false },
    });
    expect((await server.request(VERSION_CHECK_PATH, { token: ROOT_TOKEN })).body).toEqual({});
  });
});
