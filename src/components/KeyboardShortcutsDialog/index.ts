export {
  KeyboardShortcutsDialog,
  KEYBOARD_SHORTCUTS_DIALOG_LABELS,
  type KeyboardShortcutsDialogProps,
} from './KeyboardShortcutsDialog';
export {
  KEYBOARD_SHORTCUT_GROUPS,
  KEYBOARD_SHORTCUTS_DIALOG_KEY,
  KEY_CHORD_SEPARATOR,
  type KeyboardShortcut,
  type KeyboardShortcutGroup,
} from './shortcuts';
export {
  useKeyboardShortcutsDialog,
  isTypingTarget,
  type KeyboardShortcutsDialogState,
} from './useKeyboardShortcutsDialog';
