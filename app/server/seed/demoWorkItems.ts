/**
 * The demo's work item widgets (issue 15), a step of its own after the demo seed so that an
 * instance seeded before it gets them too: iterations (a two-week cadence per top-level group),
 * weights, estimates and timelogs, health statuses, start dates and iterations on issues; in the
 * showcase project, epics with child issues (one confidential epic with a confidential child),
 * an objective with key results and their progress, a blocking chain, and on the 500-note issue
 * threads with replies, internal notes and resolved threads. Written with the domain functions
 * (no REST route exists for these widgets in GitLab); deterministic but for the iterations' dates
 * (around the week it runs); idempotent through its own `seed_runs` row. A second step gives the demo's first group epics (group work items) with
 * child issues from its projects and a child epic.
 */
import { sql, type Transaction } from 'kysely';
import type { Db, Tables } from '../db/schema.ts';
import { discussionIdOf, replyToDiscussion } from '../domain/discussions.ts';
import { createIssue } from '../domain/issues.ts';
import type { MarkdownScope } from '../domain/markdown.ts';
import { createNote } from '../domain/notes.ts';
import { HEALTH_STATUSES, progressOf } from '../domain/workItemWidgets.ts';
import { addLinks, setParent } from '../domain/workItems.ts';
import { createRandom } from './demoRandom.ts';

/** The step's `seed_runs` name. */
export const DEMO_WORK_ITEMS_SEED = 'demo-work-items';
/** The generator's seed of this step. */
const RANDOM_SEED = 20_261_126;
/** "Now" for the step's dates (the demo's epoch). */
const EPOCH = new Date('2026-11-02T09:00:00Z');
const DAY_MS = 86_400_000;
const HOUR_S = 3600;
/** Iterations per cadence, the first starting this many weeks before the week of the seed. */
const ITERATIONS = 6;
const ITERATION_WEEKS = 2;
const WEEKS_BEFORE_SEED = 4;

/**
 * The Monday (UTC) of the week the demo is seeded. Iterations are dated from it, not from the
 * fixed epoch, so that a demo seeded on any day has a current iteration and upcoming ones to pick,
 * as GitLab's automatic cadences keep creating them.
 */
function seedWeekStart(now = new Date()): number {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return day - ((now.getUTCDay() + 6) % 7) * DAY_MS;
}
/** Share of issues given a weight, an estimate, time spent, a health status, an iteration. */
const SHARE = { weight: 0.7, estimate: 0.5, spent: 0.4, health: 0.3, iteration: 0.6, startDate: 0.3 } as const;
const MAX_WEIGHT = 8;
/** Estimates in hours. */
const MAX_ESTIMATE_HOURS = 24;
/** The showcase project's epics (the last is confidential, with a confidential child issue). */
export const DEMO_EPICS = [
  { title: 'Platform 2027', color: '#1068bf', confidential: false },
  { title: 'Accessibility sweep', color: '#694cc0', confidential: false },
  { title: 'Security hardening', color: '#c91c00', confidential: true },
] as const;
/** Open issues placed under each non-confidential epic. */
const CHILDREN_PER_EPIC = 4;
/** The objective and its key results with their progress (current value of 0..100). */
export const DEMO_OBJECTIVE = {
  title: 'Make onboarding delightful',
  keyResults: [
    ['Time to first project under five minutes', 40],
    ['Nine in ten new users finish the tour', 75],
    ['Zero blocking accessibility issues on sign-up', 100],
  ],
} as const;
/** Work items the step creates in the showcase project: epics, the confidential child, objective, key results. */
export const DEMO_EXTRA_WORK_ITEMS = DEMO_EPICS.length + 1 + 1 + DEMO_OBJECTIVE.keyResults.length;
/** Threads made on the 500-note issue, each with this many replies; internal notes added. */
const THREADS = 20;
const REPLIES = 3;
const INTERNAL_NOTES = 10;
/** Replies follow their thread's first note by this much each. */
const REPLY_GAP_MS = 600_000;

/** The group epics step's `seed_runs` name (a step of its own: instances seeded before it get it). */
export const DEMO_GROUP_EPICS_SEED = 'demo-group-epics';
/** The group whose epics the demo shows. */
export const DEMO_EPIC_GROUP = 'forgekit';
/**
 * The group's epics (decision 016): each with open issues of the group's projects as children,
 * the first with the second as a child epic, the last confidential and childless.
 */
