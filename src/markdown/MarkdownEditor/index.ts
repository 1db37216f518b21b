export { MarkdownEditor, type MarkdownEditorProps } from './MarkdownEditor';
export {
  MARKDOWN_EDITOR_MODES,
  MARKDOWN_PREVIEW_EMPTY_TEXT,
  MARKDOWN_PREVIEW_ERROR_TEXT,
  MARKDOWN_PREVIEW_LOADING_TEXT,
  MARKDOWN_PREVIEW_STATES,
  MARKDOWN_PREVIEW_TOGGLE_LABELS,
  MARKDOWN_TOOLBAR_LABEL,
  REFERENCED_USERS_MESSAGE,
  REFERENCED_USERS_THRESHOLD,
  type MarkdownEditorMode,
  type MarkdownPreviewState,
} from './constants';
export {
  MARKDOWN_COMMANDS,
  MARKDOWN_COMMAND_BUTTONS,
  MARKDOWN_LINK_TEXT_PLACEHOLDER,
  MARKDOWN_LINK_URL_PLACEHOLDER,
  MARKDOWN_SHORTCUTS,
  MARKDOWN_TABLE_TEMPLATE,
  applyTextEdit,
  formatMarkdown,
  type MarkdownCommand,
  type MarkdownShortcut,
  type TextEdit,
  type TextSelection,
} from './commands';
export {
  createMarkdownPreviewAdapter,
  type MarkdownPreviewAdapter,
  type MarkdownPreviewResult,
} from './useMarkdownPreview';
