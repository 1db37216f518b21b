/**
 * Notes on issues and merge requests (`lib/api/notes.rb`): list (`sort`, `order_by`,
 * `activity_filter`), get, create, update, delete. System notes (`closed`, `reopened`...) come
 * from issue updates. Internal notes are for Reporter and above only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_LEVEL } from '../../domain/access.ts';
import { registerStatistic } from '../../domain/counters.ts';
import type { NoteRow } from '../../domain/issuableTables.ts';
import { canCreateNote, canDeleteNote, canUpdateNote, type IssueAuthz } from '../../domain/issuablePermissions.ts';
import type { MentionTarget } from '../../domain/mentions.ts';
import { findIssue } from '../../domain/issues.ts';
import { canReadMergeRequests } from '../../domain/gitPermissions.ts';
import { renderedColumns } from '../../domain/markdown.ts';
import { createNote, type NewNote, type NoteableType } from '../../domain/notes.ts';
import { canReadIssue } from '../../domain/permissions.ts';
import { applyTimeTrackingCommands, parseTimeTrackingCommands } from '../../domain/timeTracking.ts';
import { actorOf, requireUser } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { cacheResponseIn, projectCacheScope } from '../../http/responseCache.ts';
import { sql } from 'kysely';
import { entityContext } from './entities/context.ts';
import { Note } from './entities/Note.ts';
import { projectScope, type ProjectScope } from './issuableScope.ts';
import { PAGINATION_QUERY, paginate, type PaginationQuery } from './pagination.ts';
import { BOOLEAN_SCHEMA, ID_OR_PATH_SCHEMA, ID_SCHEMA, NO_QUERY, SORT_SCHEMA } from './params.ts';

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

/** What notes and award emoji hang on, by the URL segment of their routes. */
export const NOTEABLES = {
  issues: { type: 'Issue', iidParam: 'issue_iid', label: 'Issue' },
  merge_requests: { type: 'MergeRequest', iidParam: 'merge_request_iid', label: 'Merge Request' },
} as const;
export type NoteableKind = keyof typeof NOTEABLES;

/** `{ id, <kind's iid param> }` of a noteable's routes, and with `extra` ids (`note_id`...). */
export function noteableParams(kind: NoteableKind, extra: string[] = []) {
  const iidParam = NOTEABLES[kind].iidParam;
  return {
    type: 'object',
    required: ['id', iidParam, ...extra],
    properties: {
      id: ID_OR_PATH_SCHEMA,
      [iidParam]: ID_SCHEMA,
      ...Object.fromEntries(extra.map((name) => [name, ID_SCHEMA])),
    },
  };
}

/** Route params of a noteable (its iid under the kind's name) and maybe a note. */
export type NoteableParams = { id: string; note_id?: number } & Record<string, unknown>;

/** An issue or merge request that notes and award emoji hang on. */
export interface Noteable {
  type: NoteableType;
  id: number;
  iid: number;
  authz: IssueAuthz;
  /** Issues: whom mentions in a comment may notify. */
  mentions?: Omit<MentionTarget, 'authorId'>;
}

/** The readable issue or merge request of a notes or award emoji route, with its project. */
export async function loadNoteable(
  request: FastifyRequest,
  kind: NoteableKind,
  params: NoteableParams,
): Promise<{ scope: ProjectScope; noteable: Noteable }> {
  const db = request.server.db;
  const scope = await projectScope(request, params.id);
  const iid = params[NOTEABLES[kind].iidParam] as number;
  if (kind === 'issues') {
    const issue = await findIssue(db, scope.project.id, iid);
    if (!issue || !scope.project.issues_enabled || !canReadIssue(actorOf(request), scope.level, issue))
      throw notFound(NOTEABLES[kind].label);
    return {
      scope,
      noteable: {
        type: 'Issue',
        id: issue.id,
        iid: issue.iid,
        authz: issue,
        mentions: { issue, assigneeIds: issue.assignee_ids, project: scope.project },
      },
    };
  }
  const mergeRequest = canReadMergeRequests(scope.level, scope.project)
    ? await db
        .selectFrom('merge_requests')
        .select(['id', 'iid', 'author_id', 'discussion_locked'])
        .select(
          sql<
            number[]
          >`ARRAY(SELECT user_id FROM merge_request_assignees a WHERE a.merge_request_id = merge_requests.id)`.as(
            'assignee_ids',
          ),
        )
        .where('project_id', '=', scope.project.id)
        .where('iid', '=', iid)
        .executeTakeFirst()
    : undefined;
  if (!mergeRequest) throw notFound(NOTEABLES[kind].label);
  return { scope, noteable: { type: 'MergeRequest', id: mergeRequest.id, iid: mergeRequest.iid, authz: mergeRequest } };
}

