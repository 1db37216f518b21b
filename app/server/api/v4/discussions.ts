/**
 * Discussions on issues and merge requests (`lib/api/discussions.rb`, `doc/api/discussions.md`):
 * list (every note grouped into its discussion, standalone comments and system notes as
 * individual notes), get one, start one (`POST .../discussions`, 201 with the discussion), reply
 * (`POST .../discussions/:discussion_id/notes`, 201 with the note, which joins the discussion; a
 * standalone comment becomes a discussion, a system note cannot be replied to), and edit or delete
 * a note of a discussion. Internal notes stay hidden below Reporter, as in the notes API.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  discussionIdOf,
  groupDiscussions,
  replyToDiscussion,
  startDiscussion,
  type DiscussionView,
} from '../../domain/discussions.ts';
import type { NoteRow } from '../../domain/issuableTables.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import type { ProjectScope } from './issuableScope.ts';
import {
  editNote,
  loadNoteable,
  newNoteOf,
  NOTE_BODY_SCHEMA,
  NOTE_EDIT_SCHEMA,
  NOTEABLES,
  noteableParams,
  presentNotes,
  removeNote,
  seesInternalNotes,
  touchNoteable,
  type Noteable,
  type NoteableKind,
  type NoteableParams,
  type NoteBody,
} from './notes.ts';
import { PAGINATION_QUERY, pageOf, writePaginationHeaders } from './pagination.ts';
import { NO_QUERY } from './params.ts';

/** GitLab's refusal to reply to a note that cannot become a discussion (a system note). */
export const CANNOT_REPLY = 'Discussion can not be replied to.';

/** A discussion id: 40 hex digits. */
const DISCUSSION_ID_SCHEMA = { type: 'string', pattern: '^[0-9a-f]{40}$' } as const;

type DiscussionParams = NoteableParams & { discussion_id?: string };

/** `noteableParams` plus `discussion_id` (and more ids). */
function discussionParams(kind: NoteableKind, extra: string[] = []) {
  const base = noteableParams(kind, extra);
  return {
    ...base,
    required: [...base.required, 'discussion_id'],
    properties: { ...base.properties, discussion_id: DISCUSSION_ID_SCHEMA },
  };
}

/** The notes of a noteable the asker may read, oldest first. */
function readableNotes(request: FastifyRequest, scope: ProjectScope, noteable: Noteable): Promise<NoteRow[]> {
  let query = request.server.db
    .selectFrom('notes')
    .selectAll()
    .where('noteable_type', '=', noteable.type)
    .where('noteable_id', '=', noteable.id);
  if (!seesInternalNotes(scope)) query = query.where('internal', '=', false);
  return query.orderBy('created_at').orderBy('id').execute();
}

/** The discussion `id` of a noteable, or a 404 in GitLab's words. */
async function findDiscussion(
  request: FastifyRequest,
  scope: ProjectScope,
  noteable: Noteable,
  id: string,
): Promise<DiscussionView> {
  const discussion = groupDiscussions(await readableNotes(request, scope, noteable)).find((d) => d.id === id);
  if (!discussion) throw notFound('Discussion');
  return discussion;
}

/** GitLab's `Discussion` entity: `id, individual_note, notes`. */
async function presentDiscussion(request: FastifyRequest, discussion: DiscussionView, noteable: Noteable) {
  return {
    id: discussion.id,
    individual_note: discussion.individualNote,
    notes: await presentNotes(request, discussion.notes, noteable.iid),
  };
}

