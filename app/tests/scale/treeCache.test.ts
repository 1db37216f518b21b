/**
 * The project tree's git work: a listing at a commit sha is read with `git ls-tree` once and then
 * served from memory (trees of a commit never change), while a branch that moves is resolved
 * afresh every time; the same for a path's last commit (`git log -1`, GraphQL's `lastCommit`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Repository, type GitRunOptions } from '../../server/domain/git.ts';
import { lastCommitOf, listTree } from '../../server/domain/gitObjects.ts';

/** A real repository that counts the git processes it starts. */
class CountingRepository extends Repository {
  processes = 0;
  override run(args: readonly string[], options?: GitRunOptions): Promise<Buffer> {
    this.processes += 1;
    return super.run(args, options);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'forgekit-tree-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Commits `files` on top of `parent` (or as a root commit); returns the commit sha. */
async function commit(repository: Repository, files: Record<string, string>, parent?: string): Promise<string> {
  const entries: string[] = [];
  for (const [name, content] of Object.entries(files)) {
    const blob = (await repository.text(['hash-object', '-w', '--stdin'], { input: content })).trim();
    entries.push(`100644 blob ${blob}\t${name}`);
  }
  const tree = (await repository.text(['mktree'], { input: `${entries.join('\n')}\n` })).trim();
  const env = {
    GIT_AUTHOR_NAME: 'Test',
    GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'Test',
    GIT_COMMITTER_EMAIL: 'test@example.com',
  };
  const args = ['commit-tree', tree, '-m', 'test', ...(parent ? ['-p', parent] : [])];
  return (await repository.text(args, { env })).trim();
}

describe('listTree', () => {
  it('reads the tree of a commit sha once, and resolves moving branches afresh', async () => {
    const repository = new CountingRepository(join(dir, 'cache.git'));
    await repository.run(['init', '--quiet', '--bare', repository.path]);
    const first = await commit(repository, { 'README.md': 'one' });
    await repository.updateRef('refs/heads/main', first, '0'.repeat(40));

    const before = repository.processes;
    const listing = await listTree(repository, first, '', false);
    expect(listing?.map((entry) => entry.name)).toEqual(['README.md']);
    expect(await listTree(repository, first, '', false)).toEqual(listing);
    expect(repository.processes - before).toBe(1);

    const second = await commit(repository, { 'README.md': 'one', LICENSE: 'MIT' }, first);
    await repository.updateRef('refs/heads/main', second, first);
    const moved = await listTree(repository, 'main', '', false);
    expect(moved?.map((entry) => entry.name).sort()).toEqual(['LICENSE', 'README.md']);
  });
});

describe('lastCommitOf', () => {
  it("reads a path's last commit at a commit sha once, and finds the new one once the branch moves", async () => {
    const repository = new CountingRepository(join(dir, 'last-commit.git'));
    await repository.run(['init', '--quiet', '--bare', repository.path]);
    const first = await commit(repository, { 'README.md': 'one', LICENSE: 'MIT' });
    const second = await commit(repository, { 'README.md': 'two', LICENSE: 'MIT' }, first);

    const before = repository.processes;
    expect((await lastCommitOf(repository, second, 'LICENSE'))?.id).toBe(first);
    expect((await lastCommitOf(repository, second, 'LICENSE'))?.id).toBe(first);
    expect((await lastCommitOf(repository, second, ''))?.id).toBe(second);
    expect(repository.processes - before).toBe(2);
    expect(await lastCommitOf(repository, second, 'missing.txt')).toBeNull();

    const third = await commit(repository, { 'README.md': 'two', LICENSE: 'Apache-2.0' }, second);
    await repository.updateRef('refs/heads/main', third, '0'.repeat(40));
    expect((await lastCommitOf(repository, 'main', 'LICENSE'))?.id).toBe(third);
  });
});
