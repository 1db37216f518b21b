/**
 * The keyboard shortcuts dialog (`?`) on every page, without its code in the page's first load:
 * the library's dialog (a Modal with react-aria's focus scope, about 11 KB gzip) and its `?` hook
 * share one chunk, so both load together, once the browser is idle or at the first key press,
 * whichever comes first. A `?` that triggered the load opens the dialog as soon as it is there.
 */
import { runWhenIdle } from 'forgekit';
import { lazy, Suspense, useEffect, useState } from 'react';
import type * as DialogChunk from './KeyboardShortcutsDialog.tsx';

type DialogModule = typeof DialogChunk;

let request: Promise<DialogModule> | undefined;
/** One load per page; a failed one is forgotten so the next key press tries again. */
function loadDialog(): Promise<DialogModule> {
  request ??= import('./KeyboardShortcutsDialog.tsx').catch((error: unknown) => {
    request = undefined;
    throw error;
  });
  return request;
}

const ShortcutsDialog = lazy(() => loadDialog().then((module) => ({ default: module.ShortcutsDialog })));

/** Loads the dialog's chunk when the page is idle or a key is pressed, then mounts the dialog. */
export function KeyboardShortcuts() {
  const [loaded, setLoaded] = useState<{ isOpen: boolean } | null>(null);
  useEffect(() => {
    if (loaded) return;
    let isActive = true;
    const start = (event?: KeyboardEvent) => {
      loadDialog().then(
        (module) => {
          if (!isActive) return;
          const opens = event !== undefined && module.opensShortcutsDialog(event);
          // The idle load may finish after a key press's: an opening press is never undone.
          setLoaded((previous) => ({ isOpen: opens || (previous?.isOpen ?? false) }));
        },
        () => {}, // Offline or a new deployment: the next key press tries again.
      );
    };
    const cancelIdle = runWhenIdle(() => start());
    document.addEventListener('keydown', start);
    return () => {
      isActive = false;
      cancelIdle();
      document.removeEventListener('keydown', start);
    };
  }, [loaded]);
  return loaded ? (
    <Suspense fallback={null}>
      <ShortcutsDialog defaultOpen={loaded.isOpen} />
    </Suspense>
  ) : null;
}
