/** The issue pages' texts (GitLab's), tabs, sort orders and page size. */

/** Issues per page (GitLab's issue list default, spec section 9's default page size). */
export const ISSUES_PER_PAGE = 20;

/** The state tabs of the issue and epic lists: the page's `state` parameter, also the REST list's. */
export const ISSUABLE_STATES = [
  { id: 'opened', label: 'Open' },
  { id: 'closed', label: 'Closed' },
  { id: 'all', label: 'All' },
] as const;
export type IssuableState = (typeof ISSUABLE_STATES)[number]['id'];
/** The issue list's state (one of `ISSUABLE_STATES`). */
export type IssueState = IssuableState;

/** GitLab's issue list sort orders (`sort` in the page URL) and the REST list's `order_by`/`sort`. */
export const ISSUE_SORTS = [
  { id: 'created_date', label: 'Created date', orderBy: 'created_at', direction: 'desc' },
  { id: 'created_asc', label: 'Oldest created', orderBy: 'created_at', direction: 'asc' },
  { id: 'updated_desc', label: 'Updated date', orderBy: 'updated_at', direction: 'desc' },
  { id: 'updated_asc', label: 'Oldest updated', orderBy: 'updated_at', direction: 'asc' },
  { id: 'due_date', label: 'Due date', orderBy: 'due_date', direction: 'asc' },
  { id: 'title_asc', label: 'Title', orderBy: 'title', direction: 'asc' },
  { id: 'popularity', label: 'Popularity', orderBy: 'popularity', direction: 'desc' },
] as const;
export type IssueSort = (typeof ISSUE_SORTS)[number]['id'];

/** What the list is filtered by (GitLab's URL parameters, read by `filtersOf`). */
export interface IssueFilters {
  state: IssueState;
  sort: IssueSort;
  search: string;
  authorUsername: string;
  assigneeUsername: string;
  labels: string[];
  milestoneTitle: string;
}

export const ISSUES_TEXT = {
  title: 'Issues',
  tabs: 'Issue states',
  filter: 'Filter issues',
  search: 'Search or filter results',
  author: 'Author',
  assignee: 'Assignee',
  labels: 'Labels',
  labelsHint: 'Comma-separated label names',
  milestone: 'Milestone',
  sort: 'Sort by',
  apply: 'Filter',
  newIssue: 'New issue',
  bulkEdit: 'Bulk edit',
  cancelBulkEdit: 'Cancel editing',
  bulkState: 'Status',
  bulkNoChange: 'Select status',
  bulkOpen: 'Open',
  bulkClose: 'Closed',
  bulkAddLabels: 'Add labels',
  bulkRemoveLabels: 'Remove labels',
  bulkUpdate: (count: number) => `Update ${count} ${count === 1 ? 'issue' : 'issues'}`,
  bulkFailed: 'Issue update failed.',
  empty: {
    opened: 'There are no open issues',
    closed: 'There are no closed issues',
    all: 'There are no issues to show',
  },
} as const;

/** The page's regions, by the names of their performance marks (`hydratedMark` in `deferredRegion.tsx`). */
export const WORK_ITEM_REGIONS = {
  header: 'work item header',
  description: 'work item description',
  relations: 'work item relations',
  sidebar: 'work item sidebar',
  activity: 'work item activity',
} as const;

/**
 * The performance mark the work item page sets once its live updates are subscribed (every
 * subscription confirmed by the server): a change made before it is not pushed to the page.
 */
export const WORK_ITEM_LIVE_MARK = 'work item live';
