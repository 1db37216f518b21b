/**
 * Git runs from the helper process (gitProcess.ts), not forked from the server's own: git's parent
 * is the helper; a helper that dies fails the calls under way and the next call starts another.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Repository } from '../../server/domain/git.ts';

const dir = mkdtempSync(join(tmpdir(), 'forgekit-git-process-'));
const path = join(dir, 'r.git');
execFileSync('git', ['init', '--bare', '--quiet', path]);
const repository = new Repository(path);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a shell alias through git (`$PPID` there is git's own pid). */
const alias = (script: string) => repository.text(['-c', `alias.probe=!${script}`, 'probe']);

/** The pid of the process that started git. */
async function gitParent(): Promise<number> {
  // Read while git waits for its alias. Field 4 of /proc/<pid>/stat is the parent's pid (the name
  // in field 2, "git", has no spaces).
  return Number((await alias('cat /proc/$PPID/stat')).split(' ')[3]);
}

describe('the git runner process', () => {
  it('starts git, instead of the server process', async () => {
    const parent = await gitParent();
    expect(parent).not.toBe(process.pid);
    expect(readFileSync(`/proc/${parent}/cmdline`, 'utf8')).toContain('gitProcess.child.mjs');
    expect(await gitParent()).toBe(parent);
  });

  it('fails the calls under way when it dies, and the next call starts a new one', async () => {
    const parent = await gitParent();
    expect(parent, 'git started by the test process itself').not.toBe(process.pid);
    const slow = alias('sleep 5');
    // The helper has the command once git runs it: wait for the sleep to start.
    await expect.poll(() => readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8').trim()).not.toBe('');
    process.kill(parent, 'SIGKILL');
    await expect(slow).rejects.toThrow(/git runner process exited \(SIGKILL\)/);
    const next = await gitParent();
    expect(next).not.toBe(parent);
    expect((await repository.text(['rev-parse', '--is-bare-repository'])).trim()).toBe('true');
  });
});
