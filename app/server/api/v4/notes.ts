/**
 * Notes on issues (`lib/api/notes.rb`): list (`sort`, `order_by`, `activity_filter`), get,
 * create, update, delete. System notes (`closed`, `reopened`...) come from issue updates.
 * Internal notes are for Reporter and above only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_LEVEL } from '../../domain/access.ts';
import { registerStatistic } from '../../domain/counters.ts';
import type { NoteRow } from '../../domain/issuableTables.ts';
import { canCreateNote, canDeleteNote, canUpdateNote } from '../../domain/issuablePermissions.ts';
import { findIssue, type IssueWithAssignees } from '../../domain/issues.ts';
import { renderedColumns } from '../../domain/markdown.ts';
import { createNote } from '../../domain/notes.ts';
import { canReadIssue } from '../../domain/permissions.ts';
import { actorOf, requireUser } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { sql } from 'kysely';
import { entityContext } from './entities/context.ts';
import { Note } from './entities/Note.ts';
import { projectScope, type ProjectScope } from './issuableScope.ts';
import { PAGINATION_QUERY, paginate, type PaginationQuery } from './pagination.ts';
import { BOOLEAN_SCHEMA, ID_OR_PATH_SCHEMA, ID_SCHEMA, SORT_SCHEMA } from './params.ts';

/** Longest note GitLab accepts (`Note::MAX_NOTE_LENGTH`). */
export const MAX_NOTE_LENGTH = 1_000_000;
/** `activity_filter` values: everything, comments only, system notes only. */
export const ACTIVITY_FILTERS = ['all_notes', 'only_comments', 'only_activity'] as const;

registerStatistic('notes', async (db) => {
  const { count } = await db
    .selectFrom('notes')
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return count;
});

const ISSUE_PARAMS = {
  type: 'object',
  required: ['id', 'issue_iid'],
  properties: { id: ID_OR_PATH_SCHEMA, issue_iid: ID_SCHEMA },
} as const;
const NOTE_PARAMS = {
  type: 'object',
  required: ['id', 'issue_iid', 'note_id'],
  properties: { id: ID_OR_PATH_SCHEMA, issue_iid: ID_SCHEMA, note_id: ID_SCHEMA },
} as const;

interface IssueParams {
  id: string;
  issue_iid: number;
}
interface NoteParams extends IssueParams {
  note_id: number;
}

/** The readable issue of a notes route, with its project. */
export async function noteableIssue(
  request: FastifyRequest,
  params: IssueParams,
): Promise<{ scope: ProjectScope; issue: IssueWithAssignees }> {
  const scope = await projectScope(request, params.id);
  const issue = await findIssue(request.server.db, scope.project.id, params.issue_iid);
  if (!issue || !scope.project.issues_enabled || !canReadIssue(actorOf(request), scope.level, issue))
    throw notFound('Issue');
  return { scope, issue };
}

/** May the asker see internal notes here (Reporter and above)? */
function seesInternalNotes(scope: ProjectScope): boolean {
  return scope.level >= ACCESS_LEVEL.REPORTER;
}

/** A note of the issue that the asker may read. */
export async function readableNote(
  request: FastifyRequest,
  scope: ProjectScope,
  issue: { id: number },
  noteId: number,
): Promise<NoteRow> {
  const note = await request.server.db
    .selectFrom('notes')
    .selectAll()
    .where('id', '=', noteId)
    .where('noteable_type', '=', 'Issue')
    .where('noteable_id', '=', issue.id)
    .executeTakeFirst();
  if (!note || (note.internal && !seesInternalNotes(scope))) throw notFound('Note');
  return note;
}

async function presentNotes(request: FastifyRequest, notes: readonly NoteRow[], noteableIid: number) {
  const authorIds = [...new Set(notes.flatMap((note) => (note.author_id ? [note.author_id] : [])))];
  const authors = authorIds.length
    ? await request.server.db.selectFrom('users').selectAll().where('id', 'in', authorIds).execute()
    : [];
  const ctx = entityContext(request);
  return notes.map((note) =>
    Note(note, { author: authors.find((user) => user.id === note.author_id) ?? null, noteableIid }, ctx),
  );
}

interface NoteListQuery extends PaginationQuery {
  sort?: 'asc' | 'desc';
  order_by?: 'created_at' | 'updated_at';
  activity_filter?: (typeof ACTIVITY_FILTERS)[number];
}

interface NoteBody {
  body: string;
  internal?: boolean;
  confidential?: boolean;
  created_at?: string;
}

