/**
 * The server-side resolver of Markdown references (`forgekit/markdown`'s `resolveReferences`):
 * `@user` (or `@group`), `#1` issues, `!1` merge requests, `~label`, `%milestone`, each optionally
 * prefixed with a project path (`group/project#1`), looked up in the database.
 *
 * The HTML is rendered once when the text is written and shown to every reader of its project,
 * so only what every such reader may see is linked: the text's own project, or a project at least
 * as visible; confidential issues, and merge requests of private projects, stay plain text. Epics,
 * snippets, commits and work items stay text.
 */
import type { MarkdownReference, ResolvedReference } from 'forgekit/markdown';
import { sql, type SqlBool } from 'kysely';
import type { DbOrTx } from '../db/schema.ts';
import { VISIBILITY_LEVEL } from './access.ts';
import './issuableTables.ts';

/** Where a text lives: its project (or group) and the product's relative URL root. */
export interface MarkdownScope {
  /** `''` or e.g. `/forge`: links are relative to the host, so cached HTML suits every host. */
  root: string;
  project?: { id: number; fullPath: string; namespaceId: number; visibilityLevel: number };
  group?: { id: number; fullPath: string; traversalIds: number[]; visibilityLevel: number };
}

interface TargetProject {
  id: number;
  full_path: string;
  namespace_id: number;
  traversal_ids: number[];
  visibility_level: number;
  merge_requests_enabled: boolean;
}

/** May a reference from `scope` into `target` be linked for every reader of the text? */
function linkable(scope: MarkdownScope, target: TargetProject): boolean {
  if (scope.project?.id === target.id) return true;
  if (target.visibility_level === VISIBILITY_LEVEL.public) return true;
  const sourceLevel = scope.project?.visibilityLevel ?? scope.group?.visibilityLevel ?? VISIBILITY_LEVEL.public;
  return target.visibility_level === VISIBILITY_LEVEL.internal && sourceLevel !== VISIBILITY_LEVEL.public;
}

/** The full path a reference's project prefix names (`proj` is a sibling in the same namespace). */
function targetPath(scope: MarkdownScope, written: string | undefined): string | undefined {
  if (!written) return scope.project?.fullPath;
  if (written.includes('/')) return written;
  const base = scope.project?.fullPath ?? `${scope.group?.fullPath}/`;
  return `${base.slice(0, base.lastIndexOf('/'))}/${written}`;
}

async function loadProjects(db: DbOrTx, paths: string[]): Promise<Map<string, TargetProject>> {
  if (paths.length === 0) return new Map();
  const { rows } = await sql<TargetProject>`
    SELECT p.id, n.full_path || '/' || p.path AS full_path, p.namespace_id, n.traversal_ids, p.visibility_level,
      p.merge_requests_enabled
    FROM projects p JOIN namespaces n ON n.id = p.namespace_id
    WHERE lower(n.full_path || '/' || p.path) = ANY(${paths.map((path) => path.toLowerCase())}::text[])`.execute(db);
  return new Map(rows.map((row) => [row.full_path.toLowerCase(), row]));
}

/** Resolves one document's references (same order, `null` for what stays text). */
export async function resolveReferences(
  db: DbOrTx,
  scope: MarkdownScope,
  references: MarkdownReference[],
): Promise<(ResolvedReference | null)[]> {
  const projectPaths = new Set<string>();
  for (const reference of references) {
    const path = targetPath(scope, reference.project);
    if (path && reference.type !== 'user') projectPaths.add(path);
  }
  const projects = await loadProjects(db, [...projectPaths]);
  const projectOf = (reference: MarkdownReference) => {
    const path = targetPath(scope, reference.project);
    const project = path ? projects.get(path.toLowerCase()) : undefined;
    return project && linkable(scope, project) ? project : undefined;
  };
  const resolved = await Promise.all([
    resolveUsers(db, scope, references),
    resolveNumbered(db, scope, references, projectOf, 'issue'),
    resolveNumbered(db, scope, references, projectOf, 'merge_request'),
    resolveNamed(db, scope, references, projectOf, 'label'),
    resolveNamed(db, scope, references, projectOf, 'milestone'),
  ]);
  return references.map((_reference, index) => resolved.find((byIndex) => byIndex.has(index))?.get(index) ?? null);
}

type Resolved = Map<number, ResolvedReference>;
type ProjectOf = (reference: MarkdownReference) => TargetProject | undefined;

function indexesOf(references: MarkdownReference[], type: MarkdownReference['type']): number[] {
  return references.flatMap((reference, index) => (reference.type === type ? [index] : []));
}

