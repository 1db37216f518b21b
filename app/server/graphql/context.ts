/**
 * What every resolver gets: the database, who is asking, the product's base URL, and per-operation
 * caches of the rows resolvers read again and again (users, projects, work items with their access
 * checked), so a list of notes loads each author once.
 */
import { sql } from 'kysely';
import { namespaceFromJson } from '../api/v4/issuableScope.ts';
import type { EventBus } from '../cable/bus.ts';
import type { Db } from '../db/schema.ts';
import type { DesignStore } from '../domain/designs.ts';
import type { RepositoryStore } from '../domain/git.ts';
import { findNamespace, type NamespaceRow } from '../domain/groups.ts';
import type { IssueRow } from '../domain/issuableTables.ts';
import type { MarkdownScope } from '../domain/markdown.ts';
import {
  canReadGroup,
  canReadIssue,
  canReadProjectAt,
  groupAccessLevel,
  projectAccessLevelColumn,
} from '../domain/permissions.ts';
import { findProjectQuery, type ProjectRow } from '../domain/projects.ts';
import type { UserRow } from '../domain/users.ts';
import { batchLoad } from './loaders.ts';

/** The context of one GraphQL operation. */
export interface GraphqlContext {
  db: Db;
  /** The signed-in user, `null` when anonymous. */
  user: UserRow | null;
  /** `http://host:port/relative-root`, without a trailing slash. */
  baseUrl: string;
  /** The relative URL root (`''` or `/forge`). */
  root: string;
  /** Per-operation memo (see {@link memo}). */
  cache: Map<string, Promise<unknown>>;
  /** The broadcast bus subscriptions listen on (absent where there are none). */
  bus?: EventBus;
  /** Where uploaded designs are written (the HTTP route's; absent where nothing uploads). */
  designs?: DesignStore;
  /** The projects' git repositories (the HTTP route's; absent where no repository is read). */
  repositories?: RepositoryStore;
}

/** Builds a context (one per operation, or per subscription event). */
export function createContext(
  db: Db,
  user: UserRow | null,
  baseUrl: string,
  root: string,
  bus?: EventBus,
): GraphqlContext {
  return { db, user, baseUrl, root, cache: new Map(), ...(bus ? { bus } : {}) };
}

/** Runs `load` once per `key` and operation. */
export function memo<T>(ctx: GraphqlContext, key: string, load: () => Promise<T>): Promise<T> {
  let value = ctx.cache.get(key) as Promise<T> | undefined;
  if (!value) ctx.cache.set(key, (value = load()));
  return value;
}

/** A user by id (the users a list asks for are read together, see `loaders.ts`). */
export async function loadUser(ctx: GraphqlContext, id: number | null): Promise<UserRow | null> {
  if (id === null) return null;
  const user = await batchLoad(ctx, 'user', id, async (ids) => {
    const rows = await ctx.db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row]));
  });
  return user ?? null;
}

/** A project the asker may read, with its namespace, full path and the asker's role. */
export interface ReadableProject {
  project: ProjectRow;
  namespace: NamespaceRow;
  fullPath: string;
  level: number;
  markdown: MarkdownScope;
}

/**
 * The project `id` if the asker may read it, else null. The projects asked for in one pass are read
 * together, each with its namespace and the asker's role in one query (`projectScope`'s columns).
 */
