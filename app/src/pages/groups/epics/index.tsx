/**
 * `groups:epics:index` (`/groups/{full path}/-/epics`): the group's epics under GitLab's state tabs
 * (Open, Closed, All, each with its count), searched, sorted and paged from the REST headers of
 * `GET /groups/:id/epics`; members with at least the Reporter role create epics (GraphQL's
 * `workItemCreate` with the group's path, as GitLab's create work item modal) and land on the new epic.
 */
import { Alert, Button, FilterForm, IssuableList, TextField } from 'forgekit';
import { api, type Group, type PageInfo, type UserBasic } from 'forgekit/client';
import { useState } from 'react';
import { data, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { GraphqlError, graphqlMutate, graphqlQuery } from '../../../graphql.ts';
import { ListPagination } from '../../../layout/ListPagination.tsx';
import { GroupLayout } from '../../../layout/layouts.tsx';
import { useUrl } from '../../../layout/urls.ts';
import { clientFor, getOrNull } from '../../../page.ts';
import { projectPathOf } from '../../../routing.ts';
import {
  IssuableStateTabs,
  SortSelect,
  listPerson,
  loadIssuableList,
  stateAndSortOf,
} from '../../projects/issues/issuableList.tsx';
import { CREATE_WORK_ITEM, WORK_ITEM_TYPE_IDS } from '../../projects/issues/workItemCreate.ts';
import {
  EPIC_SORTS,
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
  return { ...stateAndSortOf(query, EPIC_SORTS), search: query.get('search')?.trim() ?? '' };
}

export async function loader(args: LoaderFunctionArgs): Promise<EpicsData> {
  const client = clientFor(args);
  const group = await getOrNull<Group>(client, `${api`/groups/${projectPathOf(args.params)}`}?with_projects=false`);
  if (!group) throw data(null, { status: NOT_FOUND });
  const filters = filtersOf(new URL(args.request.url));
  const [list, permissions] = await Promise.all([
    loadIssuableList<RestEpic>(client, api`/groups/${group.id}/epics`, {
      request: args.request,
      filters: { search: filters.search || undefined },
      state: filters.state,
      sort: EPIC_SORTS.find(({ id }) => id === filters.sort)!,
      perPage: EPICS_PER_PAGE,
    }),
    graphqlQuery<{ group: { userPermissions: { createWorkItem: boolean } } | null }>(client, GROUP_PERMISSIONS, {
      fullPath: group.full_path,
    }),
  ]);
  return {
    group,
    filters,
    epics: list.items,
    counts: list.counts,
    pageInfo: list.pageInfo,
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

export function Component() {
  const { group, filters, epics, counts, pageInfo, canCreate } = useLoaderData() as EpicsData;
  const url = useUrl();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  return (
    <GroupLayout group={group} current="epics" title={`${EPICS_TEXT.title} · ${group.full_name}`}>
      <h1>{EPICS_TEXT.title}</h1>
      {canCreate && !creating ? (
        <Button variant="confirm" onClick={() => setCreating(true)}>
          {EPICS_TEXT.newEpic}
        </Button>
      ) : null}
      {creating ? <NewEpic group={group} onCancel={() => setCreating(false)} /> : null}
      <IssuableStateTabs
        label={EPICS_TEXT.tabs}
        listPath={url(`/groups/${group.full_path}/-/epics`)}
        current={filters.state}
        counts={counts}
      />
      <FilterForm role="search" aria-label={EPICS_TEXT.filter} navigate={(to) => void navigate(to)}>
        <TextField label={EPICS_TEXT.search} name="search" type="search" defaultValue={filters.search} />
        <SortSelect label={EPICS_TEXT.sort} sorts={EPIC_SORTS} value={filters.sort} />
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
          author: listPerson(epic.author, url),
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