/** May the asker see internal notes here (Reporter and above)? */
export function seesInternalNotes(scope: ProjectScope): boolean {
  return scope.level >= ACCESS_LEVEL.REPORTER;
}

/** A note of the issue or merge request that the asker may read. */
export async function readableNote(
  request: FastifyRequest,
  scope: ProjectScope,
  noteable: Pick<Noteable, 'type' | 'id'>,
  noteId: number,
): Promise<NoteRow> {
  const note = await request.server.db
    .selectFrom('notes')
    .selectAll()
    .where('id', '=', noteId)
    .where('noteable_type', '=', noteable.type)
    .where('noteable_id', '=', noteable.id)
    .executeTakeFirst();
  if (!note || (note.internal && !seesInternalNotes(scope))) throw notFound('Note');
  return note;
}

/** Serialises notes of one issue or merge request (loading their authors once). */
export async function presentNotes(request: FastifyRequest, notes: readonly NoteRow[], noteableIid: number) {
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

/** What a new note's request carries. */
export interface NoteBody {
  body: string;
  internal?: boolean;
  confidential?: boolean;
  created_at?: string;
}

/** The JSON schema of {@link NoteBody}. */
export const NOTE_BODY_SCHEMA = {
  type: 'object',
  required: ['body'],
  properties: {
    body: { type: 'string', minLength: 1, maxLength: MAX_NOTE_LENGTH },
    internal: BOOLEAN_SCHEMA,
    confidential: BOOLEAN_SCHEMA,
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

/** The JSON schema of a note's edit (`{ body }`). */
export const NOTE_EDIT_SCHEMA = {
  type: 'object',
  required: ['body'],
  properties: { body: { type: 'string', minLength: 1, maxLength: MAX_NOTE_LENGTH } },
} as const;

/**
 * The note `user` asks to write on `noteable` (401/403 when they may not): what `createNote`
 * takes, and whom its mentions may notify.
 */
export function newNoteOf(request: FastifyRequest, scope: ProjectScope, noteable: Noteable, body: NoteBody) {
  const user = requireUser(request);
  if (!canCreateNote(user, scope.level, noteable.authz)) throw forbidden();
  const internal = Boolean(body.internal ?? body.confidential);
  if (internal && !seesInternalNotes(scope)) throw forbidden();
  const input: NewNote = {
    noteableType: noteable.type,
    noteableId: noteable.id,
    projectId: scope.project.id,
    authorId: user.id,
    body: body.body,
    internal,
    // Backdating is for administrators and project owners (imports).
    ...(body.created_at && scope.level >= ACCESS_LEVEL.OWNER ? { createdAt: new Date(body.created_at) } : {}),
  };
  return { input, mentions: noteable.mentions && { ...noteable.mentions, authorId: user.id } };
}

/** A new note moves its issue's or merge request's `updated_at`. */
export async function touchNoteable(request: FastifyRequest, noteable: Noteable): Promise<void> {
  const table = noteable.type === 'Issue' ? 'issues' : 'merge_requests';
  await request.server.db.updateTable(table).set({ updated_at: new Date() }).where('id', '=', noteable.id).execute();
}

/** Changes a note's text (its author only), rendered once, now. */
export async function editNote(request: FastifyRequest, scope: ProjectScope, note: NoteRow, body: string) {
  const db = request.server.db;
  if (!canUpdateNote(requireUser(request), note)) throw forbidden();
  const html = await renderedColumns(db, 'notes', { note: body }, scope.markdown);
  return db
    .updateTable('notes')
    .set({ note: body, ...(html as { note_html: string }), updated_at: new Date() })
    .where('id', '=', note.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes a note (its author, or a Maintainer and above). */
export async function removeNote(request: FastifyRequest, scope: ProjectScope, note: NoteRow): Promise<void> {
  if (!canDeleteNote(requireUser(request), scope.level, note)) throw forbidden();
  await request.server.db.deleteFrom('notes').where('id', '=', note.id).execute();
}

/** Notes' router: the same routes on issues and on merge requests. */
export async function notes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  for (const kind of Object.keys(NOTEABLES) as NoteableKind[]) {
    const base = `/projects/:id/${kind}/:${NOTEABLES[kind].iidParam}/notes`;
    const params = noteableParams(kind);
    const noteParams = noteableParams(kind, ['note_id']);

    app.get<{ Params: NoteableParams; Querystring: NoteListQuery }>(
      base,
      {
        schema: {
          params,
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
        const { scope, noteable } = await loadNoteable(request, kind, request.params);
        // An issue's notes change only with its project's version (migration 070's triggers).
        if (noteable.type === 'Issue') cacheResponseIn(request, projectCacheScope(scope.project.id));
        const q = request.query;
        let query = db
          .selectFrom('notes')
          .selectAll()
          .where('noteable_type', '=', noteable.type)
          .where('noteable_id', '=', noteable.id);
        if (!seesInternalNotes(scope)) query = query.where('internal', '=', false);
        if (q.activity_filter === 'only_comments') query = query.where('system', '=', false);
        if (q.activity_filter === 'only_activity') query = query.where('system', '=', true);
        const direction = q.sort ?? 'desc';
        const rows = await paginate(
          request,
          reply,
          query.orderBy(q.order_by ?? 'created_at', direction).orderBy('id', direction),
        );
        return presentNotes(request, rows, noteable.iid);
      },
    );

    app.get<{ Params: NoteableParams }>(
      `${base}/:note_id`,
      { schema: { params: noteParams, querystring: NO_QUERY } },
      async (request) => {
        const { scope, noteable } = await loadNoteable(request, kind, request.params);
        const note = await readableNote(request, scope, noteable, request.params.note_id!);
        const [entity] = await presentNotes(request, [note], noteable.iid);
        return entity;
      },
    );

    app.post<{ Params: NoteableParams; Body: NoteBody }>(
      base,
      { schema: { params, querystring: NO_QUERY, body: NOTE_BODY_SCHEMA } },
      async (request, reply) => {
        const { scope, noteable } = await loadNoteable(request, kind, request.params);
        const { input, mentions } = newNoteOf(request, scope, noteable, request.body);
        // `/estimate` and `/spend` track time on issues (Reporter and above), as GitLab's quick actions.
        const commands =
          noteable.type === 'Issue' && scope.level >= ACCESS_LEVEL.REPORTER
            ? parseTimeTrackingCommands(input.body)
            : null;
        const note =
          commands?.text === ''
            ? null
            : await createNote(db, { ...input, body: commands?.text ?? input.body }, scope.markdown, mentions);
        if (commands) {
          const issue = (await findIssue(db, scope.project.id, noteable.iid))!;
          await applyTimeTrackingCommands(
            db,
            scope.project,
            issue,
            input.authorId,
            commands,
            note?.id ?? null,
            scope.markdown,
          );
        }
        await touchNoteable(request, noteable);
        // Only commands: GitLab answers 202 with what they changed and no note.
        if (!note)
          return reply.code(202).send({
            commands_changes: {
              ...(commands!.estimate !== undefined ? { time_estimate: commands!.estimate } : {}),
              ...(commands!.spends.length
                ? { spend_time: { duration: commands!.spends.at(-1)!.seconds, user_id: input.authorId } }
                : {}),
            },
            summary: commands!.messages,
          });
        const [entity] = await presentNotes(request, [note], noteable.iid);
        return reply.code(201).send(entity);
      },
    );

    app.put<{ Params: NoteableParams; Body: { body: string } }>(
      `${base}/:note_id`,
      { schema: { params: noteParams, body: NOTE_EDIT_SCHEMA, querystring: NO_QUERY } },
      async (request) => {
        const { scope, noteable } = await loadNoteable(request, kind, request.params);
        const note = await readableNote(request, scope, noteable, request.params.note_id!);
        const [entity] = await presentNotes(
          request,
          [await editNote(request, scope, note, request.body.body)],
          noteable.iid,
        );
        return entity;
      },
    );

    app.delete<{ Params: NoteableParams }>(
      `${base}/:note_id`,
      { schema: { params: noteParams, querystring: NO_QUERY } },
      async (request, reply) => {
        const { scope, noteable } = await loadNoteable(request, kind, request.params);
        await removeNote(request, scope, await readableNote(request, scope, noteable, request.params.note_id!));
        return reply.code(204).send();
      },
    );
  }
}
