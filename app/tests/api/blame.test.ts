/**
 * File blame contract (GitLab's repository_files.md, "Get file blame from repository") against
 * real repositories: consecutive lines of one commit grouped with that commit's details, line
 * ranges, and GitLab's refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRepositoryFixture, type RepositoryFixture } from '../helpers/repositoryFixture.ts';

let fixture: RepositoryFixture;
let first = '';
let second = '';

interface BlameJson {
  commit: { id: string; parent_ids: string[]; message: string; author_name: string; authored_date: string };
  lines: string[];
}

const api: RepositoryFixture['api'] = (...args) => fixture.api(...args);
const blame = (query: string, token = fixture.tokens.rita, file = 'notes.txt') =>
  api<BlameJson[]>(`/projects/${fixture.projectId}/repository/files/${file}/blame?${query}`, token);

beforeAll(async () => {
  fixture = await startRepositoryFixture();
  first = await fixture.commit(
    'main',
    [{ action: 'create', file_path: 'notes.txt', content: 'one\ntwo\nthree\nfour\n' }],
    {
      message: 'First draft',
    },
  );
  second = await fixture.commit(
    'main',
    [{ action: 'update', file_path: 'notes.txt', content: 'one\nTWO\nthree\nfour\n' }],
    { message: 'Shout two' },
  );
});
afterAll(() => fixture.server.close());

describe('blame', () => {
  it('groups consecutive lines by the commit that last changed them', async () => {
    const response = await blame('ref=main');
    expect(response.status).toBe(200);
    expect(response.body.map((range) => [range.commit.id, range.lines])).toEqual([
      [first, ['one']],
      [second, ['TWO']],
      [first, ['three', 'four']],
    ]);
    expect(response.body[1]!.commit).toMatchObject({
      parent_ids: [first],
      message: 'Shout two',
      author_name: 'olivia',
      committer_name: 'olivia',
    });
    expect(response.body[1]!.commit.authored_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000[+-Z]/);
  });

  it('blames an older ref and a range of lines', async () => {
    expect((await blame(`ref=${first}`)).body.map((range) => range.lines)).toEqual([['one', 'two', 'three', 'four']]);
    const range = await blame('ref=main&range[start]=2&range[end]=3');
    expect(range.body.map((r) => r.lines)).toEqual([['TWO'], ['three']]);
  });

  it("refuses what GitLab refuses and hides what the asker can't read", async () => {
    expect(await blame('')).toMatchObject({ status: 400, body: { error: 'ref is missing' } });
    expect((await blame('ref=main&range[start]=3&range[end]=2')).status).toBe(400);
    expect((await blame('ref=main&range[start]=2')).status).toBe(400);
    expect(await blame('ref=main&range[start]=9&range[end]=10')).toMatchObject({
      status: 400,
      body: { error: 'range is invalid' },
    });
    expect(await blame('ref=main', fixture.tokens.rita, 'missing.txt')).toMatchObject({
      status: 404,
      body: { message: '404 File Not Found' },
    });
    expect((await blame('ref=main', fixture.tokens.rita, '..%2F..%2Fetc%2Fpasswd')).status).toBe(400);
    expect((await blame('ref=main', fixture.tokens.gus)).status).toBe(403);
    expect((await blame('ref=main', fixture.tokens.nina)).status).toBe(404);
  });
});