export const DEMO_GROUP_EPICS = [
  { title: 'Roadmap 2027', color: '#1068bf', confidential: false, childIssues: 3 },
  { title: 'Design system 1.0', color: '#694cc0', confidential: false, childIssues: 2 },
  { title: 'Faster reviews', color: '#108548', confidential: false, childIssues: 2 },
  { title: 'Security audit 2027', color: '#c91c00', confidential: true, childIssues: 0 },
] as const;

/**
 * Called after each thing a step makes (with its count's name). Only tests pass one: throwing from
 * it interrupts the step as a killed server would.
 */
export type SeedCheckpoint = (what: string) => void;

/**
 * Runs the work item steps that have not run yet; returns what they made. Each step is one
 * transaction that records itself in `seed_runs` at its end: a server killed mid-step leaves
 * nothing of it behind, and the next start runs it again from the beginning.
 */
export async function seedDemoWorkItems(
  db: Db,
  root: string,
  checkpoint: SeedCheckpoint = () => {},
): Promise<Record<string, number>> {
  return {
    ...(await db.transaction().execute((trx) => seedWidgets(trx, root, checkpoint))),
    ...(await db.transaction().execute((trx) => seedGroupEpics(trx, root, checkpoint))),
  };
}

/** The group epics of {@link DEMO_EPIC_GROUP}, unless made already. */
async function seedGroupEpics(
  db: Transaction<Tables>,
  root: string,
  checkpoint: SeedCheckpoint,
): Promise<Record<string, number>> {
  const done = await db
    .selectFrom('seed_runs')
    .select('name')
    .where('name', '=', DEMO_GROUP_EPICS_SEED)
    .executeTakeFirst();
  const group = await db
    .selectFrom('namespaces')
    .selectAll()
    .where('full_path', '=', DEMO_EPIC_GROUP)
    .executeTakeFirst();
  if (done || !group) return {};
  const counts: Record<string, number> = {};
  const owner = await db
    .selectFrom('members')
    .select('user_id')
    .where('source_type', '=', 'Namespace')
    .where('source_id', '=', group.id)
    .orderBy('access_level', 'desc')
    .orderBy('user_id')
    .executeTakeFirstOrThrow();
  const scope: MarkdownScope = {
    root,
    group: {
      id: group.id,
      fullPath: group.full_path,
      traversalIds: group.traversal_ids,
      visibilityLevel: group.visibility_level,
    },
  };
  // Open, public issues of the group's projects that have no parent yet, oldest project first.
  const orphans = await db
    .selectFrom('issues')
    .innerJoin('projects', 'projects.id', 'issues.project_id')
    .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
    .select(['issues.id', 'issues.project_id', 'issues.namespace_id', 'issues.issue_type', 'issues.confidential'])
    .where(sql<boolean>`${group.id} = ANY(namespaces.traversal_ids)`)
    .where('issues.issue_type', '=', 'issue')
    .where('issues.confidential', '=', false)
    .where('issues.state', '=', 'opened')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('work_item_parent_links').select('id').whereRef('work_item_id', '=', 'issues.id'))),
    )
    .orderBy('projects.id', 'desc')
    .orderBy('issues.iid')
    .execute();
  const epics = [];
  for (const [index, spec] of DEMO_GROUP_EPICS.entries()) {
    const epic = await createIssue(
      db,
      { group },
      owner.user_id,
      {
        title: spec.title,
        description: `Everything for **${spec.title}** across the ${group.name} projects.`,
        issueType: 'epic',
        confidential: spec.confidential,
        color: spec.color,
        createdAt: new Date(EPOCH.getTime() - (DEMO_GROUP_EPICS.length - index) * 7 * DAY_MS),
      },
      scope,
    );
    epics.push(epic);
    counts['group epics'] = (counts['group epics'] ?? 0) + 1;
    checkpoint('group epics');
    for (const child of orphans.splice(0, spec.childIssues)) await setParent(db, child, epic);
  }
  // The second epic is a child of the first.
  await setParent(db, epics[1]!, epics[0]!);
  await db.insertInto('seed_runs').values({ name: DEMO_GROUP_EPICS_SEED }).execute();
  return counts;
}

