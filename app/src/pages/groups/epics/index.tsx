/**
 * `groups:epics:index` (`/groups/{full path}/-/epics`): the group's epics under GitLab's state tabs
 * (Open, Closed, All, each with its count), searched, sorted and paged from the REST headers of
 * `GET /groups/:id/epics`; members with at least the Reporter role create epics (GraphQL's
 * `workItemCreate` with the group's path, as GitLab's create work item modal) and land on the new epic.
 */
import { Alert, Button, FilterForm, IssuableList, NavTabs, TextField, parsePaginationHeaders } from 'forgekit';
import { api, parsePageInfo, type Group, type PageInfo, type UserBasic } from 'forgekit/client';
import { useState } from 'react';
import { data, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { GraphqlError, graphqlMutate, graphqlQuery } from '../../../graphql.ts';
import { ListPagination, requestedPage } from '../../../layout/ListPagination.tsx';
import { GroupLayout } from '../../../layout/layouts.tsx';
import { useUrl } from '../../../layout/urls.ts';
import { clientFor, getOrNull } from '../../../page.ts';
import { projectPathOf } from '../../../routing.ts';
import { CREATE_WORK_ITEM, WORK_ITEM_TYPE_IDS } from '../../projects/issues/workItemQueries.ts';
import {
  EPIC_SORTS,
  EPIC_STATES,
  EPICS_PER_PAGE,
  EPICS_TEXT,
  GROUP_PERMISSIONS,
  type EpicSort,
  type EpicState,
} from './constants.ts';

const NOT_FOUND = 404;

/** An epic as `GET /groups/:id/epics` lists it (the fields the list shows). */
export interface RestEpic {
  id: number;
  iid: number;
  title: string;
  state: 'opened' | 'closed';
  confidential: boolean;
  web_url: string;
  references: { short: string; full: string };
  author: UserBasic;
  labels: string[];
  created_at: string;
  updated_at: string;
  due_date: string | null;
  upvotes: number;
  downvotes: number;
}

interface EpicFilters {
  state: EpicState;
  sort: EpicSort;
  search: string;
}

interface EpicsData {
  group: Group;
  filters: EpicFilters;
  epics: RestEpic[];
  counts: Record<EpicState, number>;
  pageInfo: PageInfo;
  canCreate: boolean;
}

function filtersOf(url: URL): EpicFilters {
  const query = url.searchParams;
  return {
    state: EPIC_STATES.find(({ id }) => id === query.get('state'))?.id ?? 'opened',
    sort: EPIC_SORTS.find(({ id }) => id === query.get('sort'))?.id ?? EPIC_SORTS[0].id,
    search: query.get('search')?.trim() ?? '',
  };
}

export async function loader(args: LoaderFunctionArgs): Promise<EpicsData> {
  const client = clientFor(args);
  const group = await getOrNull<Group>(client, `${api`/groups/${projectPathOf(args.params)}`}?with_projects=false`);
  if (!group) throw data(null, { status: NOT_FOUND });
  const filters = filtersOf(new URL(args.request.url));
  const sort = EPIC_SORTS.find(({ id }) => id === filters.sort)!;
  const base = api`/groups/${group.id}/epics`;
  const search = filters.search || undefined;
  // The tabs' counts: each state's X-Total under the same search.
  const count = async (state: EpicState) =>
    parsePaginationHeaders((await client.get(base, { params: { search, state, per_page: 1 } })).headers).total ?? 0;
  const [response, opened, closed, all, permissions] = await Promise.all([
    client.get<RestEpic[]>(base, {
      params: {
        search,
        state: filters.state,
        order_by: sort.orderBy,
        sort: sort.direction,
        per_page: EPICS_PER_PAGE,
        page: requestedPage(args.request),
      },
    }),
    count('opened'),
    count('closed'),
    count('all'),
    graphqlQuery<{ group: { userPermissions: { createWorkItem: boolean } } | null }>(client, GROUP_PERMISSIONS, {
      fullPath: group.full_path,
    }),
  ]);
  return {
    group,
    filters,
    epics: response.data,
    counts: { opened, closed, all },
    pageInfo: parsePageInfo(response.headers),
    canCreate: permissions.group?.userPermissions.createWorkItem ?? false,
  };
}

/** The "New epic" form: a title and confidentiality, then the new epic's page. */
function NewEpic({ group, onCancel }: { group: Group; onCancel: () => void }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function create(form: HTMLFormElement) {
    const values = new FormData(form);
    setSaving(true);
    setError(null);
    try {
      const { workItem } = await graphqlMutate<{ errors: string[]; workItem: { webUrl: string } }>(CREATE_WORK_ITEM, {
        input: {
          namespacePath: group.full_path,
          title: String(values.get('title') ?? ''),
          confidential: values.get('confidential') === 'on',
          workItemTypeId: `gid://gitlab/WorkItems::Type/${WORK_ITEM_TYPE_IDS.Epic}`,
        },
      });
      // The router navigates below the relative root: the epic's iid ends its web URL.
      const iid = new URL(workItem.webUrl).pathname.split('/').pop();
      await navigate(`/groups/${group.full_path}/-/epics/${iid}`);
    } catch (cause) {
      setError(cause instanceof GraphqlError ? cause.message : EPICS_TEXT.createFailed);
      setSaving(false);
    }
  }

  return (
    <form
      aria-label={EPICS_TEXT.newEpic}
      onSubmit={(event) => {
        event.preventDefault();
        void create(event.currentTarget);
      }}
    >
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <TextField label={EPICS_TEXT.newEpicTitle} name="title" required />
      <label>
        <input type="checkbox" name="confidential" /> {EPICS_TEXT.confidential}
      </label>{' '}
      <Button type="submit" variant="confirm" disabled={saving}>
        {EPICS_TEXT.createEpic}
      </Button>{' '}
      <Button onClick={onCancel}>{EPICS_TEXT.cancel}</Button>
    </form>
  );
}

function person(user: UserBasic, url: (path: string) => string) {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    avatarUrl: user.avatar_url,
    href: url(`/${user.username}`),
  };
}

