/**
 * Usage data (`lib/api/usage_data.rb`): `POST /usage_data/increment_counter` (event totals),
 * `increment_unique_users` (distinct users per event and day), `track_event` and `track_events`
 * (internal events with project, namespace and additional properties). Writes need a signed-in
 * user (spec §6: nothing is tracked without one); each answers 200 with Grape's `status :ok`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { requireUser } from '../../http/auth.ts';
import { ApiError } from '../../http/errors.ts';
import { ID_SCHEMA, NO_QUERY } from './params.ts';

/** Most events one `track_events` request may carry (`MAXIMUM_TRACKED_EVENTS`). */
export const MAXIMUM_TRACKED_EVENTS = 50;
/** What the endpoints answer: Grape returns the value of `status :ok`. */
const OK = 200;

const EVENT_NAME = { type: 'string', minLength: 1, maxLength: 255 } as const;
const EVENT_PROPERTIES = {
  event: EVENT_NAME,
  namespace_id: ID_SCHEMA,
  project_id: ID_SCHEMA,
  additional_properties: { type: 'object' },
  send_to_snowplow: { type: 'boolean' },
} as const;

interface TrackedEvent {
  event: string;
  namespace_id?: number;
  project_id?: number;
  additional_properties?: Record<string, unknown>;
}

/** Usage data router. */
export async function usageData(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const ok = (reply: FastifyReply) => reply.code(OK).send(OK);

  async function track(userId: number, event: TrackedEvent) {
    // Ids that name nothing are kept out (the event still counts), as GitLab logs rather than fails.
    const [project, namespace] = await Promise.all([
      event.project_id
        ? db.selectFrom('projects').select('id').where('id', '=', event.project_id).executeTakeFirst()
        : undefined,
      event.namespace_id
        ? db.selectFrom('namespaces').select('id').where('id', '=', event.namespace_id).executeTakeFirst()
        : undefined,
    ]);
    await db
      .insertInto('usage_events')
      .values({
        event: event.event,
        user_id: userId,
        project_id: project?.id ?? null,
        namespace_id: namespace?.id ?? null,
        additional_properties: JSON.stringify(event.additional_properties ?? {}),
      })
      .execute();
  }

  app.post<{ Body: { event: string } }>(
    '/usage_data/increment_counter',
    {
      schema: {
        body: { type: 'object', required: ['event'], properties: { event: EVENT_NAME } },
        querystring: NO_QUERY,
      },
    },
    async (request, reply) => {
      requireUser(request);
      await db
        .insertInto('usage_counters')
        .values({ event: request.body.event, count: 1 })
        .onConflict((oc) => oc.column('event').doUpdateSet({ count: sql`usage_counters.count + 1` }))
        .execute();
      return ok(reply);
    },
  );

  app.post<{ Body: { event: string } }>(
    '/usage_data/increment_unique_users',
    {
      schema: {
        body: { type: 'object', required: ['event'], properties: { event: EVENT_NAME } },
        querystring: NO_QUERY,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await db
        .insertInto('usage_unique_users')
        .values({ event: request.body.event, user_id: user.id })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return ok(reply);
    },
  );

  app.post<{ Body: TrackedEvent }>(
    '/usage_data/track_event',
    { schema: { body: { type: 'object', required: ['event'], properties: EVENT_PROPERTIES }, querystring: NO_QUERY } },
    async (request, reply) => {
      const user = requireUser(request);
      await track(user.id, request.body);
      return ok(reply);
    },
  );

  app.post<{ Body: { events: TrackedEvent[] } }>(
    '/usage_data/track_events',
    {
      schema: {
        body: {
          type: 'object',
          required: ['events'],
          properties: {
            events: { type: 'array', items: { type: 'object', required: ['event'], properties: EVENT_PROPERTIES } },
          },
        },
        querystring: NO_QUERY,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (request.body.events.length > MAXIMUM_TRACKED_EVENTS)
        throw new ApiError(400, { message: `Maximum ${MAXIMUM_TRACKED_EVENTS} events allowed in one request.` });
      for (const event of request.body.events) await track(user.id, event);
      return ok(reply);
    },
  );
}