async function resolveUsers(db: DbOrTx, scope: MarkdownScope, references: MarkdownReference[]): Promise<Resolved> {
  const indexes = indexesOf(references, 'user');
  const names = indexes.map((index) => references[index]!.name!.toLowerCase());
  const result: Resolved = new Map();
  if (names.length === 0) return result;
  const [users, groups] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'username', 'name'])
      .where(sql<string>`lower(username)`, 'in', names)
      .execute(),
    db
      .selectFrom('namespaces')
      .select(['id', 'full_path', 'name', 'visibility_level'])
      .where('type', '=', 'Group')
      .where(sql<string>`lower(full_path)`, 'in', names)
      .execute(),
  ]);
  const userByName = new Map(users.map((user) => [user.username.toLowerCase(), user]));
  const groupByPath = new Map(groups.map((group) => [group.full_path.toLowerCase(), group]));
  for (const index of indexes) {
    const name = references[index]!.name!.toLowerCase();
    const user = userByName.get(name);
    const group = groupByPath.get(name);
    if (user) result.set(index, { url: `${scope.root}/${user.username}`, title: user.name, id: user.id });
    else if (group && group.visibility_level === VISIBILITY_LEVEL.public)
      result.set(index, { url: `${scope.root}/${group.full_path}`, title: group.name, id: group.id, type: 'group' });
  }
  return result;
}

/** The tables and pages of `#1` issues and `!1` merge requests. */
const NUMBERED = {
  issue: { table: 'issues', page: 'issues' },
  merge_request: { table: 'merge_requests', page: 'merge_requests' },
} as const;

async function resolveNumbered(
  db: DbOrTx,
  scope: MarkdownScope,
  references: MarkdownReference[],
  projectOf: ProjectOf,
  type: keyof typeof NUMBERED,
): Promise<Resolved> {
  const wanted = indexesOf(references, type).flatMap((index) => {
    const project = projectOf(references[index]!);
    // Merge requests need the code readable: in a private project a Guest reader may not see them.
    const readable =
      type === 'issue' || (project?.merge_requests_enabled && project.visibility_level > VISIBILITY_LEVEL.private);
    return project && readable ? [{ index, project, iid: references[index]!.iid! }] : [];
  });
  const result: Resolved = new Map();
  if (wanted.length === 0) return result;
  const { table, page } = NUMBERED[type];
  const rows = await db
    .selectFrom(table)
    .select(['id', 'iid', 'project_id', 'title', 'state'])
    .$if(type === 'issue', (query) => query.where(sql<SqlBool>`confidential = false`))
    .where((eb) => eb.or(wanted.map((w) => eb.and([eb('project_id', '=', w.project.id), eb('iid', '=', w.iid)]))))
    .execute();
  for (const { index, project, iid } of wanted) {
    const row = rows.find((candidate) => candidate.project_id === project.id && candidate.iid === iid);
    if (!row) continue;
    result.set(index, {
      url: `${scope.root}/${project.full_path}/-/${page}/${row.iid}`,
      title: row.title,
      state: row.state,
      id: row.id,
      project: project.id,
    });
  }
  return result;
}

/** The group ids whose labels and milestones a project or group sees (itself and its ancestors). */
function ancestorGroupIds(scope: MarkdownScope, project: TargetProject | undefined): number[] {
  if (project) return project.traversal_ids;
  return scope.group?.traversalIds ?? [];
}

/** `~label` and `%milestone`: by title in the project (its own first) or its ancestor groups. */
async function resolveNamed(
  db: DbOrTx,
  scope: MarkdownScope,
  references: MarkdownReference[],
  projectOf: ProjectOf,
  type: 'label' | 'milestone',
): Promise<Resolved> {
  const result: Resolved = new Map();
  for (const index of indexesOf(references, type)) {
    const reference = references[index]!;
    const project = reference.project || scope.project ? projectOf(reference) : undefined;
    if (!project && (reference.project || !scope.group)) continue;
    const groupIds = ancestorGroupIds(scope, project);
    const table = type === 'label' ? 'labels' : 'milestones';
    const row = await db
      .selectFrom(table)
      .leftJoin('namespaces', 'namespaces.id', `${table}.group_id`)
      .select([
        `${table}.id`,
        `${table}.title`,
        `${table}.description`,
        `${table}.project_id`,
        'namespaces.full_path as group_path',
      ])
      .$if(type === 'label', (query) => query.select(sql<string>`labels.color`.as('color')))
      .$if(type === 'milestone', (query) => query.select(sql<number>`milestones.iid`.as('iid')))
      .where(`${table}.title`, '=', reference.name!)
      .where((eb) =>
        eb.or([
          ...(project ? [eb(`${table}.project_id`, '=', project.id)] : []),
          ...(groupIds.length ? [eb(`${table}.group_id`, 'in', groupIds)] : []),
        ]),
      )
      // A project's own label or milestone wins over a group's of the same name.
      .orderBy(sql`${sql.ref(`${table}.project_id`)} IS NULL`)
      .executeTakeFirst();
    if (!row) continue;
    if (type === 'label') {
      const base = project ? `${scope.root}/${project.full_path}` : `${scope.root}/groups/${scope.group!.fullPath}`;
      result.set(index, {
        url: `${base}/-/issues?label_name=${encodeURIComponent(row.title)}`,
        title: row.description ?? undefined,
        color: (row as { color?: string }).color,
        id: row.id,
        ...(project ? { project: project.id } : {}),
      });
    } else {
      const owner = row.project_id ? `${scope.root}/${project!.full_path}` : `${scope.root}/groups/${row.group_path}`;
      result.set(index, {
        url: `${owner}/-/milestones/${(row as { iid?: number }).iid}`,
        title: row.title,
        id: row.id,
      });
    }
  }
  return result;
}
