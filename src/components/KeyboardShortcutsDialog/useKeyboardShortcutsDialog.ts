import { useEffect, useState } from 'react';
import { KEYBOARD_SHORTCUTS_DIALOG_KEY } from './shortcuts';

/** Is the user typing into `target` (a text field, a select, an editable region)? */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  return target instanceof HTMLElement && target.isContentEditable;
}

export interface KeyboardShortcutsDialogState {
  /** Whether the dialog is open: pass to `KeyboardShortcutsDialog`'s `open`. */
  open: boolean;
  /** Pass to `KeyboardShortcutsDialog`'s `onOpenChange`. */
  onOpenChange: (open: boolean) => void;
}

/**
 * The `?` key opens (and closes) the keyboard shortcuts dialog anywhere on the page, except while
 * the user types in a field or holds Ctrl, Alt or ⌘. Returns the dialog's `open` and
 * `onOpenChange`.
 */
export function useKeyboardShortcutsDialog(): KeyboardShortcutsDialogState {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== KEYBOARD_SHORTCUTS_DIALOG_KEY || event.defaultPrevented) return;
      if (event.ctrlKey || event.altKey || event.metaKey || isTypingTarget(event.target)) return;
      event.preventDefault();
      setOpen((isOpen) => !isOpen);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return { open, onOpenChange: setOpen };
}
