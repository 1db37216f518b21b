/**
 * The keyboard shortcuts dialog (`?`) on every page, without its code in the page's first load:
 * the `?` key is the library's hook (a few lines, loaded with the page); the dialog (a Modal with
 * react-aria's focus scope, about 11 KB gzip) is its own chunk, loaded once the browser is idle or
 * when `?` opens it first, whichever comes first.
 */
import { runWhenIdle, useKeyboardShortcutsDialog } from 'forgekit';
import { lazy, Suspense, useEffect, useState } from 'react';

const ShortcutsDialog = lazy(() => import('./KeyboardShortcutsDialog.tsx'));

/** The `?` key from the first keystroke; the dialog mounted once idle or opened. */
export function KeyboardShortcuts() {
  const shortcuts = useKeyboardShortcutsDialog();
  const [isIdle, setIdle] = useState(false);
  useEffect(() => runWhenIdle(() => setIdle(true)), []);
  return isIdle || shortcuts.open ? (
    <Suspense fallback={null}>
      <ShortcutsDialog {...shortcuts} />
    </Suspense>
  ) : null;
}
