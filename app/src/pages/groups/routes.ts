/**
 * The groups area's pages (see routing.ts for the helpers): explore, new group, a group's
 * overview and members. The new project form sits here too, beside the new group form (both
 * create something in a namespace; projects/routes.ts holds the pages of existing projects).
 */
import type { RouteObject } from 'react-router';
import { groupPage, page } from '../../routing.ts';

export const groupRoutes: RouteObject[] = [
  page('explore/groups', 'explore:groups:index', () => import('../explore/groups/index.tsx')),
  // Static, so it outranks `groups/{full path}`.
  page('groups/new', 'groups:new', () => import('./new.tsx')),
  page('projects/new', 'projects:new', () => import('../projects/new.tsx')),
  ...groupPage('', 'groups:show', () => import('./show.tsx')),
  ...groupPage('-/group_members', 'groups:group_members:index', () => import('./group_members/index.tsx')),
  ...groupPage('-/epics', 'groups:epics:index', () => import('./epics/index.tsx')),
  ...groupPage('-/epics/:iid', 'groups:epics:show', () => import('./epics/show.tsx')),
];
