/**
 * The browser entry: the library's styles and fonts, then hydration of the server-rendered
 * document. Pages matched by the server render are loaded before hydrating, so the first render
 * in the browser is the server's markup (no fallback, no mismatch) and every control works as
 * soon as the document is hydrated.
 */
import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import '@fontsource/jetbrains-mono/400.css';
import 'forgekit/tokens.css';
import 'forgekit/styles.css';
import { getPageConfig } from 'forgekit/client';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes.tsx';

/** A page module may export `preloadView(loaderData)`: what its first render needs, loaded before hydration. */
interface ViewPreloading {
  preloadView?: (loaderData: unknown) => Promise<unknown>;
}

const basename = getPageConfig().relativeUrlRoot || '/';
const matched = matchRoutes(routes, window.location, basename) ?? [];
await Promise.all(
  matched.map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    Object.assign(route, await route.lazy(), { lazy: undefined });
  }),
);

const router = createBrowserRouter(routes, { basename });
// A page whose view its loader chooses (the bare `/{path}`) loads that view too: hydrating it
// later, in a Suspense boundary, would leave the server's buttons dead (clicks lost) meanwhile.
await Promise.all(
  router.state.matches.map(({ route }) => (route as ViewPreloading).preloadView?.(router.state.loaderData[route.id])),
);
hydrateRoot(
  document,
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
