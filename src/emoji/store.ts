/**
 * The emoji store (spec sections 3, 4, 5): the emoji map, the alias map and the ordered name list,
 * loaded once per page and shared by every caller (the `<gl-emoji>` element, the picker, award
 * emoji).
 *
 * - `initEmojiMap()` loads the standard emoji (from the localStorage cache when its version is 3,
 *   else from `/-/emojis/3/emojis.json`, then cached) and, when a group full path is on the page,
 *   that group's custom emoji. Concurrent and later callers share one promise.
 * - A loading flag stays true until both are loaded (`isEmojiLoading`, `subscribeEmojiLoading`).
 * - Standard emoji the browser cannot draw are dropped (support.ts).
 * - Reading the map before initialisation throws.
 */
import { restClient } from '../client/rest/request';
import { runWhenIdle } from '../utils/idle';
import { readStorage, writeStorage } from '../utils/storage';
import {
  CUSTOM_EMOJI_CATEGORY,
  EMOJI_CATEGORIES,
  EMOJI_CATEGORY_ICONS,
  EMOJI_CATEGORY_LABELS,
  EMOJI_STORAGE_KEY,
  EMOJI_VERSION,
  FALLBACK_EMOJI_NAME,
  FREQUENTLY_USED_CATEGORY,
  emojiDataPath,
  emojiImagePath,
  type EmojiCategory,
} from './constants';
import { graphqlCustomEmojiFetcher, loadCustomEmoji, type CustomEmojiFetcher } from './customEmoji';
import { createEmojiSearch, type EmojiSearchResult } from './search';
import { isEmojiUnicodeSupported, type EmojiSupportDetector } from './support';
import type { EmojiInfo, EmojiRecord } from './types';

/** Error text when the map is read before `initEmojiMap()` has finished (spec section 8). */
export const EMOJI_MAP_UNINITIALISED_MESSAGE = 'The emoji map is uninitialized or initialization has not completed';

export interface InitEmojiMapOptions {
  /**
   * Prefix of every product path (spec section 2: "All are prefixed by a configurable relative root").
   * @default ''
   */
  relativeRoot?: string;
  /**
   * Loads the standard emoji records.
   * @default GET `{relativeRoot}/-/emojis/3/emojis.json`
   */
  fetchEmojis?: () => Promise<EmojiRecord[]>;
  /**
   * Loads the alias map ({ alias: name }).
   * @default the alias map generated with the data, loaded on demand
   */
  loadAliases?: () => Promise<Record<string, string>>;
  /**
   * Full path of the group whose custom emoji to load; null or '' for none.
   * @default `document.body.dataset.groupFullPath`
   */
  groupPath?: string | null;
  /**
   * Runs the getCustomEmoji GraphQL query.
   * @default POST `{relativeRoot}/api/graphql`
   */
  fetchCustomEmoji?: CustomEmojiFetcher;
  /**
   * Tells whether the browser draws an emoji.
   * @default a canvas test (every emoji supported where there is no canvas)
   */
  isEmojiSupported?: EmojiSupportDetector;
}

interface CachedEmoji {
  version: number;
  data: EmojiRecord[];
}

interface EmojiMapState {
  map: Map<string, EmojiInfo>;
  /** Standard emoji this browser cannot draw: the element still shows them as images. */
  dropped: Map<string, EmojiInfo>;
  aliases: Record<string, string>;
  names: string[];
  search: (query: string) => EmojiSearchResult[];
  categories: EmojiCategoryMap;
}

/** Emoji names per category (all but frequently used), in picker order. */
export type EmojiCategoryMap = Record<Exclude<EmojiCategory, 'frequently_used'>, string[]>;

let state: EmojiMapState | null = null;
let pending: Promise<void> | null = null;
/** Bumped by resetEmojiMap(), so a load started before a reset cannot install its result. */
let generation = 0;
let loading = true;
let config: { relativeRoot: string; isEmojiSupported: EmojiSupportDetector } = {
  relativeRoot: '',
  isEmojiSupported: isEmojiUnicodeSupported,
};
const listeners = new Set<() => void>();

function setLoading(value: boolean) {
  if (loading === value) return;
  loading = value;
  listeners.forEach((listener) => listener());
}

const isRecord = (value: unknown): value is EmojiRecord =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as EmojiRecord).n === 'string' &&
  typeof (value as EmojiRecord).e === 'string' &&
  (value as EmojiRecord).e !== '';

