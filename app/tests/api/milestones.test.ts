/**
 * Milestones API contract (GitLab's milestones.md, group_milestones.md): shapes, iids, state
 * filter, `state_event` close/activate, `expired`, title uniqueness and date validation, the
 * milestone's issues, group milestones in project lists with `include_ancestors`, permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MILESTONE_TITLE_TAKEN } from '../../server/api/v4/milestones.ts';
import { startIssuableFixture, type IssuableFixture } from '../helpers/issuables.ts';

interface MilestoneJson {
  id: number;
  iid: number;
  title: string;
  state: string;
  expired: boolean;
  [key: string]: unknown;
}

let f: IssuableFixture;
let site: string;

beforeAll(async () => {
  f = await startIssuableFixture();
  site = `/projects/${f.publicProject.id}`;
});
afterAll(() => f.server.close());

const createMilestone = (owner: string, token: string, json: Record<string, unknown>) =>
  f.api<MilestoneJson>(`${owner}/milestones`, token, { method: 'POST', json });

describe('project milestones', () => {
  it('creates milestones (201) with GitLab shape, iids and expired', async () => {
    const past = await createMilestone(site, f.tokens.rita, {
      title: 'v1',
      description: 'First',
      start_date: '2020-01-01',
      due_date: '2020-02-01',
    });
    expect(past.status).toBe(201);
    expect(past.body).toMatchObject({
      iid: 1,
      project_id: f.publicProject.id,
      title: 'v1',
      description: 'First',
      state: 'active',
      start_date: '2020-01-01',
      due_date: '2020-02-01',
      expired: true,
      web_url: `${f.server.url}/acme/site/-/milestones/1`,
    });
    expect(past.body).not.toHaveProperty('group_id');
    const future = await createMilestone(site, f.tokens.rita, { title: 'v2', due_date: '2999-01-01' });
    expect(future.body).toMatchObject({ iid: 2, expired: false, start_date: null, description: null });
    expect((await createMilestone(site, f.tokens.rita, { title: 'undated' })).body.expired).toBe(false);
  });

  it('refuses duplicate titles, inverted dates and non-Reporters', async () => {
    expect(await createMilestone(site, f.tokens.rita, { title: 'v1' })).toMatchObject({
      status: 400,
      body: { message: `Failed to create milestone {:title=>["${MILESTONE_TITLE_TAKEN}"]}` },
    });
    expect(
      (await createMilestone(site, f.tokens.rita, { title: 'v9', start_date: '2030-02-01', due_date: '2030-01-01' }))
        .status,
    ).toBe(400);
    expect((await createMilestone(site, f.tokens.gus, { title: 'g' })).status).toBe(403);
    expect((await createMilestone(site, '', { title: 'g' })).status).toBe(401);
    expect(await createMilestone(site, f.tokens.rita, {})).toMatchObject({
      status: 400,
      body: { error: 'title is missing' },
    });
  });

  it('closes and activates with state_event, and filters lists by state and title', async () => {
    const { body: list } = await f.api<MilestoneJson[]>(`${site}/milestones`);
    expect(list.map((m) => m.title)).toEqual(['v1', 'v2', 'undated']);
    const v1 = list[0]!;
    const closed = await f.api<MilestoneJson>(`${site}/milestones/${v1.id}`, f.tokens.rita, {
      method: 'PUT',
      json: { state_event: 'close' },
    });
    expect(closed.body.state).toBe('closed');
    expect((await f.api<MilestoneJson[]>(`${site}/milestones?state=closed`)).body.map((m) => m.title)).toEqual(['v1']);
    expect((await f.api<MilestoneJson[]>(`${site}/milestones?title=v2`)).body.map((m) => m.iid)).toEqual([2]);
    expect((await f.api<MilestoneJson[]>(`${site}/milestones?iids[]=2`)).body.map((m) => m.title)).toEqual(['v2']);
    const active = await f.api<MilestoneJson>(`${site}/milestones/${v1.id}`, f.tokens.rita, {
      method: 'PUT',
      json: { state_event: 'activate' },
    });
    expect(active.body.state).toBe('active');
    expect((await f.api(`${site}/milestones/${v1.id}`, f.tokens.rita, { method: 'PUT', json: {} })).status).toBe(400);
  });

  it('lists its issues and shows on them; issues list by milestone title', async () => {
    const { body: list } = await f.api<MilestoneJson[]>(`${site}/milestones?title=v2`);
    const v2 = list[0]!;
    const issue = await f.api<{ iid: number; milestone: MilestoneJson }>(`${site}/issues`, f.tokens.rita, {
      method: 'POST',
      json: { title: 'Planned', milestone_id: v2.id },
    });
    expect(issue.body.milestone).toMatchObject({ id: v2.id, title: 'v2' });
    const issues = await f.api<{ title: string }[]>(`${site}/milestones/${v2.id}/issues`);
    expect(issues.body.map((i) => i.title)).toEqual(['Planned']);
    expect((await f.api<{ title: string }[]>(`${site}/issues?milestone=v2`)).body.map((i) => i.title)).toEqual([
      'Planned',
    ]);
    const notes = await f.api<{ body: string }[]>(`${site}/issues/${issue.body.iid}/notes`);
    expect(notes.body).toEqual([]);
    await f.api(`${site}/issues/${issue.body.iid}`, f.tokens.rita, { method: 'PUT', json: { milestone_id: 0 } });
    const after = await f.api<{ milestone: null }>(`${site}/issues/${issue.body.iid}`);
    expect(after.body.milestone).toBeNull();
    const history = await f.api<{ body: string }[]>(`${site}/issues/${issue.body.iid}/notes`);
    expect(history.body.map((note) => note.body)).toEqual(['removed milestone']);
  });

  it('deletes (204) for Reporters only', async () => {
    const { body } = await createMilestone(site, f.tokens.rita, { title: 'temp' });
    expect((await f.api(`${site}/milestones/${body.id}`, f.tokens.gus, { method: 'DELETE' })).status).toBe(403);
    expect((await f.api(`${site}/milestones/${body.id}`, f.tokens.rita, { method: 'DELETE' })).status).toBe(204);
    expect(await f.api(`${site}/milestones/${body.id}`)).toMatchObject({
      status: 404,
      body: { message: '404 Milestone Not Found' },
    });
  });
});

describe('group milestones', () => {
  it('creates group milestones with group_id and lists them in projects with include_ancestors', async () => {
    const created = await createMilestone(`/groups/${f.groupId}`, f.tokens.rita, { title: 'Q1' });
    expect(created.body).toMatchObject({
      iid: 1,
      group_id: f.groupId,
      web_url: `${f.server.url}/groups/acme/-/milestones/1`,
    });
    expect(created.body).not.toHaveProperty('project_id');
    expect((await f.api<MilestoneJson[]>(`${site}/milestones?title=Q1`)).body).toEqual([]);
    expect((await f.api<MilestoneJson[]>(`${site}/milestones?title=Q1&include_ancestors=true`)).body).toHaveLength(1);
    const issue = await f.api<{ milestone: MilestoneJson }>(`${site}/issues`, f.tokens.rita, {
      method: 'POST',
      json: { title: 'Quarterly', milestone_id: created.body.id },
    });
    expect(issue.body.milestone).toMatchObject({ group_id: f.groupId, title: 'Q1' });
  });
});
