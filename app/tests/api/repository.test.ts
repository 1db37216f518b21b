/**
 * Repository API contract (GitLab's repositories.md, repository_files.md, commits.md,
 * branches.md, tags.md, protected_branches.md) against a real server, real bare repositories
 * and the system git: shapes, status codes, pagination, who may read and write, and paths that
 * try to leave the repository.
 */
import { createHash } from 'node:crypto';
import { Gitlab } from '@gitbeaker/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRepositoryFixture, type RepositoryFixture } from '../helpers/repositoryFixture.ts';
import { ROOT_TOKEN, type TestServer } from '../helpers/server.ts';

let fixture: RepositoryFixture;
let server: TestServer;
let tokens: RepositoryFixture['tokens'];
let projectId = 0;
let publicId = 0;
let firstSha = '';
let secondSha = '';

interface CommitJson {
  id: string;
  short_id: string;
  title: string;
  message: string;
  parent_ids: string[];
  author_name: string;
  web_url: string;
  stats?: { additions: number; deletions: number; total: number };
  [key: string]: unknown;
}

const api: RepositoryFixture['api'] = (...args) => fixture.api(...args);

const repo = (path: string) => `/projects/${projectId}/repository${path}`;

beforeAll(async () => {
  fixture = await startRepositoryFixture();
  ({ server, tokens, projectId, publicId } = fixture);
  const first = await api<CommitJson>(repo('/commits'), tokens.olivia, {
    method: 'POST',
    json: {
      branch: 'main',
      commit_message: 'Add sources\n\nWith a body.',
      actions: [
        { action: 'create', file_path: 'src/app.ts', content: 'export const a = 1;\n' },
        { action: 'create', file_path: 'src/lib/util.ts', content: 'one\ntwo\n' },
        { action: 'create', file_path: 'bin/run', content: '#!/bin/sh\n', execute_filemode: true },
        {
          action: 'create',
          file_path: 'logo.png',
          content: Buffer.from([0, 1, 2, 255]).toString('base64'),
          encoding: 'base64',
        },
      ],
    },
  });
  expect(first.status).toBe(201);
  firstSha = first.body.id;
  const second = await api<CommitJson>(repo('/commits'), tokens.olivia, {
    method: 'POST',
    json: {
      branch: 'main',
      commit_message: 'Change util',
      author_name: 'Ghost Writer',
      author_email: 'ghost@example.com',
      actions: [{ action: 'update', file_path: 'src/lib/util.ts', content: 'one\nthree\n' }],
    },
  });
  secondSha = second.body.id;
});
afterAll(() => server.close());

