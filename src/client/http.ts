/**
 * The product's HTTP basics (spec section 7): every call carries the CSRF token and
 * `X-Requested-With: XMLHttpRequest`, with same-origin credentials. The full REST and GraphQL
 * clients build on this; components reach it through adapters with this as the default.
 */

/** Raised for a response outside 2xx: 'Request failed with status code {n}' (spec section 8). */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Request failed with status code ${status}`);
  }
}

/** The CSRF token the page was rendered with (`<meta name="csrf-token">`), if any. */
export function csrfToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content || undefined;
}

export interface RequestOptions {
  /** JSON body; sent with `Content-Type: application/json`. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The fetch to use (tests, server rendering). @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

/** Sends a JSON request the way the product does and resolves with the parsed reply (or null). */
export async function requestJson<T = unknown>(method: string, url: string, options: RequestOptions = {}): Promise<T> {
  const fetcher = options.fetch ?? globalThis.fetch;
  if (typeof fetcher !== 'function') throw new Error('No fetcher available: pass `fetch` in the request options.');
  const token = csrfToken();
  const response = await fetcher(url, {
    method,
    credentials: 'same-origin',
    signal: options.signal,
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...(token ? { 'X-CSRF-Token': token } : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) throw new HttpError(response.status, data);
  return data as T;
}

/** POST a JSON body. */
export function postJson<T = unknown>(url: string, body: unknown, options: Omit<RequestOptions, 'body'> = {}) {
  return requestJson<T>('POST', url, { ...options, body });
}
