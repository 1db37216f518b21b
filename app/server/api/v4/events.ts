/**
 * Events (`lib/api/events.rb`, `doc/api/events.md`): the signed-in user's activity
 * (`GET /events`, `scope=all` for everything in their projects), a user's (`GET /users/:id/events`)
 * and a project's (`GET /projects/:id/events`), filtered by `action`, `target_type`, `before`,
 * `after`, sorted by `sort`. Like GitLab, a page is cut from the events of readable projects and
 * then cleared of what the asker may not see (confidential issues, internal notes, merge requests
 * or code they cannot read), so a page may hold fewer than `per_page` events.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Tables } from '../../db/schema.ts';
import { ACCESS_LEVEL } from '../../domain/access.ts';
import { EVENT_ACTIONS, type EventAction, type EventRow, type EventTargetType } from '../../domain/events.ts';
import { canReadCode, canReadMergeRequests } from '../../domain/gitPermissions.ts';
import type { NoteRow } from '../../domain/issuableTables.ts';
import { canReadIssue, projectAccessLevel, projectMemberOf, projectsReadableBy } from '../../domain/permissions.ts';
import type { ProjectRow } from '../../domain/projects.ts';
import { findUser } from '../../domain/users.ts';
import { actorOf, requireUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { entityContext } from './entities/context.ts';
import { Event } from './entities/Event.ts';
import { Note } from './entities/Note.ts';
import { projectScope } from './issuableScope.ts';
import { PAGINATION_QUERY, paginate, type PaginationQuery } from './pagination.ts';
import { ID_OR_PATH_PARAMS, SORT_SCHEMA } from './params.ts';

/** `target_type` values of the API, and the rows they name. */
export const EVENT_TARGET_TYPES = {
  issue: 'Issue',
  merge_request: 'MergeRequest',
  note: 'Note',
  milestone: null,
  project: null,
  snippet: null,
  user: null,
} as const satisfies Record<string, EventTargetType | null>;

interface EventQuery extends PaginationQuery {
  action?: EventAction;
  target_type?: keyof typeof EVENT_TARGET_TYPES;
  before?: string;
  after?: string;
  sort?: 'asc' | 'desc';
  scope?: 'all';
}

const DATE_SCHEMA = { type: 'string', format: 'date' } as const;
const EVENT_QUERY = {
  type: 'object',
  properties: {
    ...PAGINATION_QUERY,
    action: { type: 'string', enum: EVENT_ACTIONS },
    target_type: { type: 'string', enum: Object.keys(EVENT_TARGET_TYPES) },
    before: DATE_SCHEMA,
    after: DATE_SCHEMA,
    sort: SORT_SCHEMA,
    scope: { type: 'string', enum: ['all'] },
  },
} as const;

/** One day, in milliseconds. */
const DAY_MS = 86_400_000;

type EventsQuery = SelectQueryBuilder<Tables, 'events' | 'projects', EventRow>;

/** Filters, orders and pages the events of readable projects; returns what the asker may see. */
async function listEvents(request: FastifyRequest, reply: FastifyReply, narrow: (query: EventsQuery) => EventsQuery) {
  const db = request.server.db;
  const q = request.query as EventQuery;
  let query = narrow(
    db
      .selectFrom('events')
      .innerJoin('projects', 'projects.id', 'events.project_id')
      .selectAll('events')
      .where(projectsReadableBy(actorOf(request))),
  );
  if (q.action) query = query.where('events.action', '=', q.action);
  if (q.target_type) {
    const type = EVENT_TARGET_TYPES[q.target_type];
    query = type ? query.where('events.target_type', '=', type) : query.where(sql<boolean>`false`);
  }
  // GitLab: `before` and `after` are dates, both exclusive.
  if (q.before) query = query.where('events.created_at', '<', new Date(q.before));
  if (q.after) query = query.where('events.created_at', '>=', new Date(Date.parse(q.after) + DAY_MS));
  const sort = q.sort ?? 'desc';
  const rows = await paginate(request, reply, query.orderBy('events.id', sort));
  return presentEvents(request, rows);
}

