/** `GET /-/health`: ready when the database answers and the server is not draining. */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { NO_QUERY } from '../api/v4/params.ts';

/** Registers the health route; `isDraining` turns it 503 during shutdown. */
export function healthRoutes(isDraining: () => boolean) {
  return async (scope: FastifyInstance) => {
    scope.get('/-/health', { schema: { querystring: NO_QUERY } }, async (_request, reply) => {
      if (isDraining()) return reply.code(503).send({ status: 'draining' });
      try {
        await sql`SELECT 1`.execute(scope.db);
      } catch (error) {
        scope.log.error({ err: error }, 'health check: database unavailable');
        return reply.code(503).send({ status: 'failed' });
      }
      return { status: 'ok' };
    });
  };
}
