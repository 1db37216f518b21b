/**
 * Cookies and Web Storage in one place, safe on the server (no `document` or storage: reads give
 * `undefined`, writes do nothing) and in locked-down browsers (storage that throws, full quota).
 */

/** Cookie lifetime when none is given (spec section 9: cookie default expiry 365 days). */
export const COOKIE_DEFAULT_EXPIRY_DAYS = 365;
const DAY_MS = 86_400_000;

export interface CookieOptions {
  /** When the cookie expires: a date, or a number of days from now. @default 365 days */
  expires?: Date | number;
  /** @default '/' */
  path?: string;
  /** `SameSite` attribute. @default 'Lax' */
  sameSite?: 'Lax' | 'Strict' | 'None';
  /** Adds `Secure`; defaults to true on https pages. */
  secure?: boolean;
}

const hasDocument = () => typeof document !== 'undefined';

/** The value of cookie `name`, decoded, or `undefined`. */
export function getCookie(name: string): string | undefined {
  if (!hasDocument()) return undefined;
  const prefix = `${encodeURIComponent(name)}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  if (entry === undefined) return undefined;
  try {
    return decodeURIComponent(entry.slice(prefix.length));
  } catch {
    return entry.slice(prefix.length);
  }
}

/** Sets cookie `name` to `value` (both encoded), by default for 365 days on the whole site. */
export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (!hasDocument()) return;
  const { expires = COOKIE_DEFAULT_EXPIRY_DAYS, path = '/', sameSite = 'Lax' } = options;
  const date = typeof expires === 'number' ? new Date(Date.now() + expires * DAY_MS) : expires;
  const secure = options.secure ?? (typeof location !== 'undefined' && location.protocol === 'https:');
  document.cookie = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    Number.isNaN(date.getTime()) ? '' : `expires=${date.toUTCString()}`,
    `path=${path}`,
    `SameSite=${sameSite}`,
    secure ? 'Secure' : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** Removes cookie `name` (on `path`, default `/`). */
export function removeCookie(name: string, path = '/'): void {
  setCookie(name, '', { expires: new Date(0), path });
}

export type StorageKind = 'local' | 'session';

function storage(kind: StorageKind): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined; // access itself throws when storage is disabled
  }
}

/** The JSON value stored under `key`, or `undefined` when absent, unreadable or not JSON. */
export function readStorage<T>(kind: StorageKind, key: string): T | undefined {
  try {
    const raw = storage(kind)?.getItem(key);
    return raw == null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

/** Stores `value` as JSON under `key`; returns false when storage is unavailable or full. */
export function writeStorage(kind: StorageKind, key: string, value: unknown): boolean {
  try {
    const store = storage(kind);
    if (!store) return false;
    store.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // quota exceeded or storage disabled: the caller works on without it
  }
}

/** Removes `key`; never throws. */
export function removeStorage(kind: StorageKind, key: string): void {
  try {
    storage(kind)?.removeItem(key);
  } catch {
    // storage disabled: nothing to remove
  }
}