async function loadStandardEmoji(fetchEmojis: () => Promise<EmojiRecord[]>): Promise<EmojiRecord[]> {
  const cached = readStorage<CachedEmoji>('local', EMOJI_STORAGE_KEY);
  if (cached?.version === EMOJI_VERSION && Array.isArray(cached.data)) return cached.data;
  const data = await fetchEmojis();
  if (!Array.isArray(data)) throw new Error('The emoji data is not a list of emoji records.');
  // Cached when the browser is idle (serialising the set takes a while; the picker is opening). A
  // full quota only costs the next page a download: writeStorage reports it, nothing throws.
  runWhenIdle(() => writeStorage('local', EMOJI_STORAGE_KEY, { version: EMOJI_VERSION, data } satisfies CachedEmoji));
  return data;
}

async function loadCustom(groupPath: string | null | undefined, fetcher: CustomEmojiFetcher): Promise<EmojiInfo[]> {
  if (!groupPath) return [];
  try {
    return await loadCustomEmoji(groupPath, fetcher);
  } catch (error) {
    // The standard emoji still work without the group's own.
    console.warn('Custom emoji could not be loaded.', error);
    return [];
  }
}

async function prepare(options: InitEmojiMapOptions): Promise<void> {
  const startedIn = generation;
  const relativeRoot = options.relativeRoot ?? '';
  const groupPath =
    options.groupPath !== undefined
      ? options.groupPath
      : typeof document === 'undefined'
        ? undefined
        : document.body?.dataset.groupFullPath;
  const fetchEmojis =
    options.fetchEmojis ??
    (() => restClient.get<EmojiRecord[]>(`${relativeRoot}${emojiDataPath()}`).then((response) => response.data));
  const loadAliases = options.loadAliases ?? (() => import('./generated/aliases').then((module) => module.default));

  const [records, aliases, custom] = await Promise.all([
    loadStandardEmoji(fetchEmojis),
    loadAliases(),
    loadCustom(groupPath, options.fetchCustomEmoji ?? graphqlCustomEmojiFetcher(relativeRoot)),
  ]);

  if (startedIn !== generation) return;
  const map = new Map<string, EmojiInfo>();
  const dropped = new Map<string, EmojiInfo>();
  const names: string[] = [];
  // Grouped by category in the same pass (the picker's first open needs the groups at once).
  const categories = Object.fromEntries(
    EMOJI_CATEGORIES.filter((c) => c !== FREQUENTLY_USED_CATEGORY).map((c) => [c, [] as string[]]),
  ) as EmojiCategoryMap;
  for (const record of records) {
    if (!isRecord(record)) continue;
    const info: EmojiInfo = { ...record, name: record.n };
    if (config.isEmojiSupported(record.e, record.u)) {
      map.set(info.name, info);
      names.push(info.name);
      categories[info.c as keyof EmojiCategoryMap]?.push(info.name);
    } else {
      dropped.set(info.name, info);
    }
  }
  for (const info of custom) {
    const standard = map.get(info.name);
    if (standard) {
      // A group's own emoji wins over a standard one of the same name: it moves to the custom group.
      const group = categories[standard.c as keyof EmojiCategoryMap];
      group?.splice(group.indexOf(info.name), 1);
    } else {
      names.push(info.name);
    }
    categories[info.c as keyof EmojiCategoryMap]?.push(info.name);
    map.set(info.name, info);
  }
  // The search index is built on the first search, or before when the browser is idle: opening the
  // picker does not wait for it.
  let search: ReturnType<typeof createEmojiSearch> | undefined;
  const getSearch = () =>
    (search ??= createEmojiSearch(
      names.map((name) => map.get(name)!),
      aliases,
    ));
  const current: EmojiMapState = {
    map,
    dropped,
    aliases,
    names,
    categories,
    search: (query) => getSearch()(query),
  };
  state = current;
  setLoading(false);
  runWhenIdle(() => {
    if (state === current) getSearch();
  });
}

/**
 * Loads the emoji map once; every caller (also concurrent ones) gets the same promise. The first
 * call's options apply. After a failure the next call tries again.
 */
export function initEmojiMap(options: InitEmojiMapOptions = {}): Promise<void> {
  if (!pending) {
    config = {
      relativeRoot: options.relativeRoot ?? '',
      isEmojiSupported: options.isEmojiSupported ?? isEmojiUnicodeSupported,
    };
    const current = prepare(options).catch((error: unknown) => {
      if (pending === current) pending = null;
      throw error;
    });
    pending = current;
  }
  return pending;
}

