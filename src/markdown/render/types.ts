import type { REFERENCE_TYPES } from './constants';

/** A kind of product reference. */
export type ReferenceType = (typeof REFERENCE_TYPES)[number];

/**
 * One reference found in the text, as handed to `context.resolveReferences`.
 * - issue `#1`, merge_request `!1`, epic `&1`, work_item `[work_item:1]`, snippet `$1`: `iid` (for a
 *   snippet its id), and `project` for cross-project forms (`group/project#1`, `group&1`,
 *   `[work_item:group/project/1]`, `group/project$1`);
 * - milestone `%name` / `%"two words"`, label `~name` / `~"two words"` / `~scope::name`: `name`, and `project`;
 * - user `@name` (the resolver may answer that it is a group): `name`;
 * - commit `a1b2c3d` (7 to 40 hex characters) or `group/project@a1b2c3d`: `sha`, and `project`.
 */
export interface MarkdownReference {
  type: ReferenceType;
  /** The reference exactly as written, e.g. `group/project#12` or `~"needs review"`. */
  text: string;
  /** Project (or, for epics, group) path written before the reference. */
  project?: string;
  /** Number of an issue, merge request, epic, work item or snippet. */
  iid?: number;
  /** Name of a milestone, label, user or group (without the sigil and quotes). */
  name?: string;
  /** Commit SHA as written. */
  sha?: string;
}

/** What the resolver knows about one reference. */
export interface ResolvedReference {
  /** Where the link points: http(s) or a relative URL. Any other URL leaves the reference as text. */
  url: string;
  /** Link title (tooltip), e.g. the issue title or the user's full name. */
  title?: string;
  /** State of an issue, merge request, epic or work item; `closed` and `merged` are also shown after the link text. */
  state?: string;
  /**
   * The reference's real type when the text alone cannot tell: `group` for an `@name` that is a
   * group, `work_item` for a `#1` that is a work item.
   */
  type?: ReferenceType;
  /** Numeric id, written as `data-user`, `data-group`, `data-issue`, `data-merge-request`, ... */
  id?: string | number;
  /** Project id or path for `data-project`. @default the project written in the reference */
  project?: string | number;
  /**
   * A label's colour ('#' and 3 or 6 hex digits): the label is drawn in it, as `<Label>` draws it.
   * Without one (or with anything else) the label is neutral.
   */
  color?: string;
  [key: string]: unknown;
}

/** Emoji data for a shortcode: the character(s) to show and a description for the title. */
export interface MarkdownEmoji {
  unicode: string;
  description?: string;
  /** Unicode version, written as `data-unicode-version`. */
  unicodeVersion?: string;
}

/** Where rendered text lives: its project or group, and for repository files the ref and path. */
export interface MarkdownLocation {
  /** Full path of the project, e.g. `group/project`. */
  project?: string;
  /** Full path of the group, for text that belongs to a group (and no project). */
  group?: string;
  /** Branch, tag or commit that relative repository links point into. Without it only `/uploads/` links change. */
  ref?: string;
  /** Path of the rendered file in the repository (`docs/README.md`): relative links start from its folder. @default the root */
  path?: string;
  /** Prefix of every product URL when the product is served under a sub-path (`/gitlab`). @default '' */
  root?: string;
}

/** What `renderMarkdown` may use besides the text. Everything is optional. */
export interface MarkdownContext {
  /**
   * Resolves every reference found, in one call per document, to a same-length array holding a
   * result or `null` (stays plain text) per reference. Without it references stay plain text.
   */
  resolveReferences?: (references: MarkdownReference[]) => Promise<(ResolvedReference | null)[]>;
  /**
   * Looks up an emoji shortcode (`smile` for `:smile:`). A result fills the `<gl-emoji>` with the
   * character and a title; `null` (unknown name) leaves the shortcode as text. Without it every
   * `:name:` becomes `<gl-emoji data-name="name">:name:</gl-emoji>` for the emoji code to fill in.
   */
  emoji?: (name: string) => MarkdownEmoji | null;
  /**
   * Highlights a code block on the server: returns the inner HTML of `<code>` (escaped; it goes
   * through the sanitiser with the rest) or `null` to leave the block for the browser.
   */
  highlight?: (code: string, language: string) => string | null;
  /** Front matter (`---`, `+++`, `;;;` block at the very top): shown as a code block, as GitLab does, or dropped. @default 'code' */
  frontMatter?: 'code' | 'drop';
  /**
   * Where the text lives, for GitLab's relative links: `/uploads/…` points into the project's (or
   * group's) uploads; with a `ref`, other relative links and images point to repository files.
   * Without it URLs stay as written.
   */
  location?: MarkdownLocation;
  /** The text is a wiki page: `[[page]]` and `[[text|page]]` link to pages under `baseUrl`. */
  wiki?: { baseUrl: string };
  /**
   * A window to sanitise with. @default the global window in browsers; in Node one shared jsdom
   * window (`sanitizerWindow`)
   */
  window?: Window & typeof globalThis;
}

/** Per-render state, kept under one key of markdown-it's `env` (markdown-it uses `env.references` itself). */
export interface RenderState {
  context: MarkdownContext;
  /** Whether references are collected at all (there is a resolver). */
  collectReferences: boolean;
  references: MarkdownReference[];
  referenceIndex: Map<string, number>;
  resolved: (ResolvedReference | null | undefined)[];
  emojiCache: Map<string, MarkdownEmoji | null>;
  /** HTML of each distinct reference (by batch index) and emoji (by `:name`), rendered once. */
  rendered: Map<number | string, string>;
  /**
   * Set when the output is sanitised in parts (render/fragments.ts): each reference and emoji is
   * written as a placeholder, and the HTML of each distinct one is kept here once.
   */
  fragments?: Fragments;
}

/** The distinct reference and emoji HTML of a document sanitised in parts, and where it goes. */
export interface Fragments {
  /** HTML of each distinct reference or emoji, in first-seen order. */
  html: string[];
  /** Index in `html` of each rendered key (a batch index or `:name`). */
  index: Map<number | string, number>;
  /** Placeholders written into the document. */
  placeholders: number;
  /** Each text placeholder's text as the sanitiser would serialise it (one placeholder each). */
  text: string[];
  /** Each text placeholder's text as the renderer escaped it. */
  textHtml: string[];
}

export const ENV_KEY = 'forgekit';

/** The render state of a parse started by `renderMarkdown`, or undefined for a bare markdown-it call. */
export function renderState(env: unknown): RenderState | undefined {
  return (env as Record<string, RenderState | undefined> | undefined)?.[ENV_KEY];
}
