/**
 * The project lists of the dashboard and explore pages: one loader reading GitLab's list
 * parameters from the page URL (search, sort, page) and the pagination headers of the answer.
 */
import type { ProjectListItemData } from 'forgekit';
import { api, parsePageInfo, type PageInfo, type Project } from 'forgekit/client';
import type { LoaderFunctionArgs } from 'react-router';
import { clientFor } from '../page.ts';

/** GitLab's list sorts, by the `sort` query value of the page (`name_asc`, `latest_activity_desc`...). */
export const PROJECT_SORTS = {
  latest_activity_desc: { order_by: 'last_activity_at', sort: 'desc' },
  created_desc: { order_by: 'created_at', sort: 'desc' },
  name_asc: { order_by: 'name', sort: 'asc' },
  name_desc: { order_by: 'name', sort: 'desc' },
  stars_desc: { order_by: 'star_count', sort: 'desc' },
} as const;
export type ProjectSort = keyof typeof PROJECT_SORTS;
export const DEFAULT_PROJECT_SORT: ProjectSort = 'latest_activity_desc';

export interface ProjectListData {
  projects: Project[];
  pageInfo: PageInfo;
  search: string;
  sort: ProjectSort;
}

/** Loads a page of projects with `scope` (e.g. `{ membership: true }`) and the URL's parameters. */
export async function loadProjects(
  args: LoaderFunctionArgs,
  scope: Record<string, string | boolean>,
): Promise<ProjectListData> {
  const url = new URL(args.request.url);
  const search = url.searchParams.get('name') ?? '';
  const requested = url.searchParams.get('sort') ?? '';
  const sort = (requested in PROJECT_SORTS ? requested : DEFAULT_PROJECT_SORT) as ProjectSort;
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const response = await clientFor(args).get<Project[]>(api`/projects`, {
    params: { ...scope, ...PROJECT_SORTS[sort], search: search || undefined, page },
  });
  return { projects: response.data, pageInfo: parsePageInfo(response.headers), search, sort };
}

/** A project as the library's `ProjectList` shows it, linking to `href`. */
export function toProjectListItem(project: Project, href: string): ProjectListItemData {
  return {
    id: project.id,
    name: project.name,
    namespace: project.namespace.full_path === project.path_with_namespace ? undefined : project.namespace.name,
    href,
    avatarUrl: project.avatar_url,
    visibility: project.visibility,
    description: project.description,
    updatedAt: project.last_activity_at,
    starCount: project.star_count,
    forksCount: project.forks_count,
  };
}
