/**
 * The page renderer's cache of repository answers (app/server/web/repositoryCache.ts): a second
 * view of a tree or an overview asks git nothing, and whatever moves a ref (a commit, a new
 * branch) or changes who may see the project shows at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryCacheOf } from '../../server/web/repositoryCache.ts';
import { startRepositoryFixture, type RepositoryFixture } from '../helpers/repositoryFixture.ts';

/**
 * What a file view reads of the repository through the in-process REST API: the branch and tag
 * lists twice (the ref split from the path, the ref switcher) and the file (GitLab's JSON). Its last
 * commit comes through GraphQL (`pathLastCommit`), kept by commit sha in gitObjects.ts.
 */
const FILE_VIEW_REPOSITORY_READS = 5;

let fixture: RepositoryFixture;
const page = (path: string) => fixture.server.request<string>(path);
const stats = () => ({ ...repositoryCacheOf(fixture.server.app.repositories)!.stats });

beforeAll(async () => {
  fixture = await startRepositoryFixture();
  await fixture.commit('main', [{ action: 'create', file_path: 'src/first.ts', content: 'first' }], {
    project: fixture.publicId,
  });
});
afterAll(() => fixture.server.close());

describe('repository answers of the pages', () => {
  it('come from the cache on the second view of a tree', async () => {
    const first = await page('/olivia/open/-/tree/main/src');
    expect(first.status).toBe(200);
    expect(first.text).toContain('first.ts');
    const before = stats();
    const second = await page('/olivia/open/-/tree/main/src');
    expect(second.text).toContain('first.ts');
    const after = stats();
    // Ref names, listing, last commit, logs_tree, branch and tag lists: all from the cache.
    expect(after.misses).toBe(before.misses);
    expect(after.hits).toBeGreaterThan(before.hits);
  });

  it('are asked again once a commit moves the branch', async () => {
    await page('/olivia/open/-/tree/main/src');
    await fixture.commit('main', [{ action: 'create', file_path: 'src/second.ts', content: 'second' }], {
      project: fixture.publicId,
      message: 'Add the second file',
    });
    const after = await page('/olivia/open/-/tree/main/src');
    expect(after.text).toContain('second.ts');
    expect(after.text).toContain('Add the second file');
  });

  it('show a new branch in the ref switcher and its own tree', async () => {
    await page('/olivia/open/-/tree/main');
    const created = await fixture.api('/projects/' + fixture.publicId + '/repository/branches', fixture.tokens.olivia, {
      method: 'POST',
      json: { branch: 'cached-feature', ref: 'main' },
    });
    expect(created.status).toBe(201);
    const tree = await page('/olivia/open/-/tree/cached-feature/src');
    expect(tree.status).toBe(200);
    expect(tree.text).toContain('cached-feature');
  });

  it('show the README as it is now on the overview', async () => {
    expect((await page('/olivia/open')).status).toBe(200);
    await fixture.commit(
      'main',
      [{ action: 'update', file_path: 'README.md', content: '# Open\n\nNew words here.\n' }],
      {
        project: fixture.publicId,
      },
    );
    expect((await page('/olivia/open')).text).toContain('New words here.');
  });

  it('serve a file view the second time (the file, its last commit) and show the file as it is after a commit', async () => {
    const first = await page('/olivia/open/-/blob/main/src/first.ts');
    expect(first.status).toBe(200);
    const before = stats();
    expect((await page('/olivia/open/-/blob/main/src/first.ts')).text).toContain('first');
    expect(stats().misses).toBe(before.misses);
    expect(stats().hits - before.hits).toBe(FILE_VIEW_REPOSITORY_READS);
    await fixture.commit('main', [{ action: 'update', file_path: 'src/first.ts', content: 'changed words' }], {
      project: fixture.publicId,
    });
    expect((await page('/olivia/open/-/blob/main/src/first.ts')).text).toContain('changed words');
  });

  it('are not served to a visitor who can no longer see the project', async () => {
    expect((await page('/olivia/open/-/tree/main/src')).status).toBe(200);
    const changed = await fixture.api(`/projects/${fixture.publicId}`, fixture.tokens.olivia, {
      method: 'PUT',
      json: { visibility: 'private' },
    });
    expect(changed.status).toBe(200);
    expect((await page('/olivia/open/-/tree/main/src')).status).toBe(404);
  });
});
