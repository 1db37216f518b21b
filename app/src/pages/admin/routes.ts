/** The admin area's pages (see routing.ts for the helpers), and the product's help. */
import type { RouteObject } from 'react-router';
import { page } from '../../routing.ts';

export const adminRoutes: RouteObject[] = [
  page('admin', 'admin:dashboard:index', () => import('./dashboard/index.tsx')),
  page('admin/users', 'admin:users:index', () => import('./users/index.tsx')),
  page('admin/broadcast_messages', 'admin:broadcast_messages:index', () => import('./broadcast_messages/index.tsx')),
  page(
    'admin/application_settings/general',
    'admin:application_settings:general',
    () => import('./application_settings/general.tsx'),
  ),
  // The help pages (`/help`, `/help/{path}`) live here until the help area has a table of its own.
  page('help', 'help:index', () => import('../help/index.tsx')),
  page('help/*', 'help:show', () => import('../help/show.tsx')),
];
