import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COOKIE_DEFAULT_EXPIRY_DAYS,
  getCookie,
  readStorage,
  removeCookie,
  removeStorage,
  setCookie,
  writeStorage,
} from '../src/utils/storage';

afterEach(() => {
  document.cookie.split('; ').forEach((c) => removeCookie(decodeURIComponent(c.split('=')[0] ?? '')));
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('cookies', () => {
  it('round-trips encoded names and values', () => {
    setCookie('hide_broadcast_message_7', 'true');
    setCookie('odd name', 'a;b=c');
    expect(getCookie('hide_broadcast_message_7')).toBe('true');
    expect(getCookie('odd name')).toBe('a;b=c');
    expect(getCookie('missing')).toBeUndefined();
  });

  it('expires after 365 days by default, or at the given date', () => {
    const writes: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => void writes.push(v));
    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 0, 1));
    setCookie('a', '1');
    setCookie('b', '1', { expires: new Date(Date.UTC(2026, 5, 30)) });
    expect(COOKIE_DEFAULT_EXPIRY_DAYS).toBe(365);
    expect(writes[0]).toContain(`expires=${new Date(Date.UTC(2027, 0, 1)).toUTCString()}`);
    expect(writes[1]).toContain('expires=Tue, 30 Jun 2026 00:00:00 GMT');
    expect(writes[0]).toContain('path=/');
  });

  it('removes a cookie', () => {
    setCookie('x', '1');
    removeCookie('x');
    expect(getCookie('x')).toBeUndefined();
  });
});

describe('web storage', () => {
  it('stores and reads JSON in local and session storage', () => {
    expect(writeStorage('session', 'alerts', [{ id: 1 }])).toBe(true);
    expect(readStorage('session', 'alerts')).toEqual([{ id: 1 }]);
    expect(readStorage('local', 'alerts')).toBeUndefined();
    removeStorage('session', 'alerts');
    expect(readStorage('session', 'alerts')).toBeUndefined();
  });

  it('reads unparsable values as absent', () => {
    localStorage.setItem('k', '{not json');
    expect(readStorage('local', 'k')).toBeUndefined();
  });

  it('reports a full quota instead of throwing', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(writeStorage('local', 'k', 'v')).toBe(false);
  });
});