/** Discussions' routes, the same on issues and on merge requests. */
export async function discussions(app: FastifyInstance): Promise<void> {
  const db = app.db;

  for (const kind of Object.keys(NOTEABLES) as NoteableKind[]) {
    const base = `/projects/:id/${kind}/:${NOTEABLES[kind].iidParam}/discussions`;

    app.get<{ Params: DiscussionParams }>(
      base,
      { schema: { params: noteableParams(kind), querystring: { type: 'object', properties: PAGINATION_QUERY } } },
      async (request, reply) => {
        const { scope, noteable } = await loadNoteable(request, kind, request.params);
        const all = groupDiscussions(await readableNotes(request, scope, noteable));
        const { page, perPage } = pageOf(request);
        writePaginationHeaders(request, reply, { page, perPage, total: all.length });
        const shown = all.slice((page - 1) * perPage, page * perPage);
        return Promise.all(shown.map((discussion) => presentDiscussion(request, discussion, noteable)));
      },
    );

    app.get<{ Params: DiscussionParams }>(
      `${base}/:discussion_id`,
      { schema: { params: discussionParams(kind), querystring: NO_QUERY } },
      async (request) => {
        const { scope, noteable } = await loadNoteable(request, kind, request.params);
        const discussion = await findDiscussion(request, scope, noteable, request.params.discussion_id!);
        return presentDiscussion(request, discussion, noteable);
      },
    );

    app.post<{ Params: DiscussionParams; Body: NoteBody }>(
      base,
      { schema: { params: noteableParams(kind), querystring: NO_QUERY, body: NOTE_BODY_SCHEMA } },
      async (request, reply) => {
        const { scope, noteable } = await loadNoteable(request, kind, request.params);
        const { input, mentions } = newNoteOf(request, scope, noteable, request.body);
        const note = await startDiscussion(db, input, scope.markdown, mentions);
        await touchNoteable(request, noteable);
        const discussion = { id: discussionIdOf(note), individualNote: false, notes: [note] };
        return reply.code(201).send(await presentDiscussion(request, discussion, noteable));
      },
    );

    app.post<{ Params: DiscussionParams; Body: NoteBody }>(
      `${base}/:discussion_id/notes`,
      { schema: { params: discussionParams(kind), body: NOTE_BODY_SCHEMA, querystring: NO_QUERY } },
      async (request, reply) => {
        const { scope, noteable } = await loadNoteable(request, kind, request.params);
        const discussion = await findDiscussion(request, scope, noteable, request.params.discussion_id!);
        const first = discussion.notes[0]!;
        if (first.system) throw new ApiError(400, { message: `400 Bad request - ${CANNOT_REPLY}` });
        const { input, mentions } = newNoteOf(request, scope, noteable, request.body);
        const note = await replyToDiscussion(db, first, input, scope.markdown, mentions);
        await touchNoteable(request, noteable);
        const [entity] = await presentNotes(request, [note], noteable.iid);
        return reply.code(201).send(entity);
      },
    );

    /** The note of a discussion route. */
    const discussionNote = async (request: FastifyRequest<{ Params: DiscussionParams }>) => {
      const { scope, noteable } = await loadNoteable(request, kind, request.params);
      const discussion = await findDiscussion(request, scope, noteable, request.params.discussion_id!);
      const note = discussion.notes.find((n) => n.id === request.params.note_id);
      if (!note) throw notFound('Note');
      return { scope, noteable, note };
    };

    app.put<{ Params: DiscussionParams; Body: { body: string } }>(
      `${base}/:discussion_id/notes/:note_id`,
      { schema: { params: discussionParams(kind, ['note_id']), body: NOTE_EDIT_SCHEMA, querystring: NO_QUERY } },
      async (request) => {
        const { scope, noteable, note } = await discussionNote(request);
        const [entity] = await presentNotes(
          request,
          [await editNote(request, scope, note, request.body.body)],
          noteable.iid,
        );
        return entity;
      },
    );

    app.delete<{ Params: DiscussionParams }>(
      `${base}/:discussion_id/notes/:note_id`,
      { schema: { params: discussionParams(kind, ['note_id']), querystring: NO_QUERY } },
      async (request, reply) => {
        const { scope, note } = await discussionNote(request);
        await removeNote(request, scope, note);
        return reply.code(204).send();
      },
    );
  }
}
