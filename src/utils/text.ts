import { SHORT_COMMIT_ID_LENGTH } from '../tokens';

/** A commit SHA shortened to the product's short commit id length (8 characters). */
export function truncateSha(sha: string): string {
  return sha.slice(0, SHORT_COMMIT_ID_LENGTH);
}

let segmenter: Intl.Segmenter | undefined;

/**
 * The first user-perceived character of `text` (a grapheme cluster), so an emoji with skin tone
 * or ZWJ sequence (`👩‍💻`) comes back whole. Leading whitespace is ignored; empty text gives `''`.
 */
export function firstGrapheme(text: string): string {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const first = segmenter.segment(text.trimStart())[Symbol.iterator]().next();
  return first.done ? '' : first.value.segment;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': '\u00a0',
};

/**
 * The text of an HTML string, for the server render and until the sanitiser has loaded: tags
 * (and script and style contents) dropped, the common entities decoded. React escapes it as
 * text, so nothing in it can become markup.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>?/g, '')
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);
}
