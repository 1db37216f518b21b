/**
 * The right sidebar of a work item's page (GitLab's `work_item_attributes_wrapper`): every
 * attribute widget the item's type has, from the page's one query, each edit a `workItemUpdate`
 * with GitLab's widget input. A refusal rejects, so the widget reverts and shows its
 * 'Something went wrong…' text. Searches read the server over GraphQL with GitLab's queries:
 * assignees among the members (`autocompleteUsers`), labels, milestones and open iterations.
 */
import {
  WorkItemSidebar,
  WORK_ITEM_TYPES,
  formatDuration,
  workItemUpdateErrorMessage,
  type WorkItemLabel,
  type WorkItemMilestoneValue,
  type WorkItemSidebarWidgets,
  type WorkItemTypeName,
  type WorkItemUser,
  type WorkItemWidgetType,
} from 'forgekit';
import { restClient } from 'forgekit/client';
import { graphqlQuery } from '../../../graphql.ts';
import { projectPath, useUrl } from '../../../layout/urls.ts';
import type { WorkItemNamespace } from './WorkItemPage.tsx';
import {
  SEARCH_LABELS,
  SEARCH_MILESTONES,
  SEARCH_PAGE_SIZE,
  widgetOf,
  type GqlIteration,
  type GqlLabel,
  type GqlMilestone,
  type GqlUser,
  type GqlWorkItem,
} from './workItemQueries.ts';

/** Saves a `workItemUpdate` input (without the id) and rejects when the server refuses it. */
export type WorkItemUpdate = (input: Readonly<Record<string, unknown>>) => Promise<void>;

export interface IssueSidebarProps {
  workItem: GqlWorkItem;
  namespace: WorkItemNamespace;
  /** The signed-in user (assign yourself, to-dos); `null` for an anonymous visitor. */
  currentUser: WorkItemUser | null;
  onUpdate: WorkItemUpdate;
}

/** The iteration fields the widget shows. */
const ITERATION = 'id title startDate dueDate webUrl iterationCadence { id title }';

/**
 * GitLab's iteration dropdown search: the open iterations of the project's or group's cadences and
 * of their ancestors', matched on the iteration's or its cadence's title.
 */
export const SEARCH_ITERATIONS = `query searchIterations($fullPath: ID!, $search: String, $first: Int, $isProject: Boolean!) {
  project(fullPath: $fullPath) @include(if: $isProject) {
    id
    iterations(search: $search, in: [TITLE, CADENCE_TITLE], state: opened, includeAncestors: true, first: $first) {
      nodes { ${ITERATION} }
    }
  }
  group(fullPath: $fullPath) @skip(if: $isProject) {
    id
    iterations(search: $search, in: [TITLE, CADENCE_TITLE], state: opened, includeAncestors: true, first: $first) {
      nodes { ${ITERATION} }
    }
  }
}`;

/** The user fields the assignees widget shows. */
const AUTOCOMPLETED_USER = 'id username name avatarUrl webUrl';

/** GitLab's assignee search (`workspaceAutocompleteUsersSearch`): the members of the project or group. */
export const SEARCH_USERS = `query workspaceAutocompleteUsersSearch($search: String!, $fullPath: ID!, $isProject: Boolean!) {
  workspace: project(fullPath: $fullPath) @include(if: $isProject) {
    id
    users: autocompleteUsers(search: $search) { ${AUTOCOMPLETED_USER} }
  }
  groupWorkspace: group(fullPath: $fullPath) @skip(if: $isProject) {
    id
    users: autocompleteUsers(search: $search) { ${AUTOCOMPLETED_USER} }
  }
}`;

function toUser(user: GqlUser): WorkItemUser {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    avatarUrl: user.avatarUrl ?? undefined,
    webUrl: user.webUrl,
  };
}

function toLabel(label: GqlLabel): WorkItemLabel {
  return { id: label.id, title: label.title, color: label.color, description: label.description ?? undefined };
}

/** GraphQL `Time` values of milestones and iterations as the widgets' `yyyy-mm-dd` days. */
function dayOf(time: string | null): string | null {
  return time ? time.slice(0, 'yyyy-mm-dd'.length) : null;
}

function toMilestone(milestone: GqlMilestone, url: (path: string) => string): WorkItemMilestoneValue {
  return {
    id: milestone.id,
    title: milestone.title,
    state: milestone.state,
    startDate: dayOf(milestone.startDate),
    dueDate: dayOf(milestone.dueDate),
    webUrl: url(milestone.webPath),
  };
}

