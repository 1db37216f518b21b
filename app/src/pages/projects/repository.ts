/**
 * What the repository pages share: the project of the URL, GitLab's `{ref}/{path}` splat split
 * into its ref and path, the pages' URLs and texts, and the last commit of a path.
 */
import type { CommitRowData } from 'forgekit';
import { api, getPageConfig, HttpError, type Commit, type Project, type RestClient } from 'forgekit/client';
import { data, type LoaderFunctionArgs } from 'react-router';
import { graphqlQuery } from '../../graphql.ts';
import { clientFor, getOrNull, type RequestContext } from '../../page.ts';
import { projectPathOf } from '../../routing.ts';
import { projectPath } from '../../layout/urls.ts';

const NOT_FOUND = 404;

/** The repository pages' texts. */
export const REPOSITORY_TEXT = {
  files: 'Files',
  lastCommit: 'Last commit',
  history: 'History',
  blame: 'Blame',
  authoredBy: 'authored by',
  commits: 'Commits',
  commit: 'Commit',
  parents: (count: number) => (count === 1 ? 'Parent' : 'Parents'),
  changedFiles: (count: number) => `${count} changed ${count === 1 ? 'file' : 'files'}`,
  noCommits: 'No commits yet.',
  branches: 'Branches',
  tags: 'Tags',
  noTags: 'Repository has no tags yet.',
} as const;

/** Page size of the repository lists (spec section 9: "Default page size 20"). */
export { DEFAULT_PER_PAGE } from 'forgekit/client';
/** Largest page the REST API gives (GitLab's `per_page` maximum). */
export const MAX_PER_PAGE = 100;

/** Throws the 404 page. */
export function notFound(): never {
  throw data(null, { status: NOT_FOUND });
}

/** What `request` answers, or `null` for a 404 (not there, or not visible to this visitor). */
export async function nullOn404<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof HttpError && error.status === NOT_FOUND) return null;
    throw error;
  }
}

/** The project of a repository page's URL, or the 404 page. */
export async function loadProject(args: LoaderFunctionArgs): Promise<Project> {
  const project = await getOrNull<Project>(clientFor(args), api`/projects/${projectPathOf(args.params)}`);
  return project ?? notFound();
}

/** A ref (branch, tag or sha) and the path under it. */
export interface RefPath {
  ref: string;
  path: string;
}

/** The names of the branches and tags containing `text` (GitLab's list search). */
async function refNamesLike(client: RestClient, project: Project, text: string): Promise<string[]> {
  const params = { search: text, per_page: MAX_PER_PAGE };
  const [branches, tags] = await Promise.all([
    client.get<{ name: string }[]>(api`/projects/${project.id}/repository/branches`, { params }),
    client.get<{ name: string }[]>(api`/projects/${project.id}/repository/tags`, { params }),
  ]);
  return [...branches.data, ...tags.data].map((ref) => ref.name);
}

/**
 * Splits GitLab's `{ref}/{path}` (`feature/login/src/app.ts`): the longest branch or tag name
 * that the splat starts with (at a `/`) is the ref; failing that, the first segment if it names a
 * commit (a sha). Asking the lists rather than trying each prefix keeps a page from requesting
 * refs that are not there. `null` when there is no ref; the default branch for an empty splat.
 */
export async function splitRefPath(client: RestClient, project: Project, splat: string): Promise<RefPath | null> {
  const parts = splat.split('/').filter(Boolean);
  if (!parts.length) return project.default_branch ? { ref: project.default_branch, path: '' } : null;
  const joined = parts.join('/');
  const names = await refNamesLike(client, project, parts[0]!);
  const ref = names
    .filter((name) => joined === name || joined.startsWith(`${name}/`))
    .reduce<string | undefined>((longest, name) => (name.length > (longest?.length ?? 0) ? name : longest), undefined);
  if (ref) return { ref, path: joined.slice(ref.length + 1) };
  const commit = await getOrNull<Commit>(client, api`/projects/${project.id}/repository/commits/${parts[0]!}`);
  return commit ? { ref: parts[0]!, path: parts.slice(1).join('/') } : null;
}

/** `a/b c` as a URL path: each segment encoded, the slashes kept (GitLab's repository URLs). */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** The product paths of a project's repository pages (pass them to `useUrl()`). */
export const repositoryPaths = {
  tree: (project: Project, ref: string, path = '') =>
    projectPath(project.path_with_namespace, `-/tree/${encodePath([ref, path].filter(Boolean).join('/'))}`),
  blob: (project: Project, ref: string, path: string) =>
    projectPath(project.path_with_namespace, `-/blob/${encodePath(`${ref}/${path}`)}`),
  blame: (project: Project, ref: string, path: string) =>
    projectPath(project.path_with_namespace, `-/blame/${encodePath(`${ref}/${path}`)}`),
  raw: (project: Project, ref: string, path: string) =>
    projectPath(project.path_with_namespace, `-/raw/${encodePath(`${ref}/${path}`)}`),
  commits: (project: Project, ref: string) => projectPath(project.path_with_namespace, `-/commits/${encodePath(ref)}`),
  commit: (project: Project, sha: string) => projectPath(project.path_with_namespace, `-/commit/${sha}`),
  branches: (project: Project) => projectPath(project.path_with_namespace, '-/branches'),
  newBranch: (project: Project) => projectPath(project.path_with_namespace, '-/branches/new'),
  tags: (project: Project) => projectPath(project.path_with_namespace, '-/tags'),
  /** The last commit of each entry of a directory (GitLab's `logs_tree`, one request for all). */
  logsTree: (project: Project, ref: string, path = '') =>
    projectPath(project.path_with_namespace, `-/refs/${encodePath(ref)}/logs_tree/${encodePath(path)}`),
};

