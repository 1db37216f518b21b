/**
 * `search:show`: the top bar's search (`/search?search=…&scope=…`), GitLab's basic search over
 * what the visitor can see: projects, groups and users, one scope at a time with a tab each.
 */
import { api, parsePageInfo, type Group, type PageInfo, type ProjectBasic, type UserBasic } from 'forgekit/client';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { BasicLayout } from '../../layout/layouts.tsx';
import { ListPagination } from '../../layout/ListPagination.tsx';
import { useUrl } from '../../layout/urls.ts';
import { clientFor } from '../../page.ts';

/** The scopes, in GitLab's order, with the REST list each reads. */
export const SEARCH_SCOPES = {
  projects: { label: 'Projects', path: api`/projects` },
  groups: { label: 'Groups', path: api`/groups` },
  users: { label: 'Users', path: api`/users` },
} as const;
type Scope = keyof typeof SEARCH_SCOPES;

export const SEARCH_TEXT = {
  title: 'Search',
  scopes: 'Search scopes',
  empty: 'We couldn’t find any results matching your search.',
  prompt: 'Type something in the search box above.',
} as const;

interface SearchResult {
  name: string;
  detail: string | null;
  path: string;
}

function toResult(scope: Scope, row: ProjectBasic | Group | UserBasic): SearchResult {
  if (scope === 'projects') {
    const project = row as ProjectBasic;
    return { name: project.name_with_namespace, detail: project.description, path: `/${project.path_with_namespace}` };
  }
  if (scope === 'groups') {
    const group = row as Group;
    return { name: group.full_name, detail: group.description || null, path: `/groups/${group.full_path}` };
  }
  const user = row as UserBasic;
  return { name: user.name, detail: `@${user.username}`, path: `/${user.username}` };
}

export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const search = url.searchParams.get('search')?.trim() ?? '';
  const requested = url.searchParams.get('scope') ?? '';
  const scope: Scope = requested in SEARCH_SCOPES ? (requested as Scope) : 'projects';
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  if (!search) return { search, scope, results: [] as SearchResult[], pageInfo: null as PageInfo | null };
  const response = await clientFor(args).get<(ProjectBasic | Group | UserBasic)[]>(SEARCH_SCOPES[scope].path, {
    params: { search, page },
  });
  return {
    search,
    scope,
    results: response.data.map((row) => toResult(scope, row)),
    pageInfo: parsePageInfo(response.headers),
  };
}

export function Component() {
  const { search, scope, results, pageInfo } = useLoaderData<typeof loader>();
  const url = useUrl();
  const location = useLocation();
  const withParams = (changes: Record<string, string>) => {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) params.set(name, value);
    return `${url('/search')}?${params}`;
  };
  return (
    <BasicLayout title={search ? `${search} · ${SEARCH_TEXT.title}` : SEARCH_TEXT.title}>
      <h1>{SEARCH_TEXT.title}</h1>
      <nav aria-label={SEARCH_TEXT.scopes}>
        <ul>
          {(Object.keys(SEARCH_SCOPES) as Scope[]).map((key) => (
            <li key={key}>
              <a href={withParams({ scope: key, page: '1' })} aria-current={key === scope ? 'page' : undefined}>
                {SEARCH_SCOPES[key].label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {!search ? (
        <p>{SEARCH_TEXT.prompt}</p>
      ) : results.length === 0 ? (
        <p>{SEARCH_TEXT.empty}</p>
      ) : (
        <ul>
          {results.map((result) => (
            <li key={result.path}>
              <a href={url(result.path)}>{result.name}</a>
              {result.detail ? <p>{result.detail}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {pageInfo ? <ListPagination pageInfo={pageInfo} /> : null}
    </BasicLayout>
  );
}
