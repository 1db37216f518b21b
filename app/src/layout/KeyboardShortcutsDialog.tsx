/** The keyboard shortcuts dialog's own chunk (see KeyboardShortcuts.tsx). */
export { KeyboardShortcutsDialog as default } from 'forgekit';
