/**
 * Shared JSON-schema pieces for route parameters, so every resource validates ids, pages,
 * booleans and lists the same way (GitLab's Grape conventions).
 */
import { MAX_ID } from '../../db/schema.ts';

/** A path segment (`:ns1`, a namespace's or project's path) or the rest of a path (`*`). */
export const PATH_PART_SCHEMA = { type: 'string', maxLength: 2048 } as const;

/**
 * `params` for a route whose URL's parameters are all path parts (`/:ns1/:ns2/-/raw/*`): each
 * named one is required, as the router only matches with them.
 */
export function pathParams(url: string) {
  const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  if (url.endsWith('*')) names.push('*');
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, PATH_PART_SCHEMA])),
  } as const;
}

/** A numeric id (`:user_id`, `:member_id`...). */
export const ID_SCHEMA = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;

/** An id that may also be a URL-encoded full path (`:id` of projects, groups, namespaces). */
export const ID_OR_PATH_SCHEMA = { type: 'string', minLength: 1, maxLength: 2048 } as const;

/** `{ id }` params for routes on one project, group or namespace. */
export const ID_OR_PATH_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: ID_OR_PATH_SCHEMA },
} as const;

/** A GitLab boolean: `true`, `True`, `1`... (coerced before validation by the body module). */
export const BOOLEAN_SCHEMA = { type: 'boolean' } as const;

/** A free-text search term. */
export const SEARCH_SCHEMA = { type: 'string', maxLength: 1024 } as const;

/** `asc` | `desc`. */
export const SORT_SCHEMA = { type: 'string', enum: ['asc', 'desc'] } as const;

/** A list sent as a comma string (`bug,ui`) or a JSON array (`["bug","ui"]`). */
export const LIST_SCHEMA = { type: ['string', 'array'], items: { type: 'string' } } as const;

/** A {@link LIST_SCHEMA} value as an array of trimmed, non-empty strings. */
export function toList(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  const items = typeof value === 'string' ? value.split(',') : value;
  return items.map((item) => item.trim()).filter(Boolean);
}

/**
 * The query string of a route that takes no parameters of its own. Unknown parameters are
 * accepted and ignored, as Grape does (`private_token` is read by the authentication).
 */
export const NO_QUERY = { type: 'object' } as const;

/** The body of a POST, PUT or PATCH without parameters: none, `{}`, or any object (ignored). */
export const NO_BODY = { type: ['object', 'null'] } as const;
