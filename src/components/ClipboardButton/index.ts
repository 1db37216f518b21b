export {
  ClipboardButton,
  copyToClipboard,
  CLIPBOARD_BUTTON_TITLE,
  CLIPBOARD_COPIED_MESSAGE,
  CLIPBOARD_FAILED_MESSAGE,
  CLIPBOARD_ERROR_EVENT,
  type ClipboardButtonProps,
  type ClipboardButtonState,
  type ClipboardErrorDetail,
} from './ClipboardButton';
