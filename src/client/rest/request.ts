/**
 * The product's one REST client, built on `fetch` (spec section 7, "Common"): every request gets
 * the relative-root prefix, `X-CSRF-Token`, `X-Requested-With: XMLHttpRequest`, the `XSRF-TOKEN`
 * cookie back as `X-XSRF-TOKEN` (same-origin requests only), same-origin credentials and the
 * version and feature-category headers when the page names them. Startup calls, the captcha
 * retry and the silent failures of spec sections 4 and 8 are built in.
 */
import { getCookie } from '../../utils/storage';
import { getPageConfig, withRelativeRoot, type PageConfig } from '../config';
import {
  CAPTCHA_METHODS,
  CAPTCHA_RESPONSE_HEADER,
  NO_CAPTCHA_SOLVER_MESSAGE,
  SPAM_LOG_ID_HEADER,
  getCaptchaSolver,
  isCaptchaChallenge,
  type CaptchaSolver,
} from './captcha';
import { HttpError, NO_FETCHER_MESSAGE } from './errors';
import {
  DEFAULT_CREDENTIALS,
  REQUEST_HEADERS,
  isBrowserOffline,
  isLeavingPage,
  productRequestHeaders,
  watchPageExit,
} from '../transport';
import { readStartupCall, takeStartupCall } from './startupCalls';

/** The cookie whose value goes back as `X-XSRF-TOKEN`. */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
/** `Accept` of every request, as axios sent it. */
export const DEFAULT_ACCEPT = 'application/json, text/plain, */*';

/** Stands for the API version in a path (`/api/:version/users`), as in GitLab's `api.js`. */
export const API_VERSION_PLACEHOLDER = ':version';
/** Raised for a relative URL where there is no page to resolve it against. */
export const NO_BASE_URL_MESSAGE = 'forgekit/client: no page to resolve a relative URL against (pass baseUrl):';

const API_PREFIX = `/api/${API_VERSION_PLACEHOLDER}/`;
const JSON_CONTENT_TYPE = 'application/json';
// Statuses that never carry a body.
const NO_CONTENT_STATUSES: readonly number[] = [204, 205, 304];

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A query parameter: arrays are sent Rails-style (`ids[]=1&ids[]=2`), null and undefined are left out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type QueryParams = Readonly<Record<string, QueryValue>>;

/** How to read the response body. `auto` parses what is JSON and keeps other text as it is (axios' default). */
export type ResponseType = 'auto' | 'json' | 'text' | 'blob';

export interface RestRequestOptions {
  /** Query parameters, appended to the URL's own. */
  params?: QueryParams;
  /**
   * The body: `FormData`, `URLSearchParams`, `Blob` and strings are sent as they are; anything
   * else as JSON with `Content-Type: application/json`.
   */
  body?: unknown;
  /** Extra headers; they win over the defaults. */
  headers?: Readonly<Record<string, string>>;
  /** Aborts the request. */
  signal?: AbortSignal;
  /** How to read the body. @default 'auto' */
  responseType?: ResponseType;
  /**
   * Leave the promise pending, silently, when the request is aborted (spec section 8: "Aborted
   * requests are left pending silently when a flag is set"). @default false
   */
  keepPendingOnAbort?: boolean;
}

/** A successful (2xx) response. */
export interface RestResponse<T = unknown> {
  /** The parsed body: JSON, text, a Blob, or null when empty. */
  data: T;
  status: number;
  statusText: string;
  headers: Headers;
  /** The URL requested (after redirects). */
  url: string;
  /** The server's `X-Request-Id`, used as the correlation id. */
  correlationId: string | undefined;
  /** Whether GitLab answered from its cache (`x-gitlab-from-cache: true`). */
  isFromCache: boolean;
}

export interface RestClientOptions {
  /** The fetch to send with. @default globalThis.fetch, looked up per request */
  fetch?: typeof globalThis.fetch;
  /** Origin that relative URLs resolve against, for Node and server rendering (`http://127.0.0.1:3000`). */
  baseUrl?: string;
  /** The page configuration. @default getPageConfig */
  pageConfig?: () => PageConfig;
  /** Solves captchas for this client. @default the solver set with setCaptchaSolver */
  captchaSolver?: CaptchaSolver;
}

