/**
 * `projects:issues:index` (`/{project}/-/issues`): the project's issues under GitLab's state tabs
 * (Open, Closed, All, each with its count), filtered by search, author, assignee, labels and
 * milestone, sorted, paged from the REST headers; Reporters and above bulk edit the ticked issues
 * (state, labels added and removed).
 */
import { Alert, Button, FilterForm, IssuableList, TextField, type IssuableListItemData } from 'forgekit';
import { api, restClient, type Issue, type PageInfo } from 'forgekit/client';
import { useState } from 'react';
import { useLoaderData, useNavigate, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { ListPagination } from '../../../layout/ListPagination.tsx';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { projectPath, useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import { useRootData } from '../../../root.tsx';
import { ACCESS_LEVEL, apiErrorMessage, hasAccess, loadProject, type ProjectWithAccess } from '../settings/project.ts';
import { ISSUE_SORTS, ISSUES_PER_PAGE, ISSUES_TEXT, type IssueFilters, type IssueState } from './constants.ts';
import { IssuableStateTabs, SortSelect, listPerson, loadIssuableList, stateAndSortOf } from './issuableList.tsx';

/** A label as `with_labels_details=true` returns it. */
interface LabelDetails {
  name: string;
  color: string;
}

type ListedIssue = Omit<Issue, 'labels'> & { labels: (LabelDetails | string)[] };

interface IssuesData {
  project: ProjectWithAccess;
  filters: IssueFilters;
  issues: ListedIssue[];
  counts: Record<IssueState, number>;
  pageInfo: PageInfo;
}

/** The page's filters from its URL (GitLab's issue list parameters). */
export function filtersOf(url: URL): IssueFilters {
  const query = url.searchParams;
  const labels = [...query.getAll('label_name[]'), ...query.getAll('label_name')]
    .flatMap((value) => value.split(','))
    .map((label) => label.trim())
    .filter(Boolean);
  const text = (name: string) => query.get(name)?.trim() ?? '';
  return {
    ...stateAndSortOf(query, ISSUE_SORTS),
    search: text('search'),
    authorUsername: text('author_username'),
    assigneeUsername: text('assignee_username'),
    labels,
    milestoneTitle: text('milestone_title'),
  };
}

/** The REST list's parameters for `filters` (without the state, the page or the sort). */
function filterParams(filters: IssueFilters) {
  return {
    search: filters.search || undefined,
    author_username: filters.authorUsername || undefined,
    assignee_username: filters.assigneeUsername || undefined,
    labels: filters.labels.length ? filters.labels.join(',') : undefined,
    milestone: filters.milestoneTitle || undefined,
  };
}

export async function loader(args: LoaderFunctionArgs): Promise<IssuesData> {
  const project = await loadProject(args);
  const filters = filtersOf(new URL(args.request.url));
  const list = await loadIssuableList<ListedIssue>(clientFor(args), api`/projects/${project.id}/issues`, {
    request: args.request,
    filters: filterParams(filters),
    state: filters.state,
    sort: ISSUE_SORTS.find(({ id }) => id === filters.sort)!,
    perPage: ISSUES_PER_PAGE,
    params: { with_labels_details: true },
  });
  return { project, filters, issues: list.items, counts: list.counts, pageInfo: list.pageInfo };
}

/** An issue as a list row: its labels link to the list filtered by them, as GitLab's do. */
function toRow(issue: ListedIssue, url: (path: string) => string, listPath: string): IssuableListItemData {
  return {
    id: issue.id,
    reference: issue.references?.short ?? `#${issue.iid}`,
    title: issue.title,
    href: issue.web_url,
    state: issue.state,
    confidential: issue.confidential,
    labels: issue.labels.map((label) => {
      const name = typeof label === 'string' ? label : label.name;
      return {
        title: name,
        color: typeof label === 'string' ? undefined : label.color,
        href: `${listPath}?${new URLSearchParams({ 'label_name[]': name })}`,
      };
    }),
    milestone: issue.milestone ? { title: issue.milestone.title, href: issue.milestone.web_url } : null,
    author: listPerson(issue.author, url),
    assignees: issue.assignees.map((assignee) => listPerson(assignee, url)),
    createdAt: issue.created_at,
    updatedAt: issue.updated_at,
    dueDate: issue.due_date,
    userNotesCount: issue.user_notes_count,
    upvotes: issue.upvotes,
    downvotes: issue.downvotes,
  };
}

function Filters({ filters }: { filters: IssueFilters }) {
  const navigate = useNavigate();
  return (
    <FilterForm role="search" aria-label={ISSUES_TEXT.filter} navigate={(to) => void navigate(to)}>
      <TextField label={ISSUES_TEXT.search} name="search" type="search" defaultValue={filters.search} />
      <TextField label={ISSUES_TEXT.author} name="author_username" defaultValue={filters.authorUsername} />
      <TextField label={ISSUES_TEXT.assignee} name="assignee_username" defaultValue={filters.assigneeUsername} />
      <TextField
        label={ISSUES_TEXT.labels}
        description={ISSUES_TEXT.labelsHint}
        name="label_name"
        defaultValue={filters.labels.join(', ')}
      />
      <TextField label={ISSUES_TEXT.milestone} name="milestone_title" defaultValue={filters.milestoneTitle} />
      <SortSelect label={ISSUES_TEXT.sort} sorts={ISSUE_SORTS} value={filters.sort} />
      <Button type="submit">{ISSUES_TEXT.apply}</Button>
    </FilterForm>
  );
}

/** The bulk edit panel: what to change on every ticked issue. */
function BulkEdit({
  project,
  issues,
  selected,
  onDone,
}: {
  project: ProjectWithAccess;
  issues: ListedIssue[];
  selected: number[];
  onDone: () => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const list = (value: FormDataEntryValue | null) =>
    String(value ?? '')
      .split(',')
      .map((label) => label.trim())
      .filter(Boolean)
      .join(',');

  async function apply(form: HTMLFormElement) {
    const data = new FormData(form);
    const changes: Record<string, string> = {};
    const stateEvent = String(data.get('state_event') ?? '');
    if (stateEvent) changes.state_event = stateEvent;
    if (list(data.get('add_labels'))) changes.add_labels = list(data.get('add_labels'));
    if (list(data.get('remove_labels'))) changes.remove_labels = list(data.get('remove_labels'));
    if (Object.keys(changes).length === 0) return;
    setSaving(true);
    setError(null);
    // GitLab's REST API has no bulk update: one update per issue, all at once.
    const targets = issues.filter((issue) => selected.includes(issue.id));
    const results = await Promise.allSettled(
      targets.map((issue) => restClient.put(api`/projects/${project.id}/issues/${issue.iid}`, changes)),
    );
    const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) setError(apiErrorMessage(failure.reason, ISSUES_TEXT.bulkFailed));
    setSaving(false);
    if (!failure) form.reset();
    await onDone();
  }

  return (
    <form
      aria-label={ISSUES_TEXT.bulkEdit}
      onSubmit={(event) => {
        event.preventDefault();
        void apply(event.currentTarget);
      }}
    >
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <label>
        {ISSUES_TEXT.bulkState}{' '}
        <select name="state_event" defaultValue="">
          <option value="">{ISSUES_TEXT.bulkNoChange}</option>
          <option value="reopen">{ISSUES_TEXT.bulkOpen}</option>
          <option value="close">{ISSUES_TEXT.bulkClose}</option>
        </select>
      </label>
      <TextField label={ISSUES_TEXT.bulkAddLabels} name="add_labels" description={ISSUES_TEXT.labelsHint} />
      <TextField label={ISSUES_TEXT.bulkRemoveLabels} name="remove_labels" description={ISSUES_TEXT.labelsHint} />
      <Button type="submit" variant="confirm" disabled={selected.length === 0 || saving}>
        {ISSUES_TEXT.bulkUpdate(selected.length)}
      </Button>
    </form>
  );
}

export function Component() {
  const { project, filters, issues, counts, pageInfo } = useLoaderData() as IssuesData;
  const url = useUrl();
  const revalidator = useRevalidator();
  const isAdmin = useRootData().currentUser?.isAdmin ?? false;
  const canBulkEdit = hasAccess(project, ACCESS_LEVEL.REPORTER, isAdmin);
  const canCreate = hasAccess(project, ACCESS_LEVEL.GUEST, isAdmin);
  const [bulkEditing, setBulkEditing] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const listPath = url(projectPath(project.path_with_namespace, '-/issues'));
  const filtered = Boolean(
    filters.search ||
    filters.authorUsername ||
    filters.assigneeUsername ||
    filters.labels.length ||
    filters.milestoneTitle,
  );

  return (
    <ProjectLayout project={project} current="issues" title={`${ISSUES_TEXT.title} · ${project.name_with_namespace}`}>
      <h1>{ISSUES_TEXT.title}</h1>
      {canBulkEdit ? (
        <Button
          variant="default"
          aria-pressed={bulkEditing}
          onClick={() => {
            setBulkEditing(!bulkEditing);
            setSelected([]);
          }}
        >
          {bulkEditing ? ISSUES_TEXT.cancelBulkEdit : ISSUES_TEXT.bulkEdit}
        </Button>
      ) : null}{' '}
      {canCreate ? (
        <Button variant="confirm" href={url(projectPath(project.path_with_namespace, '-/issues/new'))}>
          {ISSUES_TEXT.newIssue}
        </Button>
      ) : null}
      <IssuableStateTabs label={ISSUES_TEXT.tabs} listPath={listPath} current={filters.state} counts={counts} />
      <Filters filters={filters} />
      {bulkEditing ? (
        <BulkEdit
          project={project}
          issues={issues}
          selected={selected}
          onDone={async () => {
            setSelected([]);
            await revalidator.revalidate();
          }}
        />
      ) : null}
      <IssuableList
        label={ISSUES_TEXT.title}
        items={issues.map((issue) => toRow(issue, url, listPath))}
        selectable={bulkEditing}
        selectedIds={selected}
        onSelectionChange={setSelected}
        empty={filtered ? undefined : <p>{ISSUES_TEXT.empty[filters.state]}</p>}
      />
      <ListPagination pageInfo={pageInfo} />
    </ProjectLayout>
  );
}
