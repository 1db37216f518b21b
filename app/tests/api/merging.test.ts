/**
 * Merging merge requests (GitLab's merge_requests.md, "Merge a merge request") against real
 * repositories: a merge commit of both heads moves the target branch, the merge request reads
 * merged with who and when, squashing, removing the source branch, the event and system note it
 * leaves, and GitLab's refusals: 401 for who may not merge, 405 when not mergeable, 406 on
 * conflicts, 409 for a stale `sha`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRepositoryFixture, type RepositoryFixture } from '../helpers/repositoryFixture.ts';

let fixture: RepositoryFixture;
let mainBefore = '';
let featureHead = '';

interface MrJson {
  iid: number;
  state: string;
  sha: string;
  merged_by: { username: string } | null;
  merge_user: { username: string } | null;
  merged_at: string | null;
  merge_commit_sha: string | null;
  squash_commit_sha: string | null;
  [key: string]: unknown;
}
interface CommitJson {
  id: string;
  parent_ids: string[];
  title: string;
  message: string;
  author_name: string;
}

const api: RepositoryFixture['api'] = (...args) => fixture.api(...args);
const project = (path: string) => `/projects/${fixture.projectId}${path}`;
const headOf = async (branch: string) =>
  (await api<{ commit: { id: string } }>(project(`/repository/branches/${branch}`), fixture.tokens.olivia)).body.commit
    ?.id;

/** Branches `name` from main, commits `content` to `file` on it, opens a merge request; returns its iid. */
async function openMergeRequest(name: string, file: string, content: string, title = `Change ${name}`) {
  const { tokens } = fixture;
  await api(project('/repository/branches'), tokens.dave, { method: 'POST', json: { branch: name, ref: 'main' } });
  const action = file === 'lib.txt' ? 'update' : 'create';
  await fixture.commit(name, [{ action, file_path: file, content }], { token: tokens.dave });
  const mr = await api<MrJson>(project('/merge_requests'), tokens.dave, {
    method: 'POST',
    json: { source_branch: name, target_branch: 'main', title },
  });
  expect(mr.status).toBe(201);
  return mr.body.iid;
}

const merge = (iid: number, token: string | undefined, json: object = {}) =>
  api<MrJson & { message?: string }>(project(`/merge_requests/${iid}/merge`), token, { method: 'PUT', json });

beforeAll(async () => {
  fixture = await startRepositoryFixture();
  await fixture.commit('main', [{ action: 'create', file_path: 'lib.txt', content: 'a\nb\nc\n' }]);
  await openMergeRequest('feature', 'lib.txt', 'a\nB\nc\n', 'Capital B');
  // Changes the same line as feature, from the same start: conflicts once feature is merged.
  await openMergeRequest('clash', 'lib.txt', 'a\nX\nc\n', 'Clash');
  featureHead = (await headOf('feature'))!;
  mainBefore = (await headOf('main'))!;
});
afterAll(() => fixture.server.close());

describe('refusals', () => {
  it('answers 401 to those who may not merge into the protected target', async () => {
    expect((await merge(1, undefined)).status).toBe(401);
    expect(await merge(1, fixture.tokens.rita)).toMatchObject({ status: 401, body: { message: '401 Unauthorized' } });
    // main is protected: Maintainers merge; dave is a Developer.
    expect((await merge(1, fixture.tokens.dave)).status).toBe(401);
    expect((await merge(1, fixture.tokens.gus)).status).toBe(403);
  });

  it('answers 409 with the head when sha is stale, and 405 for drafts and closed merge requests', async () => {
    const stale = await merge(1, fixture.tokens.olivia, { sha: mainBefore });
    expect(stale).toMatchObject({
      status: 409,
      body: { message: `SHA does not match HEAD of source branch: ${featureHead}` },
    });
    const draft = await openMergeRequest('wip', 'wip.txt', 'wip\n', 'Draft: not yet');
    expect(await merge(draft, fixture.tokens.olivia)).toMatchObject({
      status: 405,
      body: { message: '405 Method Not Allowed' },
    });
    await api(project(`/merge_requests/${draft}`), fixture.tokens.olivia, {
      method: 'PUT',
      json: { title: 'Ready', state_event: 'close' },
    });
    expect((await merge(draft, fixture.tokens.olivia)).status).toBe(405);
    expect(await headOf('main')).toBe(mainBefore);
  });
});

