export { CommentForm, type CommentFormProps, type CommentSubmission } from './CommentForm';
export {
  CANCEL_BUTTON_TEXT,
  CANCEL_EDITING_CONFIRM,
  COMMENT_BUTTON_TEXT,
  COMMENT_FORM_LABEL,
  COMMENT_FORM_PLACEHOLDER,
  COMMENT_SUBMIT_ERROR_MESSAGE,
  INTERNAL_NOTE_BUTTON_TEXT,
  INTERNAL_NOTE_CHECKBOX_LABEL,
  INTERNAL_NOTE_HINT,
  toggleStateButtonText,
} from './constants';
