/** The body of the dashboard's and explore's project lists: search, sort, the list and its pages. */
import { Pagination } from 'forgekit';
import { Form as RouterForm, Link, useLoaderData, useLocation } from 'react-router';
import { BasicLayout } from '../layout/layouts.tsx';
import type { ProjectListData } from './projectsList.ts';

/** Texts of the project list pages. */
export const PROJECTS_PAGE_TEXT = {
  filter: 'Filter projects',
  search: 'Filter by name',
  empty: 'No projects found',
} as const;

export function ProjectsPage({ title }: { title: string }) {
  const { projects, pageInfo, search, sort } = useLoaderData() as ProjectListData;
  const location = useLocation();
  const pageHref = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set('page', String(page));
    return `?${params}`;
  };
  return (
    <BasicLayout title={title}>
      <h1>{title}</h1>
      <RouterForm role="search" aria-label={PROJECTS_PAGE_TEXT.filter} method="get">
        <label>
          {PROJECTS_PAGE_TEXT.search} <input type="search" name="name" defaultValue={search} />
        </label>
        <input type="hidden" name="sort" value={sort} />
      </RouterForm>
      {projects.length === 0 ? (
        <p>{PROJECTS_PAGE_TEXT.empty}</p>
      ) : (
        <ul>
          {projects.map((project) => (
            <li key={project.id}>
              <Link to={`/${project.path_with_namespace}`}>{project.name_with_namespace}</Link>
              {project.description ? <p>{project.description}</p> : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={pageInfo.page}
        totalPages={pageInfo.totalPages}
        hasNextPage={pageInfo.hasNextPage}
        hrefBuilder={pageHref}
      />
    </BasicLayout>
  );
}
