/** `explore:projects:index`: every project the visitor can see. */
import type { LoaderFunctionArgs } from 'react-router';
import { ProjectsPage } from '../../ProjectsPage.tsx';
import { loadProjects } from '../../projectsList.ts';

export const loader = (args: LoaderFunctionArgs) => loadProjects(args, {});

export function Component() {
  return <ProjectsPage title="Explore projects" />;
}
