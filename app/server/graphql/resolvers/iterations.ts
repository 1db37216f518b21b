/**
 * What the work item sidebar searches: `Group.iterations` / `Project.iterations` with the arguments
 * of GitLab's `IterationsResolver` (`search` matched `in` the iteration's or its cadence's title,
 * `state`, `includeAncestors`, `sort`) and `Project.autocompleteUsers` / `Group.autocompleteUsers`
 * (GitLab's `Autocomplete::UsersFinder`: the members of the project and its groups, or of the group
 * and its ancestors, by username or name).
 */
import { sql, type SqlBool } from 'kysely';
import type { UserRow } from '../../domain/users.ts';
import type { SprintRow } from '../../domain/workItemWidgets.ts';
import { queryConnection, type ConnectionArgs } from '../connections.ts';
import type { GraphqlContext, ReadableNamespace, ReadableProject } from '../context.ts';
import { likePattern } from './query.ts';

/** GitLab's `IterationState` arguments (`started` is GitLab's deprecated name of `current`). */
export type IterationStateArgument = 'upcoming' | 'started' | 'current' | 'opened' | 'closed' | 'all';
/** GitLab's `IterationSearchableField`: where `search` looks. */
export type IterationSearchableField = 'TITLE' | 'CADENCE_TITLE';
/** GitLab's `IterationSort`. */
export type IterationSort = 'CADENCE_AND_DUE_DATE_ASC' | 'CADENCE_AND_DUE_DATE_DESC';

/** The arguments of `iterations`. */
export interface IterationArgs extends ConnectionArgs {
  search?: string | null;
  in?: IterationSearchableField[] | null;
  state?: IterationStateArgument | null;
  includeAncestors?: boolean | null;
  sort?: IterationSort | null;
}

/** GitLab's `Autocomplete::UsersFinder::LIMIT`: at most this many users are suggested. */
export const AUTOCOMPLETE_USERS_LIMIT = 20;

/** A state argument as SQL over `sprints` (dates against today, as `iterationState` reads them). */
function stateFilter(state: IterationStateArgument | null | undefined) {
  switch (state) {
    case 'upcoming':
      return sql<SqlBool>`sprints.start_date > current_date`;
    case 'started':
    case 'current':
      return sql<SqlBool>`sprints.start_date <= current_date AND sprints.due_date >= current_date`;
    case 'opened':
      return sql<SqlBool>`sprints.due_date >= current_date`;
    case 'closed':
      return sql<SqlBool>`sprints.due_date < current_date`;
    default:
      return sql<SqlBool>`true`;
  }
}

/** The iterations of `groupIds` matching GitLab's arguments. */
function iterationsOf(ctx: GraphqlContext, groupIds: readonly number[], args: IterationArgs) {
  const direction = args.sort === 'CADENCE_AND_DUE_DATE_DESC' ? 'desc' : 'asc';
  let query = ctx.db
    .selectFrom('sprints')
    .innerJoin('iterations_cadences', 'iterations_cadences.id', 'sprints.iterations_cadence_id')
    .selectAll('sprints')
    .where('sprints.group_id', 'in', [0, ...groupIds])
    .where(stateFilter(args.state));
  if (args.search) {
    const pattern = likePattern(args.search);
    const fields = args.in?.length ? args.in : ['TITLE'];
    query = query.where((eb) =>
      eb.or(
        fields.map((field) =>
          field === 'TITLE' ? eb('sprints.title', 'ilike', pattern) : eb('iterations_cadences.title', 'ilike', pattern),
        ),
      ),
    );
  }
  return queryConnection(
    query
      .orderBy('iterations_cadences.title', direction)
      .orderBy('sprints.due_date', direction)
      .orderBy('sprints.id', direction),
    args,
    (rows): SprintRow[] => rows,
  );
}

/** The active members of a project and/or groups (and a personal project's owner) matching `search`. */
async function membersMatching(
  ctx: GraphqlContext,
  where: { projectId?: number; groupIds: readonly number[]; ownerId?: number | null },
  search: string | null | undefined,
): Promise<UserRow[]> {
  let query = ctx.db
    .selectFrom('users')
    .selectAll('users')
    .where('users.state', '=', 'active')
    .where(
      sql<SqlBool>`(users.id = ${where.ownerId ?? 0} OR EXISTS (SELECT 1 FROM members m WHERE m.user_id = users.id
        AND (m.expires_at IS NULL OR m.expires_at > current_date)
        AND ((m.source_type = 'Project' AND m.source_id = ${where.projectId ?? 0})
          OR (m.source_type = 'Namespace' AND m.source_id = ANY(${[0, ...where.groupIds]}::int[])))))`,
    );
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) => eb.or([eb('users.username', 'ilike', pattern), eb('users.name', 'ilike', pattern)]));
  }
  return query.orderBy('users.name').orderBy('users.id').limit(AUTOCOMPLETE_USERS_LIMIT).execute();
}

/** Resolvers of the sidebar's searches on `Project` and `Group`. */
export const iterationResolvers = {
  Project: {
    iterations: (p: ReadableProject, args: IterationArgs, ctx: GraphqlContext) => {
      // A project's iterations are its group's (and with `includeAncestors`, its ancestors').
      const groups = p.namespace.type === 'Group' ? p.namespace.traversal_ids : [];
      return iterationsOf(ctx, args.includeAncestors ? groups : groups.slice(-1), args);
    },
    autocompleteUsers: (p: ReadableProject, args: { search?: string | null }, ctx: GraphqlContext) =>
      membersMatching(
        ctx,
        {
          projectId: p.project.id,
          groupIds: p.namespace.type === 'Group' ? p.namespace.traversal_ids : [],
          // A personal project's owner is its namespace's, not a member row.
          ownerId: p.namespace.type === 'User' ? p.namespace.owner_id : null,
        },
        args.search,
      ),
  },
  Group: {
    iterations: (ns: ReadableNamespace, args: IterationArgs, ctx: GraphqlContext) =>
      iterationsOf(ctx, args.includeAncestors ? ns.namespace.traversal_ids : [ns.namespace.id], args),
    autocompleteUsers: (ns: ReadableNamespace, args: { search?: string | null }, ctx: GraphqlContext) =>
      membersMatching(ctx, { groupIds: ns.namespace.traversal_ids }, args.search),
  },
};
