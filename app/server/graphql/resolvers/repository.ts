/**
 * A project's repository as GitLab's GraphQL serves it: `Project.repository`, its `tree(path, ref)`
 * and `paginatedTree` with the tree's `lastCommit` (GitLab's `pathLastCommit` query), and
 * `commit(ref)`. A commit's `author` is the user whose e-mail authored it (GitLab's
 * `Commit#author`): the e-mails of one operation are looked up together, in one query, and the
 * commits `commit(ref)` names in one pass are read with one `git log`.
 */
import { createHash } from 'node:crypto';
import { readSettings } from '../../api/v4/application.ts';
import { BRANCH_PREFIX, normalizeFilePath, SHORT_SHA_LENGTH, TAG_PREFIX, type Repository } from '../../domain/git.ts';
import { canReadCode } from '../../domain/gitPermissions.ts';
import { lastCommitOf, readCommits, type GitCommit } from '../../domain/gitObjects.ts';
import { renderGfm, renderSingleLine } from '../../domain/markdown.ts';
import type { UserRow } from '../../domain/users.ts';
import { arrayConnection, type ConnectionArgs } from '../connections.ts';
import { memo, type GraphqlContext, type ReadableProject } from '../context.ts';
import { batchLoad } from '../loaders.ts';
import { toGlobalId } from '../ids.ts';

/** GitLab's default Gravatar URL (`gitlab.yml` `gravatar.plain_url`). */
export const GRAVATAR_URL = 'https://www.gravatar.com/avatar/%{hash}?s=%{size}&d=identicon';
/** The size `Commit.authorGravatar` asks for (`GravatarService.new.execute(author_email, 40)`)... */
export const AUTHOR_GRAVATAR_SIZE = 40;
/** ...times GravatarService's default scale (sharp on high-density screens). */
export const GRAVATAR_SCALE = 2;

/** GitLab's `RefType` values and the refs they qualify a name with. */
const REF_TYPE_PREFIXES = { HEADS: BRANCH_PREFIX, TAGS: TAG_PREFIX } as const;

/** A full commit sha (GitLab reads a 40-hex ref as a commit id). */
const FULL_SHA = /^[0-9a-f]{40}$/i;

/** A readable project's repository. */
export interface RepositoryParent {
  readable: ReadableProject;
  repository: Repository;
}

/** A tree: where `lastCommit` looks. */
interface TreeParent extends RepositoryParent {
  /** The commit the tree is read at. */
  sha: string;
  /** `''` for the root. */
  path: string;
}

/** A commit and the project it was read from. */
export interface CommitParent {
  readable: ReadableProject;
  commit: GitCommit;
}

/** GitLab's `GravatarService`: the avatar URL of an e-mail, or null when Gravatar is off. */
export async function gravatarUrl(ctx: GraphqlContext, email: string): Promise<string | null> {
  const settings = await memo(ctx, 'application-settings', () => readSettings(ctx.db));
  const identifier = email.trim().toLowerCase();
  if (!settings.gravatar_enabled || !identifier) return null;
  const hash = createHash('sha256').update(identifier).digest('hex');
  return GRAVATAR_URL.replace('%{hash}', hash).replace('%{size}', String(AUTHOR_GRAVATAR_SIZE * GRAVATAR_SCALE));
}

/** The user whose e-mail is `email` (the e-mails asked for in one pass are read together). */
async function userByEmail(ctx: GraphqlContext, email: string): Promise<UserRow | null> {
  const user = await batchLoad(ctx, 'user-by-email', email.toLowerCase(), async (emails) => {
    const rows = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.fn<string>('lower', ['email']), 'in', emails)
      .execute();
    return new Map(rows.map((row) => [row.email.toLowerCase(), row]));
  });
  return user ?? null;
}

/** The commit `sha` (full), read with the other commits of the pass, or null when there is none. */
async function commitBySha(parent: RepositoryParent, ctx: GraphqlContext, sha: string): Promise<GitCommit | null> {
  const { readable, repository } = parent;
  const commit = await batchLoad(ctx, `git-commit:${readable.project.id}`, sha.toLowerCase(), (shas) =>
    readCommits(repository, shas),
  );
  return commit ?? null;
}

/** The arguments that pick a tree. */
interface TreeArgs {
  path?: string | null;
  ref?: string | null;
  refType?: keyof typeof REF_TYPE_PREFIXES | null;
}

/** The tree at `ref` (the default branch when none) below `path`, or null when the ref names no commit. */
async function treeAt(parent: RepositoryParent, args: TreeArgs): Promise<TreeParent | null> {
  const ref = args.ref || parent.readable.project.default_branch;
  // A `refType` names the branch or the tag of that name (GitLab's `qualify_ref`).
  const qualified = ref && args.refType ? `${REF_TYPE_PREFIXES[args.refType]}${ref}` : ref;
  const sha = qualified ? await parent.repository.resolveCommit(qualified) : null;
  if (!sha) return null;
  // GitLab's root is `''` or `/`; anything else must be a repository path.
  const trimmed = (args.path ?? '').replace(/^\/+|\/+$/g, '');
  const path = trimmed ? normalizeFilePath(trimmed) : '';
  return path === null ? null : { ...parent, sha, path };
}