export async function loadReadableProject(ctx: GraphqlContext, id: number): Promise<ReadableProject | null> {
  const readable = await batchLoad(ctx, 'project', id, async (ids) => {
    const rows = await ctx.db
      .selectFrom('projects')
      .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
      .selectAll('projects')
      .select(projectScopeColumns(ctx))
      .where('projects.id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, readableProject(ctx, row)]));
  });
  return readable ?? null;
}

/**
 * The project at `fullPath` (or with that id) if the asker may read it, else null: one query, as
 * {@link loadReadableProject} reads it, kept for the operation under its id.
 */
export function loadReadableProjectByPath(ctx: GraphqlContext, fullPath: string): Promise<ReadableProject | null> {
  return memo(ctx, `project-path:${fullPath.toLowerCase()}`, async () => {
    const row = await findProjectQuery(ctx.db, fullPath)?.select(projectScopeColumns(ctx)).executeTakeFirst();
    if (!row) return null;
    const readable = readableProject(ctx, row);
    ctx.cache.set(`project:${row.id}`, Promise.resolve(readable));
    return readable;
  });
}

/** The columns read beside a project: its namespace (JSON) and the asker's role. */
function projectScopeColumns(ctx: GraphqlContext) {
  return [
    sql<Record<keyof NamespaceRow, unknown>>`row_to_json(namespaces.*)`.as('scope_namespace'),
    projectAccessLevelColumn(ctx.user).as('scope_level'),
  ] as const;
}

/** A project row with its namespace and the asker's role, if the asker may read it. */
function readableProject(
  ctx: GraphqlContext,
  row: ProjectRow & { scope_namespace: Record<keyof NamespaceRow, unknown>; scope_level: number },
): ReadableProject | null {
  const { scope_namespace: namespaceJson, scope_level: level, ...project } = row;
  if (!canReadProjectAt(ctx.user, project, level)) return null;
  const namespace = namespaceFromJson(namespaceJson);
  const fullPath = `${namespace.full_path}/${project.path}`;
  return {
    project,
    namespace,
    fullPath,
    level,
    markdown: {
      root: ctx.root,
      project: { id: project.id, fullPath, namespaceId: namespace.id, visibilityLevel: project.visibility_level },
    },
  };
}

/** A readable group or namespace by id or full path, with the asker's role. */
export interface ReadableNamespace {
  namespace: NamespaceRow;
  level: number;
}

/** The namespace (group or personal) if the asker may read it, else null. */
export function loadReadableNamespace(
  ctx: GraphqlContext,
  idOrPath: number | string,
): Promise<ReadableNamespace | null> {
  return memo(ctx, `namespace:${String(idOrPath).toLowerCase()}`, async () => {
    const namespace = await findNamespace(ctx.db, idOrPath);
    if (!namespace || !(await canReadGroup(ctx.db, ctx.user, namespace))) return null;
    return { namespace, level: await groupAccessLevel(ctx.db, ctx.user, namespace) };
  });
}

/**
 * Where a work item lives, with the asker's role there: a project (a {@link ReadableProject}), or
 * for a group work item (an epic) its group, with `project` null.
 */
export interface WorkItemContainer {
  project: ProjectRow | null;
  /** The project's namespace, or the group itself. */
  namespace: NamespaceRow;
  fullPath: string;
  level: number;
  markdown: MarkdownScope;
}

/** The group `id` as the container of its work items, if the asker may read it, else null. */
export function loadGroupContainer(ctx: GraphqlContext, id: number): Promise<WorkItemContainer | null> {
  return memo(ctx, `group-container:${id}`, async () => {
    const readable = await loadReadableNamespace(ctx, id);
    if (!readable || readable.namespace.type !== 'Group') return null;
    const { namespace, level } = readable;
    return {
      project: null,
      namespace,
      fullPath: namespace.full_path,
      level,
      markdown: {
        root: ctx.root,
        group: {
          id: namespace.id,
          fullPath: namespace.full_path,
          traversalIds: namespace.traversal_ids,
          visibilityLevel: namespace.visibility_level,
        },
      },
    };
  });
}

/** An issue row with its assignees (a work item). */
export type WorkItemRow = IssueRow & { assignee_ids: number[] };

/** A work item the asker may read, with where it lives. */
export interface ReadableWorkItem {
  issue: WorkItemRow;
  /** Its project, or its group for a group work item (`project.project` is then null). */
  project: WorkItemContainer;
}

/** Loads issues by id with their assignees (no access check). */
export function issuesQuery(db: Db) {
  return db
    .selectFrom('issues')
    .selectAll('issues')
    .select(
      sql<number[]>`ARRAY(SELECT user_id FROM issue_assignees WHERE issue_id = issues.id ORDER BY user_id)`.as(
        'assignee_ids',
      ),
    );
}

/**
 * Checks a loaded issue row against the asker's access (its project readable with issues on, or its
 * group readable; confidentiality).
 */
export async function readableWorkItem(ctx: GraphqlContext, issue: WorkItemRow): Promise<ReadableWorkItem | null> {
  const container =
    issue.project_id === null
      ? await loadGroupContainer(ctx, issue.namespace_id!)
      : await loadReadableProject(ctx, issue.project_id);
  if (!container || (container.project && !container.project.issues_enabled)) return null;
  // Confidential items: Reporter and above (inherited in groups), their author and assignees.
  if (!canReadIssue(ctx.user, container.level, issue)) return null;
  return { issue, project: container };
}

/** The work item (issue) `id` if the asker may read it, else null (those of one pass read together). */
export function loadWorkItem(ctx: GraphqlContext, id: number): Promise<ReadableWorkItem | null> {
  return memo(ctx, `issue:${id}`, async () => {
    const issue = await batchLoad(ctx, 'issue-row', id, async (ids) => {
      const rows = await issuesQuery(ctx.db).where('issues.id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row]));
    });
    return issue ? readableWorkItem(ctx, issue) : null;
  });
}

/**
 * The work items `rows` (read by another query, e.g. with their links), each checked as
 * {@link loadWorkItem} checks it and kept in the operation's memo, so asking for one of them
 * again reads nothing.
 */
export function readableWorkItems(
  ctx: GraphqlContext,
  rows: readonly WorkItemRow[],
): Promise<(ReadableWorkItem | null)[]> {
  return Promise.all(rows.map((row) => memo(ctx, `issue:${row.id}`, () => readableWorkItem(ctx, row))));
}
