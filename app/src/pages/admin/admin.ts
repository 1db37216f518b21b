/** The admin area is for administrators only: anyone else gets the 404 GitLab answers them. */
import { data, type LoaderFunctionArgs } from 'react-router';
import { requireSignIn } from '../../session.ts';
import { isAdminVisitor } from '../projects/settings/project.ts';

const NOT_FOUND = 404;

/** Sends an anonymous visitor to sign in; answers 404 to a signed-in non-administrator. */
export async function requireAdmin(args: Pick<LoaderFunctionArgs, 'context' | 'request'>): Promise<void> {
  requireSignIn(args);
  if (!(await isAdminVisitor(args))) throw data(null, { status: NOT_FOUND });
}
