/**
 * The page configuration: what the server renders into the page for the browser code to read.
 *
 * A GitLab page carries it in `<meta name="csrf-token">`, `<meta name="action-cable-url">`,
 * `window.gon` (relative root, API version, current user, features, emoji version) and
 * `window.gl.startup_calls` / `window.gl.startup_graphql_calls` (requests the page started before
 * its scripts loaded). Everything is read lazily, on the first call (the CSRF token on every read),
 * never at import time. On the server, or in a test, `configurePage()` supplies the values instead.
 */

/** A request the page started before its scripts loaded (`window.gl.startup_calls[url]`). */
export interface StartupCall {
  /** The pending response. */
  fetchCall: Promise<Response>;
}

/** A GraphQL request the page started early (`window.gl.startup_graphql_calls[i]`). */
export interface StartupGraphqlCall {
  /** The operation's printed query text. */
  query: string;
  /** The variables it was sent with; the prefetched result is used only when they are equal. */
  variables: Record<string, unknown>;
  /** The pending response. */
  fetchCall: Promise<Response>;
}

/** Everything the browser code reads from the page. */
export interface PageConfig {
  /** The CSRF token sent as `X-CSRF-Token` on every request, if the page has one. */
  csrfToken: string | undefined;
  /** The product's path prefix, without a trailing slash: `''` or `'/forge'`. */
  relativeUrlRoot: string;
  /** The product's own origin (`gon.gitlab_url`), if the page names it: its absolute URLs count as same-site. */
  gitlabUrl: string | undefined;
  /** The REST API version in `/api/{version}`. @default 'v4' */
  apiVersion: string;
  /** The signed-in user's id; `undefined` for an anonymous visitor. */
  currentUserId: number | undefined;
  /** The realtime (ActionCable) endpoint. @default `{relativeUrlRoot}/cable` */
  actionCableUrl: string;
  /** Feature flags the server enabled for this page (camelCase names). */
  features: Readonly<Record<string, boolean>>;
  /** The emoji data version in `/-/emojis/{version}/emojis.json`. @default 3 */
  emojiVersion: number;
  /** The product version, sent as a header when known. */
  version: string | undefined;
  /** The page's feature category, sent as `X-GitLab-Feature-Category` when known. */
  featureCategory: string | undefined;
  /** Prefetched REST requests by URL. */
  startupCalls: Readonly<Record<string, StartupCall>>;
  /** Prefetched GraphQL requests. */
  startupGraphqlCalls: readonly StartupGraphqlCall[];
}

/** The REST API version when the page says none. */
export const DEFAULT_API_VERSION = 'v4';
/** The emoji data version of the product. */
export const DEFAULT_EMOJI_VERSION = 3;

/** What `window.gon` holds, as GitLab names it (only the fields this library reads). */
interface Gon {
  relative_url_root?: string;
  gitlab_url?: string;
  api_version?: string;
  current_user_id?: number | string | null;
  features?: Record<string, boolean>;
  emoji_version?: number | string;
  version?: string;
  feature_category?: string;
}

interface GlobalPage {
  gon?: Gon;
  gl?: { startup_calls?: Record<string, StartupCall>; startup_graphql_calls?: StartupGraphqlCall[] };
}

let overrides: Partial<PageConfig> | undefined;
let cached: PageConfig | undefined;

/**
 * Sets the page configuration explicitly (server rendering, tests, a page without `gon`). The
 * given values win over what the document holds; call `resetPageConfig()` to go back to reading it.
 */
export function configurePage(config: Partial<PageConfig>): void {
  overrides = { ...overrides, ...config };
  cached = undefined;
}

/** Forgets explicit values and the cached reading (the next call reads the page again). */
export function resetPageConfig(): void {
  overrides = undefined;
  cached = undefined;
}

/** The page configuration, read once from the document (or from `configurePage`). */
export function getPageConfig(): PageConfig {
  cached ??= readPageConfig(overrides ?? {});
  return cached;
}

function readPageConfig(given: Partial<PageConfig>): PageConfig {
  const page: GlobalPage = typeof window === 'undefined' ? {} : (window as unknown as GlobalPage);
  const gon = page.gon ?? {};
  const relativeUrlRoot = stripTrailingSlash(given.relativeUrlRoot ?? gon.relative_url_root ?? '');
  const userId = given.currentUserId ?? toNumber(gon.current_user_id);
  return {
    // Read on every access: a page may swap its token (a new session) without reloading.
    get csrfToken() {
      return given.csrfToken ?? readMeta('csrf-token');
    },
    relativeUrlRoot,
    gitlabUrl: given.gitlabUrl ?? gon.gitlab_url,
    apiVersion: given.apiVersion ?? gon.api_version ?? DEFAULT_API_VERSION,
    currentUserId: userId,
    actionCableUrl: given.actionCableUrl ?? readMeta('action-cable-url') ?? `${relativeUrlRoot}/cable`,
    features: given.features ?? gon.features ?? {},
    emojiVersion: given.emojiVersion ?? toNumber(gon.emoji_version) ?? DEFAULT_EMOJI_VERSION,
    version: given.version ?? gon.version,
    featureCategory: given.featureCategory ?? gon.feature_category,
    startupCalls: given.startupCalls ?? page.gl?.startup_calls ?? {},
    startupGraphqlCalls: given.startupGraphqlCalls ?? page.gl?.startup_graphql_calls ?? [],
  };
}

/** Whether a user is signed in (the page names a current user). */
export function isSignedIn(config: PageConfig = getPageConfig()): boolean {
  return config.currentUserId !== undefined;
}

/** `path` under the relative root: `withRelativeRoot('/api/v4/user')` → `/forge/api/v4/user`. */
export function withRelativeRoot(path: string, config: PageConfig = getPageConfig()): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(path) || path.startsWith('//')) return path;
  const root = config.relativeUrlRoot;
  if (root && (path === root || path.startsWith(`${root}/`))) return path;
  return `${root}${path.startsWith('/') ? '' : '/'}${path}`;
}

function readMeta(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}

function toNumber(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function stripTrailingSlash(path: string): string {
  return path.endsWith('/') ? path.replace(/\/+$/, '') : path;
}
