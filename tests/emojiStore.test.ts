import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CUSTOM_EMOJI_QUERY,
  EMOJI_MAP_UNINITIALISED_MESSAGE,
  EMOJI_STORAGE_KEY,
  EMOJI_VERSION,
  FALLBACK_EMOJI_NAME,
  emojiFallbackImageSrc,
  getAllEmoji,
  getEmojiCategoryMap,
  getEmojiInfo,
  initEmojiMap,
  isEmojiLoading,
  isEmojiNameValid,
  normalizeEmojiName,
  resetEmojiMap,
  searchEmoji,
  subscribeEmojiLoading,
  type CustomEmojiFetcher,
  type CustomEmojiQueryData,
  type EmojiRecord,
} from '../src/emoji';

const RECORDS: EmojiRecord[] = [
  { n: 'thumbsup', e: '👍', d: 'thumbs up', c: 'people', u: '6.0' },
  { n: 'thumbsdown', e: '👎', d: 'thumbs down', c: 'people', u: '6.0' },
  { n: 'slight_smile', e: '🙂', d: 'slightly smiling face', c: 'people', u: '8.0' },
  { n: 'grey_question', e: '❔', d: 'white question mark', c: 'symbols', u: '6.0' },
  { n: 'trombone', e: '🪊', d: 'trombone', c: 'activity', u: '17.0' },
];
const ALIASES = { '+1': 'thumbsup', '-1': 'thumbsdown', slightly_smiling_face: 'slight_smile' };

const loadAliases = async () => ALIASES;
const fetchEmojis = () => vi.fn(async () => structuredClone(RECORDS));

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const page = (names: string[], endCursor: string | null, hasNextPage: boolean): CustomEmojiQueryData => ({
  group: {
    id: 'gid://gitlab/Group/1',
    customEmoji: {
      pageInfo: { hasNextPage, endCursor },
      nodes: names.map((name) => ({
        id: `gid://gitlab/CustomEmoji/${name}`,
        name,
        url: `https://cdn.test/${name}.png`,
      })),
    },
  },
});

