/**
 * Request bodies and parameters as GitLab's clients send them: JSON (an empty body with a JSON
 * content type is `{}`; invalid UTF-8 is refused), HTML forms, and booleans spelled `true`,
 * `True` or `1`. A NUL byte in the path, the query or the body, and a query string that is not
 * UTF-8, are refused.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(body: Buffer): string {
  try {
    return utf8.decode(body);
  } catch {
    throw badRequest('invalid UTF-8');
  }
}

/** `a[b]=1` → `{ a: { b: '1' } }`; plain keys stay flat; a repeated key becomes an array. */
function parseForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const nested = /^([^[\]]+)\[([^[\]]*)\]$/.exec(key);
    const target = nested ? ((result[nested[1]!] ??= {}) as Record<string, unknown>) : result;
    const name = nested ? nested[2] || String(Object.keys(target).length) : key;
    const previous = target[name];
    target[name] = previous === undefined ? value : [previous, value].flat();
  }
  return result;
}

const TRUE = new Set(['true', 't', 'yes', 'on', '1']);
const FALSE = new Set(['false', 'f', 'no', 'off', '0']);

/** Grape's Boolean coercion, case-insensitive; anything else is left for validation to refuse. */
function coerceBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const lower = value.toLowerCase();
  return TRUE.has(lower) ? true : FALSE.has(lower) ? false : value;
}

interface ObjectSchema {
  properties?: Record<string, { type?: unknown }>;
}

function coerceBooleans(values: unknown, schema: unknown): void {
  const properties = (schema as ObjectSchema | undefined)?.properties;
  if (!properties || typeof values !== 'object' || values === null) return;
  const record = values as Record<string, unknown>;
  for (const [name, property] of Object.entries(properties)) {
    if (property.type === 'boolean' && name in record) record[name] = coerceBoolean(record[name]);
  }
}

/**
 * True when a NUL byte is anywhere in `value` (keys included). GitLab's HandleMalformedStrings
 * middleware answers such requests 400: PostgreSQL text cannot hold one.
 */
function hasNullByte(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(hasNullByte);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(([key, item]) => key.includes('\0') || hasNullByte(item));
  return false;
}

/** True when the query string of `url` has a `%` sequence that is not UTF-8 (Rack answers 400). */
function hasMalformedQuery(url: string): boolean {
  const start = url.indexOf('?');
  if (start === -1) return false;
  try {
    decodeURIComponent(url.slice(start + 1));
    return false;
  } catch {
    return true;
  }
}

/** Installs the body parsers and the boolean coercion on the root instance. */
export function installBodyHandling(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    let text: string;
    try {
      text = decodeUtf8(body);
    } catch (error) {
      return done(error as Error, undefined);
    }
    if (!text.trim()) return done(null, {});
    parseJson(request, text, (error, value) =>
      error ? done(badRequest('invalid JSON'), undefined) : done(null, value),
    );
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer' },
    (_request, body: Buffer, done) => {
      try {
        done(null, parseForm(decodeUtf8(body)));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (hasNullByte(request.params) || hasNullByte(request.query) || hasNullByte(request.body))
      throw badRequest('null byte in parameters');
    if (hasMalformedQuery(request.url)) throw badRequest('invalid query string encoding');
    const schema = request.routeOptions.schema;
    coerceBooleans(request.query, schema?.querystring);
    coerceBooleans(request.body, schema?.body);
  });
}
