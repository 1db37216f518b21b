/**
 * Frequently used emoji (spec section 3): remembered in localStorage under a frequently-used key,
 * most recent first, capped at FREQUENTLY_USED_LIMIT, read back without names that no longer exist.
 */
import { readStorage, writeStorage } from '../utils/storage';
import { FREQUENTLY_USED_LIMIT, FREQUENTLY_USED_STORAGE_KEY } from './constants';
import { buildEmojiCategories, getEmojiInfo, normalizeEmojiName, type EmojiCategoryEntry } from './store';

function stored(): string[] {
  const value = readStorage<unknown>('local', FREQUENTLY_USED_STORAGE_KEY);
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
}

/**
 * The remembered emoji names, most recent first, limited to emoji in the map (aliases read as
 * their emoji). Throws before initialisation.
 */
export function getFrequentlyUsedEmojis(): string[] {
  const names = new Set<string>();
  for (const name of stored()) {
    const info = getEmojiInfo(name, false);
    if (info) names.add(info.name);
  }
  return [...names].slice(0, FREQUENTLY_USED_LIMIT);
}

/** Remembers `name` as the most recently used emoji (its emoji name when it is an alias). */
export function addToFrequentlyUsed(name: string): void {
  let canonical = name;
  try {
    canonical = normalizeEmojiName(name);
  } catch {
    // map not loaded yet: remember the name as given; reading normalises it
  }
  const names = [canonical, ...stored().filter((entry) => entry !== canonical)].slice(0, FREQUENTLY_USED_LIMIT);
  writeStorage('local', FREQUENTLY_USED_STORAGE_KEY, names);
}

/**
 * The picker's categories in order with their icons and emoji names: frequently used first and
 * only when non-empty, custom only when the group has custom emoji. Throws before initialisation.
 */
export function getEmojiCategories(): EmojiCategoryEntry[] {
  return buildEmojiCategories(getFrequentlyUsedEmojis());
}
