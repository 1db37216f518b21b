/**
 * The product's route table, shared by the server render and the browser. Each page is its own
 * module (a loader and a component), loaded on demand so that each route ships its own
 * JavaScript. A page's module path mirrors its page id (`<body data-page>`, spec section 2):
 * `explore:projects:index` lives in `pages/explore/projects/index.tsx`. Each area keeps its own
 * table (`pages/<area>/routes.ts`); `routing.ts` has the helpers for GitLab's path shapes.
 */
import type { RouteObject } from 'react-router';
import { Root, RootErrorBoundary, loader as rootLoader, shouldRevalidate } from './root.tsx';
import { namespacePages, page } from './routing.ts';
import { adminRoutes } from './pages/admin/routes.ts';
import { groupRoutes } from './pages/groups/routes.ts';
import { helpRoutes } from './pages/help/routes.ts';
import { projectRoutes } from './pages/projects/routes.ts';
import { userRoutes } from './pages/users/routes.ts';

export const pages: RouteObject[] = [
  page(undefined, 'root:index', () => import('./pages/root/index.tsx')),
  page('users/sign_in', 'sessions:new', () => import('./pages/sessions/new.tsx')),
  page('explore/projects', 'explore:projects:index', () => import('./pages/explore/projects/index.tsx')),
  page('dashboard/projects', 'dashboard:projects:index', () => import('./pages/dashboard/projects/index.tsx')),
  page('search', 'search:show', () => import('./pages/search/show.tsx')),
  ...projectRoutes,
  ...groupRoutes,
  ...userRoutes,
  ...adminRoutes,
  ...helpRoutes,
  // A bare `/{path}`: user, group or project (the module decides; static paths above win).
  ...namespacePages('namespaces:show', () => import('./pages/namespaces/show.tsx')),
  page('*', 'errors:not_found', () => import('./pages/errors/not_found.tsx')),
];

/** The whole table: the document route (layout, current user, page configuration) around the pages. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Root,
    ErrorBoundary: RootErrorBoundary,
    loader: rootLoader,
    shouldRevalidate,
    children: pages,
  },
];

/** The source module of a page id, relative to `app/` (for the build manifest's preload links). */
export function pageModule(pageId: string): string {
  return `src/pages/${pageId.split(':').join('/')}.tsx`;
}