/** Loads what a page of events shows and drops the ones the asker may not see. */
async function presentEvents(request: FastifyRequest, events: readonly EventRow[]) {
  if (events.length === 0) return [];
  const db = request.server.db;
  const user = actorOf(request);
  const idsOf = (type: EventTargetType) =>
    events.flatMap((event) => (event.target_type === type && event.target_id ? [event.target_id] : []));
  const noteIds = idsOf('Note');
  const notes: NoteRow[] = noteIds.length
    ? await db.selectFrom('notes').selectAll().where('id', 'in', noteIds).execute()
    : [];
  const issueIds = [...idsOf('Issue'), ...notes.filter((n) => n.noteable_type === 'Issue').map((n) => n.noteable_id)];
  const mrIds = [
    ...idsOf('MergeRequest'),
    ...notes.filter((n) => n.noteable_type === 'MergeRequest').map((n) => n.noteable_id),
  ];
  const projectIds = [...new Set(events.flatMap((event) => (event.project_id ? [event.project_id] : [])))];
  const authorIds = [...new Set([...events.map((e) => e.author_id), ...notes.flatMap((n) => n.author_id ?? [])])];
  const [issues, mergeRequests, projects, authors] = await Promise.all([
    issueIds.length
      ? db
          .selectFrom('issues')
          .select(['id', 'iid', 'title', 'confidential', 'author_id'])
          .select(
            sql<number[]>`ARRAY(SELECT user_id FROM issue_assignees a WHERE a.issue_id = issues.id)`.as('assignee_ids'),
          )
          .where('id', 'in', issueIds)
          .execute()
      : [],
    mrIds.length
      ? db.selectFrom('merge_requests').select(['id', 'iid', 'title']).where('id', 'in', mrIds).execute()
      : [],
    db.selectFrom('projects').selectAll().where('id', 'in', projectIds).execute(),
    db.selectFrom('users').selectAll().where('id', 'in', authorIds).execute(),
  ]);
  const levels = new Map<number, number>();
  for (const project of projects) levels.set(project.id, await projectAccessLevel(db, user, project));

  const ctx = entityContext(request);
  const issueOf = (id: number) => issues.find((issue) => issue.id === id);
  const mrOf = (id: number) => mergeRequests.find((mr) => mr.id === id);
  /** The issue or merge request (as `{iid, title}`) the asker may see, or undefined. */
  const readableTarget = (type: string, id: number, project: ProjectRow, level: number) => {
    if (type === 'Issue') {
      const issue = issueOf(id);
      return issue && project.issues_enabled && canReadIssue(user, level, issue) ? issue : undefined;
    }
    return canReadMergeRequests(level, project) ? mrOf(id) : undefined;
  };

  return events.flatMap((event) => {
    const project = projects.find((p) => p.id === event.project_id);
    const author = authors.find((a) => a.id === event.author_id);
    if (!project || !author) return [];
    const level = levels.get(project.id) ?? ACCESS_LEVEL.NO_ACCESS;
    if (event.action === 'pushed') {
      if (!canReadCode(level, project)) return [];
      return [Event(event, { author, targetIid: null, targetTitle: null }, ctx)];
    }
    if (!event.target_type || !event.target_id) {
      return [Event(event, { author, targetIid: null, targetTitle: null }, ctx)];
    }
    if (event.target_type === 'Note') {
      const note = notes.find((n) => n.id === event.target_id);
      if (!note || (note.internal && level < ACCESS_LEVEL.REPORTER)) return [];
      const noteable = readableTarget(note.noteable_type, note.noteable_id, project, level);
      if (!noteable) return [];
      const noteAuthor = authors.find((a) => a.id === note.author_id) ?? null;
      const entity = Note(note, { author: noteAuthor, noteableIid: noteable.iid }, ctx);
      return [Event(event, { author, targetIid: note.id, targetTitle: noteable.title, note: entity }, ctx)];
    }
    const target = readableTarget(event.target_type, event.target_id, project, level);
    if (!target) return [];
    return [Event(event, { author, targetIid: target.iid, targetTitle: target.title }, ctx)];
  });
}

/** Events' routes. */
export async function events(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: EventQuery }>('/events', { schema: { querystring: EVENT_QUERY } }, (request, reply) => {
    const user = requireUser(request);
    return listEvents(request, reply, (query) =>
      request.query.scope === 'all'
        ? query.where(projectMemberOf(user.id))
        : query.where('events.author_id', '=', user.id),
    );
  });

  app.get<{ Params: { id: string }; Querystring: EventQuery }>(
    '/users/:id/events',
    { schema: { params: ID_OR_PATH_PARAMS, querystring: EVENT_QUERY } },
    async (request, reply) => {
      const user = await findUser(app.db, request.params.id);
      if (!user) throw notFound('User');
      const asker = actorOf(request);
      // A private profile shows its activity to its owner and administrators only.
      if (user.private_profile && asker?.id !== user.id && !asker?.admin) return [];
      return listEvents(request, reply, (query) => query.where('events.author_id', '=', user.id));
    },
  );

  app.get<{ Params: { id: string }; Querystring: EventQuery }>(
    '/projects/:id/events',
    { schema: { params: ID_OR_PATH_PARAMS, querystring: EVENT_QUERY } },
    async (request, reply) => {
      const scope = await projectScope(request, request.params.id);
      return listEvents(request, reply, (query) => query.where('events.project_id', '=', scope.project.id));
    },
  );
}
