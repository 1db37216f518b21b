/**
 * Resolvers of the widgets beyond an issue's first columns (GitLab's names): notifications, the
 * asker's to-dos, time tracking with timelogs, rolled-up dates, weight, progress, health status,
 * iteration, colour, designs, development (merge requests that close the item) and the hierarchy's
 * counts by type. The rules live in `domain/workItemWidgets.ts`.
 */
import { formatDuration } from 'forgekit';
import { sql } from 'kysely';
import { labelTextColor } from '../../domain/labels.ts';
import { todoActionName } from '../../domain/todos.ts';
import type { MergeRequestRow } from '../../domain/gitTables.ts';
import type { TodoRow } from '../../domain/issuableTables.ts';
import {
  closingMergeRequests,
  healthStatusName,
  isSubscribed,
  iterationState,
  rolledUpDates,
  SERVER_DURATION_FORMAT,
  totalTimeSpent,
  type CadenceRow,
  type SprintRow,
  type TimelogRow,
} from '../../domain/workItemWidgets.ts';
import { WORK_ITEM_TYPES } from '../../domain/workItems.ts';
import { arrayConnection, type ConnectionArgs } from '../connections.ts';
import { loadReadableNamespace, loadReadableProject, loadUser, memo, type GraphqlContext } from '../context.ts';
import { toGlobalId } from '../ids.ts';
import { loadNote, type Widget } from './workItems.ts';

/** The ids and states of every descendant of a work item (recursive, readable or not: counts only). */
function descendantsOf(ctx: GraphqlContext, id: number) {
  return memo(ctx, `descendants:${id}`, async () => {
    const { rows } = await sql<{ id: number; issue_type: string; state: string; weight: number | null }>`
      WITH RECURSIVE tree(id) AS (
        SELECT work_item_id FROM work_item_parent_links WHERE work_item_parent_id = ${id}
        UNION
        SELECT l.work_item_id FROM work_item_parent_links l JOIN tree ON l.work_item_parent_id = tree.id
      )
      SELECT issues.id, issues.issue_type, issues.state, issues.weight FROM issues JOIN tree ON tree.id = issues.id`.execute(
      ctx.db,
    );
    return rows;
  });
}

function sprintOf(ctx: GraphqlContext, id: number | null): Promise<SprintRow | null> {
  if (id === null) return Promise.resolve(null);
  return memo(
    ctx,
    `sprint:${id}`,
    async () => (await ctx.db.selectFrom('sprints').selectAll().where('id', '=', id).executeTakeFirst()) ?? null,
  );
}

function timelogsOf(ctx: GraphqlContext, issueId: number): Promise<TimelogRow[]> {
  return memo(ctx, `timelogs:${issueId}`, () =>
    ctx.db
      .selectFrom('timelogs')
      .selectAll()
      .where('issue_id', '=', issueId)
      .orderBy('spent_at')
      .orderBy('id')
      .execute(),
  );
}

