/**
 * Labels API contract (GitLab's labels.md, group_labels.md): project and group labels, shapes
 * (`text_color` from the colour, `priority`, `is_project_label`), `with_counts`, ancestor group
 * labels in project lists, get by name, 409 on duplicates, validation, Reporter-only writes, and
 * the description's HTML re-rendered when its cache version is old.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHED_MARKDOWN_VERSION } from '../../server/domain/markdown.ts';
import { INVALID_COLOR, LABEL_EXISTS, LABEL_TEXT_DARK, LABEL_TEXT_LIGHT } from '../../server/domain/labels.ts';
import { startIssuableFixture, type IssuableFixture } from '../helpers/issuables.ts';

interface LabelJson {
  id: number;
  name: string;
  color: string;
  text_color: string;
  [key: string]: unknown;
}

let f: IssuableFixture;
let site: string;
let group: string;

beforeAll(async () => {
  f = await startIssuableFixture();
  site = `/projects/${f.publicProject.id}`;
  group = `/groups/${f.groupId}`;
});
afterAll(() => f.server.close());

const createLabel = (owner: string, token: string, json: Record<string, unknown>) =>
  f.api<LabelJson>(`${owner}/labels`, token, { method: 'POST', json });

describe('project labels', () => {
  it('creates a label (201) with GitLab shape; text_color follows the colour', async () => {
    const response = await createLabel(site, f.tokens.rita, {
      name: 'bug',
      color: '#FF0000',
      description: 'Broken @gus',
      priority: 2,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'bug',
      color: '#FF0000',
      text_color: LABEL_TEXT_LIGHT,
      description: 'Broken @gus',
      subscribed: false,
      priority: 2,
      is_project_label: true,
    });
    expect(response.body.description_html).toContain('data-user=');
    const light = await createLabel(site, f.tokens.rita, { name: 'docs', color: '#eee' });
    expect(light.body).toMatchObject({ text_color: LABEL_TEXT_DARK, description: null, priority: null });
  });

  it('refuses duplicates (409), bad colours and commas (400), and non-Reporters (403/401)', async () => {
    expect(await createLabel(site, f.tokens.rita, { name: 'bug', color: '#00FF00' })).toMatchObject({
      status: 409,
      body: { message: LABEL_EXISTS },
    });
    expect(await createLabel(site, f.tokens.rita, { name: 'x', color: 'reddish' })).toMatchObject({
      status: 400,
      body: { message: { color: [INVALID_COLOR] } },
    });
    expect((await createLabel(site, f.tokens.rita, { name: 'a,b', color: '#000' })).status).toBe(400);
    expect(await createLabel(site, f.tokens.rita, { color: '#000' })).toMatchObject({
      status: 400,
      body: { error: 'name is missing' },
    });
    expect((await createLabel(site, f.tokens.gus, { name: 'g', color: '#000' })).status).toBe(403);
    expect((await createLabel(site, '', { name: 'g', color: '#000' })).status).toBe(401);
  });

  it('gets by id or URL-encoded name, updates (new_name, color, priority) and deletes', async () => {
    const created = await createLabel(site, f.tokens.rita, { name: 'needs review', color: '#428BCA' });
    expect((await f.api<LabelJson>(`${site}/labels/needs%20review`)).body.id).toBe(created.body.id);
    const updated = await f.api<LabelJson>(`${site}/labels/${created.body.id}`, f.tokens.rita, {
      method: 'PUT',
      json: { new_name: 'reviewing', color: '#FFFFFF', priority: 1 },
    });
    expect(updated.body).toMatchObject({ name: 'reviewing', text_color: LABEL_TEXT_DARK, priority: 1 });
    const empty = await f.api<{ error: string }>(`${site}/labels/reviewing`, f.tokens.rita, {
      method: 'PUT',
      json: {},
    });
    expect(empty.status).toBe(400);
    expect((await f.api(`${site}/labels/reviewing`, f.tokens.rita, { method: 'DELETE', json: {} })).status).toBe(204);
    expect(await f.api(`${site}/labels/reviewing`)).toMatchObject({
      status: 404,
      body: { message: '404 Label Not Found' },
    });
  });

  it('counts open and closed issues with_counts', async () => {
    await f.api(`${site}/issues`, f.tokens.rita, { method: 'POST', json: { title: 'one', labels: 'bug' } });
    const closed = await f.api<{ iid: number }>(`${site}/issues`, f.tokens.rita, {
      method: 'POST',
      json: { title: 'two', labels: 'bug' },
    });
    await f.api(`${site}/issues/${closed.body.iid}`, f.tokens.rita, { method: 'PUT', json: { state_event: 'close' } });
    await f.api(`${site}/issues`, f.tokens.rita, {
      method: 'POST',
      json: { title: 'hidden', labels: 'bug', confidential: true },
    });
    const count = async (token?: string) =>
      (await f.api<LabelJson[]>(`${site}/labels?with_counts=true&search=bug`, token)).body[0];
    expect(await count(f.tokens.rita)).toMatchObject({
      open_issues_count: 2,
      closed_issues_count: 1,
      open_merge_requests_count: 0,
    });
    // The confidential issue does not count for someone who may not see it.
    expect(await count()).toMatchObject({ open_issues_count: 1 });
    expect((await f.api<LabelJson[]>(`${site}/labels`)).body[0]).not.toHaveProperty('open_issues_count');
  });
});

describe('group labels', () => {
  it('creates group labels and shows them in project lists as non-project labels', async () => {
    const created = await createLabel(group, f.tokens.rita, { name: 'org-wide', color: '#5843AD' });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('is_project_label');
    const inProject = await f.api<LabelJson[]>(`${site}/labels?search=org`);
    expect(inProject.body).toEqual([expect.objectContaining({ name: 'org-wide', is_project_label: false })]);
    const withoutAncestors = await f.api<LabelJson[]>(`${site}/labels?search=org&include_ancestor_groups=false`);
    expect(withoutAncestors.body).toEqual([]);
    const inGroup = await f.api<LabelJson[]>(`${group}/labels`);
    expect(inGroup.body.map((label) => label.name)).toEqual(['org-wide']);
    // A group's label is not deleted through a project.
    expect((await f.api(`${site}/labels/org-wide`, f.tokens.olivia, { method: 'DELETE' })).status).toBe(403);
    expect(
      (await f.api(`${group}/labels/org-wide`, f.tokens.rita, { method: 'PUT', json: { description: 'All' } })).body,
    ).toMatchObject({ description: 'All' });
    expect((await f.api(`${group}/labels/org-wide`, f.tokens.rita, { method: 'DELETE' })).status).toBe(204);
  });

  it('answers 404 for a group one may not see', async () => {
    const { body } = await f.api<{ id: number }>('/groups', f.tokens.olivia, {
      method: 'POST',
      json: { name: 'Hidden', path: 'hidden' },
    });
    expect(await f.api(`/groups/${body.id}/labels`, f.tokens.nina)).toMatchObject({
      status: 404,
      body: { message: '404 Group Not Found' },
    });
  });
});

describe('description HTML cache', () => {
  it('re-renders a description written by an older renderer when it is read, and stores it', async () => {
    const { body: label } = await createLabel(site, f.tokens.rita, {
      name: 'cached',
      color: '#000000',
      description: '**bold**',
    });
    const db = f.server.database.db;
    await db
      .updateTable('labels')
      .set({ description_html: 'stale', cached_markdown_version: CACHED_MARKDOWN_VERSION - 1 })
      .where('id', '=', label.id)
      .execute();
    const read = await f.api<LabelJson>(`${site}/labels/${label.id}`);
    expect(read.body.description_html).toBe('<p><strong>bold</strong></p>\n');
    const row = await db.selectFrom('labels').selectAll().where('id', '=', label.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      description_html: '<p><strong>bold</strong></p>\n',
      cached_markdown_version: CACHED_MARKDOWN_VERSION,
    });
    // A current row is served as stored, never re-rendered on a read.
    await db.updateTable('labels').set({ description_html: 'kept' }).where('id', '=', label.id).execute();
    expect((await f.api<LabelJson>(`${site}/labels/${label.id}`)).body.description_html).toBe('kept');
  });
});
