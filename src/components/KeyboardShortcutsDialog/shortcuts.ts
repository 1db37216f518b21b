/** One shortcut: its key sequences (any of them works; a sequence is pressed key after key) and what it does. */
export interface KeyboardShortcut {
  /**
   * Alternatives, each a sequence of key presses pressed one after the other; a press of several
   * keys together joins them with `+`. `[['s'], ['/']]` is "s or /", `[['g', 'p']]` is "g then p",
   * `[['Shift+p']]` is Shift and p together.
   */
  keys: readonly (readonly string[])[];
  description: string;
}

/** A titled group of shortcuts. */
export interface KeyboardShortcutGroup {
  title: string;
  shortcuts: readonly KeyboardShortcut[];
}

/** Joins keys pressed together in a shortcut's key press. */
export const KEY_CHORD_SEPARATOR = '+';

/** The key that opens and closes the shortcuts dialog. */
export const KEYBOARD_SHORTCUTS_DIALOG_KEY = '?';

/**
 * The product's shortcuts (the spec lists none, so these are GitLab's global and project ones):
 * what the dialog shows unless given others.
 */
export const KEYBOARD_SHORTCUT_GROUPS: readonly KeyboardShortcutGroup[] = [
  {
    title: 'Global shortcuts',
    shortcuts: [
      { keys: [[KEYBOARD_SHORTCUTS_DIALOG_KEY]], description: 'Toggle keyboard shortcuts help dialog' },
      { keys: [['s'], ['/']], description: 'Focus search' },
      { keys: [['Shift+p']], description: 'Go to your projects' },
      { keys: [['Shift+g']], description: 'Go to your groups' },
      { keys: [['Shift+a']], description: 'Go to your activity feed' },
      { keys: [['Shift+i']], description: 'Go to your issues' },
      { keys: [['Shift+m']], description: 'Go to your merge requests' },
      { keys: [['Shift+t']], description: 'Go to your To-Do List' },
      { keys: [['Escape']], description: 'Close a dialog or menu' },
    ],
  },
  {
    title: 'Project',
    shortcuts: [
      { keys: [['g', 'p']], description: 'Go to the project’s overview page' },
      { keys: [['g', 'f']], description: 'Go to the project’s files' },
      { keys: [['t']], description: 'Go to find file' },
      { keys: [['g', 'c']], description: 'Go to the project’s commits' },
      { keys: [['g', 'i']], description: 'Go to issues' },
      { keys: [['i']], description: 'Create a new issue' },
      { keys: [['g', 'm']], description: 'Go to merge requests' },
      { keys: [['g', 'l']], description: 'Go to labels' },
    ],
  },
  {
    title: 'Editing',
    shortcuts: [{ keys: [['Ctrl+Enter'], ['⌘+Enter']], description: 'Submit the form (quick submit)' }],
  },
];
