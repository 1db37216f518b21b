/**
 * Project starring contract (GitLab's project_starring.md, users.md): star and unstar (201 with
 * the project and its `star_count`, 304 when nothing changes), starrers, a user's starred
 * projects, and who may star what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRepositoryFixture, type RepositoryFixture } from '../helpers/repositoryFixture.ts';

let fixture: RepositoryFixture;
const api: RepositoryFixture['api'] = (...args) => fixture.api(...args);

beforeAll(async () => {
  fixture = await startRepositoryFixture();
});
afterAll(() => fixture.server.close());

describe('starring', () => {
  it('stars once (201, star_count up), then answers 304; unstars likewise', async () => {
    const { publicId, tokens } = fixture;
    const star = (token: string, action = 'star') =>
      api<{ id: number; star_count: number }>(`/projects/${publicId}/${action}`, token, { method: 'POST' });
    expect(await star(tokens.nina)).toMatchObject({ status: 201, body: { id: publicId, star_count: 1 } });
    expect(await star(tokens.dave)).toMatchObject({ status: 201, body: { star_count: 2 } });
    const again = await star(tokens.nina);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await api<{ star_count: number }>(`/projects/${publicId}`)).body.star_count).toBe(2);
    expect(await star(tokens.dave, 'unstar')).toMatchObject({ status: 201, body: { star_count: 1 } });
    expect((await star(tokens.dave, 'unstar')).status).toBe(304);
  });

  it('refuses anonymous users and projects the user cannot read', async () => {
    expect((await api(`/projects/${fixture.publicId}/star`, undefined, { method: 'POST' })).status).toBe(401);
    expect((await api(`/projects/${fixture.projectId}/star`, fixture.tokens.nina, { method: 'POST' })).status).toBe(
      404,
    );
  });
});

describe('lists', () => {
  it("lists a project's starrers and a user's starred projects", async () => {
    const starrers = await api<Array<{ starred_since: string; user: { username: string } }>>(
      `/projects/${fixture.publicId}/starrers`,
    );
    expect(starrers.body).toMatchObject([{ user: { username: 'nina' } }]);
    expect(Date.parse(starrers.body[0]!.starred_since)).not.toBeNaN();
    expect((await api(`/projects/${fixture.publicId}/starrers?search=dav`)).body).toEqual([]);

    await api(`/projects/${fixture.projectId}/star`, fixture.tokens.gus, { method: 'POST' });
    const starred = await api<Array<{ id: number }>>('/users/gus/starred_projects', fixture.tokens.gus);
    expect(starred.body.map((project) => project.id)).toEqual([fixture.projectId]);
    // The private project stays hidden from those who cannot read it.
    expect((await api('/users/gus/starred_projects')).body).toEqual([]);
    expect((await api('/users/nobody/starred_projects')).status).toBe(404);
  });
});
