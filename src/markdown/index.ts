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

// The post-processing pipeline (section 3): the React component, the imperative entry and the enhancers.
export { Markdown, type MarkdownProps } from './Markdown';
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