function toIteration(iteration: GqlIteration) {
  return {
    id: iteration.id,
    title: iteration.title,
    startDate: dayOf(iteration.startDate) ?? '',
    dueDate: dayOf(iteration.dueDate) ?? '',
    iterationCadence: iteration.iterationCadence,
    webUrl: iteration.webUrl,
  };
}

/** The sidebar props of every widget the work item carries. */
function sidebarWidgets(
  { workItem, namespace, currentUser, onUpdate }: IssueSidebarProps,
  url: (path: string) => string,
): WorkItemSidebarWidgets {
  const widgets: WorkItemSidebarWidgets = {};
  const isProject = namespace.kind === 'project';
  const namespacePath = isProject ? projectPath(namespace.fullPath) : `/groups/${namespace.fullPath}`;

  const assignees = widgetOf(workItem, 'ASSIGNEES');
  if (assignees)
    widgets.ASSIGNEES = {
      assignees: assignees.assignees.nodes.map(toUser),
      allowsMultipleAssignees: assignees.allowsMultipleAssignees ?? false,
      currentUser: currentUser ?? undefined,
      onChange: (next) => onUpdate({ assigneesWidget: { assigneeIds: next.map((user) => user.id) } }),
      // GitLab's sidebar offers the members of the project (its groups' too) or of the group.
      searchUsers: async (search) => {
        const result = await graphqlQuery<{
          workspace?: { users: GqlUser[] | null } | null;
          groupWorkspace?: { users: GqlUser[] | null } | null;
        }>(restClient, SEARCH_USERS, { fullPath: namespace.fullPath, search, isProject });
        return ((isProject ? result.workspace : result.groupWorkspace)?.users ?? []).map(toUser);
      },
    };

  const labels = widgetOf(workItem, 'LABELS');
  if (labels) {
    const current = labels.labels.nodes.map(toLabel);
    widgets.LABELS = {
      labels: current,
      onChange: (next) => {
        const nextIds = new Set(next.map((label) => label.id));
        const currentIds = new Set(current.map((label) => label.id));
        return onUpdate({
          labelsWidget: {
            addLabelIds: [...nextIds].filter((id) => !currentIds.has(id)),
            removeLabelIds: [...currentIds].filter((id) => !nextIds.has(id)),
          },
        });
      },
      searchLabels: async (search) => {
        const result = await graphqlQuery<{
          project?: { labels: { nodes: GqlLabel[] } } | null;
          group?: { labels: { nodes: GqlLabel[] } } | null;
        }>(restClient, SEARCH_LABELS, { fullPath: namespace.fullPath, search, first: SEARCH_PAGE_SIZE, isProject });
        return ((isProject ? result.project : result.group)?.labels.nodes ?? []).map(toLabel);
      },
      createLabelHref: url(`${namespacePath}/-/labels/new`),
      manageLabelsHref: url(`${namespacePath}/-/labels`),
      labelHref: isProject
        ? (label) =>
            `${url(projectPath(namespace.fullPath, '-/issues'))}?${new URLSearchParams({ 'label_name[]': label.title })}`
        : undefined,
    };
  }

  const dates = widgetOf(workItem, 'START_AND_DUE_DATE');
  if (dates)
    widgets.START_AND_DUE_DATE = {
      startDate: dates.startDate,
      dueDate: dates.dueDate,
      isClosed: workItem.state === 'CLOSED',
      onChange: (next) => onUpdate({ startAndDueDateWidget: next }),
    };

  const milestone = widgetOf(workItem, 'MILESTONE');
  if (milestone)
    widgets.MILESTONE = {
      milestone: milestone.milestone ? toMilestone(milestone.milestone, url) : null,
      onChange: (next) => onUpdate({ milestoneWidget: { milestoneId: next?.id ?? null } }),
      searchMilestones: async (search) => {
        const result = await graphqlQuery<{
          project?: { milestones: { nodes: GqlMilestone[] } } | null;
          group?: { milestones: { nodes: GqlMilestone[] } } | null;
        }>(restClient, SEARCH_MILESTONES, {
          fullPath: namespace.fullPath,
          search,
          first: SEARCH_PAGE_SIZE,
          isProject,
        });
        return ((isProject ? result.project : result.group)?.milestones.nodes ?? []).map((node) =>
          toMilestone(node, url),
        );
      },
    };

  const iteration = widgetOf(workItem, 'ITERATION');
  if (iteration)
    widgets.ITERATION = {
      iteration: iteration.iteration ? toIteration(iteration.iteration) : null,
      onChange: (next) => onUpdate({ iterationWidget: { iterationId: next?.id ?? null } }),
      searchIterations: async (search) => {
        const result = await graphqlQuery<{
          project?: { iterations: { nodes: GqlIteration[] } | null } | null;
          group?: { iterations: { nodes: GqlIteration[] } | null } | null;
        }>(restClient, SEARCH_ITERATIONS, { fullPath: namespace.fullPath, search, first: SEARCH_PAGE_SIZE, isProject });
        return ((isProject ? result.project : result.group)?.iterations?.nodes ?? []).map(toIteration);
      },
    };

  const weight = widgetOf(workItem, 'WEIGHT');
  if (weight)
    widgets.WEIGHT = { weight: weight.weight, onChange: (next) => onUpdate({ weightWidget: { weight: next } }) };

  const health = widgetOf(workItem, 'HEALTH_STATUS');
  if (health)
    widgets.HEALTH_STATUS = {
      healthStatus: health.healthStatus,
      onChange: (next) => onUpdate({ healthStatusWidget: { healthStatus: next } }),
    };

  const time = widgetOf(workItem, 'TIME_TRACKING');
  if (time)
    widgets.TIME_TRACKING = {
      timeEstimate: time.timeEstimate ?? 0,
      totalTimeSpent: time.totalTimeSpent ?? 0,
      // GitLab's inputs are human durations; an estimate of `0` removes it.
      onEstimateChange: (seconds) =>
        onUpdate({ timeTrackingWidget: { timeEstimate: seconds === 0 ? '0' : formatDuration(seconds) } }),
      onAddTimeSpent: (seconds) =>
        onUpdate({ timeTrackingWidget: { timelog: { timeSpent: formatDuration(seconds) } } }),
    };

  const progress = widgetOf(workItem, 'PROGRESS');
  if (progress)
    widgets.PROGRESS = {
      progress: progress.progress,
      onChange: (next) => onUpdate({ progressWidget: { currentValue: next ?? 0 } }),
    };

  const color = widgetOf(workItem, 'COLOR');
  if (color) widgets.COLOR = { color: color.color, onChange: (next) => onUpdate({ colorWidget: { color: next } }) };

  const rolledUp = widgetOf(workItem, 'ROLLEDUP_DATES');
  if (rolledUp)
    widgets.ROLLEDUP_DATES = {
      startDate: { date: rolledUp.startDate, isFixed: rolledUp.startDateIsFixed ?? false },
      dueDate: { date: rolledUp.dueDate, isFixed: rolledUp.dueDateIsFixed ?? false },
    };

  const participants = widgetOf(workItem, 'PARTICIPANTS');
  if (participants) widgets.PARTICIPANTS = { participants: participants.participants.nodes.map(toUser) };

  // To-dos and notifications are the signed-in user's own.
  const todos = widgetOf(workItem, 'CURRENT_USER_TODOS');
  if (todos && currentUser) {
    const pending = todos.currentUserTodos?.nodes[0];
    widgets.CURRENT_USER_TODOS = {
      hasPendingTodo: pending !== undefined,
      onChange: (add) =>
        onUpdate({
          currentUserTodosWidget: add ? { action: 'ADD' } : { action: 'MARK_AS_DONE', todoId: pending?.id },
        }),
    };
  }
  const notifications = widgetOf(workItem, 'NOTIFICATIONS');
  if (notifications && currentUser)
    widgets.NOTIFICATIONS = {
      // Anyone signed in who sees the item may subscribe, metadata rights or not.
      canUpdate: true,
      subscribed: notifications.subscribed,
      onChange: (subscribed) => onUpdate({ notificationsWidget: { subscribed } }),
    };

  return widgets;
}

/** The attribute widgets of the item's type, editable for those who may set its metadata. */
export function IssueSidebar(props: IssueSidebarProps) {
  const url = useUrl();
  const { workItem } = props;
  const type = workItem.workItemType.name as WorkItemTypeName;
  return (
    <WorkItemSidebar
      widgets={sidebarWidgets(props, url)}
      widgetTypes={workItem.widgets.map((widget) => widget.type as WorkItemWidgetType)}
      canUpdate={workItem.userPermissions.setWorkItemMetadata}
      errorMessage={workItemUpdateErrorMessage(WORK_ITEM_TYPES[type].label)}
    />
  );
}