/** Notes' router. */
export async function notes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const base = '/projects/:id/issues/:issue_iid/notes';

  app.get<{ Params: IssueParams; Querystring: NoteListQuery }>(
    base,
    {
      schema: {
        params: ISSUE_PARAMS,
        querystring: {
          type: 'object',
          properties: {
            ...PAGINATION_QUERY,
            sort: SORT_SCHEMA,
            order_by: { type: 'string', enum: ['created_at', 'updated_at'] },
            activity_filter: { type: 'string', enum: ACTIVITY_FILTERS },
          },
        },
      },
    },
    async (request, reply) => {
      const { scope, issue } = await noteableIssue(request, request.params);
      const q = request.query;
      let query = db
        .selectFrom('notes')
        .selectAll()
        .where('noteable_type', '=', 'Issue')
        .where('noteable_id', '=', issue.id);
      if (!seesInternalNotes(scope)) query = query.where('internal', '=', false);
      if (q.activity_filter === 'only_comments') query = query.where('system', '=', false);
      if (q.activity_filter === 'only_activity') query = query.where('system', '=', true);
      const direction = q.sort ?? 'desc';
      const rows = await paginate(
        request,
        reply,
        query.orderBy(q.order_by ?? 'created_at', direction).orderBy('id', direction),
      );
      return presentNotes(request, rows, issue.iid);
    },
  );

  app.get<{ Params: NoteParams }>(`${base}/:note_id`, { schema: { params: NOTE_PARAMS } }, async (request) => {
    const { scope, issue } = await noteableIssue(request, request.params);
    const note = await readableNote(request, scope, issue, request.params.note_id);
    const [entity] = await presentNotes(request, [note], issue.iid);
    return entity;
  });

  app.post<{ Params: IssueParams; Body: NoteBody }>(
    base,
    {
      schema: {
        params: ISSUE_PARAMS,
        body: {
          type: 'object',
          required: ['body'],
          properties: {
            body: { type: 'string', minLength: 1, maxLength: MAX_NOTE_LENGTH },
            internal: BOOLEAN_SCHEMA,
            confidential: BOOLEAN_SCHEMA,
            created_at: { type: 'string', format: 'date-time' },
          },
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { scope, issue } = await noteableIssue(request, request.params);
      if (!canCreateNote(user, scope.level, issue)) throw forbidden();
      const internal = Boolean(request.body.internal ?? request.body.confidential);
      if (internal && !seesInternalNotes(scope)) throw forbidden();
      const note = await createNote(
        db,
        {
          noteableType: 'Issue',
          noteableId: issue.id,
          projectId: scope.project.id,
          authorId: user.id,
          body: request.body.body,
          internal,
          // Backdating is for administrators and project owners (imports).
          ...(request.body.created_at && scope.level >= ACCESS_LEVEL.OWNER
            ? { createdAt: new Date(request.body.created_at) }
            : {}),
        },
        scope.markdown,
        { issue, assigneeIds: issue.assignee_ids, project: scope.project, authorId: user.id },
      );
      await db.updateTable('issues').set({ updated_at: new Date() }).where('id', '=', issue.id).execute();
      const [entity] = await presentNotes(request, [note], issue.iid);
      return reply.code(201).send(entity);
    },
  );

  app.put<{ Params: NoteParams; Body: { body: string } }>(
    `${base}/:note_id`,
    {
      schema: {
        params: NOTE_PARAMS,
        body: {
          type: 'object',
          required: ['body'],
          properties: { body: { type: 'string', minLength: 1, maxLength: MAX_NOTE_LENGTH } },
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { scope, issue } = await noteableIssue(request, request.params);
      const note = await readableNote(request, scope, issue, request.params.note_id);
      if (!canUpdateNote(user, note)) throw forbidden();
      const html = await renderedColumns(db, 'notes', { note: request.body.body }, scope.markdown);
      const updated = await db
        .updateTable('notes')
        .set({ note: request.body.body, ...(html as { note_html: string }), updated_at: new Date() })
        .where('id', '=', note.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const [entity] = await presentNotes(request, [updated], issue.iid);
      return entity;
    },
  );

  app.delete<{ Params: NoteParams }>(
    `${base}/:note_id`,
    { schema: { params: NOTE_PARAMS } },
    async (request, reply) => {
      const user = requireUser(request);
      const { scope, issue } = await noteableIssue(request, request.params);
      const note = await readableNote(request, scope, issue, request.params.note_id);
      if (!canDeleteNote(user, scope.level, note)) throw forbidden();
      await db.deleteFrom('notes').where('id', '=', note.id).execute();
      return reply.code(204).send();
    },
  );
}