/** The REST client: `request` plus one shorthand per method, in axios' argument order. */
export interface RestClient {
  request<T = unknown>(method: HttpMethod, url: string, options?: RestRequestOptions): Promise<RestResponse<T>>;
  get<T = unknown>(url: string, options?: RestRequestOptions): Promise<RestResponse<T>>;
  head(url: string, options?: RestRequestOptions): Promise<RestResponse<null>>;
  delete<T = unknown>(url: string, options?: RestRequestOptions): Promise<RestResponse<T>>;
  post<T = unknown>(url: string, body?: unknown, options?: RestRequestOptions): Promise<RestResponse<T>>;
  put<T = unknown>(url: string, body?: unknown, options?: RestRequestOptions): Promise<RestResponse<T>>;
  patch<T = unknown>(url: string, body?: unknown, options?: RestRequestOptions): Promise<RestResponse<T>>;
  /** The page configuration this client sends with (read now). */
  pageConfig(): PageConfig;
}

/** A promise that never settles: the caller's handlers are not called at all. */
const pendingForever = <T>() => new Promise<T>(() => undefined);

/** `params` as a query string: Rails-style arrays, null and undefined left out. */
export function serializeParams(params: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(`${key}[]`, String(item));
    else search.append(key, String(value));
  }
  return search.toString();
}

