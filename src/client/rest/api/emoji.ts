/** The emoji data file (spec section 7: "GET emoji json at /-/emojis/3/emojis.json"). */
import type { RestResponse } from '../request';
import type { EmojiJsonEntry } from '../types';
import { clientOf, path, type ApiOptions } from './shared';

/** `/-/emojis/{version}/emojis.json` (before the relative root). */
export const emojiJsonPath = (version: number | string): string => path`/-/emojis/${version}/emojis.json`;

/** GET /-/emojis/{version}/emojis.json; the version defaults to the page's (3). */
export function getEmojiJson(version?: number | string, options?: ApiOptions): Promise<RestResponse<EmojiJsonEntry[]>> {
  const client = clientOf(options);
  return client.get(emojiJsonPath(version ?? client.pageConfig().emojiVersion), { ...options, responseType: 'json' });
}
