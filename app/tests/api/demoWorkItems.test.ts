/**
 * The demo's work item step (`seed/demoWorkItems.ts`) on a small instance built through the API:
 * iterations per top-level group, widget values, epics with children (one confidential), an
 * objective with key results, a blocking link, threads, resolved threads and internal notes on
 * issue 1; a second run does nothing. (The full demo seed is checked where the end-to-end data is seeded: tests/e2e/demoSeed.check.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_EPICS,
  DEMO_EXTRA_WORK_ITEMS,
  DEMO_OBJECTIVE,
  seedDemoWorkItems,
} from '../../server/seed/demoWorkItems.ts';
import { startIssuableFixture, type IssuableFixture } from '../helpers/issuables.ts';

/** Issues and comments on issue 1 before the step. */
const ISSUES = 12;
const COMMENTS = 40;

let fixture: IssuableFixture;

beforeAll(async () => {
  fixture = await startIssuableFixture();
  const path = `/projects/${fixture.publicProject.id}/issues`;
  for (let i = 1; i <= ISSUES; i += 1)
    await fixture.api(path, fixture.tokens.olivia, { method: 'POST', json: { title: `Issue ${i}` } });
  for (let i = 1; i <= COMMENTS; i += 1)
    await fixture.api(`${path}/1/notes`, fixture.tokens.maude, { method: 'POST', json: { body: `Comment ${i}` } });
});
afterAll(() => fixture.server.close());

describe('the demo work item step', () => {
  it('writes the widgets values once', async () => {
    const db = fixture.server.database.db;
    const counts = await seedDemoWorkItems(db, '');
    expect(counts).toMatchObject({ epics: DEMO_EPICS.length, objectives: 1, 'key results': 3 });
    expect(await seedDemoWorkItems(db, '')).toEqual({});

    const issues = await db
      .selectFrom('issues')
      .selectAll()
      .where('project_id', '=', fixture.publicProject.id)
      .execute();
    expect(issues).toHaveLength(ISSUES + DEMO_EXTRA_WORK_ITEMS);
    expect(
      issues
        .filter((issue) => issue.issue_type === 'epic')
        .map((epic) => epic.title)
        .sort(),
    ).toEqual(DEMO_EPICS.map((epic) => epic.title).sort());
    expect(issues.some((issue) => issue.weight !== null)).toBe(true);
    expect(await db.selectFrom('sprints').select('id').where('group_id', '=', fixture.groupId).execute()).not.toEqual(
      [],
    );

    const secretEpic = issues.find((issue) => issue.issue_type === 'epic' && issue.confidential)!;
    const secretChildren = await db
      .selectFrom('work_item_parent_links')
      .innerJoin('issues', 'issues.id', 'work_item_parent_links.work_item_id')
      .select('issues.confidential')
      .where('work_item_parent_id', '=', secretEpic.id)
      .execute();
    expect(secretChildren).toEqual([{ confidential: true }]);

    const progress = await db.selectFrom('work_item_progresses').select('progress').orderBy('progress').execute();
    expect(progress.map((row) => row.progress)).toEqual(
      DEMO_OBJECTIVE.keyResults.map(([, value]) => value).sort((a, b) => a - b),
    );
    expect(await db.selectFrom('work_item_related_links').select('link_type').execute()).toEqual([
      { link_type: 'blocks' },
    ]);

    const first = issues.find((issue) => issue.iid === 1)!;
    const notes = await db
      .selectFrom('notes')
      .selectAll()
      .where('noteable_type', '=', 'Issue')
      .where('noteable_id', '=', first.id)
      .execute();
    expect(notes.filter((note) => note.internal).length).toBeGreaterThan(0);
    expect(notes.filter((note) => note.resolved_at !== null).length).toBeGreaterThan(0);
    const threads = new Set(notes.flatMap((note) => (note.discussion_id ? [note.discussion_id] : [])));
    expect(threads.size).toBeGreaterThan(1);
  });
});
