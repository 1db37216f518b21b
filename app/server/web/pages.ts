/**
 * The product pages: every GET that no API or product route claims is rendered by React Router
 * on the server (app/src/entry.server.tsx) for the visitor of the request, and the built browser
 * files are served from `/assets/`. Loaders reach the REST API in-process (`inject`) with the
 * visitor's cookies, so a page sees exactly what the API would show that visitor.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRestClient, configurePage } from 'forgekit/client';
import { renderPage, type PageAssets } from '../../src/entry.server.tsx';
import { ICON_SPRITE_PATH, type RequestContext } from '../../src/page.ts';
import { pageModule } from '../../src/routes.tsx';
import { API_PREFIX } from '../http/server.ts';
import { RepositoryCache, type RepositoryCacheScope } from './repositoryCache.ts';
import { shellBroadcasts, shellCallouts, shellPreferences, shellUser, shellVersionCheck } from './shell.ts';
import { NO_QUERY, pathParams } from '../api/v4/params.ts';

/**
 * Where `vite build` (app/vite.config.ts) writes the browser files (`FORGEKIT_CLIENT_DIR`, else
 * app/dist/client), read when the routes are registered.
 */
function clientDir(): string {
  return `${resolve(process.env.FORGEKIT_CLIENT_DIR ?? fileURLToPath(new URL('../../dist/client', import.meta.url)))}/`;
}
/** The page's client entry in the build manifest. */
const CLIENT_ENTRY = 'src/entry.client.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The assets of the matched pages, from the manifest (JavaScript and CSS of each chunk and its imports). */
export function assetsFromManifest(manifest: Manifest, base: string, pageIds: readonly string[]): PageAssets {
  const modules = new Set<string>();
  const stylesheets = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || modules.has(`${base}${chunk.file}`)) return;
    modules.add(`${base}${chunk.file}`);
    for (const css of chunk.css ?? []) stylesheets.add(`${base}${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(CLIENT_ENTRY);
  for (const pageId of pageIds) visit(pageModule(pageId));
  const entry = manifest[CLIENT_ENTRY];
  return { entry: entry ? `${base}${entry.file}` : '', stylesheets: [...stylesheets], modules: [...modules] };
}

function readManifest(dir: string): Manifest | null {
  const file = `${dir}.vite/manifest.json`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
}

const OK = 200;
const NO_CONTENT = 204;

/**
 * A `fetch` answered by this server in-process, as the visitor of `request`. Repository reads
 * come from `cache` while the repository's refs stay the same (see repositoryCache.ts).
 */
function inProcessFetch(app: FastifyInstance, request: FastifyRequest, cache: RepositoryCacheScope): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? 'GET') as 'GET';
    const key = method === 'GET' ? await cache.keyOf(url.pathname, url.search) : null;
    const cached = key === null ? undefined : cache.get(key);
    if (cached) return toResponse(cached.status, cached.headers, cached.body);
    const headers = new Headers(init?.headers);
    if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
    // The API builds absolute URLs (clone URLs, `web_url`) from the host the visitor used.
    if (request.headers.host) headers.set('host', request.headers.host);
    const response = await app.inject({
      method,
      url: url.pathname + url.search,
      headers: Object.fromEntries(headers),
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const body = response.rawPayload;
    const responseHeaders = response.headers as Record<string, string>;
    if (method === 'GET') cache.observe(url.pathname, response.statusCode, body);
    if (key !== null && response.statusCode === OK) cache.set(key, { status: OK, headers: responseHeaders, body });
    return toResponse(response.statusCode, responseHeaders, body);
  };
}

function toResponse(status: number, headers: Record<string, string>, body: Buffer): Response {
  return new Response(
    status === NO_CONTENT ? null : (body.buffer.slice(body.byteOffset, body.byteOffset + body.length) as ArrayBuffer),
    { status, headers },
  );
}

/** Registers the page renderer and the built assets below the relative root. */
export async function pageRoutes(app: FastifyInstance): Promise<void> {
  const root = app.relativeUrlRoot;
  const base = `${root}/`;
  const origin = 'http://forgekit.internal';
  configurePage({ relativeUrlRoot: root });
  const repositoryCache = new RepositoryCache(app);
  // Read once; a missing build still renders every page, without its browser JavaScript.
  const dir = clientDir();
  const manifest = readManifest(dir);
  if (!manifest) app.log.warn(`no browser build in ${dir}: pages render without JavaScript (run the app build)`);
  else
    await app.register(async (assets) => {
      // The routes @fastify/static adds here are public files.
      assets.addHook('onRoute', (route) => {
        route.config = { ...route.config, publicFile: true };
      });
      await assets.register(fastifyStatic, {
        root: `${dir}assets`,
        prefix: '/assets/',
        // Built files have content hashes in their names: cache them for a year.
        immutable: true,
        maxAge: '365d',
        index: false,
      });
    });

  // The library's icon sprite, where the document's IconSpriteProvider points (ICON_SPRITE_PATH).
  const sprite = readFileSync(fileURLToPath(import.meta.resolve('forgekit/icons.svg')));
  app.get(ICON_SPRITE_PATH, { schema: { querystring: NO_QUERY }, config: { publicFile: true } }, (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(sprite),
  );

  async function render(request: FastifyRequest, reply: FastifyReply) {
    if (request.url.startsWith(`${root}${API_PREFIX}/`)) return reply.callNotFound();
    const currentUser = await shellUser(request);
    const cache = repositoryCache.scope(`${currentUser?.id ?? 'anonymous'} ${request.headers.host ?? ''}`);
    const context: RequestContext = {
      client: createRestClient({ fetch: inProcessFetch(app, request, cache), baseUrl: origin }),
      currentUser,
      csrfToken: request.auth.csrfToken,
      relativeUrlRoot: root,
      preferences: await shellPreferences(request),
      broadcasts: await shellBroadcasts(request, new URL(request.url, origin).pathname),
      callouts: await shellCallouts(request),
      versionCheck: await shellVersionCheck(request),
    };
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const result = await renderPage({
      request: new Request(new URL(request.url, origin), { headers }),
      context,
      assetsFor: (pageIds) =>
        manifest ? assetsFromManifest(manifest, base, pageIds) : { entry: '', stylesheets: [], modules: [] },
      gon: {
        relative_url_root: root,
        api_version: 'v4',
        current_user_id: context.currentUser?.id ?? null,
        current_username: context.currentUser?.username,
      },
      onError: (error) => request.log.error({ err: error }, 'page render failed'),
    });
    if (result.kind === 'response') {
      const location = result.response.headers.get('location');
      if (location) {
        // Loaders redirect to product paths: put the relative root in front.
        const target = location.startsWith('/') && !location.startsWith(`${base}`) ? `${root}${location}` : location;
        return reply.code(result.response.status).header('location', target).send();
      }
      return reply.code(result.response.status).send(await result.response.text());
    }
    return reply
      .code(result.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(result.body);
  }
  app.get('/*', { schema: { params: pathParams('/*'), querystring: NO_QUERY } }, render);
  // The root itself, with and without its trailing slash (`/forge` and `/forge/`).
  app.get('/', { schema: { querystring: NO_QUERY } }, render);
}