/** The first line of a commit message (GitLab's `full_title`). */
function fullTitle(commit: GitCommit): string {
  return commit.message.split(/[\r\n]/, 1)[0] ?? '';
}

/** What follows the first line (GitLab's `description`), or null when nothing does. */
function description(commit: GitCommit): string | null {
  const rest = commit.message.split('\n').slice(1).join('\n').replace(/\n$/, '');
  return rest.trim() ? rest : null;
}

const commitPath = (parent: CommitParent) => `${parent.readable.fullPath}/-/commit/${parent.commit.id}`;

/** Resolvers of `Project.repository`, `Repository`, `Tree` and `Commit`. */
export const repositoryResolvers = {
  Project: {
    /** GitLab's `Repository` is authorized with `read_code`: null for who may not read it. */
    async repository(p: ReadableProject, _: unknown, ctx: GraphqlContext): Promise<RepositoryParent | null> {
      if (!ctx.repositories || !canReadCode(p.level, p.project)) return null;
      const { repositories } = ctx;
      const repository = await memo(ctx, `repository:${p.project.id}`, () =>
        repositories.open(p.project.id, p.project.default_branch),
      );
      return { readable: p, repository };
    },
  },

  Repository: {
    rootRef: (parent: RepositoryParent) => parent.readable.project.default_branch,
    empty: async (parent: RepositoryParent) => parent.repository.isEmpty(),
    exists: () => true,
    tree: (parent: RepositoryParent, args: TreeArgs) => treeAt(parent, args),
    async paginatedTree(parent: RepositoryParent, args: ConnectionArgs & TreeArgs) {
      const tree = await treeAt(parent, args);
      return arrayConnection(tree ? [tree] : [], args);
    },
    async commit(parent: RepositoryParent, args: { ref: string }, ctx: GraphqlContext): Promise<CommitParent | null> {
      const sha = FULL_SHA.test(args.ref) ? args.ref : await parent.repository.resolveCommit(args.ref);
      const commit = sha ? await commitBySha(parent, ctx, sha) : null;
      return commit ? { readable: parent.readable, commit } : null;
    },
  },

  Tree: {
    async lastCommit(tree: TreeParent): Promise<CommitParent | null> {
      const commit = await lastCommitOf(tree.repository, tree.sha, tree.path);
      return commit ? { readable: tree.readable, commit } : null;
    },
  },

  Commit: {
    id: (parent: CommitParent) => toGlobalId('Commit', parent.commit.id),
    sha: (parent: CommitParent) => parent.commit.id,
    shortId: (parent: CommitParent) => parent.commit.id.slice(0, SHORT_SHA_LENGTH),
    parentSha: (parent: CommitParent) => parent.commit.parentIds[0] ?? null,
    title: (parent: CommitParent) => fullTitle(parent.commit),
    fullTitle: (parent: CommitParent) => fullTitle(parent.commit),
    titleHtml: (parent: CommitParent, _: unknown, ctx: GraphqlContext) =>
      renderSingleLine(ctx.db, fullTitle(parent.commit), parent.readable.markdown),
    description: (parent: CommitParent) => description(parent.commit),
    descriptionHtml(parent: CommitParent, _: unknown, ctx: GraphqlContext) {
      const text = description(parent.commit);
      return text === null ? null : renderGfm(ctx.db, text, parent.readable.markdown);
    },
    message: (parent: CommitParent) => parent.commit.message,
    authoredDate: (parent: CommitParent) => parent.commit.authoredDate,
    committedDate: (parent: CommitParent) => parent.commit.committedDate,
    webUrl: (parent: CommitParent, _: unknown, ctx: GraphqlContext) => `${ctx.baseUrl}/${commitPath(parent)}`,
    webPath: (parent: CommitParent, _: unknown, ctx: GraphqlContext) => `${ctx.root}/${commitPath(parent)}`,
    author: (parent: CommitParent, _: unknown, ctx: GraphqlContext) => userByEmail(ctx, parent.commit.authorEmail),
    authorEmail: (parent: CommitParent) => parent.commit.authorEmail,
    authorGravatar: (parent: CommitParent, _: unknown, ctx: GraphqlContext) =>
      gravatarUrl(ctx, parent.commit.authorEmail),
    authorName: (parent: CommitParent) => parent.commit.authorName,
    committerEmail: (parent: CommitParent) => parent.commit.committerEmail,
    committerName: (parent: CommitParent) => parent.commit.committerName,
  },
};
