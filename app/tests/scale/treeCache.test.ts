/**
 * The project tree's git work: a listing at a commit sha is read with `git ls-tree` once and then
 * served from memory (trees of a commit never change), while a branch that moves is resolved
 * afresh every time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Repository, type GitRunOptions } from '../../server/domain/git.ts';
import { listTree } from '../../server/domain/gitObjects.ts';

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
