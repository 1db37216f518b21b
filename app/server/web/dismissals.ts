/**
 * What a signed-in user dismisses (GitLab's Rails routes, JSON): a broadcast message until an
 * expiry, `POST {root}/-/users/broadcast_message_dismissals` with `broadcast_message_id` and
 * `expires_at` (spec §3 and §7); callouts for good, `POST {root}/-/users/callouts` with
 * `feature_name`, `.../group_callouts` with `group_id`, `.../project_callouts` with `project_id`.
 * Success is `200` with an empty body (`head :ok`), a dismissal that cannot be saved `400`.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_ID } from '../db/schema.ts';
import { dismissBroadcastMessage, dismissCallout, type CalloutScope } from '../domain/dismissals.ts';
import { findNamespace } from '../domain/groups.ts';
import { canReadGroup, canReadProject } from '../domain/permissions.ts';
import { findProject } from '../domain/projects.ts';
import { requireUser } from '../http/auth.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { NO_QUERY } from '../api/v4/params.ts';

/** Where the dismissal routes live (below the relative root). */
export const DISMISSAL_PATHS = {
  broadcastMessage: '/-/users/broadcast_message_dismissals',
  callout: '/-/users/callouts',
  groupCallout: '/-/users/group_callouts',
  projectCallout: '/-/users/project_callouts',
} as const;

/** Feature names are GitLab's enum keys: lower snake case. */
const FEATURE_NAME = { type: 'string', minLength: 1, maxLength: 255, pattern: '^[a-z0-9_]+$' } as const;
/** Ids arrive as numbers (JSON) or strings (forms). */
const ID = { type: ['integer', 'string'], pattern: '^[0-9]+$', minimum: 1, maximum: MAX_ID } as const;

function toId(value: string | number): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw badRequest('invalid id');
  return id;
}

/** The dismissal routes. */
export async function dismissalRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.post<{ Body: { broadcast_message_id: string | number; expires_at: string } }>(
    DISMISSAL_PATHS.broadcastMessage,
    {
      schema: {
        querystring: NO_QUERY,
        body: {
          type: 'object',
          required: ['broadcast_message_id', 'expires_at'],
          properties: { broadcast_message_id: ID, expires_at: { type: 'string', minLength: 1, maxLength: 64 } },
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const expiresAt = new Date(request.body.expires_at);
      if (Number.isNaN(expiresAt.getTime())) throw badRequest('expires_at is invalid');
      const saved = await dismissBroadcastMessage(db, user.id, toId(request.body.broadcast_message_id), expiresAt);
      return reply.code(saved ? 200 : 400).send();
    },
  );

  const callout = async (userId: number, featureName: string, scope: CalloutScope) => {
    await dismissCallout(db, userId, featureName, scope);
  };

  app.post<{ Body: { feature_name: string } }>(
    DISMISSAL_PATHS.callout,
    {
      schema: {
        querystring: NO_QUERY,
        body: { type: 'object', required: ['feature_name'], properties: { feature_name: FEATURE_NAME } },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await callout(user.id, request.body.feature_name, { kind: 'user' });
      return reply.code(200).send();
    },
  );

  app.post<{ Body: { feature_name: string; group_id: string | number } }>(
    DISMISSAL_PATHS.groupCallout,
    {
      schema: {
        querystring: NO_QUERY,
        body: {
          type: 'object',
          required: ['feature_name', 'group_id'],
          properties: { feature_name: FEATURE_NAME, group_id: ID },
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const group = await findNamespace(db, toId(request.body.group_id));
      if (!group || group.type !== 'Group' || !(await canReadGroup(db, user, group))) throw notFound('Group');
      await callout(user.id, request.body.feature_name, { kind: 'group', groupId: group.id });
      return reply.code(200).send();
    },
  );

  app.post<{ Body: { feature_name: string; project_id: string | number } }>(
    DISMISSAL_PATHS.projectCallout,
    {
      schema: {
        querystring: NO_QUERY,
        body: {
          type: 'object',
          required: ['feature_name', 'project_id'],
          properties: { feature_name: FEATURE_NAME, project_id: ID },
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const project = await findProject(db, toId(request.body.project_id));
      if (!project || !(await canReadProject(db, user, project))) throw notFound('Project');
      await callout(user.id, request.body.feature_name, { kind: 'project', projectId: project.id });
      return reply.code(200).send();
    },
  );
}
