/** The keyboard shortcuts dialog's own chunk (see KeyboardShortcuts.tsx): the library's dialog and its `?` key. */
import {
  KEYBOARD_SHORTCUTS_DIALOG_KEY,
  KeyboardShortcutsDialog,
  isTypingTarget,
  useKeyboardShortcutsDialog,
} from 'forgekit';
import { useEffect } from 'react';

/**
 * Whether `event`, pressed before the dialog's code was there, is the `?` the library's hook
 * answers (not in a field, no Ctrl, Alt or ⌘).
 */
export function opensShortcutsDialog(event: KeyboardEvent): boolean {
  if (event.key !== KEYBOARD_SHORTCUTS_DIALOG_KEY || event.defaultPrevented) return false;
  return !event.ctrlKey && !event.altKey && !event.metaKey && !isTypingTarget(event.target);
}

/** The dialog, on the library's `?` hook; open at once when the key press that loaded it asked for it. */
export function ShortcutsDialog({ defaultOpen }: { defaultOpen: boolean }) {
  const shortcuts = useKeyboardShortcutsDialog();
  const { onOpenChange } = shortcuts;
  useEffect(() => {
    if (defaultOpen) onOpenChange(true);
  }, [defaultOpen, onOpenChange]);
  return <KeyboardShortcutsDialog {...shortcuts} />;
}