beforeEach(() => {
  resetEmojiMap();
  localStorage.clear();
  delete document.body.dataset.groupFullPath;
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('before initialisation', () => {
  it('throws a clear error from getEmojiInfo, isEmojiNameValid and searchEmoji (spec section 8)', () => {
    expect(() => getEmojiInfo('thumbsup')).toThrow(EMOJI_MAP_UNINITIALISED_MESSAGE);
    expect(() => isEmojiNameValid('thumbsup')).toThrow(EMOJI_MAP_UNINITIALISED_MESSAGE);
    expect(() => searchEmoji('thumb')).toThrow(EMOJI_MAP_UNINITIALISED_MESSAGE);
    expect(() => getAllEmoji()).toThrow(Error);
    expect(EMOJI_MAP_UNINITIALISED_MESSAGE).toBe('The emoji map is uninitialized or initialization has not completed');
  });

  it('still throws while the first load is under way', async () => {
    const data = deferred<EmojiRecord[]>();
    const ready = initEmojiMap({ fetchEmojis: () => data.promise, loadAliases, groupPath: null });
    expect(() => getEmojiInfo('thumbsup')).toThrow(EMOJI_MAP_UNINITIALISED_MESSAGE);
    data.resolve(RECORDS);
    await ready;
    expect(getEmojiInfo('thumbsup').e).toBe('👍');
  });
});

describe('loading once', () => {
  it('gives concurrent callers the same promise and fetches once', async () => {
    const fetcher = fetchEmojis();
    const first = initEmojiMap({ fetchEmojis: fetcher, loadAliases, groupPath: null });
    const second = initEmojiMap({ fetchEmojis: fetcher, loadAliases, groupPath: null });
    expect(second).toBe(first);
    await Promise.all([first, second]);
    await initEmojiMap({ fetchEmojis: fetcher, loadAliases, groupPath: null });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('tries again on the next call after a failed load', async () => {
    const failing = vi.fn(async () => {
      throw new Error('Request failed with status code 500');
    });
    await expect(initEmojiMap({ fetchEmojis: failing, loadAliases, groupPath: null })).rejects.toThrow(
      'Request failed with status code 500',
    );
    expect(isEmojiLoading()).toBe(true);
    const fetcher = fetchEmojis();
    await initEmojiMap({ fetchEmojis: fetcher, loadAliases, groupPath: null });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(isEmojiNameValid('thumbsup')).toBe(true);
  });

  it('rejects data that is not a list, and caches nothing', async () => {
    const fetcher = vi.fn(async () => ({ error: 'maintenance' }) as unknown as EmojiRecord[]);
    await expect(initEmojiMap({ fetchEmojis: fetcher, loadAliases, groupPath: null })).rejects.toThrow(
      'The emoji data is not a list of emoji records.',
    );
    expect(localStorage.getItem(EMOJI_STORAGE_KEY)).toBeNull();
  });

  it('fetches /-/emojis/3/emojis.json under the relative root by default, with the product headers', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(RECORDS), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await initEmojiMap({ relativeRoot: '/gitlab', loadAliases, groupPath: null });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/gitlab/-/emojis/3/emojis.json');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
    expect(emojiFallbackImageSrc('thumbsup')).toBe('/gitlab/-/emojis/3/thumbsup.png');
  });

  it('loads the generated alias map by default', async () => {
    await initEmojiMap({ fetchEmojis: fetchEmojis(), groupPath: null });
    expect(normalizeEmojiName('+1')).toBe('thumbsup');
    expect(getEmojiInfo('slightly_smiling_face').name).toBe('slight_smile');
  });
});

describe('the versioned localStorage cache', () => {
  it('stores the standard emoji together with version 3, once the browser is idle (not while loading)', async () => {
    await initEmojiMap({ fetchEmojis: fetchEmojis(), loadAliases, groupPath: null });
    expect(EMOJI_VERSION).toBe(3);
    expect(localStorage.getItem(EMOJI_STORAGE_KEY)).toBeNull();
    await vi.waitFor(() =>
      expect(JSON.parse(localStorage.getItem(EMOJI_STORAGE_KEY)!)).toEqual({ version: 3, data: RECORDS }),
    );
  });

  it('reuses the cache when its version is 3, without fetching', async () => {
    const cached = [{ n: 'cached_only', e: '🆗', d: 'ok button', c: 'symbols', u: '6.0' }, RECORDS[3]];
    localStorage.setItem(EMOJI_STORAGE_KEY, JSON.stringify({ version: 3, data: cached }));
    const fetcher = fetchEmojis();
    await initEmojiMap({ fetchEmojis: fetcher, loadAliases, groupPath: null });
    expect(fetcher).not.toHaveBeenCalled();
    expect(isEmojiNameValid('cached_only')).toBe(true);
    expect(isEmojiNameValid('thumbsup')).toBe(false);
  });

  it.each([
    ['an older version', { version: 2, data: [{ n: 'stale', e: '🆗', d: 'ok', c: 'symbols', u: '6.0' }] }],
    ['the version as text', { version: '3', data: [{ n: 'stale', e: '🆗', d: 'ok', c: 'symbols', u: '6.0' }] }],
    ['no version', { data: [{ n: 'stale', e: '🆗', d: 'ok', c: 'symbols', u: '6.0' }] }],
  ])('refetches and recaches when the cache has %s', async (_case, entry) => {
    localStorage.setItem(EMOJI_STORAGE_KEY, JSON.stringify(entry));
    const fetcher = fetchEmojis();
    await initEmojiMap({ fetchEmojis: fetcher, loadAliases, groupPath: null });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(isEmojiNameValid('stale')).toBe(false);
    expect(isEmojiNameValid('thumbsup')).toBe(true);
    await vi.waitFor(() =>
      expect(JSON.parse(localStorage.getItem(EMOJI_STORAGE_KEY)!)).toEqual({ version: 3, data: RECORDS }),
    );
  });

  it('refetches when the cache is unreadable', async () => {
    localStorage.setItem(EMOJI_STORAGE_KEY, '{"version":3,"data":[');
    const fetcher = fetchEmojis();
    await initEmojiMap({ fetchEmojis: fetcher, loadAliases, groupPath: null });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('ignores storage quota errors', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await expect(initEmojiMap({ fetchEmojis: fetchEmojis(), loadAliases, groupPath: null })).resolves.toBeUndefined();
    await vi.waitFor(() => expect(setItem).toHaveBeenCalled());
    expect(getEmojiInfo('thumbsup').e).toBe('👍');
  });
});

describe('emoji the browser cannot draw', () => {
  it('are dropped from the map, the name list, validity and search', async () => {
    const isEmojiSupported = vi.fn((_emoji: string, unicodeVersion: string) => unicodeVersion !== '17.0');
    await initEmojiMap({ fetchEmojis: fetchEmojis(), loadAliases, groupPath: null, isEmojiSupported });
    expect(isEmojiSupported).toHaveBeenCalledWith('🪊', '17.0');
    expect(isEmojiNameValid('trombone')).toBe(false);
    expect(getEmojiInfo('trombone').name).toBe(FALLBACK_EMOJI_NAME);
    expect(getAllEmoji().map((emoji) => emoji.name)).toEqual([
      'thumbsup',
      'thumbsdown',
      'slight_smile',
      'grey_question',
    ]);
    expect(searchEmoji('trombone')).toEqual([]);
  });
});

describe('getEmojiInfo and isEmojiNameValid', () => {
  beforeEach(() => initEmojiMap({ fetchEmojis: fetchEmojis(), loadAliases, groupPath: null }));

  it('returns the emoji with its name and short keys', () => {
    expect(getEmojiInfo('thumbsup')).toEqual({
      name: 'thumbsup',
      n: 'thumbsup',
      e: '👍',
      d: 'thumbs up',
      c: 'people',
      u: '6.0',
    });
  });

  it('resolves aliases, case-insensitively', () => {
    expect(getEmojiInfo('+1').name).toBe('thumbsup');
    expect(getEmojiInfo('Slightly_Smiling_Face').name).toBe('slight_smile');
  });

  it('falls back to grey_question for an unknown name, or null when fallback is off', () => {
    expect(FALLBACK_EMOJI_NAME).toBe('grey_question');
    expect(getEmojiInfo('no_such_emoji')).toMatchObject({ name: 'grey_question', e: '❔' });
    expect(getEmojiInfo('no_such_emoji', false)).toBeNull();
    expect(getEmojiInfo('', false)).toBeNull();
  });

  it('counts names in the emoji map and in the alias map as valid', () => {
    expect(isEmojiNameValid('thumbsup')).toBe(true);
    expect(isEmojiNameValid('-1')).toBe(true);
    expect(isEmojiNameValid('no_such_emoji')).toBe(false);
    expect(isEmojiNameValid('constructor')).toBe(false);
    expect(isEmojiNameValid('toString')).toBe(false);
  });

  it('groups names by category in data order', () => {
    const categories = getEmojiCategoryMap();
    expect(categories.people).toEqual(['thumbsup', 'thumbsdown', 'slight_smile']);
    expect(categories.activity).toEqual(['trombone']);
    expect(categories.custom).toEqual([]);
    expect(Object.keys(categories)).not.toContain('frequently_used');
  });
});

describe('custom emoji', () => {
  it('are read page by page (3 pages) until there is no next page', async () => {
    const pages = [
      page(['party_parrot', 'tanuki_dance'], 'c1', true),
      page(['ship_it'], 'c2', true),
      page(['lgtm'], null, false),
    ];
    const fetchCustomEmoji = vi.fn<CustomEmojiFetcher>(async () => pages.shift()!);
    await initEmojiMap({ fetchEmojis: fetchEmojis(), loadAliases, groupPath: 'gitlab-org/frontend', fetchCustomEmoji });
    expect(fetchCustomEmoji.mock.calls.map(([query, variables]) => [query, variables])).toEqual([
      [CUSTOM_EMOJI_QUERY, { groupPath: 'gitlab-org/frontend', after: '' }],
      [CUSTOM_EMOJI_QUERY, { groupPath: 'gitlab-org/frontend', after: 'c1' }],
      [CUSTOM_EMOJI_QUERY, { groupPath: 'gitlab-org/frontend', after: 'c2' }],
    ]);
    expect(getEmojiCategoryMap().custom).toEqual(['party_parrot', 'tanuki_dance', 'ship_it', 'lgtm']);
    expect(getEmojiInfo('ship_it')).toEqual({
      name: 'ship_it',
      n: 'ship_it',
      d: 'ship_it',
      c: 'custom',
      u: 'custom',
      src: 'https://cdn.test/ship_it.png',
    });
    expect(isEmojiNameValid('lgtm')).toBe(true);
    expect(getAllEmoji().at(-1)?.name).toBe('lgtm');
  });

  it('asks for the group, its ancestors included, with page info and id, name, url nodes', () => {
    const compact = CUSTOM_EMOJI_QUERY.replace(/\s+/g, ' ');
    expect(compact).toContain('query getCustomEmoji($groupPath: ID!, $after: String = "")');
    expect(compact).toContain(
      'group(fullPath: $groupPath) { id customEmoji(includeAncestorGroups: true, after: $after)',
    );
    expect(compact).toContain('pageInfo { hasNextPage endCursor } nodes { id name url }');
  });

  it('are loaded only when a group full path is on the page', async () => {
    const fetchCustomEmoji = vi.fn<CustomEmojiFetcher>(async () => page(['lgtm'], null, false));
    await initEmojiMap({ fetchEmojis: fetchEmojis(), loadAliases, fetchCustomEmoji });
    expect(fetchCustomEmoji).not.toHaveBeenCalled();
    expect(getEmojiCategoryMap().custom).toEqual([]);

    resetEmojiMap();
    document.body.dataset.groupFullPath = 'gitlab-org';
    await initEmojiMap({ fetchEmojis: fetchEmojis(), loadAliases, fetchCustomEmoji });
    expect(fetchCustomEmoji).toHaveBeenCalledWith(CUSTOM_EMOJI_QUERY, { groupPath: 'gitlab-org', after: '' });
    expect(isEmojiNameValid('lgtm')).toBe(true);
  });

  it('POST to /api/graphql under the relative root by default', async () => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="csrf-token" content="token-123">');
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: page(['lgtm'], null, false) })));
    vi.stubGlobal('fetch', fetch);
    await initEmojiMap({ relativeRoot: '/gitlab', fetchEmojis: fetchEmojis(), loadAliases, groupPath: 'gitlab-org' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/gitlab/api/graphql');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBe('token-123');
    expect(JSON.parse(init.body as string)).toEqual({
      operationName: 'getCustomEmoji',
      variables: { groupPath: 'gitlab-org', after: '' },
      query: CUSTOM_EMOJI_QUERY,
    });
    expect(getEmojiInfo('lgtm').src).toBe('https://cdn.test/lgtm.png');
    document.head.querySelector('meta[name="csrf-token"]')?.remove();
  });

  it('leave the standard emoji working when they fail to load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchCustomEmoji = vi.fn<CustomEmojiFetcher>(async () => {
      throw new Error("Server response was missing for query 'getCustomEmoji'");
    });
    await initEmojiMap({ fetchEmojis: fetchEmojis(), loadAliases, groupPath: 'gitlab-org', fetchCustomEmoji });
    expect(warn).toHaveBeenCalledWith('Custom emoji could not be loaded.', expect.any(Error));
    expect(isEmojiNameValid('thumbsup')).toBe(true);
    expect(isEmojiLoading()).toBe(false);
  });
});

describe('the loading flag', () => {
  it('stays true until both standard and custom emoji are loaded, then turns false', async () => {
    const custom = deferred<CustomEmojiQueryData>();
    const standard = deferred<EmojiRecord[]>();
    const changes: boolean[] = [];
    const unsubscribe = subscribeEmojiLoading(() => changes.push(isEmojiLoading()));
    const ready = initEmojiMap({
      fetchEmojis: () => standard.promise,
      loadAliases,
      groupPath: 'gitlab-org',
      fetchCustomEmoji: () => custom.promise,
    });
    expect(isEmojiLoading()).toBe(true);
    standard.resolve(RECORDS);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(isEmojiLoading()).toBe(true);
    custom.resolve(page(['lgtm'], null, false));
    await ready;
    expect(isEmojiLoading()).toBe(false);
    expect(changes).toEqual([false]);
    unsubscribe();
    resetEmojiMap();
    expect(isEmojiLoading()).toBe(true);
    expect(changes).toEqual([false]);
  });
});
