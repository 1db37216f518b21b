/** The body of the dashboard's and explore's project lists: search, sort, the list and its pages. */
import { ProjectList } from 'forgekit';
import { Form as RouterForm, useLoaderData } from 'react-router';
import { BasicLayout } from '../layout/layouts.tsx';
import { useUrl } from '../layout/urls.ts';
import { toProjectListItem, type ProjectListData } from './projectsList.ts';
import { ListPagination } from '../layout/ListPagination.tsx';

/** Texts of the project list pages. */
export const PROJECTS_PAGE_TEXT = {
  filter: 'Filter projects',
  search: 'Filter by name',
  empty: 'No projects found',
} as const;

export function ProjectsPage({ title }: { title: string }) {
  const { projects, pageInfo, search, sort } = useLoaderData() as ProjectListData;
  const url = useUrl();
  return (
    <BasicLayout title={title}>
      <h1>{title}</h1>
      <RouterForm role="search" aria-label={PROJECTS_PAGE_TEXT.filter} method="get">
        <label>
          {PROJECTS_PAGE_TEXT.search} <input type="search" name="name" defaultValue={search} />
        </label>
        <input type="hidden" name="sort" value={sort} />
      </RouterForm>
      <ProjectList
        label={title}
        items={projects.map((project) => toProjectListItem(project, url(`/${project.path_with_namespace}`)))}
        empty={PROJECTS_PAGE_TEXT.empty}
      />
      <ListPagination pageInfo={pageInfo} />
    </BasicLayout>
  );
}
