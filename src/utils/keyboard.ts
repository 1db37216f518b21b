// Keyboard facts shared by the form enhancers and the Markdown editor. Nothing runs at import.

/** Apple keyboards say ⌘ and use Meta where others use Ctrl. Ask when needed (after hydration), never at import. */
export function isApplePlatform(): boolean {
  const nav = globalThis.navigator as (Navigator & { userAgentData?: { platform?: string } }) | undefined;
  const platform = nav?.platform || nav?.userAgentData?.platform || '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** The keys of an event, as needed to match shortcuts. */
export type KeyEvent = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'> & {
  isComposing?: boolean;
};

/** Quick submit (spec section 5): Enter with Ctrl or with Cmd and no other modifier, not while composing. */
export function isQuickSubmitKey(event: KeyEvent): boolean {
  if (event.key !== 'Enter' || event.isComposing) return false;
  const onlyCtrl = event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
  const onlyMeta = event.metaKey && !event.ctrlKey && !event.altKey && !event.shiftKey;
  return onlyCtrl || onlyMeta;
}
