/**
 * `groups:show`: a group's overview at `/groups/{full path}` and at the bare `/{full path}`
 * (through pages/namespaces/show.tsx): its header, subgroups and projects (paginated).
 */
import { Avatar, Button, PageHeader, ProjectList } from 'forgekit';
import { api, parsePageInfo, type Group, type PageInfo, type Project } from 'forgekit/client';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { GroupLayout } from '../../layout/layouts.tsx';
import { NEW_PROJECT_PATH, namespaceQuery, useUrl } from '../../layout/urls.ts';
import { clientFor, getOrNull } from '../../page.ts';
import { projectPathOf } from '../../routing.ts';
import { toProjectListItem } from '../projectsList.ts';
import { useRootData } from '../../root.tsx';
import { ListPagination, requestedPage } from '../../layout/ListPagination.tsx';

export const PAGE_ID = 'groups:show';

/** The overview's texts (GitLab's). */
export const GROUP_TEXT = {
  subgroups: 'Subgroups',
  projects: 'Projects',
  noSubgroups: 'There are no subgroups in this group.',
  noProjects: 'There are no projects in this group.',
  newProject: 'New project',
  newSubgroup: 'New subgroup',
} as const;

const NOT_FOUND = 404;
/** Size of the group's avatar in its header. */
const HEADER_AVATAR_SIZE = 64;

export interface GroupOverview {
  group: Group;
  subgroups: Group[];
  projects: Project[];
  projectsPage: PageInfo;
}

/** The group at `fullPath` with its subgroups and a page of its projects, or `null` when the visitor sees none. */
export async function load(args: LoaderFunctionArgs, fullPath: string): Promise<GroupOverview | null> {
  const client = clientFor(args);
  const group = await getOrNull<Group>(client, `${api`/groups/${fullPath}`}?with_projects=false`);
  if (!group) return null;
  const page = requestedPage(args.request);
  const [subgroups, projects] = await Promise.all([
    client.get<Group[]>(api`/groups/${group.id}/subgroups`, { params: { all_available: true } }),
    client.get<Project[]>(api`/groups/${group.id}/projects`, { params: { page } }),
  ]);
  return {
    group,
    subgroups: subgroups.data,
    projects: projects.data,
    projectsPage: parsePageInfo(projects.headers),
  };
}

/** `/groups/{full path}`. */
export async function loader(args: LoaderFunctionArgs): Promise<GroupOverview> {
  const found = await load(args, projectPathOf(args.params));
  if (!found) throw data(null, { status: NOT_FOUND });
  return found;
}

function Overview({ overview }: { overview: GroupOverview }) {
  const { group, subgroups, projects, projectsPage } = overview;
  const url = useUrl();
  const signedIn = Boolean(useRootData().currentUser);
  return (
    <GroupLayout group={group} current="overview" title={group.full_name}>
      <PageHeader
        title={group.name}
        avatar={
          <Avatar
            entityId={group.id}
            entityName={group.name}
            src={group.avatar_url ?? undefined}
            alt=""
            shape="rect"
            size={HEADER_AVATAR_SIZE}
          />
        }
        visibility={group.visibility}
        visibilityEntity="group"
        description={group.description || undefined}
        actions={
          signedIn ? (
            <>
              <Button href={url(`/groups/new?${new URLSearchParams({ parent_id: String(group.id) })}`)}>
                {GROUP_TEXT.newSubgroup}
              </Button>
              <Button variant="confirm" href={url(`${NEW_PROJECT_PATH}?${namespaceQuery(group.id)}`)}>
                {GROUP_TEXT.newProject}
              </Button>
            </>
          ) : null
        }
      />
      <section aria-labelledby="group-subgroups">
        <h2 id="group-subgroups">{GROUP_TEXT.subgroups}</h2>
        {subgroups.length === 0 ? (
          <p>{GROUP_TEXT.noSubgroups}</p>
        ) : (
          <ul>
            {subgroups.map((subgroup) => (
              <li key={subgroup.id}>
                <a href={url(`/groups/${subgroup.full_path}`)}>{subgroup.name}</a>
                {subgroup.description ? <p>{subgroup.description}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="group-projects">
        <h2 id="group-projects">{GROUP_TEXT.projects}</h2>
        <ProjectList
          label={GROUP_TEXT.projects}
          items={projects.map((project) => toProjectListItem(project, url(`/${project.path_with_namespace}`)))}
          empty={GROUP_TEXT.noProjects}
        />
        <ListPagination pageInfo={projectsPage} />
      </section>
    </GroupLayout>
  );
}

/** The bare `/{full path}`'s view. */
export function View() {
  const { found } = useLoaderData() as { found: GroupOverview };
  return <Overview overview={found} />;
}

export function Component() {
  return <Overview overview={useLoaderData<typeof loader>()} />;
}
