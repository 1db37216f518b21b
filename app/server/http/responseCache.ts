/**
 * The whole-response cache of hot REST reads (docs/decisions/015-server-performance.md): a route
 * that calls `cacheResponseIn(request, scope)` has its 200 answer stored per (credential, URL)
 * with the fingerprint read before the answer was built; the next identical request reads the
 * current fingerprint in one query and, if nothing changed, gets the stored answer without
 * authenticating again, loading the project or building the page.
 *
 * The fingerprint (migration 070) covers the day (token expiry, a milestone's `expired`), the
 * epochs, the route's scope (`project:<id>`) and the presented token with its owner's version
 * (revoked, blocked, role changed), all bumped in the writing transaction. It is read before the
 * answer's own queries, so an answer may only be newer than its fingerprint, never older: a
 * request that starts after a write was acknowledged, in any process, is answered fresh.
 * Session requests are not cached (their CSRF and expiry stay with the auth hook).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CompiledQuery } from 'kysely';
import { FROM_CACHE_HEADER } from '../api/v4/issuePresenter.ts';
import { ResponseCache } from '../cache/responseCache.ts';
import { namedStatement } from '../db/namedStatements.ts';
import { digestSecret } from '../domain/secrets.ts';
import { presentedToken, SESSION_COOKIE } from './auth.ts';

/** Headers that belong to one answer only and are never replayed. */
const PER_RESPONSE_HEADERS = new Set([
  'x-request-id',
  'set-cookie',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  FROM_CACHE_HEADER,
]);
const OK = 200;

/** The scope of answers that show issues of any project (GitLab's `GET /issues`). */
const ALL_PROJECTS_SCOPE = 'projects';
const GROUP_SCOPE_PREFIX = 'group:';

/** A scope part of the fingerprint's shape: a version row, a group's projects, or every project. */
type ScopeKind = 'row' | 'group' | 'all';

function scopeKind(scope: string): ScopeKind {
  if (scope === ALL_PROJECTS_SCOPE) return 'all';
  return scope.startsWith(GROUP_SCOPE_PREFIX) ? 'group' : 'row';
}

/** The version of one scope, `$n` its parameter (the scope, or a group's id). */
function scopeVersionSql(kind: ScopeKind, n: number): string {
  switch (kind) {
    case 'row':
      return `coalesce((SELECT version FROM response_cache_versions WHERE scope = $${n})::text, '-')`;
    case 'all':
      return `(SELECT coalesce(sum(version), 0) || '/' || count(*)
        FROM response_cache_versions WHERE scope LIKE 'project:%')`;
    case 'group':
      return `(SELECT coalesce(sum(v.version), 0) || '/' || count(*)
        FROM namespaces n JOIN projects p ON p.namespace_id = n.id
        LEFT JOIN response_cache_versions v ON v.scope = 'project:' || p.id
        WHERE $${n}::int = ANY (n.traversal_ids))`;
  }
}

/**
 * The current versions of an answer's scopes and of the presented token's owner (the token's
 * digest, the last parameter; null for an anonymous request), in one round trip: the day, both
 * epochs, each scope's version (`-` for no row) and the token's id with its owner's version. A
 * group's version, and that of all projects, is the sum and count of its projects' versions, read
 * at request time: versions only grow, and a project that joins or leaves the set bumps an epoch
 * (migrations 065, 070, 072), so the sum changes whenever an answer could; writers bump no shared
 * group row.
 *
 * One statement per shape of scopes (the kinds in order; a route declares a fixed list), sent as a
 * named prepared statement on PostgreSQL (db/namedStatements.ts): the same text every time, with
 * only the subqueries its scopes need, so each connection parses it once and plans it generically.
 */
function fingerprintSql(kinds: readonly ScopeKind[]): string {
  let n = 0;
  const parameter = () => (n += 1);
  const versions = kinds.map((kind) => scopeVersionSql(kind, kind === 'all' ? 0 : parameter()));
  return namedStatement(
    `response_cache_fingerprint_${kinds.map((kind) => kind[0]).join('')}`,
    `SELECT concat_ws(':',
  current_date,
  (SELECT epoch FROM issue_cache_epoch),
  coalesce((SELECT version FROM response_cache_versions WHERE scope = 'epoch')::text, '-'),
  ${versions.join(` || ',' || `)},
  coalesce((SELECT t.id || '.' || coalesce(
      (SELECT version FROM response_cache_versions WHERE scope = 'user:' || t.user_id), 0)
    FROM personal_access_tokens t WHERE t.token_digest = $${parameter()}::text), '-')) AS fingerprint`,
  );
}

/** The fingerprint statements by shape, made on first use: a handful (one per list of scopes a route declares), the same
 * text for every server in the process. */
const FINGERPRINT_SQL_BY_SHAPE = new Map<string, string>();

