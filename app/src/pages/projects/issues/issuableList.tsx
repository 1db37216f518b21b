/**
 * What GitLab's issuable list pages share (the project's issues, the group's epics): the state
 * tabs with each state's count, the sort order from the URL, the page of items and the counts read
 * from the REST headers, and the sort select of the filter form.
 */
import { NavTabs, parsePaginationHeaders } from 'forgekit';
import { parsePageInfo, type PageInfo, type RestClient, type UserBasic } from 'forgekit/client';
import { useLocation } from 'react-router';
import { requestedPage } from '../../../layout/ListPagination.tsx';
import { ISSUABLE_STATES, type IssuableState } from './constants.ts';

/** A sort order of a list page: its id in the page URL, its label, and the REST list's `order_by`/`sort`. */
export interface ListSort {
  readonly id: string;
  readonly label: string;
  readonly orderBy: string;
  readonly direction: 'asc' | 'desc';
}

/** The state (default Open) and the sort (default the first of `sorts`) that the page URL asks for. */
export function stateAndSortOf<Sorts extends readonly [ListSort, ...ListSort[]]>(
  query: URLSearchParams,
  sorts: Sorts,
): { state: IssuableState; sort: Sorts[number]['id'] } {
  return {
    state: ISSUABLE_STATES.find(({ id }) => id === query.get('state'))?.id ?? 'opened',
    sort: sorts.find(({ id }) => id === query.get('sort'))?.id ?? sorts[0].id,
  };
}

/** A page of a list and the tabs' counts: what `loadIssuableList` reads. */
export interface IssuableListPage<Item> {
  items: Item[];
  counts: Record<IssuableState, number>;
  pageInfo: PageInfo;
}

/**
 * Reads the requested page of `base` (a REST list of issues or epics) in `state` and `sort` under
 * the same `filters`, and each state's total (its `X-Total` under the filters: GitLab's list shows
 * all three counts), all at once.
 */
export async function loadIssuableList<Item>(
  client: RestClient,
  base: string,
  {
    request,
    filters,
    state,
    sort,
    perPage,
    params,
  }: {
    request: Request;
    /** The REST list's filter parameters (the counts use them too). */
    filters: Readonly<Record<string, string | undefined>>;
    state: IssuableState;
    sort: ListSort;
    perPage: number;
    /** More parameters for the page itself (`with_labels_details`). */
    params?: Readonly<Record<string, string | number | boolean>>;
  },
): Promise<IssuableListPage<Item>> {
  const count = async (counted: IssuableState) =>
    parsePaginationHeaders((await client.get(base, { params: { ...filters, state: counted, per_page: 1 } })).headers)
      .total ?? 0;
  const [response, opened, closed, all] = await Promise.all([
    client.get<Item[]>(base, {
      params: {
        ...filters,
        ...params,
        state,
        order_by: sort.orderBy,
        sort: sort.direction,
        per_page: perPage,
        page: requestedPage(request),
      },
    }),
    count('opened'),
    count('closed'),
    count('all'),
  ]);
  return { items: response.data, counts: { opened, closed, all }, pageInfo: parsePageInfo(response.headers) };
}

/** The Open, Closed and All tabs with their counts: each keeps the page's filters and starts at page 1. */
export function IssuableStateTabs({
  label,
  listPath,
  current,
  counts,
}: {
  /** The tab strip's accessible name (`Issue states`). */
  label: string;
  /** The list's URL (with the relative root). */
  listPath: string;
  current: IssuableState;
  counts: Record<IssuableState, number>;
}) {
  const location = useLocation();
  const tabHref = (state: IssuableState) => {
    const params = new URLSearchParams(location.search);
    params.set('state', state);
    params.delete('page');
    return `${listPath}?${params}`;
  };
  return (
    <NavTabs
      label={label}
      currentId={current}
      items={ISSUABLE_STATES.map(({ id, label: text }) => ({ id, label: text, href: tabHref(id), count: counts[id] }))}
    />
  );
}

/** The filter form's sort select (`sort`, submitted with the form). */
export function SortSelect({ label, sorts, value }: { label: string; sorts: readonly ListSort[]; value: string }) {
  return (
    <label>
      {label}{' '}
      <select name="sort" defaultValue={value}>
        {sorts.map(({ id, label: text }) => (
          <option key={id} value={id}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A REST user as a list row's person (author, assignee), linking to their profile. */
export function listPerson(user: UserBasic, url: (path: string) => string) {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    avatarUrl: user.avatar_url,
    href: url(`/${user.username}`),
  };
}
