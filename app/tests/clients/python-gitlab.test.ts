/**
 * The real python-gitlab (Debian's `python3-gitlab`, installed by scripts/ensure-server-tools.mjs)
 * runs `python_gitlab_session.py` against the server: each step it completes prints one JSON line,
 * and a failing step stops it with its traceback, which this test shows.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

/** The Python that `python3-gitlab` installs into. */
const PYTHON = '/usr/bin/python3';
const SESSION = fileURLToPath(new URL('./python_gitlab_session.py', import.meta.url));
/** The steps of the session, in order. */
const STEPS = [
  'auth',
  'projects with auto-pagination',
  'get by path',
  'issues create/update/close/delete',
  'notes',
  'award emoji',
  'labels',
  'milestones',
  'users',
  'status',
  'follow/unfollow',
  'markdown',
  'merge requests',
  'releases',
  'pipelines',
  'todos',
];

let server: TestServer;
let friendToken: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ token: friendToken } = await server.createUser('py-friend'));
});
afterAll(() => server?.close());

describe('python-gitlab session', () => {
  it('completes every step', async () => {
    const { stdout, stderr, code } = await promisify(execFile)(PYTHON, [SESSION, server.url, ROOT_TOKEN, friendToken], {
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
    }).then(
      ({ stdout, stderr }) => ({ stdout, stderr, code: 0 }),
      (error: { stdout: string; stderr: string; code: number }) => error,
    );
    const completed = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { step: string }).step);
    expect({ completed, failure: code === 0 ? '' : stderr }).toEqual({ completed: STEPS, failure: '' });
  });
});
