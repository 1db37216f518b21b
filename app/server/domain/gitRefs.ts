/**
 * Creating and deleting branches and tags, each one `update-ref` (or `tag -a` for annotated
 * tags) against the ref's old value, and matching branch names against protection patterns
 * (`release/*`).
 */
import { BRANCH_PREFIX, NULL_SHA, TAG_PREFIX, type Repository } from './git.ts';
import type { CommitAuthor } from './gitCommits.ts';

/** Creates `branch` at `sha`; false when it already exists. */
export async function createBranch(repository: Repository, branch: string, sha: string): Promise<boolean> {
  if (await repository.refSha(`${BRANCH_PREFIX}${branch}`)) return false;
  await repository.updateRef(`${BRANCH_PREFIX}${branch}`, sha, NULL_SHA);
  return true;
}

/** Deletes a branch or tag ref if it still points at `oldSha`. */
export async function deleteRef(repository: Repository, ref: string): Promise<boolean> {
  const old = await repository.refSha(ref);
  if (!old) return false;
  await repository.deleteRef(ref, old);
  return true;
}

/** Creates tag `name` on `sha`: annotated (by `tagger`) when there is a message. */
export async function createTag(
  repository: Repository,
  input: { name: string; sha: string; message?: string; tagger: CommitAuthor },
): Promise<boolean> {
  const ref = `${TAG_PREFIX}${input.name}`;
  if (await repository.refSha(ref)) return false;
  if (!input.message) {
    await repository.updateRef(ref, input.sha, NULL_SHA);
    return true;
  }
  await repository.run(['tag', '-a', '-F', '-', '--end-of-options', input.name, input.sha], {
    input: input.message,
    env: { GIT_COMMITTER_NAME: input.tagger.name, GIT_COMMITTER_EMAIL: input.tagger.email },
  });
  return true;
}

/** True when a protection pattern (`main`, `release/*`) covers `branch`; `*` matches any text. */
export function matchesBranchPattern(pattern: string, branch: string): boolean {
  if (!pattern.includes('*')) return pattern === branch;
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(branch);
}
