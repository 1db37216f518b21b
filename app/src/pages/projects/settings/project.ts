/**
 * The project of a project page (labels, milestones, members, settings): loaded from the URL's
 * full path with the visitor's role in it. A project the visitor cannot see is a 404, as GitLab
 * answers both.
 */
import { HttpError, api, type Project, type Visibility } from 'forgekit/client';
import { data, type LoaderFunctionArgs } from 'react-router';
import { ACCESS_LEVEL } from '../../../../server/domain/access.ts';
import { clientFor, getOrNull, type RequestContext } from '../../../page.ts';
import { projectPathOf } from '../../../routing.ts';

export { ACCESS_LEVEL };

/** A project with the visitor's access (GitLab's `permissions` on `GET /projects/:id`). */
export interface ProjectWithAccess extends Project {
  permissions?: {
    project_access: { access_level: number } | null;
    group_access: { access_level: number } | null;
  };
}

const NOT_FOUND = 404;

/** GitLab's names of the visibility levels, in its order. */
export const VISIBILITY_NAMES = {
  private: 'Private',
  internal: 'Internal',
  public: 'Public',
} as const satisfies Record<Visibility, string>;

/** The page's project, or a 404 response. */
export async function loadProject(args: LoaderFunctionArgs): Promise<ProjectWithAccess> {
  const project = await getOrNull<ProjectWithAccess>(clientFor(args), api`/projects/${projectPathOf(args.params)}`);
  if (!project) throw data(null, { status: NOT_FOUND });
  return project;
}

/** The visitor's role in the project: the higher of their own and their group's membership. */
export function accessLevelOf(project: ProjectWithAccess): number {
  const { project_access, group_access } = project.permissions ?? { project_access: null, group_access: null };
  return Math.max(
    project_access?.access_level ?? ACCESS_LEVEL.NO_ACCESS,
    group_access?.access_level ?? ACCESS_LEVEL.NO_ACCESS,
  );
}

/** Whether the visitor has at least `level` in the project (administrators have every role). */
export function hasAccess(project: ProjectWithAccess, level: number, isAdmin: boolean): boolean {
  return isAdmin || accessLevelOf(project) >= level;
}

/**
 * The message of a failed write, as GitLab's bodies carry it: `{ message: 'text' }`, or
 * `{ message: { title: ['has already been taken'] } }` read as "Title has already been taken".
 */
export function apiErrorMessage(failure: unknown, fallback: string): string {
  const message = failure instanceof HttpError ? (failure.response?.data as { message?: unknown })?.message : undefined;
  if (typeof message === 'string') return message;
  if (message && typeof message === 'object')
    return Object.entries(message as Record<string, string[] | string>)
      .map(([field, problems]) => {
        const name = field.charAt(0).toUpperCase() + field.slice(1).replaceAll('_', ' ');
        return `${name} ${[problems].flat().join(', ')}`;
      })
      .join('. ');
  return fallback;
}

/**
 * Whether the visitor is an administrator: from the request on the server; in the browser (where a
 * loader has no request context) from `GET /user`, which shows `is_admin` to administrators.
 */
export async function isAdminVisitor(args: Pick<LoaderFunctionArgs, 'context'>): Promise<boolean> {
  // In the browser React Router passes a context of its own (empty): only the server's has a client.
  const context = args.context as Partial<RequestContext> | undefined;
  if (context?.client) return context.currentUser?.isAdmin ?? false;
  const user = await getOrNull<{ is_admin?: boolean }>(clientFor(args), api`/user`);
  return user?.is_admin ?? false;
}
