/**
 * Emoji names on the server, from forgekit's own data set (`forgekit/emojis.json`, GitLab's
 * `emojis.json` format) and alias table, loaded once through `forgekit/emoji`'s store: award
 * names are validated against it and Markdown's `:name:` render as GitLab's `<gl-emoji>`.
 */
import { getEmojiInfo, initEmojiMap, isEmojiNameValid, normalizeEmojiName } from 'forgekit/emoji';
import emojiRecords from 'forgekit/emojis.json' with { type: 'json' };
import type { MarkdownEmoji } from 'forgekit/markdown';

let loading: Promise<void> | undefined;

/** Loads the emoji map (once); every function below needs it. */
export function loadEmoji(): Promise<void> {
  loading ??= initEmojiMap({
    fetchEmojis: async () => emojiRecords,
    groupPath: null,
    // The server draws nothing: every standard emoji counts.
    isEmojiSupported: () => true,
  });
  return loading;
}

/** The canonical name of a valid emoji name or alias (`+1` → `thumbsup`), else `null`. */
export async function canonicalEmojiName(name: string): Promise<string | null> {
  await loadEmoji();
  return isEmojiNameValid(name) ? normalizeEmojiName(name) : null;
}

/** Markdown's emoji lookup (the map must be loaded): GitLab's title, character and version. */
export function markdownEmoji(name: string): MarkdownEmoji | null {
  const info = getEmojiInfo(name, false);
  if (!info?.e) return null;
  return { unicode: info.e, description: info.d, unicodeVersion: info.u };
}
