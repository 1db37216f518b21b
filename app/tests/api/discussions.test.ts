/**
 * Discussions API contract (GitLab's discussions.md) on issues and merge requests: threads
 * started and replied to, replies joining their discussion, a standalone comment becoming a
 * discussion under its own id, system notes that cannot be replied to, internal notes hidden
 * below Reporter, edits and deletions, and the ids GraphQL shows for the same notes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standaloneDiscussionId } from '../../server/domain/discussions.ts';
import { startRepositoryFixture, type RepositoryFixture } from '../helpers/repositoryFixture.ts';

let fixture: RepositoryFixture;
const api: RepositoryFixture['api'] = (...args) => fixture.api(...args);

interface NoteJson {
  id: number;
  type: string | null;
  body: string;
  system: boolean;
  author: { username: string };
  noteable_iid: number;
}
interface DiscussionJson {
  id: string;
  individual_note: boolean;
  notes: NoteJson[];
}

const issuePath = (path = '') => `/projects/${fixture.projectId}/issues/1/discussions${path}`;

beforeAll(async () => {
  fixture = await startRepositoryFixture();
  await api(`/projects/${fixture.projectId}/issues`, fixture.tokens.olivia, { method: 'POST', json: { title: 'Bug' } });
});
afterAll(() => fixture.server.close());

describe('on issues', () => {
  it('starts a discussion (201) whose replies join it, in order', async () => {
    const started = await api<DiscussionJson>(issuePath(), fixture.tokens.gus, {
      method: 'POST',
      json: { body: 'Why does it crash?' },
    });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{40}$/),
      individual_note: false,
      notes: [{ type: 'DiscussionNote', body: 'Why does it crash?', author: { username: 'gus' }, noteable_iid: 1 }],
    });
    const reply = await api<NoteJson>(issuePath(`/${started.body.id}/notes`), fixture.tokens.dave, {
      method: 'POST',
      json: { body: 'A null pointer' },
    });
    expect(reply).toMatchObject({ status: 201, body: { type: 'DiscussionNote', body: 'A null pointer' } });

    const one = await api<DiscussionJson>(issuePath(`/${started.body.id}`), fixture.tokens.gus);
    expect(one.body.notes.map((note) => note.body)).toEqual(['Why does it crash?', 'A null pointer']);
    // The notes API sees the same two notes, as discussion notes.
    const notes = await api<NoteJson[]>(`/projects/${fixture.projectId}/issues/1/notes?sort=asc`, fixture.tokens.gus);
    expect(notes.body.map((note) => note.type)).toEqual(['DiscussionNote', 'DiscussionNote']);
  });

  it('turns a standalone comment into a discussion under its own id when replied to', async () => {
    const comment = await api<NoteJson>(`/projects/${fixture.projectId}/issues/1/notes`, fixture.tokens.rita, {
      method: 'POST',
      json: { body: 'Seen on staging' },
    });
    const id = standaloneDiscussionId(comment.body.id);
    const before = await api<DiscussionJson>(issuePath(`/${id}`), fixture.tokens.rita);
    expect(before.body).toMatchObject({ id, individual_note: true, notes: [{ type: null, body: 'Seen on staging' }] });
    const reply = await api(issuePath(`/${id}/notes`), fixture.tokens.olivia, {
      method: 'POST',
      json: { body: 'Thanks' },
    });
    expect(reply.status).toBe(201);
    const after = await api<DiscussionJson>(issuePath(`/${id}`), fixture.tokens.rita);
    expect(after.body).toMatchObject({
      id,
      individual_note: false,
      notes: [
        { type: 'DiscussionNote', body: 'Seen on staging' },
        { type: 'DiscussionNote', body: 'Thanks' },
      ],
    });
  });

  it('lists every discussion, system notes as individual notes that cannot be replied to', async () => {
    await api(`/projects/${fixture.projectId}/issues/1`, fixture.tokens.olivia, {
      method: 'PUT',
      json: { state_event: 'close' },
    });
    const list = await api<DiscussionJson[]>(issuePath(), fixture.tokens.gus);
    expect(list.headers.get('x-total')).toBe('3');
    expect(list.body.map((d) => [d.individual_note, d.notes.length])).toEqual([
      [false, 2],
      [false, 2],
      [true, 1],
    ]);
    const system = list.body[2]!;
    expect(system.notes[0]).toMatchObject({ system: true, body: 'closed' });
    expect(
      await api(issuePath(`/${system.id}/notes`), fixture.tokens.olivia, { method: 'POST', json: { body: 'x' } }),
    ).toMatchObject({
      status: 400,
      body: { message: '400 Bad request - Discussion can not be replied to.' },
    });
    expect((await api<DiscussionJson[]>(`${issuePath()}?per_page=1&page=3`, fixture.tokens.gus)).body).toEqual([
      system,
    ]);
  });

  it('hides internal discussions below Reporter and refuses unknown ids and outsiders', async () => {
    const internal = await api<DiscussionJson>(issuePath(), fixture.tokens.rita, {
      method: 'POST',
      json: { body: 'Team only', internal: true },
    });
    expect(internal.status).toBe(201);
    expect((await api(issuePath(`/${internal.body.id}`), fixture.tokens.gus)).status).toBe(404);
    expect((await api<DiscussionJson[]>(issuePath(), fixture.tokens.gus)).body).toHaveLength(3);
    expect((await api<DiscussionJson[]>(issuePath(), fixture.tokens.rita)).body).toHaveLength(4);
    expect(await api(issuePath(`/${'0'.repeat(40)}`), fixture.tokens.gus)).toMatchObject({
      status: 404,
      body: { message: '404 Discussion Not Found' },
    });
    expect((await api(issuePath('/not-an-id'), fixture.tokens.gus)).status).toBe(400);
    expect((await api(issuePath(), fixture.tokens.nina)).status).toBe(404);
    expect((await api(issuePath(), undefined, { method: 'POST', json: { body: 'x' } })).status).toBe(404);
  });

  it("edits and deletes a discussion's notes with the notes API's rules", async () => {
    const [first] = (await api<DiscussionJson[]>(issuePath(), fixture.tokens.gus)).body;
    const [question, answer] = first!.notes;
    const notePath = (note: NoteJson) => issuePath(`/${first!.id}/notes/${note.id}`);
    expect((await api(notePath(question!), fixture.tokens.dave, { method: 'PUT', json: { body: 'no' } })).status).toBe(
      403,
    );
    const edited = await api<NoteJson>(notePath(question!), fixture.tokens.gus, {
      method: 'PUT',
      json: { body: 'Why?' },
    });
    expect(edited.body).toMatchObject({ body: 'Why?', type: 'DiscussionNote' });
    expect((await api(notePath(answer!), fixture.tokens.gus, { method: 'DELETE' })).status).toBe(403);
    expect((await api(notePath(answer!), fixture.tokens.dave, { method: 'DELETE' })).status).toBe(204);
    const left = await api<DiscussionJson>(issuePath(`/${first!.id}`), fixture.tokens.gus);
    expect(left.body.notes.map((note) => note.body)).toEqual(['Why?']);
    expect((await api(notePath(answer!), fixture.tokens.gus)).status).toBe(404);
  });
});

describe('on merge requests', () => {
  it('starts and replies to a discussion on a merge request', async () => {
    await api(`/projects/${fixture.projectId}/repository/branches`, fixture.tokens.dave, {
      method: 'POST',
      json: { branch: 'topic', ref: 'main' },
    });
    await fixture.commit('topic', [{ action: 'create', file_path: 'b.txt', content: 'b\n' }], {
      token: fixture.tokens.dave,
    });
    const mr = await api<{ iid: number }>(`/projects/${fixture.projectId}/merge_requests`, fixture.tokens.dave, {
      method: 'POST',
      json: { source_branch: 'topic', target_branch: 'main', title: 'Topic' },
    });
    const path = `/projects/${fixture.projectId}/merge_requests/${mr.body.iid}/discussions`;
    const started = await api<DiscussionJson>(path, fixture.tokens.rita, { method: 'POST', json: { body: 'Nit' } });
    expect(started).toMatchObject({
      status: 201,
      body: { individual_note: false, notes: [{ noteable_iid: mr.body.iid }] },
    });
    await api(`${path}/${started.body.id}/notes`, fixture.tokens.dave, { method: 'POST', json: { body: 'Fixed' } });
    const list = await api<DiscussionJson[]>(path, fixture.tokens.rita);
    expect(list.body.map((d) => d.notes.map((note) => note.body))).toEqual([['Nit', 'Fixed']]);
    expect((await api(path, fixture.tokens.gus)).status).toBe(404);
  });
});