/** Forgets the loaded map (tests; a page that changes group). The next `initEmojiMap()` loads again. */
export function resetEmojiMap(): void {
  generation += 1;
  state = null;
  pending = null;
  setLoading(true);
}

/** True until both standard and custom emoji are loaded. */
export function isEmojiLoading(): boolean {
  return loading;
}

/** Calls `listener` whenever the loading flag changes; returns the unsubscribe function. */
export function subscribeEmojiLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function loaded(): EmojiMapState {
  if (!state) throw new Error(EMOJI_MAP_UNINITIALISED_MESSAGE);
  return state;
}

/** The relative root the map was loaded with. */
export function getEmojiRelativeRoot(): string {
  return config.relativeRoot;
}

/** The support test the map was loaded with. */
export function getEmojiSupportDetector(): EmojiSupportDetector {
  return config.isEmojiSupported;
}

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** The emoji name an alias stands for (lowercased); other names unchanged. */
export function normalizeEmojiName(name: string): string {
  const { aliases } = loaded();
  const lower = `${name ?? ''}`.toLowerCase();
  return hasOwn(aliases, lower) ? aliases[lower]! : lower;
}

/** Whether `name` is in the emoji map or the alias map (spec section 5). Throws before initialisation. */
export function isEmojiNameValid(name: string): boolean {
  const { map, aliases } = loaded();
  const lower = `${name ?? ''}`.toLowerCase();
  return map.has(lower) || hasOwn(aliases, lower);
}

/**
 * The emoji called `name` (or an alias of it). An unknown name gives the grey_question emoji, or
 * null when `fallback` is false. Throws before initialisation.
 */
export function getEmojiInfo(name: string, fallback?: true): EmojiInfo;
export function getEmojiInfo(name: string, fallback: boolean): EmojiInfo | null;
export function getEmojiInfo(name: string, fallback = true): EmojiInfo | null {
  const { map } = loaded();
  const info = map.get(normalizeEmojiName(name));
  if (info) return info;
  return fallback ? (map.get(FALLBACK_EMOJI_NAME) ?? null) : null;
}

/** A standard emoji left out because this browser cannot draw it (the element shows its image). */
export function getUndrawableEmojiInfo(name: string): EmojiInfo | null {
  return loaded().dropped.get(normalizeEmojiName(name)) ?? null;
}

/** Every emoji in picker order (standard, then custom). Throws before initialisation. */
export function getAllEmoji(): EmojiInfo[] {
  const { names, map } = loaded();
  return names.map((name) => map.get(name)!);
}

/** Every emoji matching `query`, best first (search.ts). Throws before initialisation. */
export function searchEmoji(query: string): EmojiSearchResult[] {
  return loaded().search(query);
}

/** The alias map ({ alias: name }). Throws before initialisation. */
export function getEmojiAliases(): Readonly<Record<string, string>> {
  return loaded().aliases;
}

/** Emoji names per category (all but frequently used), in picker order. Throws before initialisation. */
export function getEmojiCategoryMap(): EmojiCategoryMap {
  return loaded().categories;
}

export interface EmojiCategoryEntry {
  name: EmojiCategory;
  label: string;
  iconName: (typeof EMOJI_CATEGORY_ICONS)[EmojiCategory];
  emojiNames: string[];
}

/**
 * The picker's categories in order, each with its icon and emoji names. Frequently used comes first
 * and only when `frequentlyUsed` is non-empty; custom only when the group has custom emoji.
 */
export function buildEmojiCategories(frequentlyUsed: readonly string[]): EmojiCategoryEntry[] {
  const map = getEmojiCategoryMap();
  return EMOJI_CATEGORIES.map((name) => ({
    name,
    label: EMOJI_CATEGORY_LABELS[name],
    iconName: EMOJI_CATEGORY_ICONS[name],
    emojiNames: name === FREQUENTLY_USED_CATEGORY ? [...frequentlyUsed] : map[name],
  })).filter(
    ({ name, emojiNames }) =>
      (name !== FREQUENTLY_USED_CATEGORY && name !== CUSTOM_EMOJI_CATEGORY) || emojiNames.length > 0,
  );
}

/** URL of the PNG image of emoji `name`: `{relativeRoot}/-/emojis/3/{name}.png` (spec section 2). */
export function emojiFallbackImageSrc(name: string, relativeRoot: string = config.relativeRoot): string {
  return `${relativeRoot}${emojiImagePath(name)}`;
}
