/**
 * The GraphQL documents of the work item pages (GitLab's type and field names; validated against
 * the server's schema by app/tests/api/pageDocuments.test.ts) and the shapes they return.
 */
import { WORK_ITEM_PAGE_SIZES, type HealthStatus, type WorkItemTypeName } from 'forgekit';
import { LINK_ITEM } from './workItemCreate.ts';

export { CREATE_WORK_ITEM, WORK_ITEM_TYPE_IDS } from './workItemCreate.ts';

/**
 * Discussions per request (GitLab's work item page sizes, spec section 9): the server renders the
 * first 30 with the page, the browser reads the rest 100 at a time after hydration.
 */
export const DISCUSSIONS_FIRST_PAGE = WORK_ITEM_PAGE_SIZES.default;
export const DISCUSSIONS_NEXT_PAGES = WORK_ITEM_PAGE_SIZES.large;

const USER = 'id username name avatarUrl webUrl';

/** Reactions on a note or a work item, with who gave them. */
const AWARD_EMOJI = 'awardEmoji(first: 100) { nodes { name user { id name username } } }';

const NOTE = `id body bodyHtml createdAt lastEditedAt system internal url
  author { ${USER} }
  ${AWARD_EMOJI}
  userPermissions { adminNote awardEmoji createNote resolveNote }`;

const DISCUSSIONS = `discussions(first: $first, after: $after) {
  pageInfo { hasNextPage endCursor }
  nodes { id resolvable resolved resolvedBy { name webUrl } notes(first: 100) { nodes { ${NOTE} } } }
}`;

/** A hierarchy's children, each with whether it has children of its own. */
const CHILDREN = `children(first: 100) {
  nodes { ${LINK_ITEM} widgets(onlyTypes: [HIERARCHY]) { ... on WorkItemWidgetHierarchy { hasChildren } } }
}`;

/** The sidebar's widgets (`IssueSidebar.tsx`), GitLab's widget fields. */
const SIDEBAR_WIDGETS = `
  ... on WorkItemWidgetAssignees { allowsMultipleAssignees assignees(first: 100) { nodes { ${USER} } } }
  ... on WorkItemWidgetLabels { labels(first: 100) { nodes { id title color description } } }
  ... on WorkItemWidgetStartAndDueDate { startDate dueDate }
  ... on WorkItemWidgetMilestone { milestone { id title state startDate dueDate webPath } }
  ... on WorkItemWidgetIteration { iteration { id title startDate dueDate webUrl iterationCadence { id title } } }
  ... on WorkItemWidgetWeight { weight }
  ... on WorkItemWidgetHealthStatus { healthStatus }
  ... on WorkItemWidgetTimeTracking { timeEstimate totalTimeSpent }
  ... on WorkItemWidgetParticipants { participants(first: 100) { nodes { ${USER} } } }
  ... on WorkItemWidgetProgress { progress }
  ... on WorkItemWidgetColor { color }
  ... on WorkItemWidgetCurrentUserTodos { currentUserTodos(state: pending, first: 1) { nodes { id } } }
  ... on WorkItemWidgetRolledupDates { startDate startDateIsFixed dueDate dueDateIsFixed }`;

/** The main column's relation widgets (`IssueRelations.tsx`). */
const RELATION_WIDGETS = `
  ... on WorkItemWidgetHierarchy {
    hasChildren
    parent { ${LINK_ITEM} }
    ${CHILDREN}
  }
  ... on WorkItemWidgetLinkedItems { linkedItems(first: 100) { nodes { linkId linkType workItem { ${LINK_ITEM} } } } }
  ... on WorkItemWidgetDevelopment {
    closingMergeRequests(first: 100) { nodes { id mergeRequest { id title state webUrl reference } } }
  }
  ... on WorkItemWidgetDesigns { designCollection {
    designs(first: 100) { nodes { id filename image event } }
    versions(first: 100) { nodes { id author { name } } }
  } }`;