function appendQuery(url: string, query: string): string {
  if (!query) return url;
  const hashAt = url.indexOf('#');
  const [base, hash] = hashAt === -1 ? [url, ''] : [url.slice(0, hashAt), url.slice(hashAt)];
  return `${base}${base.includes('?') ? '&' : '?'}${query}${hash}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    // Every supported runtime (browsers, Node 20) has these globals.
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

function pageOrigin(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.origin;
}

/** Reads a body the way `responseType` says; empty bodies are null. */
async function readBody(response: Response, method: HttpMethod, responseType: ResponseType): Promise<unknown> {
  if (method === 'HEAD' || NO_CONTENT_STATUSES.includes(response.status)) return null;
  if (responseType === 'blob') return response.blob();
  const text = await response.text();
  if (responseType === 'text') return text;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // `auto` keeps a body that is not JSON as text, whatever its type says (as axios did).
    if (responseType === 'json') throw error;
    return text;
  }
}

function toRestResponse<T>(response: Response, data: unknown): RestResponse<T> {
  return {
    data: data as T,
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    url: response.url,
    correlationId: response.headers.get(REQUEST_HEADERS.requestId) ?? undefined,
    isFromCache: response.headers.get(REQUEST_HEADERS.fromCache) === 'true',
  };
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * Creates a REST client. The page configuration is read on each request (lazily, never at
 * creation), so one client serves a page whose configuration is set later.
 */
export function createRestClient(clientOptions: RestClientOptions = {}): RestClient {
  const readConfig = clientOptions.pageConfig ?? getPageConfig;

  /** The origins whose URLs count as this page's (for the XSRF cookie and startup calls). */
  function ownOrigins(config: PageConfig): string[] {
    const origins = [pageOrigin(), clientOptions.baseUrl, config.gitlabUrl].flatMap((url) => {
      if (!url) return [];
      try {
        return [new URL(url).origin];
      } catch {
        return [];
      }
    });
    return [...new Set(origins)];
  }

  function buildHeaders(
    method: HttpMethod,
    url: URL,
    config: PageConfig,
    options: RestRequestOptions,
  ): Record<string, string> {
    const headers: Record<string, string> = { Accept: DEFAULT_ACCEPT, ...productRequestHeaders(config) };
    // Like axios: the XSRF cookie goes only to the page's own origin.
    const xsrf = url.origin === pageOrigin() ? getCookie(XSRF_COOKIE_NAME) : undefined;
    if (xsrf) headers[REQUEST_HEADERS.xsrfToken] = xsrf;
    if (options.body !== undefined && !isRawBody(options.body) && method !== 'GET' && method !== 'HEAD') {
      headers['Content-Type'] = JSON_CONTENT_TYPE;
    }
    // The caller's headers win, whatever their case.
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
      headers[name] = value;
    }
    return headers;
  }

  async function send<T>(method: HttpMethod, url: string, options: RestRequestOptions): Promise<RestResponse<T>> {
    const config = readConfig();
    const versioned = url.startsWith(API_PREFIX) ? url.replace(API_VERSION_PLACEHOLDER, config.apiVersion) : url;
    const path = appendQuery(withRelativeRoot(versioned, config), serializeParams(options.params));
    const origins = ownOrigins(config);
    const responseType = options.responseType ?? 'auto';

    if (method === 'GET') {
      const call = takeStartupCall(config.startupCalls, path, origins);
      const prefetched = call && (await readStartupCall(call, path));
      if (prefetched) return toRestResponse<T>(prefetched.response, prefetched.data);
    }

    const fetcher = clientOptions.fetch ?? globalThis.fetch;
    if (typeof fetcher !== 'function') throw new Error(NO_FETCHER_MESSAGE);
    const base = clientOptions.baseUrl ?? pageOrigin();
    if (!URL.canParse(path, base)) throw new TypeError(`${NO_BASE_URL_MESSAGE} ${path}`);
    const target = new URL(path, base);
    const { body } = options;
    watchPageExit();
    // Spec sections 4 and 8: network errors while offline or leaving, and aborts when asked, never settle.
    const fail = (error: unknown): Promise<never> =>
      (
        isAbort(error)
          ? options.keepPendingOnAbort
          : error instanceof TypeError && (isBrowserOffline() || isLeavingPage())
      )
        ? pendingForever()
        : Promise.reject(error);
    let response: Response;
    try {
      // A relative path stays relative for the browser's fetch (it resolves it the same way).
      response = await fetcher(clientOptions.baseUrl ? target.href : path, {
        method,
        credentials: DEFAULT_CREDENTIALS,
        headers: buildHeaders(method, target, config, options),
        body: body === undefined ? undefined : isRawBody(body) ? body : JSON.stringify(body),
        signal: options.signal,
      });
    } catch (error) {
      return fail(error);
    }
    let data: unknown;
    try {
      data = await readBody(response, method, responseType);
    } catch (error) {
      return fail(error);
    }
    if (!response.ok) throw new HttpError(response.status, data, response.headers);
    return toRestResponse<T>(response, data);
  }

  async function request<T>(
    method: HttpMethod,
    url: string,
    options: RestRequestOptions = {},
  ): Promise<RestResponse<T>> {
    try {
      return await send<T>(method, url, options);
    } catch (error) {
      if (!(error instanceof HttpError) || !CAPTCHA_METHODS.includes(method) || !isCaptchaChallenge(error.body)) {
        throw error;
      }
      const solver = clientOptions.captchaSolver ?? getCaptchaSolver();
      if (!solver) throw new Error(NO_CAPTCHA_SOLVER_MESSAGE, { cause: error });
      const challenge = error.body;
      const captchaResponse = await solver({
        siteKey: challenge.captcha_site_key,
        spamLogId: challenge.spam_log_id,
        signal: options.signal,
      });
      // Repeated once: a second refusal reaches the caller.
      return send<T>(method, url, {
        ...options,
        headers: {
          ...options.headers,
          [CAPTCHA_RESPONSE_HEADER]: captchaResponse,
          [SPAM_LOG_ID_HEADER]: String(challenge.spam_log_id),
        },
      });
    }
  }

  return {
    request,
    get: (url, options) => request('GET', url, options),
    head: (url, options) => request<null>('HEAD', url, options),
    delete: (url, options) => request('DELETE', url, options),
    post: (url, body, options) => request('POST', url, { ...options, body }),
    put: (url, body, options) => request('PUT', url, { ...options, body }),
    patch: (url, body, options) => request('PATCH', url, { ...options, body }),
    pageConfig: readConfig,
  };
}

/** The default client: the page's configuration, the global fetch, the registered captcha solver. */
export const restClient: RestClient = createRestClient();
