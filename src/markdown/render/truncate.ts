// GitLab's input cap (`Banzai::Filter::TruncateSourceFilter`): text over MARKDOWN_MAX_INPUT_BYTES
// UTF-8 bytes is cut to that size, three dots included, at a grapheme boundary (Rails'
// `truncate_bytes`), and rendered after GitLab's notice. Everything after it is linear, so the
// cap bounds every render's time and output.
import { MARKDOWN_MAX_INPUT_BYTES, MARKDOWN_TRUNCATION_OMISSION, markdownTruncatedMessage } from './constants';

/** Most UTF-8 bytes one UTF-16 code unit takes (a surrogate pair takes 4 for two units). */
const MAX_BYTES_PER_UNIT = 3;
const ONE_BYTE_BELOW = 0x80;
const TWO_BYTES_BELOW = 0x800;
const HIGH_SURROGATE = 0xd800;
const LOW_SURROGATE = 0xdc00;
const SURROGATES_END = 0xe000;
const SURROGATE_PAIR_BYTES = 4;
/** How much text before and after a cut is segmented to find the grapheme cluster (an emoji sequence) it falls in. */
const GRAPHEME_WINDOW = 64;

/**
 * Index of the first code unit that would take `text` past `budget` UTF-8 bytes, or text.length
 * when all of it fits. A surrogate pair is counted (and cut) as one character; a lone surrogate
 * as the 3-byte U+FFFD an encoder writes for it.
 */
function cutIndex(text: string, budget: number): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    const pair = code >= HIGH_SURROGATE && code < LOW_SURROGATE && next >= LOW_SURROGATE && next < SURROGATES_END;
    bytes += code < ONE_BYTE_BELOW ? 1 : code < TWO_BYTES_BELOW ? 2 : pair ? SURROGATE_PAIR_BYTES : MAX_BYTES_PER_UNIT;
    if (bytes > budget) return i;
    if (pair) i++;
  }
  return text.length;
}

/** `at`, moved back to the start of the grapheme cluster it falls in (never inside a surrogate pair). */
function graphemeStart(text: string, at: number): number {
  // Browsers without Intl.Segmenter (Firefox before 125) cut between code points only.
  if (typeof Intl.Segmenter !== 'function') return at;
  const from = Math.max(0, at - GRAPHEME_WINDOW);
  let start = from;
  for (const { index } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(
    text.slice(from, at + GRAPHEME_WINDOW),
  )) {
    if (from + index > at) break;
    start = from + index;
  }
  return start;
}

/**
 * `text` as GitLab renders it: unchanged up to {@link MARKDOWN_MAX_INPUT_BYTES} UTF-8 bytes;
 * longer text cut to that size (with `...`) after GitLab's notice, so the reader sees that the
 * rest is missing.
 */
export function truncateMarkdown(text: string, limit = MARKDOWN_MAX_INPUT_BYTES): string {
  // Every code unit is 1 to 3 bytes: most texts are decided without counting.
  if (text.length * MAX_BYTES_PER_UNIT <= limit) return text;
  if (cutIndex(text, limit) === text.length) return text;
  const cut = cutIndex(text, limit - MARKDOWN_TRUNCATION_OMISSION.length);
  const kept = text.slice(0, graphemeStart(text, cut));
  return `${markdownTruncatedMessage(limit)}\n\n${kept}${MARKDOWN_TRUNCATION_OMISSION}`;
}