/** Resolvers of the widget types of `domain/workItemWidgets.ts`. */
export const widgetResolvers = {
  WorkItemWidgetHierarchy: {
    async rolledUpCountsByType(widget: Widget, _: unknown, ctx: GraphqlContext) {
      const descendants = await descendantsOf(ctx, widget.item.issue.id);
      return WORK_ITEM_TYPES.flatMap((type) => {
        const ofType = descendants.filter((row) => row.issue_type === type.issueType);
        if (ofType.length === 0) return [];
        const opened = ofType.filter((row) => row.state === 'opened').length;
        return [
          {
            workItemType: type,
            countsByState: { all: ofType.length, opened, closed: ofType.length - opened },
          },
        ];
      });
    },
  },

  WorkItemWidgetNotifications: {
    subscribed: (widget: Widget, _: unknown, ctx: GraphqlContext) =>
      ctx.user ? isSubscribed(ctx.db, ctx.user.id, widget.item.issue) : false,
  },

  WorkItemWidgetCurrentUserTodos: {
    async currentUserTodos(
      widget: Widget,
      args: ConnectionArgs & { state?: 'pending' | 'done' | null },
      ctx: GraphqlContext,
    ) {
      if (!ctx.user) return arrayConnection([], args);
      let query = ctx.db
        .selectFrom('todos')
        .selectAll()
        .where('user_id', '=', ctx.user.id)
        .where('target_type', '=', 'Issue')
        .where('target_id', '=', widget.item.issue.id);
      if (args.state) query = query.where('state', '=', args.state);
      return arrayConnection(await query.orderBy('id', 'desc').execute(), args);
    },
  },

  Todo: {
    id: (todo: TodoRow) => toGlobalId('Todo', todo.id),
    action: (todo: TodoRow) => todoActionName(todo.action),
    createdAt: (todo: TodoRow) => todo.created_at,
    author: (todo: TodoRow, _: unknown, ctx: GraphqlContext) => loadUser(ctx, todo.author_id),
  },

  WorkItemWidgetTimeTracking: {
    timeEstimate: (widget: Widget) => widget.item.issue.time_estimate,
    totalTimeSpent: (widget: Widget, _: unknown, ctx: GraphqlContext) => totalTimeSpent(ctx.db, widget.item.issue.id),
    async humanReadableAttributes(widget: Widget, _: unknown, ctx: GraphqlContext) {
      const spent = await totalTimeSpent(ctx.db, widget.item.issue.id);
      return {
        timeEstimate: widget.item.issue.time_estimate
          ? formatDuration(widget.item.issue.time_estimate, SERVER_DURATION_FORMAT)
          : null,
        totalTimeSpent: spent ? formatDuration(spent, SERVER_DURATION_FORMAT) : null,
      };
    },
    async timelogs(widget: Widget, args: ConnectionArgs, ctx: GraphqlContext) {
      const timelogs = await timelogsOf(ctx, widget.item.issue.id);
      return {
        ...arrayConnection(timelogs, args),
        totalSpentTime: timelogs.reduce((sum, timelog) => sum + timelog.time_spent, 0),
      };
    },
  },

  WorkItemTimelog: {
    id: (timelog: TimelogRow) => String(timelog.id),
    spentAt: (timelog: TimelogRow) => timelog.spent_at,
    timeSpent: (timelog: TimelogRow) => timelog.time_spent,
    user: (timelog: TimelogRow, _: unknown, ctx: GraphqlContext) => loadUser(ctx, timelog.user_id),
    note: (timelog: TimelogRow, _: unknown, ctx: GraphqlContext) =>
      timelog.note_id === null ? null : loadNote(ctx, timelog.note_id),
  },

  WorkItemWidgetRolledupDates: {
    startDate: async (widget: Widget, _: unknown, ctx: GraphqlContext) =>
      (await rolledUpDates(ctx.db, widget.item.issue)).startDate,
    dueDate: async (widget: Widget, _: unknown, ctx: GraphqlContext) =>
      (await rolledUpDates(ctx.db, widget.item.issue)).dueDate,
    startDateFixed: (widget: Widget) => widget.item.issue.start_date,
    dueDateFixed: (widget: Widget) => widget.item.issue.due_date,
    startDateIsFixed: (widget: Widget) => widget.item.issue.start_date_is_fixed,
    dueDateIsFixed: (widget: Widget) => widget.item.issue.due_date_is_fixed,
  },

  WorkItemWidgetWeight: {
    weight: (widget: Widget) => widget.item.issue.weight,
    rolledUpWeight: async (widget: Widget, _: unknown, ctx: GraphqlContext) =>
      (await descendantsOf(ctx, widget.item.issue.id)).reduce((sum, row) => sum + (row.weight ?? 0), 0),
    rolledUpCompletedWeight: async (widget: Widget, _: unknown, ctx: GraphqlContext) =>
      (await descendantsOf(ctx, widget.item.issue.id))
        .filter((row) => row.state === 'closed')
        .reduce((sum, row) => sum + (row.weight ?? 0), 0),
  },

  WorkItemWidgetProgress: {
    progress: (widget: Widget, _: unknown, ctx: GraphqlContext) => progressColumn(ctx, widget, 'progress'),
    startValue: (widget: Widget, _: unknown, ctx: GraphqlContext) => progressColumn(ctx, widget, 'start_value'),
    endValue: (widget: Widget, _: unknown, ctx: GraphqlContext) => progressColumn(ctx, widget, 'end_value'),
    currentValue: (widget: Widget, _: unknown, ctx: GraphqlContext) => progressColumn(ctx, widget, 'current_value'),
    updatedAt: (widget: Widget, _: unknown, ctx: GraphqlContext) => progressColumn(ctx, widget, 'updated_at'),
  },

  WorkItemWidgetHealthStatus: {
    healthStatus: (widget: Widget) => healthStatusName(widget.item.issue.health_status),
  },

  WorkItemWidgetIteration: {
    iteration: (widget: Widget, _: unknown, ctx: GraphqlContext) => sprintOf(ctx, widget.item.issue.sprint_id),
  },

  Iteration: {
    id: (sprint: SprintRow) => toGlobalId('Iteration', sprint.id),
    iid: (sprint: SprintRow) => String(sprint.iid),
    startDate: (sprint: SprintRow) => sprint.start_date,
    dueDate: (sprint: SprintRow) => sprint.due_date,
    state: (sprint: SprintRow) => iterationState(sprint),
    createdAt: (sprint: SprintRow) => sprint.created_at,
    updatedAt: (sprint: SprintRow) => sprint.updated_at,
    iterationCadence: (sprint: SprintRow, _: unknown, ctx: GraphqlContext) =>
      ctx.db
        .selectFrom('iterations_cadences')
        .selectAll()
        .where('id', '=', sprint.iterations_cadence_id)
        .executeTakeFirstOrThrow(),
    async webUrl(sprint: SprintRow, _: unknown, ctx: GraphqlContext) {
      const group = await loadReadableNamespace(ctx, sprint.group_id);
      return `${ctx.baseUrl}/groups/${group?.namespace.full_path}/-/iterations/${sprint.id}`;
    },
  },

  IterationCadence: {
    id: (cadence: CadenceRow) => toGlobalId('Iterations::Cadence', cadence.id),
    durationInWeeks: (cadence: CadenceRow) => cadence.duration_in_weeks,
  },

  WorkItemWidgetColor: {
    color: (widget: Widget) => widget.item.issue.color,
    textColor: (widget: Widget) => (widget.item.issue.color ? labelTextColor(widget.item.issue.color) : null),
  },

  WorkItemWidgetDevelopment: {
    async closingMergeRequests(widget: Widget, args: ConnectionArgs, ctx: GraphqlContext) {
      const projectId = widget.item.issue.project_id;
      const project = projectId === null ? null : await loadReadableProject(ctx, projectId);
      const mergeRequests = project
        ? await closingMergeRequests(ctx.db, project.project.id, widget.item.issue.iid)
        : [];
      return arrayConnection(
        mergeRequests.map((mergeRequest) => ({ mergeRequest, projectPath: project!.fullPath })),
        args,
      );
    },
    async willAutoCloseByMergeRequest(widget: Widget, _: unknown, ctx: GraphqlContext) {
      const projectId = widget.item.issue.project_id;
      if (projectId === null) return false;
      const mergeRequests = await closingMergeRequests(ctx.db, projectId, widget.item.issue.iid);
      return mergeRequests.some((mergeRequest) => mergeRequest.state === 'opened');
    },
  },

  WorkItemClosingMergeRequest: {
    id: ({ mergeRequest }: ClosingView) => String(mergeRequest.id),
    fromMrDescription: () => true,
    mergeRequest: (view: ClosingView) => view,
  },

  MergeRequest: {
    id: ({ mergeRequest }: ClosingView) => toGlobalId('MergeRequest', mergeRequest.id),
    iid: ({ mergeRequest }: ClosingView) => String(mergeRequest.iid),
    title: ({ mergeRequest }: ClosingView) => mergeRequest.title,
    state: ({ mergeRequest }: ClosingView) => mergeRequest.state,
    sourceBranch: ({ mergeRequest }: ClosingView) => mergeRequest.source_branch,
    targetBranch: ({ mergeRequest }: ClosingView) => mergeRequest.target_branch,
    webUrl: ({ mergeRequest, projectPath }: ClosingView, _: unknown, ctx: GraphqlContext) =>
      `${ctx.baseUrl}/${projectPath}/-/merge_requests/${mergeRequest.iid}`,
    reference: ({ mergeRequest, projectPath }: ClosingView, args: { full?: boolean }) =>
      args.full ? `${projectPath}!${mergeRequest.iid}` : `!${mergeRequest.iid}`,
    author: ({ mergeRequest }: ClosingView, _: unknown, ctx: GraphqlContext) => loadUser(ctx, mergeRequest.author_id),
  },
};

/** A merge request with its project's path, as the development widget lists it. */
interface ClosingView {
  mergeRequest: MergeRequestRow;
  projectPath: string;
}

async function progressColumn(
  ctx: GraphqlContext,
  widget: Widget,
  column: 'progress' | 'start_value' | 'end_value' | 'current_value' | 'updated_at',
) {
  const row = await memo(ctx, `progress:${widget.item.issue.id}`, async () =>
    ctx.db
      .selectFrom('work_item_progresses')
      .selectAll()
      .where('issue_id', '=', widget.item.issue.id)
      .executeTakeFirst(),
  );
  return row?.[column] ?? null;
}
