/** `dashboard:projects:index`: the projects the signed-in user is a member of. */
import type { LoaderFunctionArgs } from 'react-router';
import { ProjectsPage } from '../../ProjectsPage.tsx';
import { loadProjects } from '../../projectsList.ts';
import { requireSignIn } from '../../../session.ts';

export async function loader(args: LoaderFunctionArgs) {
  requireSignIn(args);
  return loadProjects(args, { membership: true });
}

export function Component() {
  return <ProjectsPage title="Projects" />;
}
