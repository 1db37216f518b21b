/**
 * The server render: React Router's static handler runs the matched pages' loaders (through the
 * request context's in-process REST client), then React streams the document. The browser gets
 * the loader data and the page configuration in one inline script before the client entry runs,
 * the stylesheet (render-blocking) and the matched pages' JavaScript as module preloads.
 */
import { PassThrough, type Readable } from 'node:stream';
import { preinit, preloadModule } from 'react-dom';
import { renderToPipeableStream } from 'react-dom/server';
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  type StaticHandlerContext,
} from 'react-router';
import type { RequestContext } from './page.ts';
import { routes } from './routes.tsx';

/** The built client's files a page needs, from the build manifest. */
export interface PageAssets {
  /** The client entry module (`''` without a browser build). */
  entry: string;
  stylesheets: readonly string[];
  /** JavaScript to preload: the entry's imports and the matched pages' modules. */
  modules: readonly string[];
}

/** What a render produced: a redirect or other response from a loader, or the streaming document. */
export type RenderResult =
  { kind: 'response'; response: Response } | { kind: 'document'; status: number; body: Readable };

/** The window global React Router's browser router reads its hydration data from. */
export const HYDRATION_GLOBAL = '__staticRouterHydrationData';

/** Serialises for an inline script: no `</script>` or `<!--` can close or confuse it. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** Route errors in the shape `createBrowserRouter` revives (as React Router's own SSR writes them). */
function serializeErrors(errors: StaticHandlerContext['errors']) {
  if (!errors) return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => [
      id,
      isRouteErrorResponse(error)
        ? { ...error, __type: 'RouteErrorResponse' }
        : // Server errors never reach the browser with their message or stack.
          { message: 'Internal Server Error', __type: 'Error' },
    ]),
  );
}

function Preloads({ assets }: { assets: PageAssets }) {
  for (const href of assets.stylesheets) preinit(href, { as: 'style', precedence: 'default' });
  for (const href of assets.modules) preloadModule(href);
  return null;
}

const handlers = new Map<string, ReturnType<typeof createStaticHandler>>();
function handlerFor(basename: string) {
  let handler = handlers.get(basename);
  if (!handler) handlers.set(basename, (handler = createStaticHandler(routes, { basename: basename || '/' })));
  return handler;
}

/** Renders `request` for the visitor described by `context`. */
export async function renderPage(options: {
  request: Request;
  context: RequestContext;
  /** The assets for the matched pages' ids. */
  assetsFor: (pageIds: readonly string[]) => PageAssets;
  /** Values of `window.gon` (spec section 2). */
  gon: Record<string, unknown>;
  onError: (error: unknown) => void;
}): Promise<RenderResult> {
  const { request, context } = options;
  const handler = handlerFor(context.relativeUrlRoot);
  const result = await handler.query(request, { requestContext: context });
  if (result instanceof Response) return { kind: 'response', response: result };

  // Each matched route's page, and the page a loader decided on (a bare `/{path}` renders a
  // project, group or user page from its own chunk): their JavaScript is preloaded.
  const pageIds = result.matches.flatMap((match) => {
    const declared = (match.route.handle as { pageId?: string } | undefined)?.pageId;
    const loaded = (result.loaderData[match.route.id] as { pageId?: unknown } | undefined)?.pageId;
    return [declared, loaded].filter((pageId): pageId is string => typeof pageId === 'string');
  });
  const assets = options.assetsFor(pageIds);
  const router = createStaticRouter(handler.dataRoutes, result);
  const hydration = {
    loaderData: result.loaderData,
    actionData: result.actionData,
    errors: serializeErrors(result.errors),
  };
  const bootstrap = `window.gon=${inlineJson(options.gon)};window.${HYDRATION_GLOBAL}=${inlineJson(hydration)};`;

  return new Promise((resolve, reject) => {
    let failed = false;
    const stream = renderToPipeableStream(
      <>
        <Preloads assets={assets} />
        <StaticRouterProvider router={router} context={result} hydrate={false} />
      </>,
      {
        bootstrapScriptContent: bootstrap,
        bootstrapModules: assets.entry ? [assets.entry] : [],
        onShellReady() {
          const body = new PassThrough();
          stream.pipe(body);
          resolve({ kind: 'document', status: failed ? 500 : result.statusCode, body });
        },
        onShellError: reject,
        onError(error) {
          failed = true;
          options.onError(error);
        },
      },
    );
  });
}
