/**
 * Award emoji API contract (GitLab's emoji_reactions.md) on issues, merge requests and notes: shapes, aliases,
 * duplicates and unknown names, upvotes/downvotes on the issue, removal of one's own only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWARD_INVALID_NAME, AWARD_TAKEN } from '../../server/api/v4/award_emoji.ts';
import { startIssuableFixture, type IssuableFixture } from '../helpers/issuables.ts';

interface AwardJson {
  id: number;
  name: string;
  user: { username: string };
  [key: string]: unknown;
}

let f: IssuableFixture;
let issuePath: string;
let issueId: number;

beforeAll(async () => {
  f = await startIssuableFixture();
  const issue = await f.api<{ id: number; iid: number }>(`/projects/${f.publicProject.id}/issues`, f.tokens.rita, {
    method: 'POST',
    json: { title: 'Popular' },
  });
  issuePath = `/projects/${f.publicProject.id}/issues/${issue.body.iid}`;
  issueId = issue.body.id;
});
afterAll(() => f.server.close());

const award = (path: string, name: string, token: string) =>
  f.api<AwardJson>(`${path}/award_emoji`, token, { method: 'POST', json: { name } });

describe('award emoji on issues', () => {
  it('awards with 201 and GitLab shape; aliases become the emoji name', async () => {
    const response = await award(issuePath, 'thumbsup', f.tokens.nina);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'thumbsup',
      user: { username: 'nina' },
      awardable_id: issueId,
      awardable_type: 'Issue',
      url: null,
    });
    expect(response.body.created_at).toEqual(expect.any(String));
    expect((await award(issuePath, '+1', f.tokens.gus)).body.name).toBe('thumbsup');
    await award(issuePath, 'thumbsdown', f.tokens.rita);
    const issue = await f.api<{ upvotes: number; downvotes: number }>(issuePath);
    expect(issue.body).toMatchObject({ upvotes: 2, downvotes: 1 });
  });

  it('refuses duplicates and unknown names with GitLab 404 messages, and anonymous users with 401', async () => {
    expect(await award(issuePath, 'thumbsup', f.tokens.nina)).toMatchObject({
      status: 404,
      body: { message: `404 ${AWARD_TAKEN} Not Found` },
    });
    expect(await award(issuePath, 'no_such_emoji', f.tokens.nina)).toMatchObject({
      status: 404,
      body: { message: `404 ${AWARD_INVALID_NAME} Not Found` },
    });
    expect((await award(issuePath, 'tada', '')).status).toBe(401);
    expect(await f.api(`${issuePath}/award_emoji`, f.tokens.nina, { method: 'POST', json: {} })).toMatchObject({
      status: 400,
      body: { error: 'name is missing' },
    });
  });

  it('lists and gets awards; only the awarder removes one (204)', async () => {
    const list = await f.api<AwardJson[]>(`${issuePath}/award_emoji`);
    expect(list.body.map((a) => [a.name, a.user.username])).toEqual([
      ['thumbsup', 'nina'],
      ['thumbsup', 'gus'],
      ['thumbsdown', 'rita'],
    ]);
    expect(list.headers.get('x-total')).toBe('3');
    const first = list.body[0]!;
    expect((await f.api<AwardJson>(`${issuePath}/award_emoji/${first.id}`)).body).toMatchObject({ id: first.id });
    expect((await f.api(`${issuePath}/award_emoji/${first.id}`, f.tokens.gus, { method: 'DELETE' })).status).toBe(403);
    expect((await f.api(`${issuePath}/award_emoji/${first.id}`, f.tokens.nina, { method: 'DELETE' })).status).toBe(204);
    expect(await f.api(`${issuePath}/award_emoji/${first.id}`)).toMatchObject({
      status: 404,
      body: { message: '404 Award Emoji Not Found' },
    });
  });
});

describe('award emoji on notes', () => {
  it('awards, lists and removes on a note', async () => {
    const note = await f.api<{ id: number }>(`${issuePath}/notes`, f.tokens.gus, {
      method: 'POST',
      json: { body: 'nice' },
    });
    const notePath = `${issuePath}/notes/${note.body.id}`;
    const created = await award(notePath, 'tada', f.tokens.nina);
    expect(created).toMatchObject({ status: 201, body: { awardable_type: 'Note', awardable_id: note.body.id } });
    expect((await f.api<AwardJson[]>(`${notePath}/award_emoji`)).body.map((a) => a.name)).toEqual(['tada']);
    expect(
      (await f.api(`${notePath}/award_emoji/${created.body.id}`, f.tokens.nina, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await f.api(`${issuePath}/notes/999999/award_emoji`)).status).toBe(404);
  });
});

describe('award emoji on merge requests', () => {
  it('awards on a merge request', async () => {
    const { id } = await f.insertMergeRequest(f.publicProject.id, 1, 'Feature');
    const path = `/projects/${f.publicProject.id}/merge_requests/1`;
    expect(await award(path, 'rocket', f.tokens.nina)).toMatchObject({
      status: 201,
      body: { name: 'rocket', awardable_type: 'MergeRequest', awardable_id: id },
    });
  });
});
