/**
 * A project's repository through its life: created with the project (optionally with a
 * README commit, as `initialize_with_readme` asks), its default branch set and protected on the
 * first push (GitLab's default protection: Maintainers push and merge), removed with it.
 */
import type { DbOrTx } from '../db/schema.ts';
import type { ProjectRow } from './projects.ts';
import { DEFAULT_BRANCH, type Repository, type RepositoryStore } from './git.ts';
import { writeCommit, type CommitAuthor } from './gitCommits.ts';
import { PROTECTED_ACCESS_LEVEL } from './gitPermissions.ts';
import './gitTables.ts';

/** The message of the README commit of a new project (GitLab's). */
export const INITIAL_COMMIT_MESSAGE = 'Initial commit';

/** The project's repository (created on first use for projects that have none yet). */
export function projectRepository(store: RepositoryStore, project: ProjectRow): Promise<Repository> {
  return store.open(project.id, project.default_branch);
}

/**
 * After a push created `branch` in `project`: the first branch becomes the default branch
 * (`HEAD` and `projects.default_branch`) and is protected. Returns the project as it now is.
 */
export async function afterBranchCreated(
  db: DbOrTx,
  repository: Repository,
  project: ProjectRow,
  branch: string,
): Promise<ProjectRow> {
  if (project.default_branch && (await repository.refSha(`refs/heads/${project.default_branch}`))) return project;
  await repository.setHead(branch);
  await db
    .insertInto('protected_branches')
    .values({
      project_id: project.id,
      name: branch,
      push_access_level: PROTECTED_ACCESS_LEVEL.MAINTAINER,
      merge_access_level: PROTECTED_ACCESS_LEVEL.MAINTAINER,
    })
    .onConflict((oc) => oc.columns(['project_id', 'name']).doNothing())
    .execute();
  return db
    .updateTable('projects')
    .set({ default_branch: branch })
    .where('id', '=', project.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Creates a new project's repository; with `withReadme`, a first commit adds `README.md`. */
export async function createProjectRepository(
  db: DbOrTx,
  store: RepositoryStore,
  project: ProjectRow,
  options: { author: CommitAuthor; withReadme?: boolean },
): Promise<ProjectRow> {
  const branch = project.default_branch ?? DEFAULT_BRANCH;
  const repository = await store.create(project.id, branch);
  if (!options.withReadme) return project;
  const readme = `# ${project.name}\n${project.description ? `\n${project.description}\n` : ''}`;
  await writeCommit(repository, {
    branch,
    parent: null,
    createsBranch: true,
    message: INITIAL_COMMIT_MESSAGE,
    author: options.author,
    actions: [{ action: 'create', file_path: 'README.md', content: readme }],
  });
  return afterBranchCreated(db, repository, { ...project, default_branch: null }, branch);
}

/** Removes a deleted project's repository. */
export function removeProjectRepository(store: RepositoryStore, projectId: number): Promise<void> {
  return store.remove(projectId);
}
