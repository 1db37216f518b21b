import type { FastifyRequest } from 'fastify';

/** What serializers need besides the row: the product's base URL (from the request's host). */
export interface EntityContext {
  /** `http://host:port/relative-root`, without a trailing slash. */
  baseUrl: string;
}

/** The entity context of a request. */
export function entityContext(request: FastifyRequest): EntityContext {
  return { baseUrl: `${request.protocol}://${request.host}${request.server.relativeUrlRoot}` };
}

/** ISO 8601 with milliseconds, as GitLab writes timestamps; `null` stays `null`. */
export function isoTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** `YYYY-MM-DD`, as GitLab writes dates. */
export function isoDate(value: Date | string | null | undefined): string | null {
  return isoTime(value)?.slice(0, 10) ?? null;
}
