/**
 * Product URLs under the relative root. Library components take plain `href` strings, so pages
 * build them here (`url('/explore/projects')` is `/forge/explore/projects` under `/forge`), and
 * the document turns clicks on them into client-side navigations (layout/useLinkNavigation.ts).
 */
import { useRouteLoaderData } from 'react-router';

/** A product path under `relativeUrlRoot`. */
export function productUrl(relativeUrlRoot: string, path: string): string {
  return `${relativeUrlRoot}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Builds product URLs for the current page. */
export function useUrl(): (path: string) => string {
  const root = (useRouteLoaderData('root') as { relativeUrlRoot?: string } | undefined)?.relativeUrlRoot ?? '';
  return (path) => productUrl(root, path);
}

/** A project page's URL: `projectUrl('atlas/router', '-/tree/main')`. */
export function projectPath(fullPath: string, suffix = ''): string {
  return `/${fullPath}${suffix ? `/${suffix}` : ''}`;
}

/** The new project page (pages/projects/new.tsx), linked from other pages without loading its module. */
export const NEW_PROJECT_PATH = '/projects/new';
/** The query that preselects the new project's namespace: `?namespace_id=12`. */
export const namespaceQuery = (namespaceId: number) => new URLSearchParams({ namespace_id: String(namespaceId) });
