/** The admin area's pages (see routing.ts for the helpers). */
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
];
