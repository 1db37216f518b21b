/**
 * Events API contract (GitLab's events.md) against a real server: activity written when projects,
 * issues and comments are created or closed and when branches are pushed or deleted, listed for
 * the signed-in user, a user and a project, filtered, sorted, and cleared of what the asker may
 * not see (private projects, confidential issues, internal notes, code below Reporter).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRepositoryFixture, type RepositoryFixture } from '../helpers/repositoryFixture.ts';

let fixture: RepositoryFixture;
let branchSha = '';

interface EventJson {
  id: number;
  project_id: number;
  action_name: string;
  target_type: string | null;
  target_iid: number | null;
  target_title: string | null;
  author_username: string;
  author: { username: string };
  note?: { body: string; noteable_iid: number };
  push_data?: Record<string, unknown>;
  created_at: string;
}

const api: RepositoryFixture['api'] = (...args) => fixture.api(...args);
const summary = (events: EventJson[]) =>
  events.map((event) => `${event.author_username} ${event.action_name} ${event.target_title ?? event.project_id}`);

beforeAll(async () => {
  fixture = await startRepositoryFixture();
  const { tokens, publicId, projectId } = fixture;
  const issue = (json: object) =>
    api<{ iid: number }>(`/projects/${publicId}/issues`, tokens.olivia, { method: 'POST', json });
  const open = (await issue({ title: 'Public bug' })).body.iid;
  await issue({ title: 'Secret bug', confidential: true });
  await api(`/projects/${publicId}/issues/${open}/notes`, tokens.nina, { method: 'POST', json: { body: 'Me too' } });
  await api(`/projects/${publicId}/issues/${open}/notes`, tokens.olivia, {
    method: 'POST',
    json: { body: 'Team only', internal: true },
  });
  await api(`/projects/${publicId}/issues/${open}`, tokens.olivia, { method: 'PUT', json: { state_event: 'close' } });
  const branch = await api<{ commit: { id: string } }>(`/projects/${projectId}/repository/branches`, tokens.dave, {
    method: 'POST',
    json: { branch: 'topic', ref: 'main' },
  });
  branchSha = branch.body.commit.id;
  await fixture.commit('topic', [{ action: 'create', file_path: 'a.txt', content: 'a\n' }], {
    token: tokens.dave,
    message: 'Add a\n\nbody',
  });
  await api(`/projects/${projectId}/repository/branches/topic`, tokens.dave, { method: 'DELETE' });
});
afterAll(() => fixture.server.close());

describe('what is recorded', () => {
  it('records creations, comments, closing and pushes, newest first, in GitLab shapes', async () => {
    const olivia = await api<EventJson[]>('/events', fixture.tokens.olivia);
    expect(olivia.status).toBe(200);
    expect(olivia.headers.get('x-total')).toBe('6');
    expect(summary(olivia.body)).toEqual([
      'olivia closed Public bug',
      'olivia commented on Public bug',
      'olivia opened Secret bug',
      'olivia opened Public bug',
      `olivia created ${fixture.publicId}`,
      `olivia created ${fixture.projectId}`,
    ]);
    const comment = olivia.body[1]!;
    expect(comment).toMatchObject({
      target_type: 'Note',
      note: { body: 'Team only', noteable_iid: 1 },
      author: { username: 'olivia' },
    });
    expect(olivia.body[3]).toMatchObject({ target_type: 'Issue', target_iid: 1, project_id: fixture.publicId });

    const dave = await api<EventJson[]>('/events', fixture.tokens.dave);
    expect(dave.body.map((event) => event.action_name)).toEqual(['deleted', 'pushed to', 'pushed new']);
    expect(dave.body[1]!.push_data).toEqual({
      commit_count: 1,
      action: 'pushed',
      ref_type: 'branch',
      commit_from: branchSha,
      commit_to: expect.stringMatching(/^[0-9a-f]{40}$/),
      ref: 'topic',
      commit_title: 'Add a',
      ref_count: null,
    });
    expect(dave.body[2]!.push_data).toMatchObject({ action: 'created', commit_from: null, commit_to: branchSha });
    expect(dave.body[0]!.push_data).toMatchObject({ action: 'removed', commit_to: null });
  });

  it('requires a signed-in user for /events; scope=all shows the activity of the member projects', async () => {
    expect((await api('/events')).status).toBe(401);
    const rita = await api<EventJson[]>('/events?scope=all', fixture.tokens.rita);
    expect(summary(rita.body)).toEqual([
      'dave deleted 1',
      'dave pushed to 1',
      'dave pushed new 1',
      `olivia created ${fixture.projectId}`,
    ]);
  });
});

describe('who sees what', () => {
  it("shows a user's public activity to anonymous users, hiding private projects and confidential issues", async () => {
    const anonymous = await api<EventJson[]>(`/users/${fixture.ids.olivia}/events`);
    expect(summary(anonymous.body)).toEqual([
      'olivia closed Public bug',
      'olivia opened Public bug',
      `olivia created ${fixture.publicId}`,
    ]);
    // Found by username too; nina's comment is public.
    const nina = await api<EventJson[]>('/users/nina/events');
    expect(nina.body).toMatchObject([{ action_name: 'commented on', note: { body: 'Me too' } }]);
    expect((await api('/users/nobody/events')).status).toBe(404);
  });

  it('shows pushes to Reporters and above only', async () => {
    const path = `/projects/${fixture.projectId}/events`;
    expect((await api<EventJson[]>(path, fixture.tokens.rita)).body).toHaveLength(4);
    expect(summary((await api<EventJson[]>(path, fixture.tokens.gus)).body)).toEqual([
      `olivia created ${fixture.projectId}`,
    ]);
    expect((await api(path)).status).toBe(404);
  });

  it('hides a private profile from others', async () => {
    await fixture.server.database.db
      .updateTable('users')
      .set({ private_profile: true })
      .where('id', '=', fixture.ids.nina)
      .execute();
    expect((await api<EventJson[]>('/users/nina/events', fixture.tokens.olivia)).body).toEqual([]);
    expect((await api<EventJson[]>('/users/nina/events', fixture.tokens.nina)).body).toHaveLength(1);
  });
});

describe('filters', () => {
  it('filters by action and target type, sorts, and pages', async () => {
    const list = (query: string) => api<EventJson[]>(`/events?${query}`, fixture.tokens.olivia);
    expect(summary((await list('action=closed')).body)).toEqual(['olivia closed Public bug']);
    expect((await list('target_type=issue')).body).toHaveLength(3);
    expect((await list('target_type=project')).body).toEqual([]);
    expect(summary((await list('sort=asc&per_page=1')).body)).toEqual([`olivia created ${fixture.projectId}`]);
    expect((await list('action=bogus')).status).toBe(400);
  });

  it('takes before and after as exclusive dates', async () => {
    const list = (query: string) => api<EventJson[]>(`/events?${query}`, fixture.tokens.olivia);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await list(`after=${day(-1)}`)).body).toHaveLength(6);
    expect((await list(`after=${day(0)}`)).body).toEqual([]);
    expect((await list(`before=${day(1)}`)).body).toHaveLength(6);
    expect((await list(`before=${day(0)}`)).body).toEqual([]);
    expect((await list('before=yesterday')).status).toBe(400);
  });
});

describe('deletions', () => {
  it('drops the events of a deleted comment and of a deleted issue', async () => {
    const { publicId, tokens } = fixture;
    const names = async () => summary((await api<EventJson[]>('/events', tokens.olivia)).body);
    const notes = await api<Array<{ id: number }>>(
      `/projects/${publicId}/issues/1/notes?activity_filter=only_comments`,
      tokens.olivia,
    );
    // Newest first: olivia's internal comment.
    const [internal] = notes.body;
    expect(
      (await api(`/projects/${publicId}/issues/1/notes/${internal!.id}`, tokens.olivia, { method: 'DELETE' })).status,
    ).toBe(204);
    expect(await names()).not.toContain('olivia commented on Public bug');
    expect((await api(`/projects/${publicId}/issues/2`, tokens.olivia, { method: 'DELETE' })).status).toBe(204);
    expect(await names()).not.toContain('olivia opened Secret bug');
  });
});
