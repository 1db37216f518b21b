// Limits and the class names the post-processing pipeline reads. Named once, here.

/**
 * Deepest block or inline nesting markdown-it parses (quotes in quotes, lists in lists, emphasis in
 * links, ...). Content nested deeper is dropped rather than parsed: it bounds recursion and time on
 * hostile input such as 10,000 nested quotes. 100 is markdown-it's own default, made explicit.
 */
export const MARKDOWN_MAX_NESTING = 100;

/**
 * Longest Markdown input rendered, in UTF-8 bytes: GitLab's cap (`Banzai::Filter::TruncateSourceFilter`,
 * `CHARACTER_COUNT_LIMIT = 1.megabyte`). Longer text is cut to this size (never inside a character)
 * and rendered after {@link markdownTruncatedMessage}, as GitLab renders it.
 */
export const MARKDOWN_MAX_INPUT_BYTES = 1_048_576;

/** What GitLab ends a truncated text with: three dots, not the ellipsis character (some clients show it raw). */
export const MARKDOWN_TRUNCATION_OMISSION = '...';

/** GitLab's notice put before a truncated text (Markdown: it renders in italics), in GitLab's words. */
export function markdownTruncatedMessage(limit: number): string {
  return `_The text is longer than ${limit} characters and has been visually truncated._`;
}

/**
 * Most distinct product references (`#1`, `@user`, ...) one document sends to
 * `context.resolveReferences`. Later new references stay plain text; repeats of an
 * already-collected reference still link. Bounds the resolver batch (one server round trip).
 */
export const MARKDOWN_MAX_REFERENCES = 1000;

/** Longest quoted milestone or label name (`~"..."`, `%"..."`): the scan for the closing quote stops there. */
export const MARKDOWN_MAX_QUOTED_NAME_LENGTH = 255;

/** Longest emoji shortcode name between the colons (`:name:`). */
export const MARKDOWN_MAX_EMOJI_NAME_LENGTH = 64;

/** Longest fence language accepted (letters of any script, digits, `_`, `+`, `#`, `.`, `-`); anything else renders as plaintext. */
export const MARKDOWN_MAX_LANGUAGE_LENGTH = 64;

/** Longest footnote label scanned in `[^label]`. */
export const MARKDOWN_MAX_FOOTNOTE_LABEL_LENGTH = 999;

/** The kinds of product reference `renderMarkdown` recognises. */
export const REFERENCE_TYPES = [
  'issue',
  'work_item',
  'merge_request',
  'epic',
  'milestone',
  'label',
  'user',
  'group',
  'commit',
  'snippet',
] as const;

/**
 * Classes and attributes of rendered Markdown that the post-processing pipeline (`<Markdown>`,
 * `renderGfm`) looks for. GitLab's own names, so server-rendered HTML from either works.
 */
export const MARKDOWN_HOOKS = {
  /** `<pre>` of an ordinary code block: syntax highlighting and the copy button. */
  codeBlock: 'js-syntax-highlight',
  /** Set to `yes` on a code block's `<code>` when `context.highlight` highlighted it on the server. */
  highlightedAttribute: 'data-highlighted',
  /** `<code>` of inline or display math (with `data-math-style="inline|display"`). */
  math: 'js-render-math',
  /** `<pre>` of a Mermaid diagram. */
  mermaid: 'js-render-mermaid',
  /** `<div data-json>` of a JSON table block. */
  jsonTable: 'js-json-table',
  /** Every resolved reference link carries `gfm` plus `gfm-<type>` (users and groups: `gfm-project_member`). */
  reference: 'gfm',
  /** `<ul>`/`<ol>` holding task items, each `<li class="task-list-item">` with an `<input class="task-list-item-checkbox">`. */
  taskList: 'task-list',
  /** Empty permalink inside each heading: `<a class="anchor" id="user-content-<slug>" href="#<slug>">`. */
  headingAnchor: 'anchor',
  /** `<nav>` of a table of contents (`[[_TOC_]]`, `[TOC]`), holding GitLab's `ul.section-nav`. */
  tableOfContents: 'table-of-contents',
} as const;

/** Accessible name of a task checkbox whose item has no text (the others are named after their item). */
export const TASK_LIST_UNTITLED_LABEL = 'Task';

/** Prefix of heading anchor ids (`user-content-<slug>`), as GitLab and GitHub do: user ids never clobber page ids or DOM properties. */
export const HEADING_ID_PREFIX = 'user-content-';

/** Accessible name of the table of contents `[[_TOC_]]` and `[TOC]` render (a `<nav>`). */
export const MARKDOWN_TOC_LABEL = 'Table of contents';

/** Alert types (`> [!note]`) and their default titles, as GitLab shows them. */
export const MARKDOWN_ALERT_TITLES = {
  note: 'Note',
  tip: 'Tip',
  important: 'Important',
  caution: 'Caution',
  warning: 'Warning',
} as const;

/** File extensions an image link plays as video or audio instead (GitLab's safe media types). */
export const MARKDOWN_VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'webm', 'ogv'] as const;
/** File extensions an image link plays as audio. */
export const MARKDOWN_AUDIO_EXTENSIONS = ['mp3', 'oga', 'ogg', 'spx', 'wav'] as const;

/** Title of the download link under a video or audio player, as GitLab writes it. */
export function mediaDownloadTitle(name: string): string {
  return `Download '${name}'`;
}
