/**
 * The GraphQL documents of the work item pages (GitLab's type and field names; validated against
 * the server's schema by app/tests/api/pageDocuments.test.ts) and the shapes they return.
 */
import { WORK_ITEM_PAGE_SIZES, type WorkItemTypeName } from 'forgekit';

/**
 * Discussions per request (GitLab's work item page sizes, spec section 9): the server renders the
 * first 30 with the page, the browser reads the rest 100 at a time after hydration.
 */
export const DISCUSSIONS_FIRST_PAGE = WORK_ITEM_PAGE_SIZES.default;
export const DISCUSSIONS_NEXT_PAGES = WORK_ITEM_PAGE_SIZES.large;

const USER = 'id username name avatarUrl webUrl';

const NOTE = `id body bodyHtml createdAt lastEditedAt system internal url
  author { ${USER} }
  awardEmoji(first: 100) { nodes { name user { id name username } } }
  userPermissions { adminNote awardEmoji createNote resolveNote }`;

const DISCUSSIONS = `discussions(first: $first, after: $after) {
  pageInfo { hasNextPage endCursor }
  nodes { id resolvable resolved resolvedBy { name webUrl } notes(first: 100) { nodes { ${NOTE} } } }
}`;

/** The work item fields the page shows: every widget, and the first discussions. */
const WORK_ITEM_FIELDS = `id iid title description descriptionHtml state confidential createdAt lockVersion webUrl
  reference
  author { ${USER} }
  workItemType { name }
  userPermissions { updateWorkItem deleteWorkItem adminWorkItem setWorkItemMetadata createNote awardEmoji }
  widgets {
    type
    ... on WorkItemWidgetDescription { lastEditedAt lastEditedBy { name webUrl } taskCompletionStatus { count completedCount } }
    ... on WorkItemWidgetNotifications { subscribed }
    ... on WorkItemWidgetHierarchy { hasChildren parent { iid title webUrl reference workItemType { name } } }
    ... on WorkItemWidgetNotes { ${DISCUSSIONS} }
  }`;

/** A project's work item by iid, with every widget the page shows and its first discussions. */
export const WORK_ITEM_BY_IID = `query workItemByIid($fullPath: ID!, $iid: String!, $first: Int, $after: String) {
  project(fullPath: $fullPath) {
    id
    workItems(iid: $iid, first: 1) { nodes { ${WORK_ITEM_FIELDS} } }
  }
}`;

/** A work item by global ID (wherever it lives), with the same fields as `WORK_ITEM_BY_IID`. */
export const WORK_ITEM_BY_ID = `query workItemById($id: WorkItemID!, $first: Int, $after: String) {
  workItem(id: $id) { ${WORK_ITEM_FIELDS} }
}`;

/** The next discussions of a work item. */
export const WORK_ITEM_DISCUSSIONS = `query workItemDiscussions($id: WorkItemID!, $first: Int, $after: String) {
  workItem(id: $id) { widgets(onlyTypes: [NOTES]) { ... on WorkItemWidgetNotes { ${DISCUSSIONS} } } }
}`;

export const UPDATE_WORK_ITEM = `mutation workItemUpdate($input: WorkItemUpdateInput!) {
  workItemUpdate(input: $input) { errors workItem { id lockVersion } }
}`;

export const DELETE_WORK_ITEM = `mutation workItemDelete($input: WorkItemDeleteInput!) {
  workItemDelete(input: $input) { errors }
}`;

export const CREATE_NOTE = `mutation createNote($input: CreateNoteInput!) { createNote(input: $input) { errors note { id } } }`;
export const UPDATE_NOTE = `mutation updateNote($input: UpdateNoteInput!) { updateNote(input: $input) { errors note { id } } }`;
export const DESTROY_NOTE = `mutation destroyNote($input: DestroyNoteInput!) { destroyNote(input: $input) { errors } }`;
export const TOGGLE_AWARD = `mutation awardEmojiToggle($input: AwardEmojiToggleInput!) {
  awardEmojiToggle(input: $input) { errors toggledOn }
}`;
export const TOGGLE_RESOLVE = `mutation discussionToggleResolve($input: DiscussionToggleResolveInput!) {
  discussionToggleResolve(input: $input) { errors }
}`;

export interface GqlUser {
  id: string;
  username: string;
  name: string;
  avatarUrl: string | null;
  webUrl: string;
}

export interface GqlNote {
  id: string;
  body: string;
  bodyHtml: string;
  createdAt: string;
  lastEditedAt: string | null;
  system: boolean;
  internal: boolean | null;
  url: string | null;
  author: GqlUser;
  awardEmoji: { nodes: { name: string; user: { id: string; name: string; username: string } }[] };
  userPermissions: { adminNote: boolean; awardEmoji: boolean; createNote: boolean; resolveNote: boolean };
}

export interface GqlDiscussion {
  id: string;
  resolvable: boolean;
  resolved: boolean;
  resolvedBy: { name: string; webUrl: string } | null;
  notes: { nodes: GqlNote[] };
}

export interface GqlDiscussions {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: GqlDiscussion[];
}

export type GqlWidget =
  | {
      type: 'DESCRIPTION';
      lastEditedAt: string | null;
      lastEditedBy: { name: string; webUrl: string } | null;
      taskCompletionStatus: { count: number; completedCount: number } | null;
    }
  | { type: 'NOTIFICATIONS'; subscribed: boolean }
  | {
      type: 'HIERARCHY';
      hasChildren: boolean;
      parent: {
        iid: string;
        title: string;
        webUrl: string;
        reference: string;
        workItemType: { name: WorkItemTypeName };
      } | null;
    }
  | { type: 'NOTES'; discussions: GqlDiscussions }
  | { type: Exclude<string, 'DESCRIPTION' | 'NOTIFICATIONS' | 'HIERARCHY' | 'NOTES'> };

export interface GqlWorkItem {
  id: string;
  iid: string;
  title: string;
  description: string | null;
  descriptionHtml: string | null;
  state: 'OPEN' | 'CLOSED';
  confidential: boolean;
  createdAt: string;
  lockVersion: number;
  webUrl: string;
  reference: string;
  author: GqlUser | null;
  workItemType: { name: WorkItemTypeName };
  userPermissions: {
    updateWorkItem: boolean;
    deleteWorkItem: boolean;
    adminWorkItem: boolean;
    setWorkItemMetadata: boolean;
    createNote: boolean;
    awardEmoji: boolean;
  };
  widgets: GqlWidget[];
}

/** The widget of `type`, if the work item has it. */
export function widgetOf<T extends GqlWidget['type']>(
  item: { widgets: readonly GqlWidget[] },
  type: T,
): Extract<GqlWidget, { type: T }> | undefined {
  return item.widgets.find((widget) => widget.type === type) as Extract<GqlWidget, { type: T }> | undefined;
}
