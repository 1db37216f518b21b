/** `projects:show`: a project's overview (reached through pages/namespaces/show.tsx). */
import { api, type Project } from 'forgekit/client';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { clientFor, getOrNull } from '../../page.ts';
import { ProjectLayout } from '../../layout/layouts.tsx';

export const PAGE_ID = 'projects:show';

/** The project at `fullPath`, or `null` when there is none the visitor can see. */
export async function load(args: LoaderFunctionArgs, fullPath: string): Promise<{ project: Project } | null> {
  if (!fullPath.includes('/')) return null;
  const project = await getOrNull<Project>(clientFor(args), api`/projects/${fullPath}`);
  return project ? { project } : null;
}

export function View() {
  const { project } = (useLoaderData() as { found: { project: Project } }).found;
  return (
    <ProjectLayout project={project} current="overview" title={project.name_with_namespace}>
      <h1>{project.name}</h1>
      {project.description ? <p>{project.description}</p> : null}
    </ProjectLayout>
  );
}
