/**
 * The server-side resolver of Markdown references (`forgekit/markdown`'s `resolveReferences`):
 * `@user` (or `@group`), `#1` issues, `~label`, `%milestone`, each optionally prefixed with a
 * project path (`group/project#1`), looked up in the database in one batch per kind.
 *
 * The HTML is rendered once when the text is written and shown to every reader of its project,
 * so only what every such reader may see is linked: the text's own project, or a project at least
 * as visible; confidential issues stay plain text. Merge requests (`!1`), epics, snippets, commits
 * and work items stay text until their tables exist.
 */
import type { MarkdownReference, ResolvedReference } from 'forgekit/markdown';
import { sql } from 'kysely';
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
    SELECT p.id, n.full_path || '/' || p.path AS full_path, p.namespace_id, n.traversal_ids, p.visibility_level
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
  const [users, issues, labels, milestones] = await Promise.all([
    resolveUsers(db, scope, references),
    resolveIssues(db, scope, references, projectOf),
    resolveLabels(db, scope, references, projectOf),
    resolveMilestones(db, scope, references, projectOf),
  ]);
  return references.map(
    (_reference, index) => users.get(index) ?? issues.get(index) ?? labels.get(index) ?? milestones.get(index) ?? null,
  );
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

async function resolveIssues(
  db: DbOrTx,
  scope: MarkdownScope,
  references: MarkdownReference[],
  projectOf: ProjectOf,
): Promise<Resolved> {
  const wanted = indexesOf(references, 'issue').flatMap((index) => {
    const project = projectOf(references[index]!);
    return project ? [{ index, project, iid: references[index]!.iid! }] : [];
  });
  const result: Resolved = new Map();
  if (wanted.length === 0) return result;
  const rows = await db
    .selectFrom('issues')
    .select(['id', 'iid', 'project_id', 'title', 'state'])
    .where('confidential', '=', false)
    .where((eb) => eb.or(wanted.map((w) => eb.and([eb('project_id', '=', w.project.id), eb('iid', '=', w.iid)]))))
    .execute();
  for (const { index, project, iid } of wanted) {
    const issue = rows.find((row) => row.project_id === project.id && row.iid === iid);
    if (!issue) continue;
    result.set(index, {
      url: `${scope.root}/${project.full_path}/-/issues/${issue.iid}`,
      title: issue.title,
      state: issue.state,
      id: issue.id,
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

async function resolveLabels(
  db: DbOrTx,
  scope: MarkdownScope,
  references: MarkdownReference[],
  projectOf: ProjectOf,
): Promise<Resolved> {
  const result: Resolved = new Map();
  for (const index of indexesOf(references, 'label')) {
    const reference = references[index]!;
    const project = reference.project || scope.project ? projectOf(reference) : undefined;
    if (!project && (reference.project || !scope.group)) continue;
    const groupIds = ancestorGroupIds(scope, project);
    const label = await db
      .selectFrom('labels')
      .select(['id', 'title', 'color', 'description', 'project_id'])
      .where('title', '=', reference.name!)
      .where((eb) =>
        eb.or([
          ...(project ? [eb('project_id', '=', project.id)] : []),
          ...(groupIds.length ? [eb('group_id', 'in', groupIds)] : []),
        ]),
      )
      // A project's own label wins over a group's of the same name.
      .orderBy(sql`project_id IS NULL`)
      .executeTakeFirst();
    if (!label) continue;
    const base = project ? `${scope.root}/${project.full_path}` : `${scope.root}/groups/${scope.group!.fullPath}`;
    result.set(index, {
      url: `${base}/-/issues?label_name=${encodeURIComponent(label.title)}`,
      title: label.description ?? undefined,
      color: label.color,
      id: label.id,
      ...(project ? { project: project.id } : {}),
    });
  }
  return result;
}

async function resolveMilestones(
  db: DbOrTx,
  scope: MarkdownScope,
  references: MarkdownReference[],
  projectOf: ProjectOf,
): Promise<Resolved> {
  const result: Resolved = new Map();
  for (const index of indexesOf(references, 'milestone')) {
    const reference = references[index]!;
    const project = reference.project || scope.project ? projectOf(reference) : undefined;
    if (!project && (reference.project || !scope.group)) continue;
    const groupIds = ancestorGroupIds(scope, project);
    const milestone = await db
      .selectFrom('milestones')
      .leftJoin('namespaces', 'namespaces.id', 'milestones.group_id')
      .select(['milestones.id', 'milestones.iid', 'milestones.title', 'milestones.project_id', 'namespaces.full_path'])
      .where('milestones.title', '=', reference.name!)
      .where((eb) =>
        eb.or([
          ...(project ? [eb('milestones.project_id', '=', project.id)] : []),
          ...(groupIds.length ? [eb('milestones.group_id', 'in', groupIds)] : []),
        ]),
      )
      .orderBy(sql`milestones.project_id IS NULL`)
      .executeTakeFirst();
    if (!milestone) continue;
    const url = milestone.project_id
      ? `${scope.root}/${project!.full_path}/-/milestones/${milestone.iid}`
      : `${scope.root}/groups/${milestone.full_path}/-/milestones/${milestone.iid}`;
    result.set(index, { url, title: milestone.title, id: milestone.id });
  }
  return result;
}
