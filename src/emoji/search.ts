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
  /** The emoji's adjustment (EMOJI_SEARCH_ADJUSTMENTS), looked up once. */
  adjustment: number;
  /** Position in the emoji given (the order of results that tie on score and text). */
  order: number;
}

/** A best match under construction (one per matching emoji; copied into a plain result once sorted). */
interface Match extends EmojiSearchResult {
  /** Alphabetical rank of `fieldValue` among every text that can match (ties share a rank). */
  rank: number;
  order: number;
}

/**
 * Alphabetical ranks (Intl.Collator 'en') of every text a search can match, so that ordering
 * results compares numbers instead of collating strings on every comparison of every search.
 * Texts the collator finds equal share a rank, so the order is the collator's.
 */
function rankTexts(entries: readonly Entry[]): Map<string, number> {
  const texts = new Set<string>();
  for (const entry of entries) {
    texts.add(entry.emoji.d);
    texts.add(entry.emoji.name);
    for (const alias of entry.aliases) texts.add(alias);
  }
  const sorted = [...texts].sort(compareText);
  const ranks = new Map<string, number>();
  let rank = 0;
  sorted.forEach((text, i) => {
    if (i > 0 && compareText(sorted[i - 1]!, text) !== 0) rank = i;
    ranks.set(text, rank);
  });
  return ranks;
}

/**
 * Builds a search over `emoji` (in any order) with `aliases` ({ alias: name }); the returned
 * function ranks every matching emoji for a query ('' matches nothing). The index (texts lowercased,
 * alphabetical ranks) is built now: the store builds it on the first search or when idle.
 */
export function createEmojiSearch(
  emoji: readonly EmojiInfo[],
  aliases: Readonly<Record<string, string>>,
): (query: string) => EmojiSearchResult[] {
  const byName = new Map<string, Entry>();
  const byUnicode = new Map<string, Entry[]>();
  const entries = emoji.map((info, order) => {
    const entry: Entry = {
      emoji: info,
      description: info.d.toLowerCase(),
      unicode: info.e?.replace(VARIATION_SELECTOR, ''),
      aliases: [],
      adjustment: EMOJI_SEARCH_ADJUSTMENTS[info.name] ?? NEUTRAL_ADJUSTMENT,
      order,
    };
    byName.set(info.name, entry);
    if (entry.unicode) {
      const list = byUnicode.get(entry.unicode);
      if (list) list.push(entry);
      else byUnicode.set(entry.unicode, [entry]);
    }
    return entry;
  });
  for (const [alias, name] of Object.entries(aliases)) byName.get(name)?.aliases.push(alias);

  const ranks = rankTexts(entries);
  const rankOf = (text: string) => ranks.get(text) ?? 0;

  /**
   * The last search's query and the entries that matched it (in `entries` order): a query that
   * contains it (typing on) can only match among them, apart from an exact unicode match.
   */
  let last: { query: string; matched: Entry[] } | undefined;

  return (rawQuery) => {
    const query = normalizeEmojiQuery(rawQuery);
    if (!query) return [];
    const unicodeQuery = `${rawQuery}`.trim().replace(VARIATION_SELECTOR, '');
    const unicodeMatches = byUnicode.get(unicodeQuery);
    const candidates = last && query.includes(last.query) ? last.matched : entries;
    const matched: Entry[] = [];
    const results: Match[] = [];
    // Allocation-free per entry but for a match (a one-letter query scans every emoji).
    const match = (entry: Entry) => {
      const { emoji: info, description, unicode, aliases: emojiAliases, adjustment } = entry;
      // The best match so far, in the order of the spec's tie-break: unicode, description, alias, name.
      let field: EmojiMatchField | undefined;
      let fieldValue = '';
      let position = Infinity;
      if (unicode && unicode === unicodeQuery) {
        field = 'unicode';
        fieldValue = info.name;
        position = 0;
      }
      const inDescription = description.indexOf(query);
      if (inDescription >= 0 && inDescription < position) {
        field = 'description';
        fieldValue = info.d;
        position = inDescription;
      }
      let alias: string | undefined;
      let inAlias = -1;
      for (const candidate of emojiAliases) {
        const at = candidate.indexOf(query);
        if (at >= 0 && (inAlias < 0 || at < inAlias || (at === inAlias && rankOf(candidate) < rankOf(alias!)))) {
          alias = candidate;
          inAlias = at;
        }
      }
      if (alias !== undefined && inAlias < position) {
        field = 'alias';
        fieldValue = alias;
        position = inAlias;
      }
      const inName = info.name.indexOf(query);
      if (inName >= 0 && inName < position) {
        field = 'name';
        fieldValue = info.name;
        position = inName;
      }
      if (field === undefined) return;
      results.push({
        emoji: info,
        score: 2 ** position * adjustment,
        field,
        fieldValue,
        rank: rankOf(fieldValue),
        order: entry.order,
      });
      // Only text matches carry over to a longer query (a unicode match is looked up again).
      if (inDescription >= 0 || alias !== undefined || inName >= 0) matched.push(entry);
    };
    if (candidates === entries) {
      for (const entry of entries) match(entry);
    } else {
      for (const entry of candidates) match(entry);
      // An exact unicode match need not contain the earlier query.
      for (const entry of unicodeMatches ?? []) if (!candidates.includes(entry)) match(entry);
    }
    last = { query, matched };
    results.sort((a, b) => a.score - b.score || a.rank - b.rank || a.order - b.order);
    return results.map(({ emoji: info, score, field, fieldValue }) => ({ emoji: info, score, field, fieldValue }));
  };
}
