/**
 * How the route table is written. GitLab's URLs put a project's full path (one or more
 * namespaces, then the project) before `/-/`: `/atlas/tiles/tile-baker/-/tree/main/src`. React
 * Router matches segments, not "any number of segments then `-`", so a project route is
 * generated once per path depth, up to `MAX_PROJECT_PATH_SEGMENTS`; `projectPathOf` joins the
 * segments back. Each page is its own module (code split), named after its page id.
 */
import type { Params, RouteObject } from 'react-router';
import type { PageHandle, PageModule } from './page.ts';

/** Deepest project path the routes match: a project in up to four nested groups. */
export const MAX_PROJECT_PATH_SEGMENTS = 5;
/** The parameter names of a project path's segments: `ns1`, `ns2`, ... */
const SEGMENT = 'ns';

/** One page route: its URL pattern (none for an index route), page id and module. */
export function page(path: string | undefined, pageId: string, load: () => Promise<PageModule>): RouteObject {
  const route = { handle: { pageId } satisfies PageHandle, lazy: async () => load() };
  return path === undefined ? { ...route, index: true } : { ...route, path };
}

/** The `:ns1/:ns2/...` pattern of a path with `segments` segments. */
export function segmentsPattern(segments: number): string {
  return Array.from({ length: segments }, (_, index) => `:${SEGMENT}${index + 1}`).join('/');
}

/**
 * A page below a project: `suffix` follows the project path (`-/tree/*`, or `''` for the
 * project itself). Two or more segments: a project always sits in a namespace.
 */
export function projectPage(suffix: string, pageId: string, load: () => Promise<PageModule>): RouteObject[] {
  return Array.from({ length: MAX_PROJECT_PATH_SEGMENTS - 1 }, (_, index) =>
    page([segmentsPattern(index + 2), suffix].filter(Boolean).join('/'), pageId, load),
  );
}

/** The full path (`group/subgroup/project`) from a project or namespace route's parameters. */
export function projectPathOf(params: Params): string {
  const segments: string[] = [];
  for (let index = 1; params[`${SEGMENT}${index}`] !== undefined; index++) segments.push(params[`${SEGMENT}${index}`]!);
  return segments.join('/');
}

/** Routes for a namespace path of one up to `MAX_PROJECT_PATH_SEGMENTS` segments (users, groups, projects). */
export function namespacePages(pageId: string, load: () => Promise<PageModule>): RouteObject[] {
  return Array.from({ length: MAX_PROJECT_PATH_SEGMENTS }, (_, index) =>
    page(segmentsPattern(index + 1), pageId, load),
  );
}

/**
 * A page below a group at GitLab's `/groups/{full path}` (`suffix` `''` for the group itself,
 * else like `-/group_members`). The static `groups/` prefix outranks the bare namespace routes.
 */
export function groupPage(suffix: string, pageId: string, load: () => Promise<PageModule>): RouteObject[] {
  return Array.from({ length: MAX_PROJECT_PATH_SEGMENTS }, (_, index) =>
    page(['groups', segmentsPattern(index + 1), suffix].filter(Boolean).join('/'), pageId, load),
  );
}
