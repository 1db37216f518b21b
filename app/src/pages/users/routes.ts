/**
 * The users area's pages (see routing.ts for the helpers): a profile's tabs, the signed-in user's
 * settings and the dashboard's activity and starred projects.
 */
import type { RouteObject } from 'react-router';
import { page } from '../../routing.ts';

export const userRoutes: RouteObject[] = [
  page('users/:username/activity', 'users:activity', () => import('./activity.tsx')),
  page('users/:username/projects', 'users:projects', () => import('./projects.tsx')),
  page('users/:username/followers', 'users:followers', () => import('./followers.tsx')),
  page('users/:username/following', 'users:following', () => import('./following.tsx')),
  page('-/user_settings/profile', 'user_settings:profiles:show', () => import('../user_settings/profiles/show.tsx')),
  page(
    '-/user_settings/personal_access_tokens',
    'user_settings:personal_access_tokens:index',
    () => import('../user_settings/personal_access_tokens/index.tsx'),
  ),
  page('-/profile/preferences', 'profiles:preferences:show', () => import('../profiles/preferences/show.tsx')),
  page('dashboard/projects/starred', 'dashboard:projects:starred', () => import('../dashboard/projects/starred.tsx')),
  page('dashboard/activity', 'dashboard:activity', () => import('../dashboard/activity.tsx')),
];