describe('merging', () => {
  it('merges with a merge commit of both heads, moves main and records who and when', async () => {
    const merged = await merge(1, fixture.tokens.olivia, { sha: featureHead });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({
      state: 'merged',
      merged_by: { username: 'olivia' },
      merge_user: { username: 'olivia' },
      squash_commit_sha: null,
    });
    expect(Date.now() - Date.parse(merged.body.merged_at!)).toBeLessThan(60_000);
    const mainHead = await headOf('main');
    expect(merged.body.merge_commit_sha).toBe(mainHead);
    const commit = await api<CommitJson>(project(`/repository/commits/${mainHead}`), fixture.tokens.olivia);
    expect(commit.body.parent_ids).toEqual([mainBefore, featureHead]);
    expect(commit.body.message).toBe(
      "Merge branch 'feature' into 'main'\n\nCapital B\n\nSee merge request olivia/app!1",
    );
    expect(commit.body.author_name).toBe('olivia');
    const file = await api(project('/repository/files/lib.txt/raw?ref=main'), fixture.tokens.olivia);
    expect(file.text).toBe('a\nB\nc\n');
    // The source branch stays unless asked.
    expect(await headOf('feature')).toBe(featureHead);
    expect((await merge(1, fixture.tokens.olivia)).status).toBe(405);
  });

  it('leaves a system note, an "accepted" event and a push to the target', async () => {
    const notes = await api<Array<{ body: string; system: boolean }>>(
      project('/merge_requests/1/notes'),
      fixture.tokens.olivia,
    );
    expect(notes.body[0]).toMatchObject({ body: 'merged', system: true });
    const events = await api<
      Array<{
        action_name: string;
        target_type: string;
        target_title: string;
        push_data?: { ref: string; commit_count: number };
      }>
    >('/events?per_page=2', fixture.tokens.olivia);
    expect(events.body).toMatchObject([
      { action_name: 'accepted', target_type: 'MergeRequest', target_title: 'Capital B' },
      { action_name: 'pushed to', push_data: { ref: 'main', commit_count: 2 } },
    ]);
  });

  it('answers 406 when the branches conflict', async () => {
    // main changed the line clash changes (the merge above).
    const before = await headOf('main');
    expect(await merge(2, fixture.tokens.olivia)).toMatchObject({
      status: 406,
      body: { message: 'Branch cannot be merged' },
    });
    expect(await headOf('main')).toBe(before);
  });

  it('squashes and removes the source branch when asked', async () => {
    const iid = await openMergeRequest('tidy', 'tidy.txt', 'one\n', 'Tidy up');
    await fixture.commit('tidy', [{ action: 'update', file_path: 'tidy.txt', content: 'two\n' }], {
      token: fixture.tokens.dave,
    });
    const before = await headOf('main');
    const merged = await merge(iid, fixture.tokens.olivia, {
      squash: true,
      should_remove_source_branch: true,
      merge_commit_message: 'Merge tidy',
    });
    expect(merged.body).toMatchObject({ state: 'merged', squash: true });
    const squash = await api<CommitJson>(
      project(`/repository/commits/${merged.body.squash_commit_sha}`),
      fixture.tokens.olivia,
    );
    expect(squash.body).toMatchObject({ parent_ids: [before], title: 'Tidy up' });
    const mergeCommit = await api<CommitJson>(
      project(`/repository/commits/${merged.body.merge_commit_sha}`),
      fixture.tokens.olivia,
    );
    expect(mergeCommit.body).toMatchObject({ parent_ids: [before, squash.body.id], title: 'Merge tidy' });
    expect((await api(project('/repository/branches/tidy'), fixture.tokens.olivia)).status).toBe(404);
    expect((await api(project('/repository/files/tidy.txt/raw?ref=main'), fixture.tokens.olivia)).text).toBe('two\n');
  });

  it('lets a Developer merge into an unprotected branch', async () => {
    const { tokens } = fixture;
    await api(project('/repository/branches'), tokens.dave, { method: 'POST', json: { branch: 'next', ref: 'main' } });
    await api(project('/repository/branches'), tokens.dave, { method: 'POST', json: { branch: 'small', ref: 'main' } });
    await fixture.commit('small', [{ action: 'create', file_path: 'small.txt', content: 's\n' }], {
      token: tokens.dave,
    });
    const mr = await api<MrJson>(project('/merge_requests'), tokens.dave, {
      method: 'POST',
      json: { source_branch: 'small', target_branch: 'next', title: 'Small' },
    });
    expect((await merge(mr.body.iid, tokens.dave)).body).toMatchObject({
      state: 'merged',
      merged_by: { username: 'dave' },
    });
  });
});