describe('project creation', () => {
  it('initialize_with_readme makes a first commit on the default branch, which is protected', async () => {
    const project = await api<{ default_branch: string }>(`/projects/${publicId}`, tokens.olivia);
    expect(project.body.default_branch).toBe('main');
    const readme = await server.request(`/api/v4/projects/${publicId}/repository/files/README.md/raw`);
    expect(readme).toMatchObject({ status: 200, text: '# Open\n' });
    expect(readme.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const protections = await api<Array<{ name: string; push_access_levels: unknown[] }>>(
      `/projects/${publicId}/protected_branches`,
      tokens.olivia,
    );
    expect(protections.body).toEqual([
      {
        id: expect.any(Number),
        name: 'main',
        push_access_levels: [expect.objectContaining({ access_level: 40, access_level_description: 'Maintainers' })],
        merge_access_levels: [expect.objectContaining({ access_level: 40 })],
        unprotect_access_levels: [expect.objectContaining({ access_level: 40 })],
        allow_force_push: false,
        code_owner_approval_required: false,
      },
    ]);
  });

  it('a project without a README has an empty repository', async () => {
    const empty = await api<{ id: number; default_branch: string | null }>('/projects', tokens.olivia, {
      method: 'POST',
      json: { name: 'Empty' },
    });
    expect(empty.body.default_branch).toBeNull();
    expect((await api(`/projects/${empty.body.id}/repository/branches`, tokens.olivia)).body).toEqual([]);
    expect(await api(`/projects/${empty.body.id}/repository/tree`, tokens.olivia)).toMatchObject({
      status: 404,
      body: { message: '404 Tree Not Found' },
    });
    // The first commit needs no start branch and makes its branch the default one.
    const created = await api(`/projects/${empty.body.id}/repository/commits`, tokens.olivia, {
      method: 'POST',
      json: { branch: 'trunk', commit_message: 'first', actions: [{ action: 'create', file_path: 'a', content: 'a' }] },
    });
    expect(created.status).toBe(201);
    const after = await api<{ default_branch: string }>(`/projects/${empty.body.id}`, tokens.olivia);
    expect(after.body.default_branch).toBe('trunk');
  });
});

describe('commits', () => {
  it('creates a commit of several actions (201, CommitDetail with stats)', async () => {
    const commit = await api<CommitJson>(repo(`/commits/${firstSha}`), tokens.olivia);
    expect(commit.body).toMatchObject({
      id: firstSha,
      short_id: firstSha.slice(0, 8),
      title: 'Add sources',
      message: 'Add sources\n\nWith a body.',
      author_name: 'olivia',
      author_email: 'olivia@example.com',
      committer_name: 'olivia',
      stats: { additions: 4, deletions: 0, total: 4 },
      status: null,
      project_id: projectId,
      last_pipeline: null,
      trailers: {},
    });
    expect(commit.body.parent_ids).toHaveLength(1);
    expect(commit.body.web_url).toMatch(new RegExp(`/olivia/app/-/commit/${firstSha}$`));
    expect(commit.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000[+-]\d\d:\d\d$/);
    const second = await api<CommitJson>(repo(`/commits/${secondSha}`), tokens.olivia);
    expect(second.body).toMatchObject({
      author_name: 'Ghost Writer',
      author_email: 'ghost@example.com',
      parent_ids: [firstSha],
      stats: { additions: 1, deletions: 1, total: 2 },
    });
  });

  it('lists commits newest first with pagination headers, filtered by path', async () => {
    const page = await api<CommitJson[]>(`${repo('/commits')}?per_page=2`, tokens.olivia);
    expect(page.body.map((c) => c.id)).toEqual([secondSha, firstSha]);
    expect(page.headers.get('x-total')).toBe('3');
    expect(page.headers.get('x-next-page')).toBe('2');
    expect(page.headers.get('link')).toContain('rel="next"');
    const last = await api<CommitJson[]>(`${repo('/commits')}?per_page=2&page=2`, tokens.olivia);
    expect(last.body.map((c) => c.title)).toEqual(['Initial commit']);
    expect((await api<CommitJson[]>(`${repo('/commits')}?per_page=2&page=3`, tokens.olivia)).body).toEqual([]);
    const byPath = await api<CommitJson[]>(`${repo('/commits')}?path=src/lib/util.ts&with_stats=true`, tokens.olivia);
    expect(byPath.body.map((c) => [c.id, c.stats?.total])).toEqual([
      [secondSha, 2],
      [firstSha, 4],
    ]);
    expect((await api(`${repo('/commits')}?ref_name=nope`, tokens.olivia)).body).toEqual([]);
  });

  it('shows a commit diff and refuses unknown commits', async () => {
    const diff = await api<Array<Record<string, unknown>>>(repo(`/commits/${secondSha}/diff`), tokens.olivia);
    expect(diff.body).toEqual([
      {
        diff: '@@ -1,2 +1,2 @@\n one\n-two\n+three\n',
        collapsed: false,
        too_large: false,
        new_path: 'src/lib/util.ts',
        old_path: 'src/lib/util.ts',
        a_mode: '100644',
        b_mode: '100644',
        new_file: false,
        renamed_file: false,
        deleted_file: false,
        generated_file: false,
      },
    ]);
    expect(await api(repo('/commits/0123456789abcdef'), tokens.olivia)).toMatchObject({
      status: 404,
      body: { message: '404 Commit Not Found' },
    });
    expect((await api(repo('/commits/--output=x'), tokens.olivia)).status).toBe(404);
  });

  it('refuses actions that do not fit the tree, and paths that leave it', async () => {
    const post = (actions: unknown[], branch = 'main') =>
      api(repo('/commits'), tokens.olivia, { method: 'POST', json: { branch, commit_message: 'x', actions } });
    expect(await post([{ action: 'create', file_path: 'src/app.ts', content: 'x' }])).toMatchObject({
      status: 400,
      body: { message: 'A file with this name already exists' },
    });
    // A file where a folder is, or under a file: git's index would take both and write a broken tree.
    expect(await post([{ action: 'create', file_path: 'src', content: 'x' }])).toMatchObject({
      status: 400,
      body: { message: 'A directory with this name already exists' },
    });
    expect(await post([{ action: 'create', file_path: 'logo.png/inner', content: 'x' }])).toMatchObject({
      status: 400,
      body: { message: 'A file with this name already exists' },
    });
    expect(await post([{ action: 'update', file_path: 'nope.txt', content: 'x' }])).toMatchObject({
      status: 400,
      body: { message: "A file with this name doesn't exist" },
    });
    for (const path of ['../escape', 'src/../../etc/passwd', '.git/config', '/abs']) {
      expect(await post([{ action: 'create', file_path: path, content: 'x' }])).toMatchObject({
        status: 400,
        body: { message: 'file_path should be a valid file path' },
      });
    }
    expect(await post([{ action: 'create', file_path: 'x', content: 'x' }], 'new-branch')).toMatchObject({
      status: 400,
      body: { message: 'You can only create or edit files when you are on a branch' },
    });
    expect(await post([{ action: 'explode', file_path: 'x' }])).toMatchObject({
      status: 400,
      body: { error: 'actions.0.action is invalid' },
    });
    // Nothing was committed by the refused requests.
    const head = await api<{ commit: { id: string } }>(repo('/branches/main'), tokens.olivia);
    expect(head.body.commit.id).toBe(secondSha);
  });
});

describe('tree, files and blobs', () => {
  it('lists the root tree folders first, a sub-tree, recursively, with pagination', async () => {
    const root = await api<Array<{ name: string; type: string; path: string; mode: string; id: string }>>(
      repo('/tree'),
      tokens.olivia,
    );
    expect(root.body.map((e) => [e.name, e.type, e.mode])).toEqual([
      ['bin', 'tree', '040000'],
      ['src', 'tree', '040000'],
      ['README.md', 'blob', '100644'],
      ['logo.png', 'blob', '100644'],
    ]);
    expect(root.body[0]!.id).toMatch(/^[0-9a-f]{40}$/);
    expect(root.headers.get('x-total')).toBe('4');
    const sub = await api<Array<{ path: string }>>(`${repo('/tree')}?path=src&recursive=true`, tokens.olivia);
    expect(sub.body.map((e) => e.path)).toEqual(['src/app.ts', 'src/lib', 'src/lib/util.ts']);
    const paged = await api<Array<{ name: string }>>(`${repo('/tree')}?per_page=3&page=2`, tokens.olivia);
    expect(paged.body.map((e) => e.name)).toEqual(['logo.png']);
    expect(await api(`${repo('/tree')}?path=README.md`, tokens.olivia)).toMatchObject({ status: 404 });
    expect(await api(`${repo('/tree')}?path=../..`, tokens.olivia)).toMatchObject({
      status: 400,
      body: { error: 'file_path should be a valid file path' },
    });
    expect((await api(`${repo('/tree')}?ref=${firstSha}&path=src/lib`, tokens.olivia)).status).toBe(200);
  });

  it('reads a file with its metadata (GET and HEAD) and raw', async () => {
    const file = await api<Record<string, unknown>>(`${repo('/files/src%2Flib%2Futil.ts')}?ref=main`, tokens.olivia);
    const content = 'one\nthree\n';
    expect(file.body).toEqual({
      file_name: 'util.ts',
      file_path: 'src/lib/util.ts',
      size: content.length,
      encoding: 'base64',
      content_sha256: createHash('sha256').update(content).digest('hex'),
      ref: 'main',
      blob_id: expect.stringMatching(/^[0-9a-f]{40}$/),
      commit_id: secondSha,
      last_commit_id: secondSha,
      execute_filemode: false,
      content: Buffer.from(content).toString('base64'),
    });
    const head = await server.request(`/api/v4${repo('/files/src%2Fapp.ts')}?ref=main`, {
      method: 'HEAD',
      token: tokens.olivia,
    });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('x-gitlab-last-commit-id')).toBe(firstSha);
    expect(head.headers.get('x-gitlab-file-path')).toBe('src%2Fapp.ts');
    const run = await api<{ execute_filemode: boolean }>(`${repo('/files/bin%2Frun')}?ref=main`, tokens.olivia);
    expect(run.body.execute_filemode).toBe(true);
    const raw = await api(`${repo('/files/src%2Flib%2Futil.ts/raw')}?ref=${firstSha}`, tokens.olivia);
    expect(raw).toMatchObject({ status: 200, text: 'one\ntwo\n' });
    const binary = await fetch(`${server.url}/api/v4${repo('/files/logo.png/raw')}`, {
      headers: { 'private-token': tokens.olivia },
    });
    expect(binary.headers.get('content-type')).toBe('application/octet-stream');
    expect([...new Uint8Array(await binary.arrayBuffer())]).toEqual([0, 1, 2, 255]);
  });

  it('answers 404 for missing files and 400 for paths with ..', async () => {
    expect(await api(`${repo('/files/missing.txt')}?ref=main`, tokens.olivia)).toMatchObject({
      status: 404,
      body: { message: '404 File Not Found' },
    });
    expect(await api(`${repo('/files/src')}?ref=main`, tokens.olivia)).toMatchObject({ status: 404 });
    expect(await api(repo('/files/README.md'), tokens.olivia)).toMatchObject({
      status: 400,
      body: { error: 'ref is missing' },
    });
    for (const path of ['..%2F..%2Fetc%2Fpasswd', 'src%2F..%2F..%2Fx', 'a%2F..', '.git%2Fconfig']) {
      expect(await api(`${repo(`/files/${path}/raw`)}?ref=main`, tokens.olivia)).toMatchObject({
        status: 400,
        body: { error: 'file_path should be a valid file path' },
      });
    }
    // An unencoded `..` is resolved by the URL itself and names no route.
    expect((await api(`${repo('/files/../raw')}?ref=main`, tokens.olivia)).status).toBe(404);
  });

  it('creates, updates and deletes files through the files API', async () => {
    const path = repo('/files/docs%2Fguide.md');
    const created = await api(path, tokens.olivia, {
      method: 'POST',
      json: { branch: 'docs', start_branch: 'main', content: '# Guide\n', commit_message: 'Add guide' },
    });
    expect(created).toMatchObject({ status: 201, body: { file_path: 'docs/guide.md', branch: 'docs' } });
    const updated = await api(path, tokens.olivia, {
      method: 'PUT',
      json: { branch: 'docs', content: 'IyBHdWlkZSAy', encoding: 'base64', commit_message: 'Edit guide' },
    });
    expect(updated).toMatchObject({ status: 200, body: { file_path: 'docs/guide.md', branch: 'docs' } });
    expect((await api(`${path}/raw?ref=docs`, tokens.olivia)).text).toBe('# Guide 2');
    const stale = await api(path, tokens.olivia, {
      method: 'PUT',
      json: { branch: 'docs', content: 'x', commit_message: 'x', last_commit_id: firstSha },
    });
    expect(stale).toMatchObject({
      status: 400,
      body: { message: 'You are attempting to update a file that has changed since you started editing it.' },
    });
    const deleted = await api(path, tokens.olivia, {
      method: 'DELETE',
      json: { branch: 'docs', commit_message: 'Remove guide' },
    });
    expect(deleted.status).toBe(204);
    expect((await api(`${path}?ref=docs`, tokens.olivia)).status).toBe(404);
    expect(
      await api(path, tokens.olivia, { method: 'POST', json: { branch: 'docs', commit_message: 'no content' } }),
    ).toMatchObject({ status: 400, body: { error: 'content is missing' } });
  });

  it('reads blobs by sha', async () => {
    const file = await api<{ blob_id: string }>(`${repo('/files/README.md')}?ref=main`, tokens.olivia);
    const blob = await api(repo(`/blobs/${file.body.blob_id}`), tokens.olivia);
    expect(blob.body).toEqual({
      size: '# App\n'.length,
      encoding: 'base64',
      content: Buffer.from('# App\n').toString('base64'),
      sha: file.body.blob_id,
    });
    expect((await api(repo(`/blobs/${file.body.blob_id}/raw`), tokens.olivia)).text).toBe('# App\n');
    expect((await api(repo(`/blobs/${secondSha}`), tokens.olivia)).status).toBe(404);
    expect((await api(repo('/blobs/not-a-sha'), tokens.olivia)).status).toBe(400);
  });

  it('compares two refs from their merge base', async () => {
    await api(repo('/branches'), tokens.olivia, { method: 'POST', json: { branch: 'topic', ref: firstSha } });
    await api(repo('/commits'), tokens.olivia, {
      method: 'POST',
      json: {
        branch: 'topic',
        commit_message: 'Topic work',
        actions: [
          { action: 'move', previous_path: 'src/app.ts', file_path: 'src/main.ts' },
          { action: 'delete', file_path: 'logo.png' },
        ],
      },
    });
    const compare = await api<{
      commit: CommitJson;
      commits: CommitJson[];
      diffs: Array<{ old_path: string; new_path: string; renamed_file: boolean; deleted_file: boolean }>;
      compare_same_ref: boolean;
      web_url: string;
    }>(`${repo('/compare')}?from=main&to=topic`, tokens.olivia);
    expect(compare.body.commits.map((c) => c.title)).toEqual(['Topic work']);
    expect(compare.body.commit.title).toBe('Topic work');
    expect(compare.body.diffs.map((d) => [d.old_path, d.new_path, d.renamed_file, d.deleted_file])).toEqual([
      ['logo.png', 'logo.png', false, true],
      ['src/app.ts', 'src/main.ts', true, false],
    ]);
    expect(compare.body.compare_same_ref).toBe(false);
    expect(compare.body.web_url).toMatch(/\/-\/compare\/main\.\.\.topic$/);
    // straight=true diffs the refs themselves: main's later util change shows reversed.
    const straight = await api<{ diffs: Array<{ new_path: string }> }>(
      `${repo('/compare')}?from=main&to=topic&straight=true`,
      tokens.olivia,
    );
    expect(straight.body.diffs.map((d) => d.new_path)).toContain('src/lib/util.ts');
    expect((await api(`${repo('/compare')}?from=main&to=nope`, tokens.olivia)).status).toBe(404);
  });
});

