/**
 * Group work items (GitLab's epics) in GraphQL: `Group.workItems` with GitLab's filters and sorts,
 * `Group.workItemStateCounts` for the list's tabs, and `Group.workItem(iid:)` /
 * `Namespace.workItem(iid:)`. The items themselves resolve as every `WorkItem` (workItems.ts);
 * creation is `workItemCreate` with the group's `namespacePath` (mutations.ts).
 */
import { sql, type SqlBool } from 'kysely';
import { canCreateGroupWorkItem, groupWorkItemsReadableBy } from '../../domain/groupWorkItems.ts';
import type { StoredIssueType } from '../../domain/issuableTables.ts';
import { findProject } from '../../domain/projects.ts';
import { arrayConnection, queryConnection, type ConnectionArgs } from '../connections.ts';
import {
  issuesQuery,
  loadGroupContainer,
  loadReadableNamespace,
  readableWorkItem,
  type GraphqlContext,
  type ReadableNamespace,
  type WorkItemContainer,
} from '../context.ts';
import { likePattern } from './query.ts';

/** GitLab's `WorkItemSort` values this server orders by, each as column and direction. */
export const WORK_ITEM_SORTS = {
  CREATED_DESC: ['created_at', 'desc'],
  CREATED_ASC: ['created_at', 'asc'],
  UPDATED_DESC: ['updated_at', 'desc'],
  UPDATED_ASC: ['updated_at', 'asc'],
  TITLE_ASC: ['title', 'asc'],
  TITLE_DESC: ['title', 'desc'],
} as const satisfies Record<string, readonly ['created_at' | 'updated_at' | 'title', 'asc' | 'desc']>;
export type WorkItemSort = keyof typeof WORK_ITEM_SORTS;

/** The filters of a group's work item list. */
export interface GroupWorkItemFilters {
  iid?: string | null;
  iids?: string[] | null;
  state?: 'opened' | 'closed' | 'locked' | 'all' | null;
  types?: string[] | null;
  search?: string | null;
}

/** The group of a full path as a work item container, if it is a group the asker may read. */
export async function groupContainerFor(ctx: GraphqlContext, fullPath: string): Promise<WorkItemContainer | null> {
  if (/^\d+$/.test(fullPath) || (await findProject(ctx.db, fullPath))) return null;
  const readable = await loadReadableNamespace(ctx, fullPath);
  return readable ? loadGroupContainer(ctx, readable.namespace.id) : null;
}

/** GitLab's work item filters on a query of `issues`. */
function withFilters<Q extends ReturnType<typeof issuesQuery>>(query: Q, args: GroupWorkItemFilters): Q {
  let filteredQuery = query;
  const iids = [...(args.iid ? [args.iid] : []), ...(args.iids ?? [])].filter((iid) => /^\d{1,9}$/.test(iid));
  if (args.iid || args.iids) filteredQuery = filteredQuery.where('issues.iid', 'in', [0, ...iids.map(Number)]) as Q;
  if (args.state === 'opened' || args.state === 'closed')
    filteredQuery = filteredQuery.where('issues.state', '=', args.state) as Q;
  if (args.types)
    filteredQuery = filteredQuery.where(
      'issues.issue_type',
      'in',
      args.types.map((type) => type.toLowerCase() as StoredIssueType),
    ) as Q;
  if (args.search) {
    const pattern = likePattern(args.search);
    filteredQuery = filteredQuery.where((eb) =>
      eb.or([eb('issues.title', 'ilike', pattern), eb('issues.description', 'ilike', pattern)]),
    ) as Q;
  }
  return filteredQuery;
}

/** The group's readable work items matching the filters (every state unless `state` says). */
function filtered(container: WorkItemContainer, args: GroupWorkItemFilters, ctx: GraphqlContext) {
  return withFilters(
    issuesQuery(ctx.db)
      .where('issues.namespace_id', '=', container.namespace.id)
      .where(groupWorkItemsReadableBy(ctx.user, container.level)),
    args,
  );
}

