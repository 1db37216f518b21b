/**
 * Startup calls (spec section 7): the page starts some REST requests before its scripts load
 * (`window.gl.startup_calls`, keyed by URL). The first request whose URL matches one, query
 * parameters compared sorted, is answered from it and not sent again. A failed startup call (not
 * ok, a network error, no data) logs a warning and the request goes to the network (spec section 8).
 */
import type { StartupCall } from '../config';

/** Logged when a startup call cannot be used; the URL follows. */
export const STARTUP_CALL_FAILED_MESSAGE = 'forgekit/client: the startup call failed, requesting it again:';

// Parses relative keys; its origin marks "no origin given".
const PLACEHOLDER_ORIGIN = 'http://startup-call.invalid';

// Each startup call answers once, whichever client asks.
const used = new WeakSet<StartupCall>();

/**
 * The comparable form of a URL: path plus alphabetically sorted query, without the origin when
 * it is one of `ownOrigins` (or none). `undefined` for another site's URL.
 */
export function startupCallKey(url: string, ownOrigins: readonly string[] = []): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, PLACEHOLDER_ORIGIN);
  } catch {
    return undefined;
  }
  if (parsed.origin !== PLACEHOLDER_ORIGIN && !ownOrigins.includes(parsed.origin)) return undefined;
  parsed.searchParams.sort();
  return `${parsed.pathname}${parsed.search}`;
}

/** Takes the unused startup call for `url`, if the page has one (it is then used up). */
export function takeStartupCall(
  calls: Readonly<Record<string, StartupCall>>,
  url: string,
  ownOrigins: readonly string[],
): StartupCall | undefined {
  const wanted = startupCallKey(url, ownOrigins);
  if (wanted === undefined) return undefined;
  for (const [key, call] of Object.entries(calls)) {
    if (used.has(call) || startupCallKey(key, ownOrigins) !== wanted) continue;
    used.add(call);
    return call;
  }
  return undefined;
}

/** What a usable startup call gives: its response and parsed data. */
export interface StartupCallResult {
  response: Response;
  data: unknown;
}

/**
 * Waits for a startup call; `undefined` (after a warning) when it failed, was not ok or has no
 * data, so that the caller sends the request itself.
 */
export async function readStartupCall(call: StartupCall, url: string): Promise<StartupCallResult | undefined> {
  try {
    const response = await call.fetchCall;
    if (!response.ok) throw new Error(`status ${response.status}`);
    // A clone: the page may read the same response too.
    const data: unknown = await response.clone().json();
    if (data === null || data === undefined) throw new Error('no data');
    return { response, data };
  } catch (error) {
    console.warn(STARTUP_CALL_FAILED_MESSAGE, url, error);
    return undefined;
  }
}