/** Files shown as Markdown (GitLab's markup extensions for Markdown). */
export const MARKDOWN_EXTENSIONS = ['md', 'markdown', 'mkd', 'mkdn', 'mdown'] as const;

/** Whether a repository file is rendered as Markdown. */
export function isMarkdownFile(path: string): boolean {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return path.includes('.') && (MARKDOWN_EXTENSIONS as readonly string[]).includes(extension);
}

/**
 * A repository Markdown file as sanitised HTML, its relative links pointing into the repository
 * at `ref`. The renderer loads only when a page has Markdown to show (it is large).
 */
export async function renderRepositoryMarkdown(
  args: Pick<LoaderFunctionArgs, 'context'>,
  project: Project,
  text: string,
  location: { ref: string; path: string },
): Promise<string> {
  const { renderMarkdown } = await import('forgekit/markdown');
  const root = (args.context as RequestContext | undefined)?.relativeUrlRoot ?? getPageConfig().relativeUrlRoot;
  return renderMarkdown(text, { location: { project: project.path_with_namespace, root, ...location } });
}

/** Rendered repository Markdown files kept (least recently used out first). */
export const RENDERED_MARKDOWN_CACHE_ENTRIES = 100;

/** Rendered Markdown by where it renders and the content's identity. */
const renderedMarkdown = new Map<string, Promise<string>>();

/**
 * `renderRepositoryMarkdown`, rendered once per content and place: a README on the overview or a
 * Markdown file in the file view took 20-400 ms per view. `contentId` names the content (a blob's
 * SHA-256; the text itself by default). A blob's content never changes under its hash and the
 * rendering is pure, so nothing is ever invalidated: entries only age out, and at most
 * `RENDERED_MARKDOWN_CACHE_ENTRIES` are kept.
 */
export function renderRepositoryMarkdownCached(
  args: Pick<LoaderFunctionArgs, 'context'>,
  project: Project,
  text: string,
  location: { ref: string; path: string },
  contentId: string = text,
): Promise<string> {
  const root = (args.context as RequestContext | undefined)?.relativeUrlRoot ?? getPageConfig().relativeUrlRoot;
  // Relative links point into the repository at that ref and path, below the relative root.
  const key = [root, project.path_with_namespace, location.ref, location.path, contentId].join('\0');
  let html = renderedMarkdown.get(key);
  if (html) renderedMarkdown.delete(key);
  else html = renderRepositoryMarkdown(args, project, text, location);
  renderedMarkdown.set(key, html);
  if (renderedMarkdown.size > RENDERED_MARKDOWN_CACHE_ENTRIES)
    renderedMarkdown.delete(renderedMarkdown.keys().next().value!);
  // A failed render is not kept.
  html.catch(() => renderedMarkdown.delete(key));
  return html;
}

/** A commit author who is a user, as GraphQL's `Commit.author` gives it. */
export interface GqlCommitUser {
  id: string;
  username: string;
  avatarUrl: string | null;
  webPath: string;
}

/**
 * Who authored a commit, as GraphQL gives it: `author` is the user whose e-mail authored it (GitLab's
 * `Commit#author`), or null; then GitLab shows the author's name with `authorGravatar`.
 */
export interface GqlCommitAuthor {
  authorName: string | null;
  authorGravatar: string | null;
  author: GqlCommitUser | null;
}

/** The last commit of a path, as the pages show it. */
export interface GqlLastCommit extends GqlCommitAuthor {
  sha: string;
  title: string | null;
  authoredDate: string | null;
}

const COMMIT_AUTHOR_FRAGMENT = `fragment CommitAuthor on Commit {
  authorName
  authorGravatar
  author {
    id
    username
    avatarUrl
    webPath
  }
}`;

/**
 * GitLab's `pathLastCommit` (its repository browser's header; without the signature and the
 * pipelines, which this schema has no types for): the last commit of `path` at `ref`, with its author.
 */
export const PATH_LAST_COMMIT = `query pathLastCommit($projectPath: ID!, $path: String, $ref: String!, $refType: RefType) {
  project(fullPath: $projectPath) {
    id
    repository {
      paginatedTree(path: $path, ref: $ref, refType: $refType) {
        nodes {
          lastCommit {
            id
            sha
            title
            authoredDate
            ...CommitAuthor
          }
        }
      }
    }
  }
}
${COMMIT_AUTHOR_FRAGMENT}`;

