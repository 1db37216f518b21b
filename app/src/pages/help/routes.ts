/** The product's help: its README and the repository's docs, rendered (see help/docs.ts). */
import type { RouteObject } from 'react-router';
import { page } from '../../routing.ts';

export const helpRoutes: RouteObject[] = [
  page('help', 'help:index', () => import('./index.tsx')),
  page('help/*', 'help:show', () => import('./show.tsx')),
];
