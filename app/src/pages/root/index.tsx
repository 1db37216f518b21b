/** `/`: the dashboard for a signed-in user, the public projects for everyone else (as GitLab). */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isSignedIn } from '../../session.ts';

export function loader(args: LoaderFunctionArgs) {
  return redirect(isSignedIn(args) ? '/dashboard/projects' : '/explore/projects');
}

export function Component() {
  return null;
}