/** The work item fields the page shows: every widget, and the first discussions. */
const WORK_ITEM_FIELDS = `id iid title description descriptionHtml state confidential createdAt lockVersion webUrl
  reference
  author { ${USER} }
  workItemType { name }
  userPermissions {
    updateWorkItem deleteWorkItem adminWorkItem adminParentLink adminWorkItemLink setWorkItemMetadata createNote awardEmoji
    createDesign
  }
  widgets {
    type
    ... on WorkItemWidgetDescription { lastEditedAt lastEditedBy { name webUrl } taskCompletionStatus { count completedCount } }
    ... on WorkItemWidgetNotifications { subscribed }
    ... on WorkItemWidgetAwardEmoji { ${AWARD_EMOJI} }
    ... on WorkItemWidgetNotes { ${DISCUSSIONS} }
    ${SIDEBAR_WIDGETS}
    ${RELATION_WIDGETS}
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

/** Search results per request of the sidebar and the relation widgets (spec section 9's default page size). */
export const SEARCH_PAGE_SIZE = 20;

const LABEL = 'id title color description';

/** The labels widget's search: the project's labels and its groups', or the group's and its ancestors'. */
export const SEARCH_LABELS = `query searchLabels($fullPath: ID!, $search: String, $first: Int, $isProject: Boolean!) {
  project(fullPath: $fullPath) @include(if: $isProject) {
    id
    labels(searchTerm: $search, includeAncestorGroups: true, first: $first) { nodes { ${LABEL} } }
  }
  group(fullPath: $fullPath) @skip(if: $isProject) {
    id
    labels(searchTerm: $search, includeAncestorGroups: true, first: $first) { nodes { ${LABEL} } }
  }
}`;

const MILESTONE = 'id title state startDate dueDate webPath';

/** The milestone widget's search: the active milestones of the project and its groups, or of the group. */
export const SEARCH_MILESTONES = `query searchMilestones($fullPath: ID!, $search: String, $first: Int, $isProject: Boolean!) {
  project(fullPath: $fullPath) @include(if: $isProject) {
    id
    milestones(searchTitle: $search, state: active, includeAncestors: true, first: $first) { nodes { ${MILESTONE} } }
  }
  group(fullPath: $fullPath) @skip(if: $isProject) {
    id
    milestones(searchTitle: $search, state: active, first: $first) { nodes { ${MILESTONE} } }
  }
}`;

/** The hierarchy and linked-items widgets' search: open work items of the project, of some types. */
export const SEARCH_WORK_ITEMS = `query searchWorkItems($fullPath: ID!, $search: String, $types: [IssueType!], $first: Int) {
  project(fullPath: $fullPath) {
    id
    workItems(search: $search, types: $types, state: opened, first: $first) { nodes { ${LINK_ITEM} } }
  }
}`;

/** A child's own children (the tree's expander). */
export const WORK_ITEM_CHILDREN = `query workItemChildren($id: WorkItemID!) {
  workItem(id: $id) {
    id
    widgets(onlyTypes: [HIERARCHY]) { ... on WorkItemWidgetHierarchy { ${CHILDREN} } }
  }
}`;

export const ADD_LINKED_ITEMS = `mutation workItemAddLinkedItems($input: WorkItemAddLinkedItemsInput!) {
  workItemAddLinkedItems(input: $input) { errors message }
}`;

export const REMOVE_LINKED_ITEMS = `mutation workItemRemoveLinkedItems($input: WorkItemRemoveLinkedItemsInput!) {
  workItemRemoveLinkedItems(input: $input) { errors message }
}`;

export const REORDER_CHILD = `mutation workItemsHierarchyReorder($input: workItemsHierarchyReorderInput!) {
  workItemsHierarchyReorder(input: $input) { errors }
}`;

export interface GqlUser {
  id: string;
  username: string;
  name: string;
  avatarUrl: string | null;
  webUrl: string;
}

/** Reactions as `AWARD_EMOJI` reads them. */
export interface GqlAwardEmoji {
  nodes: { name: string; user: { id: string; name: string; username: string } }[];
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
  awardEmoji: GqlAwardEmoji;
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

/** A work item as the hierarchy and linked-items widgets list it (`LINK_ITEM`). */
export interface GqlLinkItem {
  id: string;
  title: string;
  reference: string;
  webUrl: string | null;
  state: 'OPEN' | 'CLOSED';
  confidential: boolean;
  workItemType: { name: WorkItemTypeName };
}

export interface GqlChild extends GqlLinkItem {
  widgets: { hasChildren?: boolean }[];
}

export interface GqlLabel {
  id: string;
  title: string;
  color: string;
  description: string | null;
}

export interface GqlMilestone {
  id: string;
  title: string;
  state: 'active' | 'closed';
  startDate: string | null;
  dueDate: string | null;
  webPath: string;
}

export interface GqlIteration {
  id: string;
  title: string | null;
  startDate: string | null;
  dueDate: string | null;
  webUrl: string;
  iterationCadence: { id: string; title: string };
}

/** Every widget the page reads, by its `type`. */
export interface GqlWidgets {
  DESCRIPTION: {
    lastEditedAt: string | null;
    lastEditedBy: { name: string; webUrl: string } | null;
    taskCompletionStatus: { count: number; completedCount: number } | null;
  };
  NOTIFICATIONS: { subscribed: boolean };
  AWARD_EMOJI: { awardEmoji: GqlAwardEmoji };
  NOTES: { discussions: GqlDiscussions };
  ASSIGNEES: { allowsMultipleAssignees: boolean | null; assignees: { nodes: GqlUser[] } };
  LABELS: { labels: { nodes: GqlLabel[] } };
  START_AND_DUE_DATE: { startDate: string | null; dueDate: string | null };
  MILESTONE: { milestone: GqlMilestone | null };
  ITERATION: { iteration: GqlIteration | null };
  WEIGHT: { weight: number | null };
  HEALTH_STATUS: { healthStatus: HealthStatus | null };
  TIME_TRACKING: { timeEstimate: number | null; totalTimeSpent: number | null };
  PARTICIPANTS: { participants: { nodes: GqlUser[] } };
  PROGRESS: { progress: number | null };
  COLOR: { color: string | null };
  CURRENT_USER_TODOS: { currentUserTodos: { nodes: { id: string }[] } | null };
  ROLLEDUP_DATES: {
    startDate: string | null;
    startDateIsFixed: boolean | null;
    dueDate: string | null;
    dueDateIsFixed: boolean | null;
  };
  HIERARCHY: { hasChildren: boolean; parent: GqlLinkItem | null; children: { nodes: GqlChild[] } };
  LINKED_ITEMS: {
    linkedItems: { nodes: { linkId: string; linkType: string; workItem: GqlLinkItem | null }[] };
  };
  DEVELOPMENT: {
    closingMergeRequests: {
      nodes: {
        id: string;
        mergeRequest: {
          id: string;
          title: string;
          state: 'opened' | 'closed' | 'locked' | 'merged';
          webUrl: string | null;
          reference: string;
        } | null;
      }[];
    };
  };
  DESIGNS: {
    designCollection: {
      designs: {
        nodes: {
          id: string;
          filename: string;
          image: string;
          event: 'NONE' | 'CREATION' | 'MODIFICATION' | 'DELETION';
        }[];
      };
      versions: { nodes: { id: string; author: { name: string } | null }[] };
    } | null;
  };
}

/** A widget of the work item: its type and that type's fields. */
export type GqlWidget = { [Type in keyof GqlWidgets]: { type: Type } & GqlWidgets[Type] }[keyof GqlWidgets];

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
    adminParentLink: boolean;
    adminWorkItemLink: boolean;
    setWorkItemMetadata: boolean;
    createNote: boolean;
    awardEmoji: boolean;
    createDesign: boolean;
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