describe('branches', () => {
  it('creates a branch from ref (query or body) and refuses bad names and refs', async () => {
    const created = await api<Record<string, unknown>>(
      `${repo('/branches')}?branch=feature%2Fone&ref=main`,
      tokens.dave,
      {
        method: 'POST',
      },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'feature/one',
      merged: true,
      protected: false,
      developers_can_push: false,
      developers_can_merge: false,
      can_push: true,
      default: false,
      commit: { id: secondSha },
    });
    expect(created.body.web_url).toMatch(/\/-\/tree\/feature%2Fone$/);
    const again = await api(repo('/branches'), tokens.dave, {
      method: 'POST',
      json: { branch: 'feature/one', ref: 'main' },
    });
    expect(again).toMatchObject({ status: 400, body: { message: 'Branch already exists' } });
    for (const name of ['a b', 'a..b', 'x~1', '-dash', 'end.lock', 'HEAD']) {
      const bad = await api(repo('/branches'), tokens.dave, { method: 'POST', json: { branch: name, ref: 'main' } });
      expect(bad, name).toMatchObject({ status: 400, body: { message: '400 Bad request - Branch name is invalid' } });
    }
    expect(
      await api(repo('/branches'), tokens.dave, { method: 'POST', json: { branch: 'ok', ref: 'nope' } }),
    ).toMatchObject({ status: 400, body: { message: 'Invalid reference name: nope' } });
    expect(await api(repo('/branches'), tokens.dave, { method: 'POST', json: { ref: 'main' } })).toMatchObject({
      status: 400,
      body: { error: 'branch is missing' },
    });
  });

  it('lists branches with search, gets one by encoded name, knows the default', async () => {
    const all = await api<Array<{ name: string; default: boolean; protected: boolean }>>(
      repo('/branches'),
      tokens.olivia,
    );
    const main = all.body.find((b) => b.name === 'main');
    expect(main).toMatchObject({ default: true, protected: true });
    const search = await api<Array<{ name: string }>>(`${repo('/branches')}?search=^feat`, tokens.olivia);
    expect(search.body.map((b) => b.name)).toEqual(['feature/one']);
    expect((await api(repo('/branches/feature%2Fone'), tokens.olivia)).status).toBe(200);
    expect(await api(repo('/branches/none'), tokens.olivia)).toMatchObject({
      status: 404,
      body: { message: '404 Branch Not Found' },
    });
  });

  it('keeps Developers off the protected default branch, and off deleting it', async () => {
    const push = await api(repo('/commits'), tokens.dave, {
      method: 'POST',
      json: { branch: 'main', commit_message: 'x', actions: [{ action: 'create', file_path: 'd', content: 'd' }] },
    });
    expect(push).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - You are not allowed to push into this branch' },
    });
    const own = await api(repo('/commits'), tokens.dave, {
      method: 'POST',
      json: {
        branch: 'feature/one',
        commit_message: 'dev',
        actions: [{ action: 'create', file_path: 'd', content: 'd' }],
      },
    });
    expect(own.status).toBe(201);
    const mainBranch = await api<{ can_push: boolean }>(repo('/branches/main'), tokens.dave);
    expect(mainBranch.body.can_push).toBe(false);
    expect(await api(repo('/branches/main'), tokens.olivia, { method: 'DELETE' })).toMatchObject({
      status: 405,
      body: { message: 'The default branch of a project cannot be deleted.' },
    });
  });

  it('deletes branches (204), protected ones only for those who may push', async () => {
    await api(repo('/branches'), tokens.olivia, { method: 'POST', json: { branch: 'release/1', ref: 'main' } });
    await api(`/projects/${projectId}/protected_branches`, tokens.olivia, {
      method: 'POST',
      json: { name: 'release/*' },
    });
    expect(await api(repo('/branches/release%2F1'), tokens.dave, { method: 'DELETE' })).toMatchObject({
      status: 403,
      body: { message: "You don't have permission to delete this branch" },
    });
    expect((await api(repo('/branches/release%2F1'), tokens.olivia, { method: 'DELETE' })).status).toBe(204);
    expect((await api(repo('/branches/release%2F1'), tokens.olivia)).status).toBe(404);
    expect((await api(repo('/branches/release%2F1'), tokens.olivia, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('tags', () => {
  it('creates lightweight and annotated tags, lists and deletes them', async () => {
    const light = await api<Record<string, unknown>>(repo('/tags'), tokens.dave, {
      method: 'POST',
      json: { tag_name: 'v1.0.0', ref: firstSha },
    });
    expect(light).toMatchObject({
      status: 201,
      body: {
        name: 'v1.0.0',
        message: '',
        target: firstSha,
        commit: { id: firstSha },
        release: null,
        protected: false,
      },
    });
    expect(light.body.created_at).toBeNull();
    const annotated = await api<{ target: string; message: string; created_at: string; commit: { id: string } }>(
      `${repo('/tags')}?tag_name=v1.1.0&ref=main&message=Second%20release`,
      tokens.dave,
      { method: 'POST' },
    );
    expect(annotated.status).toBe(201);
    expect(annotated.body.message).toBe('Second release');
    expect(annotated.body.target).not.toBe(secondSha);
    expect(annotated.body.commit.id).toBe(secondSha);
    expect(annotated.body.created_at).toMatch(/^\d{4}-/);
    expect(
      await api(repo('/tags'), tokens.dave, { method: 'POST', json: { tag_name: 'v1.0.0', ref: 'main' } }),
    ).toMatchObject({
      status: 409,
      body: { message: 'Tag v1.0.0 already exists' },
    });
    expect(
      await api(repo('/tags'), tokens.dave, { method: 'POST', json: { tag_name: 'v 2', ref: 'main' } }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Tag name invalid' },
    });
    expect(
      await api(repo('/tags'), tokens.dave, { method: 'POST', json: { tag_name: 'v2', ref: 'zzz' } }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Target zzz is invalid' },
    });
    const list = await api<Array<{ name: string }>>(`${repo('/tags')}?order_by=name&sort=asc`, tokens.gus);
    expect(list.status).toBe(403);
    const byName = await api<Array<{ name: string }>>(`${repo('/tags')}?order_by=name&sort=desc`, tokens.olivia);
    expect(byName.body.map((t) => t.name)).toEqual(['v1.1.0', 'v1.0.0']);
    expect((await api(repo('/tags/v1.1.0'), tokens.olivia)).status).toBe(200);
    expect((await api(repo('/tags/v1.1.0'), tokens.dave, { method: 'DELETE' })).status).toBe(204);
    expect(await api(repo('/tags/v1.1.0'), tokens.olivia)).toMatchObject({
      status: 404,
      body: { message: '404 Tag Not Found' },
    });
    expect(await api(repo('/tags/v1.1.0'), tokens.dave, { method: 'DELETE' })).toMatchObject({
      status: 404,
      body: { message: 'No such tag' },
    });
    for (const name of ['a..b', '%40%7Bx%7D', 'x%5E%7B%7D']) {
      expect((await api(repo(`/tags/${name}`), tokens.dave, { method: 'DELETE' })).status, name).toBe(404);
      expect((await api(repo(`/tags/${name}`), tokens.dave)).status, name).toBe(404);
      expect((await api(repo(`/branches/${name}`), tokens.dave)).status, name).toBe(404);
    }
  });
});

describe('protected branches', () => {
  it('Maintainers protect, update and unprotect; others may not', async () => {
    const base = `/projects/${projectId}/protected_branches`;
    expect((await api(base, tokens.dave, { method: 'POST', json: { name: 'stable' } })).status).toBe(403);
    const created = await api<{ name: string; push_access_levels: Array<{ access_level: number }> }>(
      `${base}?name=stable&push_access_level=30&merge_access_level=30`,
      tokens.olivia,
      { method: 'POST' },
    );
    expect(created.status).toBe(201);
    expect(created.body.push_access_levels[0]).toMatchObject({
      access_level: 30,
      access_level_description: 'Developers + Maintainers',
    });
    expect(await api(base, tokens.olivia, { method: 'POST', json: { name: 'stable' } })).toMatchObject({
      status: 409,
      body: { message: "Protected branch 'stable' already exists" },
    });
    expect(
      (await api(base, tokens.olivia, { method: 'POST', json: { name: 'x', push_access_level: 20 } })).status,
    ).toBe(400);
    const patched = await api<{ allow_force_push: boolean }>(`${base}/stable`, tokens.olivia, {
      method: 'PATCH',
      json: { allow_force_push: true },
    });
    expect(patched.body.allow_force_push).toBe(true);
    const list = await api<Array<{ name: string }>>(`${base}?search=sta`, tokens.dave);
    expect(list.body.map((p) => p.name)).toEqual(['stable']);
    expect((await api(`${base}/stable`, tokens.dave, { method: 'DELETE' })).status).toBe(403);
    expect((await api(`${base}/stable`, tokens.olivia, { method: 'DELETE' })).status).toBe(204);
    expect(await api(`${base}/stable`, tokens.olivia)).toMatchObject({
      status: 404,
      body: { message: '404 Not found' },
    });
  });
});

describe('who may read and write', () => {
  it('hides private repositories from anonymous users and non-members, and code from Guests', async () => {
    expect(await api(repo('/tree'))).toMatchObject({ status: 404, body: { message: '404 Project Not Found' } });
    expect((await api(repo('/tree'), tokens.nina)).status).toBe(404);
    expect(await api(repo('/tree'), tokens.gus)).toMatchObject({ status: 403, body: { message: '403 Forbidden' } });
    expect((await api(`${repo('/files/README.md/raw')}`, tokens.gus)).status).toBe(403);
    expect((await api(repo('/commits'), tokens.gus)).status).toBe(403);
  });

  it('lets anyone read a public repository, and only members write to it', async () => {
    expect((await api(`/projects/${publicId}/repository/tree`)).status).toBe(200);
    expect((await api(`/projects/${publicId}/repository/commits`, tokens.nina)).status).toBe(200);
    const anonymous = await api(`/projects/${publicId}/repository/branches`, undefined, {
      method: 'POST',
      json: { branch: 'x', ref: 'main' },
    });
    expect(anonymous).toMatchObject({ status: 401, body: { message: '401 Unauthorized' } });
    const outsider = await api(`/projects/${publicId}/repository/branches`, tokens.nina, {
      method: 'POST',
      json: { branch: 'x', ref: 'main' },
    });
    expect(outsider.status).toBe(403);
    expect(
      (
        await api(`/projects/${publicId}/repository/tags`, ROOT_TOKEN, {
          method: 'POST',
          json: { tag_name: 'r', ref: 'main' },
        })
      ).status,
    ).toBe(201);
  });

  it('removes the repository with its project', async () => {
    const doomed = await api<{ id: number }>('/projects', tokens.olivia, {
      method: 'POST',
      json: { name: 'Doomed', initialize_with_readme: true },
    });
    const path = server.app.repositories.pathOf(doomed.body.id);
    const { existsSync } = await import('node:fs');
    expect(existsSync(path)).toBe(true);
    expect((await api(`/projects/${doomed.body.id}`, tokens.olivia, { method: 'DELETE' })).status).toBe(202);
    expect(existsSync(path)).toBe(false);
  });
});

describe('real clients', () => {
  it('gitbeaker creates a branch, commits and reads files back', async () => {
    const gitlab = new Gitlab({ host: server.url, token: tokens.olivia });
    const branch = await gitlab.Branches.create(projectId, 'from-gitbeaker', 'main');
    expect(branch.name).toBe('from-gitbeaker');
    await gitlab.Commits.create(projectId, 'from-gitbeaker', 'via gitbeaker', [
      { action: 'create', filePath: 'gb.txt', content: 'beaker' },
    ]);
    const file = await gitlab.RepositoryFiles.show(projectId, 'gb.txt', 'from-gitbeaker');
    expect(Buffer.from(file.content, 'base64').toString()).toBe('beaker');
    const raw = await gitlab.RepositoryFiles.showRaw(projectId, 'gb.txt', 'from-gitbeaker');
    expect(raw).toBe('beaker');
    const all = await gitlab.Commits.all(projectId, { refName: 'from-gitbeaker', perPage: 1, maxPages: 10 });
    expect(all.map((c) => c.title)).toEqual(['via gitbeaker', 'Change util', 'Add sources', 'Initial commit']);
  });
});