export function Component() {
  const { group, filters, epics, counts, pageInfo, canCreate } = useLoaderData() as EpicsData;
  const url = useUrl();
  const location = useLocation();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const listPath = url(`/groups/${group.full_path}/-/epics`);
  const tabHref = (state: EpicState) => {
    const params = new URLSearchParams(location.search);
    params.set('state', state);
    params.delete('page');
    return `${listPath}?${params}`;
  };

  return (
    <GroupLayout group={group} current="epics" title={`${EPICS_TEXT.title} · ${group.full_name}`}>
      <h1>{EPICS_TEXT.title}</h1>
      {canCreate && !creating ? (
        <Button variant="confirm" onClick={() => setCreating(true)}>
          {EPICS_TEXT.newEpic}
        </Button>
      ) : null}
      {creating ? <NewEpic group={group} onCancel={() => setCreating(false)} /> : null}
      <NavTabs
        label={EPICS_TEXT.tabs}
        currentId={filters.state}
        items={EPIC_STATES.map(({ id, label }) => ({ id, label, href: tabHref(id), count: counts[id] }))}
      />
      <FilterForm role="search" aria-label={EPICS_TEXT.filter} navigate={(to) => void navigate(to)}>
        <TextField label={EPICS_TEXT.search} name="search" type="search" defaultValue={filters.search} />
        <label>
          {EPICS_TEXT.sort}{' '}
          <select name="sort" defaultValue={filters.sort}>
            {EPIC_SORTS.map(({ id, label }) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <input type="hidden" name="state" value={filters.state} />
        <Button type="submit">{EPICS_TEXT.apply}</Button>
      </FilterForm>
      <IssuableList
        label={EPICS_TEXT.title}
        items={epics.map((epic) => ({
          id: epic.id,
          type: 'Epic' as const,
          reference: epic.references.short,
          title: epic.title,
          href: epic.web_url,
          state: epic.state,
          confidential: epic.confidential,
          labels: epic.labels.map((title) => ({ title })),
          author: person(epic.author, url),
          createdAt: epic.created_at,
          updatedAt: epic.updated_at,
          dueDate: epic.due_date,
          upvotes: epic.upvotes,
          downvotes: epic.downvotes,
        }))}
        empty={filters.search ? <p>{EPICS_TEXT.noResults}</p> : <p>{EPICS_TEXT.empty[filters.state]}</p>}
      />
      <ListPagination pageInfo={pageInfo} />
    </GroupLayout>
  );
}
