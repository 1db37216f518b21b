// forgekit/markdown: GitLab-flavoured Markdown rendering (section 1 of the Markdown issue).
export { renderMarkdown, renderMarkdownUnsanitized } from './render/renderMarkdown';
export {
  HEADING_ID_PREFIX,
  MARKDOWN_HOOKS,
  MARKDOWN_MAX_NESTING,
  MARKDOWN_MAX_REFERENCES,
  REFERENCE_TYPES,
} from './render/constants';
export type {
  MarkdownContext,
  MarkdownEmoji,
  MarkdownReference,
  ReferenceType,
  ResolvedReference,
} from './render/types';