/**
 * GitLab's `includeDescendants`: the work items of the group, of its subgroups and of the projects
 * below it, each checked against its own container (a subgroup or project may be private, a role
 * may be higher below). The candidates are the filtered rows of the hierarchy; a search narrows them.
 */
async function hierarchyWorkItems(
  container: WorkItemContainer,
  args: ConnectionArgs & GroupWorkItemFilters & { sort?: WorkItemSort | null },
  ctx: GraphqlContext,
) {
  const groupId = container.namespace.id;
  const [column, direction] = WORK_ITEM_SORTS[args.sort ?? 'CREATED_DESC'];
  const rows = await withFilters(
    issuesQuery(ctx.db).where((eb) =>
      eb.or([
        eb(
          'issues.namespace_id',
          'in',
          eb
            .selectFrom('namespaces')
            .select('id')
            .where(sql<SqlBool>`${groupId} = ANY(traversal_ids)`),
        ),
        eb(
          'issues.project_id',
          'in',
          eb
            .selectFrom('projects')
            .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
            .select('projects.id')
            .where(sql<SqlBool>`${groupId} = ANY(namespaces.traversal_ids)`),
        ),
      ]),
    ),
    args,
  )
    .orderBy(`issues.${column}`, direction)
    .orderBy('issues.id', direction)
    .execute();
  const readable = await Promise.all(rows.map((row) => readableWorkItem(ctx, row)));
  return arrayConnection(
    readable.filter((item) => item !== null),
    args,
  );
}

/** A group's work items the asker may read, in GitLab's sort (newest first by default). */
export async function groupWorkItems(
  ns: ReadableNamespace,
  args: ConnectionArgs & GroupWorkItemFilters & { sort?: WorkItemSort | null; includeDescendants?: boolean | null },
  ctx: GraphqlContext,
) {
  const container = ns.namespace.type === 'Group' ? await loadGroupContainer(ctx, ns.namespace.id) : null;
  if (!container) return arrayConnection([], args);
  if (args.includeDescendants) return hierarchyWorkItems(container, args, ctx);
  const [column, direction] = WORK_ITEM_SORTS[args.sort ?? 'CREATED_DESC'];
  const query = filtered(container, args, ctx).orderBy(`issues.${column}`, direction).orderBy('issues.id', direction);
  return queryConnection(query, args, (rows) => rows.map((issue) => ({ issue, project: container })));
}

/** One of a group's work items by iid, or null. */
async function groupWorkItem(ns: ReadableNamespace, args: { iid: string }, ctx: GraphqlContext) {
  const { nodes } = await groupWorkItems(ns, { iid: args.iid, first: 1 }, ctx);
  return nodes[0] ?? null;
}

/** Resolvers of the group side: work item fields of `Group` and of `Namespace` (empty for a user's). */
export const groupWorkItemResolvers = {
  Group: {
    userPermissions: (ns: ReadableNamespace) => ns,
    workItems: groupWorkItems,
    workItem: groupWorkItem,
    async workItemStateCounts(
      ns: ReadableNamespace,
      args: Omit<GroupWorkItemFilters, 'state' | 'iid' | 'iids'>,
      ctx: GraphqlContext,
    ) {
      const container = ns.namespace.type === 'Group' ? await loadGroupContainer(ctx, ns.namespace.id) : null;
      if (!container) return { all: 0, opened: 0, closed: 0 };
      const rows = await filtered(container, args, ctx)
        .clearSelect()
        .select(['issues.state', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('issues.state')
        .execute();
      const of = (state: string) => Number(rows.find((row) => row.state === state)?.count ?? 0);
      return { all: of('opened') + of('closed'), opened: of('opened'), closed: of('closed') };
    },
  },
  GroupPermissions: {
    createWorkItem: (ns: ReadableNamespace, _: unknown, ctx: GraphqlContext) =>
      ctx.user !== null && canCreateGroupWorkItem(ns.level),
  },
  Namespace: { workItems: groupWorkItems, workItem: groupWorkItem },
};
