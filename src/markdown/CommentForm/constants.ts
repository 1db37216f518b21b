/**
 * The comment form's texts (GitLab's `work_item_add_note.vue`, `work_item_comment_form.vue` and
 * `comment_field_layout`), each named once.
 */

/** Accessible name of the comment box. */
export const COMMENT_FORM_LABEL = 'Comment';
/** Placeholder of the comment box. */
export const COMMENT_FORM_PLACEHOLDER = 'Write a comment or drag your files here…';
/** The submit button. */
export const COMMENT_BUTTON_TEXT = 'Comment';
/** The submit button while the comment is marked internal. */
export const INTERNAL_NOTE_BUTTON_TEXT = 'Add internal note';
/** The checkbox that marks the comment internal (shown only where the user may). */
export const INTERNAL_NOTE_CHECKBOX_LABEL = 'Make this an internal note';
/** Why it matters, under the checkbox. */
export const INTERNAL_NOTE_HINT = 'Internal notes are only visible to members with the role of Reporter or higher.';
/** The cancel button of a reply or an edit. */
export const CANCEL_BUTTON_TEXT = 'Cancel';
/** Asked before a changed reply or edit is thrown away. */
export const CANCEL_EDITING_CONFIRM = {
  message: 'Are you sure you want to cancel editing?',
  primaryBtnText: 'Discard changes',
  cancelBtnText: 'Continue editing',
} as const;
/** Shown when saving the comment fails and the rejection carries no message of its own. */
export const COMMENT_SUBMIT_ERROR_MESSAGE =
  'Your comment could not be submitted! Please check your network connection and try again.';

/**
 * The secondary action of the comment box: close or reopen the work item, alone or together with
 * the comment ('Close issue', 'Comment & close issue'). `type` is the lower-case type label.
 */
export function toggleStateButtonText(options: { type: string; isOpen: boolean; hasComment: boolean }): string {
  const verb = options.isOpen ? 'close' : 'reopen';
  if (options.hasComment) return `Comment & ${verb} ${options.type}`;
  return `${verb === 'close' ? 'Close' : 'Reopen'} ${options.type}`;
}
