/**
 * The root query and the account-side types: users, projects, groups, namespaces and custom emoji.
 * Rows are checked with the permission functions REST uses; what the asker may not read is null.
 */
import { sql } from 'kysely';
import { visibilityName } from '../../domain/access.ts';
import { customEmojiOfGroup, type CustomEmojiRow } from '../../domain/customEmoji.ts';
import type { NamespaceRow } from '../../domain/groups.ts';
import { groupsReadableBy, projectMemberOf, projectsReadableBy } from '../../domain/permissions.ts';
import type { UserRow } from '../../domain/users.ts';
import { queryConnection, type ConnectionArgs } from '../connections.ts';
import {
  loadReadableNamespace,
  loadReadableProject,
  loadReadableProjectByPath,
  loadUser,
  type GraphqlContext,
  type ReadableNamespace,
  type ReadableProject,
} from '../context.ts';
import { parseGlobalId, toGlobalId, type GlobalId } from '../ids.ts';
import { loadLabels, loadMilestones, projectWorkItems } from './workItems.ts';

/** `%term%` for ILIKE, with the wildcards of the term escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A full path argument that is only digits would be read as an id by the finders: it names nothing. */
function isNumeric(fullPath: string): boolean {
  return /^\d+$/.test(fullPath);
}

/** A user's fields (UserCore and CurrentUser). */
const userFields = {
  id: (user: UserRow) => toGlobalId('User', user.id),
  state: (user: UserRow) => user.state,
  avatarUrl: (user: UserRow) => user.avatar_url,
  webUrl: (user: UserRow, _: unknown, ctx: GraphqlContext) => `${ctx.baseUrl}/${user.username}`,
  webPath: (user: UserRow, _: unknown, ctx: GraphqlContext) => `${ctx.root}/${user.username}`,
  publicEmail: (user: UserRow) => user.public_email,
  jobTitle: (user: UserRow) => user.job_title,
  createdAt: (user: UserRow) => user.created_at,
  async status(user: UserRow, _: unknown, ctx: GraphqlContext) {
    const status = await ctx.db
      .selectFrom('user_statuses')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!status) return null;
    return {
      availability: status.availability.toUpperCase(),
      emoji: status.emoji,
      message: status.message,
      messageHtml: status.message_html,
      clearStatusAt: status.clear_status_at,
    };
  },
  async namespace(user: UserRow, _: unknown, ctx: GraphqlContext) {
    const row = await ctx.db
      .selectFrom('namespaces')
      .select('id')
      .where('type', '=', 'User')
      .where('owner_id', '=', user.id)
      .executeTakeFirst();
    return row ? loadReadableNamespace(ctx, row.id) : null;
  },
};

function namespaceWebUrl(namespace: NamespaceRow, ctx: GraphqlContext): string {
  return namespace.type === 'Group'
    ? `${ctx.baseUrl}/groups/${namespace.full_path}`
    : `${ctx.baseUrl}/${namespace.full_path}`;
}

/** Projects of a namespace (and below it with `includeSubgroups`) that the asker may read. */
function namespaceProjects(
  ns: ReadableNamespace,
  args: ConnectionArgs & { includeSubgroups?: boolean; search?: string | null },
  ctx: GraphqlContext,
) {
  let query = ctx.db
    .selectFrom('projects')
    .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
    .select('projects.id')
    .where(projectsReadableBy(ctx.user));
  query = args.includeSubgroups
    ? query.where(sql<boolean>`${ns.namespace.id} = ANY(namespaces.traversal_ids)`)
    : query.where('projects.namespace_id', '=', ns.namespace.id);
  if (args.search) query = query.where('projects.name', 'ilike', likePattern(args.search));
  return queryConnection(query.orderBy('projects.id', 'desc'), args, (rows) => readableProjects(ctx, rows));
}

async function readableProjects(ctx: GraphqlContext, rows: { id: number }[]): Promise<ReadableProject[]> {
  const projects = await Promise.all(rows.map((row) => loadReadableProject(ctx, row.id)));
  return projects.filter((project) => project !== null);
}

async function readableNamespaces(ctx: GraphqlContext, rows: { id: number }[]): Promise<ReadableNamespace[]> {
  const groups = await Promise.all(rows.map((row) => loadReadableNamespace(ctx, row.id)));
  return groups.filter((group) => group !== null);
}

const namespaceFields = {
  name: (ns: ReadableNamespace) => ns.namespace.name,
  path: (ns: ReadableNamespace) => ns.namespace.path,
  fullName: (ns: ReadableNamespace) => ns.namespace.full_name,
  fullPath: (ns: ReadableNamespace) => ns.namespace.full_path,
  description: (ns: ReadableNamespace) => ns.namespace.description,
  visibility: (ns: ReadableNamespace) => visibilityName(ns.namespace.visibility_level),
  webUrl: (ns: ReadableNamespace, _: unknown, ctx: GraphqlContext) => namespaceWebUrl(ns.namespace, ctx),
  projects: (ns: ReadableNamespace, args: ConnectionArgs, ctx: GraphqlContext) => namespaceProjects(ns, args, ctx),
};