/** The widgets step, unless it ran. */
async function seedWidgets(
  db: Transaction<Tables>,
  root: string,
  checkpoint: SeedCheckpoint,
): Promise<Record<string, number>> {
  const done = await db
    .selectFrom('seed_runs')
    .select('name')
    .where('name', '=', DEMO_WORK_ITEMS_SEED)
    .executeTakeFirst();
  if (done) return {};
  const random = createRandom(RANDOM_SEED);
  const counts: Record<string, number> = {};
  const count = (what: string, n = 1) => {
    counts[what] = (counts[what] ?? 0) + n;
    checkpoint(what);
  };

  // Iterations: a cadence per top-level group.
  const groups = await db
    .selectFrom('namespaces')
    .select(['id', 'path'])
    .where('type', '=', 'Group')
    .where('parent_id', 'is', null)
    .orderBy('id')
    .execute();
  const sprintsByGroup = new Map<number, number[]>();
  const firstMonday = seedWeekStart();
  for (const group of groups) {
    const cadence = await db
      .insertInto('iterations_cadences')
      .values({ group_id: group.id, title: 'Two-week sprints', duration_in_weeks: ITERATION_WEEKS })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (let i = 0; i < ITERATIONS; i += 1) {
      const start = firstMonday + (i - WEEKS_BEFORE_SEED / ITERATION_WEEKS) * ITERATION_WEEKS * 7 * DAY_MS;
      const sprint = await db
        .insertInto('sprints')
        .values({
          iid: i + 1,
          group_id: group.id,
          iterations_cadence_id: cadence.id,
          start_date: new Date(start).toISOString().slice(0, 10),
          due_date: new Date(start + (ITERATION_WEEKS * 7 - 1) * DAY_MS).toISOString().slice(0, 10),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(sprint.id);
    }
    sprintsByGroup.set(group.id, ids);
    count('iterations', ITERATIONS);
  }

  // Widget values on every project's issues and tasks.
  const projects = await db
    .selectFrom('projects')
    .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
    .select([
      'projects.id',
      'projects.path',
      'projects.visibility_level',
      'namespaces.id as namespace_id',
      'namespaces.full_path',
      'namespaces.traversal_ids',
    ])
    .orderBy('projects.id')
    .execute();
  for (const project of projects) {
    const sprints = sprintsByGroup.get(project.traversal_ids[0]!) ?? [];
    const issues = await db
      .selectFrom('issues')
      .select(['id', 'author_id', 'issue_type'])
      .where('project_id', '=', project.id)
      .where('issue_type', 'in', ['issue', 'task'])
      .orderBy('iid')
      .execute();
    for (const issue of issues) {
      const healthNames = Object.values(HEALTH_STATUSES);
      await db
        .updateTable('issues')
        .set({
          weight: random.chance(SHARE.weight) ? random.between(1, MAX_WEIGHT) : null,
          time_estimate: random.chance(SHARE.estimate) ? random.between(1, MAX_ESTIMATE_HOURS) * HOUR_S : 0,
          health_status: random.chance(SHARE.health) ? random.pick(healthNames) : null,
          sprint_id: sprints.length && random.chance(SHARE.iteration) ? random.pick(sprints) : null,
          start_date: random.chance(SHARE.startDate)
            ? new Date(EPOCH.getTime() - random.between(0, 20) * DAY_MS).toISOString().slice(0, 10)
            : null,
        })
        .where('id', '=', issue.id)
        .execute();
      if (issue.author_id !== null && random.chance(SHARE.spent)) {
        for (let i = random.between(1, 3); i > 0; i -= 1) {
          await db
            .insertInto('timelogs')
            .values({
              issue_id: issue.id,
              user_id: issue.author_id,
              time_spent: (random.between(1, 8) * HOUR_S) / 2,
              spent_at: new Date(EPOCH.getTime() - random.between(0, 14) * DAY_MS),
              summary: random.pick(['Investigation', 'Pairing', 'Review', null]),
            })
            .execute();
          count('timelogs');
        }
      }
    }
    count('work items with widget values', issues.length);
  }

  // The showcase project (the first): epics, an objective with key results, a blocking chain,
  // and threads on the long discussion.
  const showcase = projects[0]!;
  const scope: MarkdownScope = {
    root,
    project: {
      id: showcase.id,
      fullPath: `${showcase.full_path}/${showcase.path}`,
      namespaceId: showcase.namespace_id,
      visibilityLevel: showcase.visibility_level,
    },
  };
  const owner = await db
    .selectFrom('issues')
    .select('author_id')
    .where('project_id', '=', showcase.id)
    .where('iid', '=', 1)
    .executeTakeFirstOrThrow();
  const authorId = owner.author_id!;
  const projectRow = {
    id: showcase.id,
    namespace_id: showcase.namespace_id,
    visibility_level: showcase.visibility_level,
  };
  const orphans = await db
    .selectFrom('issues')
    .select(['id', 'project_id', 'issue_type', 'confidential', 'iid'])
    .where('project_id', '=', showcase.id)
    .where('issue_type', '=', 'issue')
    .where('confidential', '=', false)
    .where('state', '=', 'opened')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('work_item_parent_links').select('id').whereRef('work_item_id', '=', 'issues.id'))),
    )
    .orderBy('iid')
    .execute();
  for (const [index, spec] of DEMO_EPICS.entries()) {
    const epic = await createIssue(
      db,
      projectRow,
      authorId,
      {
        title: spec.title,
        description: `Everything for **${spec.title}**.`,
        issueType: 'epic',
        confidential: spec.confidential,
        color: spec.color,
        healthStatus: random.pick(Object.values(HEALTH_STATUSES)),
        createdAt: new Date(EPOCH.getTime() - (DEMO_EPICS.length - index) * 7 * DAY_MS),
      },
      scope,
    );
    count('epics');
    if (spec.confidential) {
      const child = await createIssue(
        db,
        projectRow,
        authorId,
        { title: 'Rotate the signing keys', confidential: true, weight: 3 },
        scope,
      );
      await setParent(db, child, epic);
      count('work items (issue)');
    } else {
      for (const child of orphans.splice(0, CHILDREN_PER_EPIC)) await setParent(db, child, epic);
      count('parent links', CHILDREN_PER_EPIC);
    }
  }
  const objective = await createIssue(
    db,
    projectRow,
    authorId,
    { title: DEMO_OBJECTIVE.title, issueType: 'objective', healthStatus: HEALTH_STATUSES.onTrack },
    scope,
  );
  count('objectives');
  for (const [title, current] of DEMO_OBJECTIVE.keyResults) {
    const keyResult = await createIssue(db, projectRow, authorId, { title, issueType: 'key_result' }, scope);
    await setParent(db, keyResult, objective);
    await db
      .insertInto('work_item_progresses')
      .values({
        issue_id: keyResult.id,
        current_value: current,
        progress: progressOf({ start: 0, end: 100, current }),
      })
      .execute();
    count('key results');
  }
  const [blocker, blocked] = await db
    .selectFrom('issues')
    .select('id')
    .where('project_id', '=', showcase.id)
    .where('iid', 'in', [2, 3])
    .orderBy('iid')
    .execute();
  count('related links', (await addLinks(db, blocker!.id, [blocked!.id], 'blocks')).length);

  // The long discussion: threads with replies (some resolved) and internal notes.
  const longIssue = await db
    .selectFrom('issues')
    .selectAll()
    .where('project_id', '=', showcase.id)
    .where('iid', '=', 1)
    .executeTakeFirstOrThrow();
  const comments = await db
    .selectFrom('notes')
    .selectAll()
    .where('noteable_type', '=', 'Issue')
    .where('noteable_id', '=', longIssue.id)
    .where('system', '=', false)
    .orderBy('id')
    .execute();
  const authors = [...new Set(comments.flatMap((note) => (note.author_id ? [note.author_id] : [])))];
  const step = Math.max(1, Math.floor(comments.length / THREADS));
  for (let t = 0; t < THREADS && t * step < comments.length; t += 1) {
    const first = comments[t * step]!;
    for (let r = 0; r < REPLIES; r += 1) {
      await replyToDiscussion(
        db,
        first,
        {
          noteableType: 'Issue',
          noteableId: longIssue.id,
          projectId: showcase.id,
          authorId: random.pick(authors),
          body: random.pick(['Good point.', 'Fixed in the next commit.', 'Can you share a screenshot?', 'Agreed :+1:']),
          createdAt: new Date(first.created_at.getTime() + (r + 1) * REPLY_GAP_MS),
        },
        scope,
      );
      count('replies');
    }
    if (t % 2 === 0) {
      await db
        .updateTable('notes')
        .set({ resolved_at: EPOCH, resolved_by_id: authorId })
        .where('discussion_id', '=', discussionIdOf(first))
        .execute();
      count('resolved threads');
    }
  }
  for (let i = 0; i < INTERNAL_NOTES; i += 1) {
    await createNote(
      db,
      {
        noteableType: 'Issue',
        noteableId: longIssue.id,
        projectId: showcase.id,
        authorId,
        body: `Internal: customer ${random.between(100, 999)} is affected too.`,
        internal: true,
        createdAt: new Date(EPOCH.getTime() - random.between(1, 400) * 3_600_000),
      },
      scope,
    );
    count('internal notes');
  }

  await db.insertInto('seed_runs').values({ name: DEMO_WORK_ITEMS_SEED }).execute();
  return counts;
}
