/**
 * Emoji search ranking (spec sections 4 and 9), the product's way:
 * - an emoji matches by its exact unicode (score 0), or where the query occurs in its description,
 *   one of its aliases or its name; the base score is the position of the match;
 * - a match scores `2 ** position`, multiplied by the emoji's adjustment (thumbsup and slight_smile
 *   0.5, thumbsdown and slight_frown 1.5, others 1), so lower is better: for 'thumb' thumbsup (0.5)
 *   comes before any neutral start-of-word match (1) and thumbsdown (1.5) after them;
 * - each emoji keeps its best match (on equal scores: unicode, description, alias, name; among
 *   aliases the earliest match, then alphabetical);
 * - results are ordered by score, ties alphabetically by the matched text.
 */
import { EMOJI_SEARCH_ADJUSTMENTS } from './constants';
import type { EmojiInfo } from './types';

/** Which field of the emoji matched. */
export type EmojiMatchField = 'unicode' | 'description' | 'alias' | 'name';

export interface EmojiSearchResult {
  emoji: EmojiInfo;
  /** Lower is better. */
  score: number;
  field: EmojiMatchField;
  /** The matched text (for a unicode match, the emoji's name). */
  fieldValue: string;
}

const NEUTRAL_ADJUSTMENT = 1;
const VARIATION_SELECTOR = /\uFE0F/g;

/** Score of a match at `position` for the emoji called `name`. */
export function emojiMatchScore(name: string, position: number): number {
  return 2 ** position * (EMOJI_SEARCH_ADJUSTMENTS[name] ?? NEUTRAL_ADJUSTMENT);
}

/** The text searched for: trimmed, lowercase, without the colons of a typed `:shortcode:`. */
export function normalizeEmojiQuery(query: string): string {
  return `${query}`
    .trim()
    .toLowerCase()
    .replace(/^:+|:+$/g, '');
}

let collator: Intl.Collator | undefined;
const compareText = (a: string, b: string) => (collator ??= new Intl.Collator('en')).compare(a, b);

interface Entry {
  emoji: EmojiInfo;
  description: string;
  unicode: string | undefined;
  aliases: string[];
}

/**
 * Builds a search over `emoji` (in any order) with `aliases` ({ alias: name }); the returned
 * function ranks every matching emoji for a query ('' matches nothing).
 */
export function createEmojiSearch(
  emoji: readonly EmojiInfo[],
  aliases: Readonly<Record<string, string>>,
): (query: string) => EmojiSearchResult[] {
  const byName = new Map<string, Entry>();
  const entries = emoji.map((info) => {
    const entry: Entry = {
      emoji: info,
      description: info.d.toLowerCase(),
      unicode: info.e?.replace(VARIATION_SELECTOR, ''),
      aliases: [],
    };
    byName.set(info.name, entry);
    return entry;
  });
  for (const [alias, name] of Object.entries(aliases)) byName.get(name)?.aliases.push(alias);

  return (rawQuery) => {
    const query = normalizeEmojiQuery(rawQuery);
    if (!query) return [];
    const unicodeQuery = `${rawQuery}`.trim().replace(VARIATION_SELECTOR, '');
    const results: EmojiSearchResult[] = [];
    for (const { emoji: info, description, unicode, aliases: emojiAliases } of entries) {
      let best: EmojiSearchResult | undefined;
      const consider = (field: EmojiMatchField, fieldValue: string, position: number) => {
        const score = emojiMatchScore(info.name, position);
        if (!best || score < best.score) best = { emoji: info, score, field, fieldValue };
      };
      if (unicode && unicode === unicodeQuery) consider('unicode', info.name, 0);
      const inDescription = description.indexOf(query);
      if (inDescription >= 0) consider('description', info.d, inDescription);
      let alias: string | undefined;
      let inAlias = -1;
      for (const candidate of emojiAliases) {
        const position = candidate.indexOf(query);
        if (
          position >= 0 &&
          (inAlias < 0 || position < inAlias || (position === inAlias && compareText(candidate, alias!) < 0))
        ) {
          alias = candidate;
          inAlias = position;
        }
      }
      if (alias !== undefined) consider('alias', alias, inAlias);
      const inName = info.name.indexOf(query);
      if (inName >= 0) consider('name', info.name, inName);
      if (best) results.push(best);
    }
    return results.sort((a, b) => a.score - b.score || compareText(a.fieldValue, b.fieldValue));
  };
}
