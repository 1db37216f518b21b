/** Projects: creation with GitLab's rules, lookup by id or full path. */
import { sql, type Selectable } from 'kysely';
import { isId, type DbOrTx, type ProjectsTable } from '../db/schema.ts';
import { ACCESS_LEVEL, VISIBILITY_LEVEL, visibilityName, type Visibility } from './access.ts';
import { BLANK, TAKEN, ValidationError, isUniqueViolation } from './errors.ts';
import type { NamespaceRow } from './groups.ts';
import { assertValidPath, pathFromName } from './paths.ts';
import { groupAccessLevel } from './permissions.ts';
import { inTransaction } from './transaction.ts';

/** A project row. */
export type ProjectRow = Selectable<ProjectsTable>;

/** What `createProject` needs. */
export interface NewProject {
  name?: string;
  path?: string;
  namespace: NamespaceRow;
  creatorId: number;
  visibility?: Visibility;
  description?: string;
  defaultBranch?: string;
  topics?: string[];
}

/** Throws when a project would be more visible than its namespace (GitLab's rule). */
export function assertVisibilityAllowed(visibilityLevel: number, namespace: NamespaceRow): void {
  if (namespace.type === 'Group' && visibilityLevel > namespace.visibility_level) {
    throw new ValidationError({
      visibility_level: [
        `${visibilityName(visibilityLevel)} is not allowed in a ${visibilityName(namespace.visibility_level)} group.`,
      ],
    });
  }
}

/**
 * Creates a project. In a personal namespace its owner becomes an Owner member; in a group, a
 * creator below Maintainer there becomes the project's Maintainer.
 */
export async function createProject(db: DbOrTx, input: NewProject): Promise<ProjectRow> {
  const name = input.name?.trim() || input.path;
  if (!name) throw new ValidationError({ name: [BLANK] });
  const path = input.path ?? pathFromName(name);
  assertValidPath(path);
  const visibilityLevel = VISIBILITY_LEVEL[input.visibility ?? 'private'];
  assertVisibilityAllowed(visibilityLevel, input.namespace);
  try {
    return await inTransaction(db, async (trx) => {
      const project = await trx
        .insertInto('projects')
        .values({
          name,
          path,
          namespace_id: input.namespace.id,
          creator_id: input.creatorId,
          description: input.description ?? '',
          visibility_level: visibilityLevel,
          default_branch: input.defaultBranch ?? null,
          topics: input.topics ?? [],
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (input.namespace.type === 'User' && input.namespace.owner_id) {
        // GitLab makes a personal project's owner its Owner member.
        await trx
          .insertInto('members')
          .values({
            source_type: 'Project',
            source_id: project.id,
            user_id: input.namespace.owner_id,
            access_level: ACCESS_LEVEL.OWNER,
            created_by_id: input.creatorId,
          })
          .execute();
      } else if (input.namespace.type === 'Group') {
        const creator = { id: input.creatorId, admin: false, external: false };
        if ((await groupAccessLevel(trx, creator, input.namespace)) < ACCESS_LEVEL.MAINTAINER) {
          await trx
            .insertInto('members')
            .values({
              source_type: 'Project',
              source_id: project.id,
              user_id: input.creatorId,
              access_level: ACCESS_LEVEL.MAINTAINER,
              created_by_id: input.creatorId,
            })
            .execute();
        }
      }
      return project;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ path: [TAKEN], name: [TAKEN] });
    throw error;
  }
}

/**
 * The query that finds a project by numeric id or full path `group/sub/project`
 * (case-insensitive), joined with its namespace; `undefined` when `idOrPath` can name none.
 */
export function findProjectQuery(db: DbOrTx, idOrPath: string | number) {
  const query = db
    .selectFrom('projects')
    .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
    .selectAll('projects');
  if (/^\d+$/.test(String(idOrPath))) {
    return isId(idOrPath) ? query.where('projects.id', '=', Number(idOrPath)) : undefined;
  }
  if (typeof idOrPath === 'number') return undefined;
  const slash = idOrPath.lastIndexOf('/');
  if (slash <= 0) return undefined;
  return query
    .where(sql`lower(namespaces.full_path)`, '=', idOrPath.slice(0, slash).toLowerCase())
    .where(sql`lower(projects.path)`, '=', idOrPath.slice(slash + 1).toLowerCase());
}

/** Finds a project by numeric id or full path `group/sub/project` (case-insensitive). */
export async function findProject(db: DbOrTx, idOrPath: string | number): Promise<ProjectRow | undefined> {
  return findProjectQuery(db, idOrPath)?.executeTakeFirst();
}
