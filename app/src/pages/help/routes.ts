/** The product's help: its README and the repository's docs, rendered (see help/docs.ts). */
import type { RouteObject } from 'react-router';
import { MAX_PROJECT_PATH_SEGMENTS, page, segmentsPattern } from '../../routing.ts';

/**
 * A help page per path depth rather than `help/*`: a splat ranks below the bare `/{path}` routes
 * of the same depth (`/help/decisions/014-x` would be read as a project), a static `help` plus
 * named segments ranks above them.
 */
export const helpRoutes: RouteObject[] = [
  page('help', 'help:index', () => import('./index.tsx')),
  ...Array.from({ length: MAX_PROJECT_PATH_SEGMENTS }, (_, index) =>
    page(`help/${segmentsPattern(index + 1)}`, 'help:show', () => import('./show.tsx')),
  ),
];
