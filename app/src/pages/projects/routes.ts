/** The projects area's pages (see routing.ts for the helpers). The overview is a bare path (pages/namespaces). */
import type { RouteObject } from 'react-router';
import { projectPage } from '../../routing.ts';

export const projectRoutes: RouteObject[] = [
  // `{ref}/{path}` is one splat: the ref may hold slashes, the page splits it (repository.ts).
  ...projectPage('-/tree/*', 'projects:tree:show', () => import('./tree/show.tsx')),
  ...projectPage('-/blob/*', 'projects:blob:show', () => import('./blob/show.tsx')),
  ...projectPage('-/blame/*', 'projects:blame:show', () => import('./blame/show.tsx')),
  ...projectPage('-/commits/*', 'projects:commits:show', () => import('./commits/show.tsx')),
  ...projectPage('-/commit/:sha', 'projects:commit:show', () => import('./commit/show.tsx')),
  ...projectPage('-/branches', 'projects:branches:index', () => import('./branches/index.tsx')),
  ...projectPage('-/branches/new', 'projects:branches:new', () => import('./branches/new.tsx')),
  ...projectPage('-/tags', 'projects:tags:index', () => import('./tags/index.tsx')),
  // Labels, milestones, members and general settings.
  // Issues (issue 15 adds the issue itself).
  ...projectPage('-/issues', 'projects:issues:index', () => import('./issues/index.tsx')),
  ...projectPage('-/issues/new', 'projects:issues:new', () => import('./issues/new.tsx')),
  ...projectPage('-/issues/:iid', 'projects:issues:show', () => import('./issues/show.tsx')),
  ...projectPage('-/work_items/:iid', 'projects:work_items:show', () => import('./work_items/show.tsx')),
  ...projectPage('-/labels', 'projects:labels:index', () => import('./labels/index.tsx')),
  ...projectPage('-/labels/new', 'projects:labels:new', () => import('./labels/new.tsx')),
  ...projectPage('-/labels/:label_id/edit', 'projects:labels:edit', () => import('./labels/edit.tsx')),
  ...projectPage('-/milestones', 'projects:milestones:index', () => import('./milestones/index.tsx')),
  ...projectPage('-/milestones/new', 'projects:milestones:new', () => import('./milestones/new.tsx')),
  ...projectPage('-/project_members', 'projects:project_members:index', () => import('./project_members/index.tsx')),
  ...projectPage('-/settings/general', 'projects:settings:general', () => import('./settings/general.tsx')),
];
