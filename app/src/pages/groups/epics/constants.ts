/** The group epic pages' texts (GitLab's), sort orders and page size. */
import type { IssuableState } from '../../projects/issues/constants.ts';

/** Epics per page (GitLab's list default, spec section 9's default page size). */
export const EPICS_PER_PAGE = 20;

/** The epic list's state (one of the issuable lists' `ISSUABLE_STATES`). */
export type EpicState = IssuableState;

/** GitLab's epic list sort orders (`sort` in the page URL) and the REST list's `order_by`/`sort`. */
export const EPIC_SORTS = [
  { id: 'created_date', label: 'Created date', orderBy: 'created_at', direction: 'desc' },
  { id: 'created_asc', label: 'Oldest created', orderBy: 'created_at', direction: 'asc' },
  { id: 'updated_desc', label: 'Updated date', orderBy: 'updated_at', direction: 'desc' },
  { id: 'updated_asc', label: 'Oldest updated', orderBy: 'updated_at', direction: 'asc' },
  { id: 'title_asc', label: 'Title', orderBy: 'title', direction: 'asc' },
] as const;
export type EpicSort = (typeof EPIC_SORTS)[number]['id'];

export const EPICS_TEXT = {
  title: 'Epics',
  tabs: 'Epic states',
  filter: 'Filter epics',
  search: 'Search or filter results',
  sort: 'Sort by',
  apply: 'Filter',
  newEpic: 'New epic',
  newEpicTitle: 'Title',
  confidential: 'This epic is confidential and should only be visible to team members with at least the Reporter role',
  createEpic: 'Create epic',
  cancel: 'Cancel',
  createFailed: 'Something went wrong while creating the epic. Please try again.',
  empty: {
    opened: 'There are no open epics',
    closed: 'There are no closed epics',
    all: 'There are no epics to show',
  },
  noResults: 'Sorry, your filter produced no results',
} as const;

/** What the visitor may do in the group (GraphQL: epics need the Reporter role, inherited). */
export const GROUP_PERMISSIONS = `query groupPermissions($fullPath: ID!) {
  group(fullPath: $fullPath) { id userPermissions { createWorkItem } }
}`;
