/**
 * Notes API contract (GitLab's notes.md) on issues and merge requests: shapes, sort and
 * order_by, activity filter, create/update/delete permissions, internal notes, locked
 * discussions, confidential issues, merge requests of private projects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIssuableFixture, type IssuableFixture } from '../helpers/issuables.ts';

interface NoteJson {
  id: number;
  body: string;
  system: boolean;
  author: { username: string };
  [key: string]: unknown;
}

let f: IssuableFixture;
let issuePath: string;

beforeAll(async () => {
  f = await startIssuableFixture();
  const issue = await f.api<{ iid: number }>(`/projects/${f.publicProject.id}/issues`, f.tokens.rita, {
    method: 'POST',
    json: { title: 'Discussed' },
  });
  issuePath = `/projects/${f.publicProject.id}/issues/${issue.body.iid}`;
});
afterAll(() => f.server.close());

const post = (body: string, token: string, extra: Record<string, unknown> = {}) =>
  f.api<NoteJson>(`${issuePath}/notes`, token, { method: 'POST', json: { body, ...extra } });

describe('notes on issues', () => {
  it('creates a note with GitLab shape (201) and counts it as a user note', async () => {
    const response = await post('a note', f.tokens.nina);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      type: null,
      body: 'a note',
      attachment: null,
      author: { username: 'nina', web_url: `${f.server.url}/nina` },
      system: false,
      noteable_type: 'Issue',
      noteable_iid: 1,
      project_id: f.publicProject.id,
      resolvable: false,
      confidential: false,
      internal: false,
      imported: false,
      imported_from: 'none',
      commands_changes: {},
    });
    expect(response.body.noteable_id).toEqual(expect.any(Number));
    const issue = await f.api<{ user_notes_count: number }>(issuePath);
    expect(issue.body.user_notes_count).toBe(1);
  });

  it('lists newest first by default; sort and order_by change it; activity_filter splits comments and history', async () => {
    await post('second', f.tokens.gus);
    await f.api(issuePath, f.tokens.rita, { method: 'PUT', json: { state_event: 'close' } });
    const bodies = async (query: string) =>
      (await f.api<NoteJson[]>(`${issuePath}/notes?${query}`)).body.map((note) => note.body);
    expect(await bodies('')).toEqual(['closed', 'second', 'a note']);
    expect(await bodies('sort=asc')).toEqual(['a note', 'second', 'closed']);
    expect(await bodies('sort=asc&order_by=updated_at')).toEqual(['a note', 'second', 'closed']);
    expect(await bodies('activity_filter=only_comments&sort=asc')).toEqual(['a note', 'second']);
    expect(await bodies('activity_filter=only_activity')).toEqual(['closed']);
    expect((await f.api(`${issuePath}/notes?sort=sideways`)).status).toBe(400);
    await f.api(issuePath, f.tokens.rita, { method: 'PUT', json: { state_event: 'reopen' } });
  });

  it('requires a signed-in user and a body', async () => {
    expect((await post('x', '')).status).toBe(401);
    expect(await f.api(`${issuePath}/notes`, f.tokens.gus, { method: 'POST', json: {} })).toMatchObject({
      status: 400,
      body: { error: 'body is missing' },
    });
  });

  it('lets only the author edit, and the author or a Maintainer delete', async () => {
    const { body: note } = await post('mine', f.tokens.gus);
    const path = `${issuePath}/notes/${note.id}`;
    expect((await f.api(path, f.tokens.rita, { method: 'PUT', json: { body: 'hijack' } })).status).toBe(403);
    const edited = await f.api<NoteJson>(path, f.tokens.gus, { method: 'PUT', json: { body: 'edited' } });
    expect(edited).toMatchObject({ status: 200, body: { body: 'edited' } });
    expect((await f.api(path, f.tokens.rita, { method: 'DELETE', json: {} })).status).toBe(403);
    expect((await f.api(path, f.tokens.maude, { method: 'DELETE', json: {} })).status).toBe(204);
    expect(await f.api(path)).toMatchObject({ status: 404, body: { message: '404 Note Not Found' } });
  });

  it('keeps internal notes from non-Reporters and lets only Reporters write them', async () => {
    expect((await post('psst', f.tokens.gus, { internal: true })).status).toBe(403);
    const { body: note } = await post('psst', f.tokens.rita, { internal: true });
    expect(note).toMatchObject({ internal: true, confidential: true });
    expect((await f.api(`${issuePath}/notes/${note.id}`, f.tokens.gus)).status).toBe(404);
    expect((await f.api(`${issuePath}/notes/${note.id}`, f.tokens.rita)).status).toBe(200);
    const seen = await f.api<NoteJson[]>(`${issuePath}/notes?per_page=100`, f.tokens.nina);
    expect(seen.body.map((n) => n.body)).not.toContain('psst');
  });

  it('refuses comments on a locked discussion below Reporter', async () => {
    await f.api(issuePath, f.tokens.rita, { method: 'PUT', json: { discussion_locked: true } });
    expect((await post('late', f.tokens.nina)).status).toBe(403);
    expect((await post('still here', f.tokens.rita)).status).toBe(201);
    await f.api(issuePath, f.tokens.rita, { method: 'PUT', json: { discussion_locked: false } });
  });

  it('hides the notes of a confidential issue from those who may not see it', async () => {
    const { body } = await f.api<{ iid: number }>(`/projects/${f.publicProject.id}/issues`, f.tokens.rita, {
      method: 'POST',
      json: { title: 'Hidden', confidential: true },
    });
    const path = `/projects/${f.publicProject.id}/issues/${body.iid}/notes`;
    expect(await f.api(path, f.tokens.nina)).toMatchObject({ status: 404, body: { message: '404 Issue Not Found' } });
    expect((await f.api(path, f.tokens.nina, { method: 'POST', json: { body: 'x' } })).status).toBe(404);
    expect((await f.api(path, f.tokens.rita)).status).toBe(200);
  });
});

describe('notes on merge requests', () => {
  it('creates and lists notes on a merge request', async () => {
    const { id } = await f.insertMergeRequest(f.publicProject.id, 1, 'Feature');
    const path = `/projects/${f.publicProject.id}/merge_requests/1/notes`;
    const created = await f.api<NoteJson>(path, f.tokens.nina, { method: 'POST', json: { body: 'LGTM' } });
    expect(created).toMatchObject({
      status: 201,
      body: { body: 'LGTM', noteable_type: 'MergeRequest', noteable_id: id, noteable_iid: 1 },
    });
    expect((await f.api<NoteJson[]>(path)).body.map((note) => note.body)).toEqual(['LGTM']);
    expect(await f.api(`/projects/${f.publicProject.id}/merge_requests/9/notes`)).toMatchObject({
      status: 404,
      body: { message: '404 Merge Request Not Found' },
    });
  });

  it('hides merge requests of a private project from Guests', async () => {
    await f.insertMergeRequest(f.privateProject.id, 1, 'Private feature');
    const path = `/projects/${f.privateProject.id}/merge_requests/1/notes`;
    expect((await f.api(path, f.tokens.gus)).status).toBe(404);
    expect((await f.api(path, f.tokens.rita)).status).toBe(200);
  });
});
