/**
 * A cache of the in-process API's repository answers for the page loaders. A repository read
 * (a directory listing, a file, its blame, a commit, the commits of a ref, `logs_tree`, the branch and tag lists)
 * only changes when a ref moves, so its answer is kept under a fingerprint of the repository's refs
 * (HEAD, packed-refs and every loose ref, read from the bare repository's files: no git process).
 * Any push, new branch or tag, deletion or default-branch change gives a new fingerprint, and the
 * next page asks git again. The branch and tag lists also show branch protections and releases
 * (database rows): those rows' state is part of their key.
 *
 * The key also holds who asks (the user, the host their URLs are built from) and the project as
 * that visitor saw it in the same page render (visibility, their access level): a page's project
 * request is never cached, so a visitor who lost access gets the 404 of the project first, and
 * answers are only reused for a project the visitor just read with the same result.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RepositoryStore } from '../domain/git.ts';

/** Answers kept at most (least recently used out first). */
export const REPOSITORY_CACHE_ENTRIES = 500;
/** Bytes of answers kept at most. */
export const REPOSITORY_CACHE_BYTES = 32 * 1024 * 1024;

const API_PROJECT = /^\/api\/v4\/projects\/([^/?]+)$/;
/**
 * Repository reads that depend on the refs only: directory listings, commit lists, one commit by its
 * SHA, a file (raw, or GitLab's JSON with its content and SHAs) and its blame.
 */
const API_REPOSITORY_READ =
  /^\/api\/v4\/projects\/(\d+)\/repository\/(?:tree|commits|commits\/[0-9a-f]{40}|files\/[^/]+(?:\/raw|\/blame)?)$/;
/** Reads that also show branch protections and releases. */
const API_REF_LIST = /^\/api\/v4\/projects\/(\d+)\/repository\/(?:branches|tags)$/;
/** GitLab's `/{project path}/-/refs/{ref}/logs_tree/{dir}` (the path without the relative root). */
const LOGS_TREE = /^\/(.+?)\/-\/refs\/.+\/logs_tree(?:\/|$)/;

/** A cached answer. */
interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** What a page render learnt about the projects its loaders read. */
interface SeenProject {
  id: number;
  /** The project's JSON as this visitor got it (their access, the visibility). */
  seenAs: string;
}

/** The fingerprint of a bare repository's refs: HEAD, packed-refs and every loose ref, by content. */
export async function refsFingerprint(repositoryPath: string): Promise<string> {
  const parts: string[] = [];
  const read = (file: string) => readFile(join(repositoryPath, file), 'utf8').catch(() => '');
  parts.push(`HEAD ${await read('HEAD')}`, `packed ${await read('packed-refs')}`);
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(join(repositoryPath, dir), { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) await walk(path);
      else parts.push(`${path} ${await read(path)}`);
    }
  };
  await walk('refs');
  return parts.join('\n');
}

/** Each server's cache, by its repository store (the page routes' plugin sees the same store). */
const caches = new WeakMap<RepositoryStore, RepositoryCache>();

/** The cache of the server whose repositories are `store` (`undefined` before its page routes start). */
export function repositoryCacheOf(store: RepositoryStore): RepositoryCache | undefined {
  return caches.get(store);
}

/** The cache: one per server, shared by every page render. */
export class RepositoryCache {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;
  /** Answers served from the cache and answers asked of the API, since the server started. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly app: FastifyInstance) {
    caches.set(app.repositories, this);
  }

  /** The number of answers kept. */
  get size(): number {
    return this.entries.size;
  }

  /** A scope for one page render: it reads each project's fingerprint once. */
  scope(visitor: string): RepositoryCacheScope {
    return new RepositoryCacheScope(this, this.app, visitor);
  }

  get(key: string): CachedResponse | undefined {
    const found = this.entries.get(key);
    if (found) this.stats.hits++;
    else this.stats.misses++;
    if (found) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(key: string, value: CachedResponse): void {
    if (value.body.length > REPOSITORY_CACHE_BYTES) return;
    const old = this.entries.get(key);
    if (old) this.bytes -= old.body.length;
    this.entries.delete(key);
    this.entries.set(key, value);
    this.bytes += value.body.length;
    while (this.entries.size > REPOSITORY_CACHE_ENTRIES || this.bytes > REPOSITORY_CACHE_BYTES) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.bytes -= oldest.body.length;
    }
  }
}

/** One page render's view of the cache: the projects it read and their fingerprints. */
export class RepositoryCacheScope {
  private readonly projects = new Map<string, SeenProject>();
  private readonly fingerprints = new Map<number, Promise<string>>();

  constructor(
    private readonly cache: RepositoryCache,
    private readonly app: FastifyInstance,
    /** Who asks: the user (or anonymous) and the host the API builds URLs from. */
    private readonly visitor: string,
  ) {}

  /** Notes a project answer (GET /projects/:id or :path) the render's loaders received. */
  observe(path: string, status: number, body: Buffer): void {
    const match = API_PROJECT.exec(path);
    if (!match || status !== 200) return;
    const project = JSON.parse(body.toString('utf8')) as { id: number; path_with_namespace: string };
    const seen = { id: project.id, seenAs: body.toString('utf8') };
    this.projects.set(String(project.id), seen);
    this.projects.set(project.path_with_namespace, seen);
  }

  /** The cache key of a GET, or `null` when the answer is not cached. */
  async keyOf(path: string, search: string): Promise<string | null> {
    const api = API_REPOSITORY_READ.exec(path) ?? API_REF_LIST.exec(path);
    const idOrPath = api?.[1] ?? LOGS_TREE.exec(path)?.[1];
    const project = idOrPath === undefined ? undefined : this.projects.get(decodeURIComponent(idOrPath));
    if (!project) return null;
    let fingerprint = this.fingerprints.get(project.id);
    if (!fingerprint) {
      fingerprint = refsFingerprint(this.app.repositories.pathOf(project.id));
      this.fingerprints.set(project.id, fingerprint);
    }
    const rows = API_REF_LIST.test(path) ? await this.refListRows(project.id) : '';
    return [this.visitor, project.seenAs, await fingerprint, rows, path, search].join('\0');
  }

  /** The database rows the branch and tag lists show beside the refs. */
  private async refListRows(projectId: number): Promise<string> {
    const [protections, releases] = await Promise.all([
      this.app.db.selectFrom('protected_branches').selectAll().where('project_id', '=', projectId).execute(),
      this.app.db.selectFrom('releases').selectAll().where('project_id', '=', projectId).execute(),
    ]);
    return JSON.stringify([protections, releases]);
  }

  get(key: string): CachedResponse | undefined {
    return this.cache.get(key);
  }

  set(key: string, value: CachedResponse): void {
    this.cache.set(key, value);
  }
}
