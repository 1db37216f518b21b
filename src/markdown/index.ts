// forgekit/markdown: GitLab-flavoured Markdown rendering (section 1 of the Markdown issue).
export { renderMarkdown, renderMarkdownUnsanitized } from './render/renderMarkdown';
export {
  HEADING_ID_PREFIX,
  MARKDOWN_HOOKS,
  MARKDOWN_MAX_INPUT_BYTES,
  MARKDOWN_MAX_NESTING,
  MARKDOWN_MAX_REFERENCES,
  MARKDOWN_TRUNCATION_OMISSION,
  REFERENCE_TYPES,
  markdownTruncatedMessage,
} from './render/constants';
export type {
  MarkdownContext,
  MarkdownEmoji,
  MarkdownLocation,
  MarkdownReference,
  ReferenceType,
  ResolvedReference,
} from './render/types';

// The post-processing pipeline (section 3): the React component, the imperative entry and the enhancers.
export { Markdown, type MarkdownProps } from './Markdown';
export { UserPopovers, type UserPopoversProps } from './UserPopovers';
export { renderGfm } from './pipeline/renderGfm';
export {
  DEFAULT_ENHANCERS,
  copyCodeEnhancer,
  jsonTableEnhancer,
  lazyImagesEnhancer,
  mathEnhancer,
  mentionsEnhancer,
  mermaidEnhancer,
  referencesEnhancer,
  syntaxHighlightEnhancer,
  taskListEnhancer,
} from './pipeline/enhancers';
export type { EnhancerContext, GfmHandle, MarkdownEnhancer, MarkdownViewer, RenderGfmOptions } from './pipeline/types';
export {
  attachUserPopovers,
  CURRENT_USER_MENTION_CLASS,
  MENTION_POPOVER_HIDE_DELAY,
  MENTION_POPOVER_SHOW_DELAY,
  MENTION_SELECTOR,
  USER_POPOVER_TEXTS,
  type MentionOptions,
  type MentionedUser,
  type UserPopoverData,
  type UserPopoversOptions,
  type UserPopoverStatus,
} from './pipeline/enhancers/mentions';
export {
  PREVIEW_REFERENCE_TYPES,
  REFERENCE_POPOVER_HIDE_DELAY,
  REFERENCE_POPOVER_SELECTOR,
  REFERENCE_POPOVER_SHOW_DELAY,
  REFERENCE_POPOVER_TEXTS,
  REFERENCE_STATE_BADGES,
  REFERENCE_TYPE_LABELS,
  type PreviewReferenceType,
  type PreviewedReference,
  type ReferenceOptions,
  type ReferencePreview,
} from './pipeline/enhancers/references';

// The Markdown editor (section 4): write and preview modes, the formatting toolbar, quick submit.
export * from './MarkdownEditor';

// The work item description (issue 15): rendered with task toggles, edited with the editor.
export * from './WorkItemDescription';

// Work item activity (issue 15): the notes and the comment box.
export * from './CommentForm';
export * from './WorkItemNotes';
export {
  HIGHLIGHT_LANGUAGES,
  HIGHLIGHT_LANGUAGE_ALIASES,
  HIGHLIGHT_ROOT_MARGIN,
  HIGHLIGHTED_VALUE,
  highlightCodeLines,
  resolveHighlightLanguage,
  splitHighlightedLines,
  type HighlightLanguage,
} from './pipeline/enhancers/highlight';
export {
  CODE_BLOCK_WRAPPER_CLASS,
  COPY_CODE_EXCLUDED_LANGUAGES,
  COPY_CODE_TAG,
  COPY_CODE_TITLE,
} from './pipeline/enhancers/copyCode';
export {
  TASK_LIST_CHECKBOX_CLASS,
  TASK_LIST_UNTITLED_LABEL,
  type TaskListOptions,
  type TaskToggle,
} from './pipeline/enhancers/taskList';
export { LAZY_IMAGE_CLASS, LAZY_IMAGE_LOADED_CLASS } from './pipeline/enhancers/images';
export { JSON_TABLE_PARSE_ERROR, parseJsonTable, type JsonTableOptions } from './pipeline/enhancers/jsonTable';
export {
  JSON_TABLE_EMPTY_FILTERED_TEXT,
  JSON_TABLE_EMPTY_TEXT,
  JSON_TABLE_FILTER_LABEL,
  JSON_TABLE_FILTER_PLACEHOLDER,
  jsonTableFilterStatus,
  type JsonTableData,
  type JsonTableField,
  type JsonTableSortDirection,
} from './pipeline/enhancers/jsonTableView';
export {
  MERMAID_DISPLAY_LABEL,
  MERMAID_ERROR_MESSAGE,
  MERMAID_FRAME_TITLE,
  MERMAID_IFRAME_HEIGHT_PADDING,
  MERMAID_MAX_AMPERSANDS,
  MERMAID_MAX_BATCH_CHARACTERS,
  MERMAID_MAX_CHARACTERS,
  MERMAID_MAX_DIAGRAMS,
  MERMAID_SANDBOX_ATTRIBUTES,
  MERMAID_SANDBOX_PATH,
  MERMAID_SKIPPED_PAGES,
  MERMAID_UNLIMITED_PAGES,
  MERMAID_WARNING_MESSAGE,
  type MermaidOptions,
} from './pipeline/enhancers/mermaid';
export {
  MATH_DISPLAY_ANYWAY_LABEL,
  MATH_ERROR_MESSAGE,
  MATH_MAX_CHARACTERS,
  MATH_MAX_EXPAND,
  MATH_MAX_SIZE,
  MATH_RENDER_DELAY,
  MATH_RENDER_TIME_BUDGET,
  MATH_TIME_BUDGET_MESSAGE,
  MATH_TOO_LONG_MESSAGE,
  MATH_TOO_MANY_EXPANSIONS_MESSAGE,
  MATH_TRUSTED_COMMANDS,
  MATH_TRUSTED_PROTOCOLS,
  isTrustedMath,
  mathKatexOptions,
  type MathOptions,
  type MathState,
  type MathWarning,
} from './pipeline/enhancers/math';