/** The fingerprint query of `scopes` (space-separated, as declared) for a token's digest. */
function fingerprintQuery(scopes: string, tokenDigest: string | null): CompiledQuery<{ fingerprint: string }> {
  const list = scopes.split(' ');
  const kinds = list.map(scopeKind);
  const shape = kinds.join(' ');
  let text = FINGERPRINT_SQL_BY_SHAPE.get(shape);
  if (text === undefined) FINGERPRINT_SQL_BY_SHAPE.set(shape, (text = fingerprintSql(kinds)));
  const parameters: unknown[] = [];
  list.forEach((scope, index) => {
    if (kinds[index] === 'row') parameters.push(scope);
    else if (kinds[index] === 'group') parameters.push(Number(scope.slice(GROUP_SCOPE_PREFIX.length)));
  });
  parameters.push(tokenDigest);
  return CompiledQuery.raw(text, parameters);
}

/** Bumps one scope's version (migration 070's function), committed on its own. */
const BUMP_SQL = 'SELECT bump_response_cache($1)';

/** What the cache knows about one request. */
interface RequestCacheState {
  /** Credential and URL. */
  key: string;
  url: string;
  /** The presented token's digest; `null` when anonymous. */
  tokenDigest: string | null;
  /** The scopes the fingerprint was read for (the URL's last known ones, space-separated). */
  scope?: string;
  fingerprint?: string;
  /** The scopes the route declared for this answer (space-separated). */
  declaredScope?: string;
  served?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the response cache's hook for cacheable requests (GET with a token or anonymous). */
    responseCache: RequestCacheState | null;
  }
  interface FastifyInstance {
    /** Whole answers of hot reads per (credential, URL), valid for a fingerprint. */
    responseCache: ResponseCache;
  }
}

/** The version scope of a project's answers. */
export function projectCacheScope(projectId: number): string {
  return `project:${projectId}`;
}

/**
 * The version scope of the issues of every project in group `groupId` and its subgroups (the
 * group's issue list): the sum of those projects' versions at request time.
 */
export function groupCacheScope(groupId: number): string {
  return `${GROUP_SCOPE_PREFIX}${groupId}`;
}

/** The version scope of the issues of every project (the instance-wide issue list). */
export function allProjectsCacheScope(): string {
  return ALL_PROJECTS_SCOPE;
}

/**
 * The version scope of a project's git refs (branches, tags, `HEAD`), bumped after every command
 * that moves one (`RepositoryStore.onRefsChanged`), before the write is acknowledged.
 */
export function repositoryCacheScope(projectId: number): string {
  return `repository:${projectId}`;
}

/**
 * Declares that the answer being built depends only on the asker and `scopes` (and the epochs):
 * the route's 200 answer is stored and replayed while their versions stay the same.
 */
export function cacheResponseIn(request: FastifyRequest, ...scopes: [string, ...string[]]): void {
  if (request.responseCache) request.responseCache.declaredScope = scopes.join(' ');
}

/** The answer's headers worth replaying. */
function replayableHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/** The credential part of the key: a token's digest, `null` when anonymous, `undefined` if a session. */
function tokenDigestOf(request: FastifyRequest): string | null | undefined {
  const token = presentedToken(request);
  if (token) return digestSecret(token);
  return request.cookies[SESSION_COOKIE] ? undefined : null;
}

/** Installs the cache's hooks (after `@fastify/cookie`, before the auth hook it saves). */
export function installResponseCache(app: FastifyInstance): void {
  const cache = new ResponseCache();
  app.decorate('responseCache', cache);
  app.decorateRequest('responseCache', null);
  // A ref moved (any process shares the version row): the repository's answers are rebuilt.
  app.repositories.onRefsChanged = async (projectId) => {
    await app.db.executeQuery(CompiledQuery.raw(BUMP_SQL, [repositoryCacheScope(projectId)]));
  };

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET') return;
    const tokenDigest = tokenDigestOf(request);
    if (tokenDigest === undefined) return;
    const url = `${request.protocol}://${request.host}${request.url}`;
    const state: RequestCacheState = { key: `${tokenDigest ?? ''} ${url}`, url, tokenDigest };
    request.responseCache = state;
    state.scope = cache.scopeOf(url);
    if (state.scope === undefined) return;
    const { rows } = await app.db.executeQuery(fingerprintQuery(state.scope, tokenDigest));
    state.fingerprint = rows[0]!.fingerprint;
    const entry = cache.get(state.key, state.fingerprint);
    if (!entry) return;
    state.served = true;
    return reply.headers(entry.headers).header(FROM_CACHE_HEADER, 'true').send(entry.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = request.responseCache;
    if (!state?.declaredScope || state.served || reply.statusCode !== OK || typeof payload !== 'string') return;
    cache.setScope(state.url, state.declaredScope);
    // Stored only if the fingerprint was read for the scope the answer came from.
    if (state.fingerprint === undefined || state.scope !== state.declaredScope) return;
    cache.set(state.key, {
      fingerprint: state.fingerprint,
      scope: state.declaredScope,
      headers: replayableHeaders(reply),
      body: payload,
    });
  });
}