/** The newest commit at `ref` that touched `path` (the whole tree for `''`), with its author. */
export async function lastCommitOf(
  client: RestClient,
  project: Project,
  ref: string,
  path: string,
): Promise<GqlLastCommit | null> {
  const result = await graphqlQuery<{
    project: { repository: { paginatedTree: { nodes: { lastCommit: GqlLastCommit | null }[] } | null } | null } | null;
  }>(client, PATH_LAST_COMMIT, { projectPath: project.path_with_namespace, path, ref });
  return result.project?.repository?.paginatedTree?.nodes[0]?.lastCommit ?? null;
}

/**
 * The query for the authors of `count` commits: `commit(ref:)` of the project's repository once
 * per commit, aliased `c0`, `c1`... with the shas as `$ref0`, `$ref1`...
 */
export function commitAuthorsQuery(count: number): string {
  const indices = Array.from({ length: count }, (_, index) => index);
  return `query commitAuthors($projectPath: ID!${indices.map((i) => `, $ref${i}: String!`).join('')}) {
  project(fullPath: $projectPath) {
    repository {
${indices.map((i) => `      c${i}: commit(ref: $ref${i}) { authorEmail ...CommitAuthor }`).join('\n')}
    }
  }
}
${COMMIT_AUTHOR_FRAGMENT}`;
}

/** A commit's authors by its lower-cased author e-mail. */
export type CommitAuthors = Record<string, GqlCommitAuthor>;

/**
 * The authors of `commits` in one GraphQL request (GitLab renders them server-side from
 * `commit.author`): one commit per distinct author e-mail is enough, as the author is found by e-mail.
 */
export async function loadCommitAuthors(
  client: RestClient,
  project: Project,
  commits: readonly Pick<Commit, 'id' | 'author_email'>[],
): Promise<CommitAuthors> {
  const byEmail = new Map(commits.map((commit) => [commit.author_email.toLowerCase(), commit.id]));
  if (!byEmail.size) return {};
  const shas = [...byEmail.values()];
  const result = await graphqlQuery<{
    project: { repository: Record<string, (GqlCommitAuthor & { authorEmail: string }) | null> | null } | null;
  }>(client, commitAuthorsQuery(shas.length), {
    projectPath: project.path_with_namespace,
    ...Object.fromEntries(shas.map((sha, index) => [`ref${index}`, sha])),
  });
  const found = Object.values(result.project?.repository ?? {}).filter((commit) => commit !== null);
  return Object.fromEntries(found.map(({ authorEmail, ...author }) => [authorEmail.toLowerCase(), author] as const));
}

/** The database id of a user's global ID (`gid://gitlab/User/7` is 7). */
export function userIdOf(user: GqlCommitUser): number {
  return Number(user.id.slice(user.id.lastIndexOf('/') + 1));
}

/** A commit as the library's CommitRow shows it. */
interface ShownCommit {
  id: string;
  title: string;
  authorName: string;
  authoredDate: string;
}

/** The avatar GitLab shows for a commit's author: the user's when the e-mail is theirs, else the e-mail's gravatar. */
export function commitAuthorAvatar(author: GqlCommitAuthor | undefined): string | null {
  return author?.author ? author.author.avatarUrl : (author?.authorGravatar ?? null);
}

/** A commit's row: a known author as a user link with their avatar, else the name and the gravatar. */
function rowData(
  url: (path: string) => string,
  project: Project,
  commit: ShownCommit,
  author: GqlCommitAuthor | undefined,
): CommitRowData {
  const user = author?.author;
  return {
    id: commit.id,
    title: commit.title,
    href: url(repositoryPaths.commit(project, commit.id)),
    authorName: commit.authorName,
    authoredDate: commit.authoredDate,
    authorAvatarUrl: commitAuthorAvatar(author),
    ...(user && { authorHref: user.webPath, authorId: userIdOf(user), authorUsername: user.username }),
  };
}

/** A REST commit as the library's CommitRow and CommitList show it, with its author from `authors`. */
export function commitRowData(
  url: (path: string) => string,
  project: Project,
  commit: Pick<Commit, 'id' | 'title' | 'author_name' | 'author_email' | 'authored_date'>,
  authors: CommitAuthors = {},
): CommitRowData {
  const shown = {
    id: commit.id,
    title: commit.title,
    authorName: commit.author_name,
    authoredDate: commit.authored_date,
  };
  return rowData(url, project, shown, authors[commit.author_email.toLowerCase()]);
}

/** GraphQL's last commit of a path as the library's CommitRow shows it. */
export function lastCommitRowData(
  url: (path: string) => string,
  project: Project,
  commit: GqlLastCommit,
): CommitRowData {
  const shown = {
    id: commit.sha,
    title: commit.title ?? '',
    authorName: commit.authorName ?? '',
    authoredDate: commit.authoredDate ?? '',
  };
  return rowData(url, project, shown, commit);
}