/** GraphQL's `ID` list of users: global IDs of users. */
function userIds(ids: readonly string[]): number[] {
  return ids.map((id) => parseGlobalId(id)).flatMap((gid: GlobalId | null) => (gid?.model === 'User' ? [gid.id] : []));
}

/** Resolvers of the query root and the account-side types. */
export const queryResolvers = {
  Query: {
    currentUser: (_: unknown, __: unknown, ctx: GraphqlContext) => ctx.user,
    async user(_: unknown, args: { id?: GlobalId | null; username?: string | null }, ctx: GraphqlContext) {
      if (args.id) return loadUser(ctx, args.id.id);
      if (!args.username) return null;
      return (
        (await ctx.db
          .selectFrom('users')
          .selectAll()
          .where(sql<boolean>`lower(username) = ${args.username.toLowerCase()}`)
          .executeTakeFirst()) ?? null
      );
    },
    users(
      _: unknown,
      args: ConnectionArgs & { ids?: string[] | null; usernames?: string[] | null; search?: string | null },
      ctx: GraphqlContext,
    ) {
      let query = ctx.db.selectFrom('users').selectAll();
      if (args.ids) query = query.where('id', 'in', [0, ...userIds(args.ids)]);
      if (args.usernames)
        query = query.where(
          sql<boolean>`lower(username) = ANY(${args.usernames.map((name) => name.toLowerCase())}::text[])`,
        );
      if (args.search) {
        const pattern = likePattern(args.search);
        query = query.where((eb) => eb.or([eb('username', 'ilike', pattern), eb('name', 'ilike', pattern)]));
      }
      return queryConnection(query.orderBy('id'), args, (rows) => rows);
    },
    async project(_: unknown, args: { fullPath: string }, ctx: GraphqlContext) {
      if (!args.fullPath.includes('/')) return null;
      return loadReadableProjectByPath(ctx, args.fullPath);
    },
    projects(
      _: unknown,
      args: ConnectionArgs & { search?: string | null; membership?: boolean | null; fullPaths?: string[] | null },
      ctx: GraphqlContext,
    ) {
      let query = ctx.db
        .selectFrom('projects')
        .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
        .select('projects.id')
        .where(projectsReadableBy(ctx.user));
      if (args.membership)
        query = ctx.user ? query.where(projectMemberOf(ctx.user.id)) : query.where(sql<boolean>`false`);
      if (args.search) query = query.where('projects.name', 'ilike', likePattern(args.search));
      if (args.fullPaths)
        query = query.where(
          sql<boolean>`lower(namespaces.full_path || '/' || projects.path) = ANY(${args.fullPaths.map((p) => p.toLowerCase())}::text[])`,
        );
      return queryConnection(query.orderBy('projects.id', 'desc'), args, (rows) => readableProjects(ctx, rows));
    },
    async group(_: unknown, args: { fullPath: string }, ctx: GraphqlContext) {
      if (isNumeric(args.fullPath)) return null;
      const ns = await loadReadableNamespace(ctx, args.fullPath);
      return ns?.namespace.type === 'Group' ? ns : null;
    },
    groups(_: unknown, args: ConnectionArgs & { search?: string | null }, ctx: GraphqlContext) {
      let query = ctx.db
        .selectFrom('namespaces as g')
        .select('g.id')
        .where('g.type', '=', 'Group')
        .where(groupsReadableBy(ctx.user));
      if (args.search) query = query.where('g.name', 'ilike', likePattern(args.search));
      return queryConnection(query.orderBy('g.id'), args, (rows) => readableNamespaces(ctx, rows));
    },
    namespace: (_: unknown, args: { fullPath: string }, ctx: GraphqlContext) =>
      isNumeric(args.fullPath) ? null : loadReadableNamespace(ctx, args.fullPath),
  },

  User: { __resolveType: () => 'UserCore' },
  UserCore: userFields,
  AutocompletedUser: userFields,
  CurrentUser: { ...userFields, commitEmail: (user: UserRow) => user.email, admin: (user: UserRow) => user.admin },

  Namespace: {
    ...namespaceFields,
    id: (ns: ReadableNamespace) =>
      toGlobalId(ns.namespace.type === 'Group' ? 'Group' : 'Namespaces::UserNamespace', ns.namespace.id),
  },

  Group: {
    ...namespaceFields,
    id: (ns: ReadableNamespace) => toGlobalId('Group', ns.namespace.id),
    avatarUrl: (ns: ReadableNamespace) => ns.namespace.avatar_url,
    createdAt: (ns: ReadableNamespace) => ns.namespace.created_at,
    parent: (ns: ReadableNamespace, _: unknown, ctx: GraphqlContext) =>
      ns.namespace.parent_id ? loadReadableNamespace(ctx, ns.namespace.parent_id) : null,
    customEmoji: (
      ns: ReadableNamespace,
      args: ConnectionArgs & { includeAncestorGroups?: boolean },
      ctx: GraphqlContext,
    ) =>
      queryConnection(
        customEmojiOfGroup(ctx.db, ns.namespace, Boolean(args.includeAncestorGroups)),
        args,
        (rows) => rows,
      ),
    descendantGroups(
      ns: ReadableNamespace,
      args: ConnectionArgs & { includeParentDescendants?: boolean; search?: string | null },
      ctx: GraphqlContext,
    ) {
      let query = ctx.db
        .selectFrom('namespaces as g')
        .select('g.id')
        .where('g.type', '=', 'Group')
        .where('g.id', '<>', ns.namespace.id)
        .where(groupsReadableBy(ctx.user));
      query =
        args.includeParentDescendants === false
          ? query.where('g.parent_id', '=', ns.namespace.id)
          : query.where(sql<boolean>`${ns.namespace.id} = ANY(g.traversal_ids)`);
      if (args.search) query = query.where('g.name', 'ilike', likePattern(args.search));
      return queryConnection(query.orderBy('g.id'), args, (rows) => readableNamespaces(ctx, rows));
    },
    labels: (
      ns: ReadableNamespace,
      args: ConnectionArgs & { searchTerm?: string | null; includeAncestorGroups?: boolean },
      ctx: GraphqlContext,
    ) =>
      loadLabels(ctx, {
        groupIds: args.includeAncestorGroups ? ns.namespace.traversal_ids : [ns.namespace.id],
        searchTerm: args.searchTerm,
        args,
      }),
    milestones: (
      ns: ReadableNamespace,
      args: ConnectionArgs & { state?: 'active' | 'closed' | null; searchTitle?: string | null },
      ctx: GraphqlContext,
    ) => loadMilestones(ctx, { groupIds: [ns.namespace.id], ...args, args }),
  },

  Project: {
    id: (p: ReadableProject) => toGlobalId('Project', p.project.id),
    name: (p: ReadableProject) => p.project.name,
    path: (p: ReadableProject) => p.project.path,
    fullPath: (p: ReadableProject) => p.fullPath,
    nameWithNamespace: (p: ReadableProject) => `${p.namespace.full_name} / ${p.project.name}`,
    description: (p: ReadableProject) => p.project.description,
    visibility: (p: ReadableProject) => visibilityName(p.project.visibility_level),
    webUrl: (p: ReadableProject, _: unknown, ctx: GraphqlContext) => `${ctx.baseUrl}/${p.fullPath}`,
    avatarUrl: () => null,
    createdAt: (p: ReadableProject) => p.project.created_at,
    lastActivityAt: (p: ReadableProject) => p.project.last_activity_at,
    archived: (p: ReadableProject) => p.project.archived,
    starCount: (p: ReadableProject) => p.project.star_count,
    forksCount: (p: ReadableProject) => p.project.forks_count,
    issuesEnabled: (p: ReadableProject) => p.project.issues_enabled,
    namespace: (p: ReadableProject, _: unknown, ctx: GraphqlContext) => loadReadableNamespace(ctx, p.namespace.id),
    group: (p: ReadableProject, _: unknown, ctx: GraphqlContext) =>
      p.namespace.type === 'Group' ? loadReadableNamespace(ctx, p.namespace.id) : null,
    workItems: projectWorkItems,
    async issue(p: ReadableProject, args: { iid?: string | null }, ctx: GraphqlContext) {
      if (!args.iid || !/^\d+$/.test(args.iid)) return null;
      const { nodes } = await projectWorkItems(p, { iid: args.iid, first: 1 }, ctx);
      return nodes[0] ?? null;
    },
    labels: (
      p: ReadableProject,
      args: ConnectionArgs & { searchTerm?: string | null; includeAncestorGroups?: boolean },
      ctx: GraphqlContext,
    ) =>
      loadLabels(ctx, {
        projectId: p.project.id,
        groupIds: args.includeAncestorGroups ? p.namespace.traversal_ids : [],
        searchTerm: args.searchTerm,
        args,
      }),
    milestones: (
      p: ReadableProject,
      args: ConnectionArgs & {
        state?: 'active' | 'closed' | null;
        searchTitle?: string | null;
        includeAncestors?: boolean;
      },
      ctx: GraphqlContext,
    ) =>
      loadMilestones(ctx, {
        projectId: p.project.id,
        groupIds: args.includeAncestors && p.namespace.type === 'Group' ? p.namespace.traversal_ids : [],
        ...args,
        args,
      }),
  },

  CustomEmoji: {
    id: (emoji: CustomEmojiRow) => toGlobalId('CustomEmoji', emoji.id),
    url: (emoji: CustomEmojiRow) => emoji.file,
    createdAt: (emoji: CustomEmojiRow) => emoji.created_at,
  },
};
