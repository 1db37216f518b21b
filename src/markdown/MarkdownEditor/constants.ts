/**
 * The Markdown editor's texts and numbers (spec sections 2, 4, 5, 8 and 9), each named once. The
 * lead may later move the spec numbers into src/tokens.
 */

/** The two modes of the editor: writing in the textarea, or reading the server's preview. */
export const MARKDOWN_EDITOR_MODES = ['write', 'preview'] as const;
export type MarkdownEditorMode = (typeof MARKDOWN_EDITOR_MODES)[number];

/**
 * Spec section 2: "the toggle label changes from Preview to Continue editing". The label of the
 * toggle while in each mode (it names what the button does next).
 */
export const MARKDOWN_PREVIEW_TOGGLE_LABELS = {
  write: 'Preview',
  preview: 'Continue editing',
} as const satisfies Record<MarkdownEditorMode, string>;

/** Spec section 4: "Markdown preview: idle, loading ('Loading...'), rendered." */
export const MARKDOWN_PREVIEW_LOADING_TEXT = 'Loading...';

/** Spec sections 4 and 9: "Empty or whitespace-only text shows 'Nothing to preview'". */
export const MARKDOWN_PREVIEW_EMPTY_TEXT = 'Nothing to preview';

/** Spec section 8: "Markdown preview failure: alert 'An error occurred while fetching Markdown preview.'" */
export const MARKDOWN_PREVIEW_ERROR_TEXT = 'An error occurred while fetching Markdown preview.';

/**
 * Spec sections 5 and 9: "The referenced-users notice shows only when the count reaches 10."
 * ("Referenced-users threshold 10".)
 */
export const REFERENCED_USERS_THRESHOLD = 10;

/**
 * The referenced-users notice. The spec names the notice but not its words; these are GitLab's
 * (`markdown_field.vue`). `%{count}` is replaced by the number of referenced users.
 */
export const REFERENCED_USERS_MESSAGE =
  'You are about to add %{count} people to the discussion. They will all receive a notification.';

/**
 * The states of the preview panel, as `data-preview-state` on the editor: the spec's idle, loading
 * and rendered, plus `empty` (blank text: 'Nothing to preview', no request) and `error` (the
 * request failed).
 */
export const MARKDOWN_PREVIEW_STATES = ['idle', 'loading', 'rendered', 'empty', 'error'] as const;
export type MarkdownPreviewState = (typeof MARKDOWN_PREVIEW_STATES)[number];

/** Accessible name of the formatting toolbar. */
export const MARKDOWN_TOOLBAR_LABEL = 'Markdown formatting';
