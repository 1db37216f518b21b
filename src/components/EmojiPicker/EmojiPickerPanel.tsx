/**
 * The emoji picker's panel, for the popover of `EmojiPicker` or embedded in a page. This module is
 * light: the panel's code (grid, search, the emoji store and the virtualiser, EmojiPickerContent.tsx)
 * is loaded with `import()` when a panel first mounts, and the emoji map only then (spec: "a page
 * that never opens it pays nothing for it or the emoji data").
 */
import { useEffect, useRef, useState } from 'react';
import { useHasChanged } from '../../hooks/useHasChanged';
import { useMergedRefs } from '../../hooks/useMergedRefs';
// Types only (erased): the module itself is loaded with import() below.
import type * as ContentModule from './EmojiPickerContent';
import { EmojiPickerError, EmojiPickerFrame, EmojiPickerLoading } from './EmojiPickerFrame';
import type { EmojiPickerPanelProps } from './emojiPickerPanelProps';
import type { InitEmojiMapOptions } from '../../emoji/store';

type EmojiPickerContentModule = typeof ContentModule;

let loadedContent: EmojiPickerContentModule | null = null;
let contentRequest: Promise<EmojiPickerContentModule> | null = null;

function loadContent(): Promise<EmojiPickerContentModule> {
  contentRequest ??= import('./EmojiPickerContent').then(
    (module) => (loadedContent = module),
    (error: unknown) => {
      contentRequest = null; // the next panel tries again
      throw error;
    },
  );
  return contentRequest;
}

/**
 * Loads the panel's code (once per page; again after a failure). Panels call it when they mount;
 * call it yourself to preload, e.g. when the pointer rests on a picker's toggle. It does not load
 * the emoji map.
 */
export function loadEmojiPickerPanel(): Promise<void> {
  return loadContent().then(() => undefined);
}

/**
 * Starts loading the emoji map for a picker about to open, before its panel renders (EmojiPicker
 * does it on a bare click); the panel then takes this load over. Null when there is nothing to wait
 * for here: the map is loaded, or the panel's code is not (the panel then loads both itself).
 * Internal: not exported from the package.
 */
export function startEmojiPickerData(options: InitEmojiMapOptions | undefined): Promise<void> | null {
  return loadedContent?.startEmojiMap(options) ?? null;
}

export type { EmojiPickerPanelProps } from './emojiPickerPanelProps';

/**
 * The emoji picker panel: search box, category tabs, a virtualised grid of emoji and a preview of
 * the focused one (see EmojiPickerContent.tsx). Until its code and the emoji map are loaded it
 * shows a loading state (after 200 ms) or an error with a retry, at its final size.
 */
export function EmojiPickerPanel(props: EmojiPickerPanelProps) {
  const [content, setContent] = useState<EmojiPickerContentModule | null>(loadedContent);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const frameRef = useRef<HTMLDivElement>(null);
  const { onSelect: _onSelect, initOptions: _initOptions, shouldFocusSearch: _focus, resetKey, ref, ...rest } = props;
  const mergedRef = useMergedRefs(frameRef, ref);
  // A reset (the picker was closed) after a failure tries again.
  const isReset = useHasChanged(resetKey);
  if (isReset && failure) {
    setFailure(null);
    setAttempt((count) => count + 1);
  }

  useEffect(() => {
    if (content) return;
    let isCurrent = true;
    loadContent().then(
      (module) => {
        if (isCurrent) setContent(module);
      },
      (error: unknown) => {
        if (isCurrent) setFailure({ error });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [content, attempt]);

  if (content) {
    const { EmojiPickerContent } = content;
    return <EmojiPickerContent {...props} />;
  }

  const retry = () => {
    // Keep focus in the picker while the button that has it (and then this frame) is replaced: on
    // the popover around the panel, which hands it on to the search box; else on the frame.
    const holder = frameRef.current?.closest<HTMLElement>('[role="dialog"]') ?? frameRef.current;
    holder?.focus();
    setFailure(null);
    setAttempt((count) => count + 1);
  };
  return (
    <EmojiPickerFrame {...rest} ref={mergedRef} state={failure ? 'error' : 'loading'}>
      {failure ? <EmojiPickerError error={failure.error} onRetry={retry} /> : <EmojiPickerLoading />}
    </EmojiPickerFrame>
  );
}
