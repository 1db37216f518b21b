/**
 * Round trips for reading a page of discussions, counted at the database (not timed): the
 * 500-note issue of the demo (its comments with award emoji every 25 notes, then the demo's work
 * item step: threads with replies, resolved threads, internal notes), read with the issue page's
 * own document. The count must not grow with the page, with the notes or with their authors and
 * reactions: a query per note (its award emoji) or per person (authors, reactors, resolvers) would
 * be caught here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNote } from '../../server/domain/notes.ts';
import { LONG_DISCUSSION_NOTES } from '../../server/seed/demo.ts';
import { seedDemoWorkItems } from '../../server/seed/demoWorkItems.ts';
import { WORK_ITEM_DISCUSSIONS, type GqlDiscussions } from '../../src/pages/projects/issues/workItemQueries.ts';
import { PEOPLE, startIssuableFixture, type IssuableFixture } from '../helpers/issuables.ts';
import { onEveryQuery } from '../helpers/queryCount.ts';

/**
 * Who is asking (token and user), the work item, its project with the project's namespace and
 * the asker's role (one query), the notes, then one batch of people (authors, resolvers and
 * reactors read together) and one of award emoji. (Reactors who wrote none of the page's notes
 * would add one more batch of people, never one per person.)
 */
export const DISCUSSION_PAGE_QUERIES = 6;
/** Page sizes compared: a small page and the page the issue page reads after hydration. */
const SMALL_PAGE = 10;
const FULL_PAGE = 100;
/** Issues the demo's work item step needs in the project (it links iids 2 and 3). */
const ISSUES = 12;
/** As in the demo: every this many comments, three people react. */
const AWARD_EVERY = 25;
const AWARDS = ['thumbsup', 'tada', 'eyes'] as const;
/** Writing 500 notes and the demo's work item step: about a minute alone, more beside the whole suite. */
const SEED_TIMEOUT_MS = 600_000;

let fixture: IssuableFixture;
let workItemId: string;
/** Queries the embedded database ran since the last reset. */
let queries = 0;

beforeAll(async () => {
  fixture = await startIssuableFixture();
  const { db } = fixture.server.database;
  const project = fixture.publicProject;
  for (let i = 1; i <= ISSUES; i += 1)
    await fixture.api(`/projects/${project.id}/issues`, fixture.tokens.olivia, {
      method: 'POST',
      json: { title: `Issue ${i}` },
    });
  const issue = await db
    .selectFrom('issues')
    .select('id')
    .where('project_id', '=', project.id)
    .where('iid', '=', 1)
    .executeTakeFirstOrThrow();
  workItemId = `gid://gitlab/WorkItem/${issue.id}`;
  const scope = {
    root: '',
    project: {
      id: project.id,
      fullPath: project.path_with_namespace,
      namespaceId: fixture.groupId,
      visibilityLevel: 20,
    },
  };
  // The demo writes these through REST; the domain writes the same rows in a fraction of the time.
  for (let i = 1; i <= LONG_DISCUSSION_NOTES; i += 1) {
    const authorId = fixture.ids[PEOPLE[i % PEOPLE.length]!];
    const note = await createNote(
      db,
      { noteableType: 'Issue', noteableId: issue.id, projectId: project.id, authorId, body: `Comment ${i} :+1:` },
      scope,
    );
    if (i % AWARD_EVERY === 0)
      await db
        .insertInto('award_emoji')
        .values(
          AWARDS.map((name, n) => ({
            name,
            user_id: fixture.ids[PEOPLE[(i + n) % PEOPLE.length]!],
            awardable_type: 'Note',
            awardable_id: note.id,
          })),
        )
        .execute();
  }
  await seedDemoWorkItems(db, '');

  onEveryQuery(fixture.server.database, () => (queries += 1));
}, SEED_TIMEOUT_MS);
afterAll(() => fixture.server.close());

async function readDiscussions(first: number) {
  const response = await fixture.server.request<{
    data: { workItem: { widgets: { discussions?: GqlDiscussions }[] } };
    errors?: unknown;
  }>('/api/graphql', {
    method: 'POST',
    token: fixture.tokens.maude,
    json: { query: WORK_ITEM_DISCUSSIONS, variables: { id: workItemId, first } },
  });
  expect(response.body.errors).toBeUndefined();
  return response.body.data.workItem.widgets.find((widget) => widget.discussions)!.discussions!;
}

describe('reading the discussions of the 500-note issue', () => {
  it.each([SMALL_PAGE, FULL_PAGE])(`runs ${DISCUSSION_PAGE_QUERIES} queries for a page of %i`, async (first) => {
    queries = 0;
    const started = performance.now();
    const page = await readDiscussions(first);
    const milliseconds = performance.now() - started;
    console.log(`${first} discussions: ${queries} queries, ${Math.round(milliseconds)} ms`);
    expect(page.nodes).toHaveLength(first);
    // What the page shows came with it (not from extra queries left out of the count).
    const notes = page.nodes.flatMap((discussion) => discussion.notes.nodes);
    expect(notes.every((note) => note.author?.username)).toBe(true);
    if (first === FULL_PAGE) {
      expect(notes.some((note) => note.awardEmoji.nodes.some((award) => award.user.username))).toBe(true);
      expect(page.nodes.some((discussion) => discussion.notes.nodes.length > 1)).toBe(true);
      expect(page.nodes.some((discussion) => discussion.resolvedBy?.name)).toBe(true);
    }
    expect(queries).toBe(DISCUSSION_PAGE_QUERIES);
  });
});
