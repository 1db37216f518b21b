// Options of the enhancers that have no data module of their own: leaf types, so the pipeline's
// contracts (types.ts) name them without importing the enhancers, which import the contracts.

/** Options of the JSON table step (`renderGfm(element, { jsonTable })`). None yet. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the pipeline's per-enhancer options slot, kept for later options
export interface JsonTableOptions {}

/** `renderGfm` options for math (`options.math`). */
export interface MathOptions {
  /**
   * The performance limits (spec section 4; GitLab's instance setting). On: a block longer than
   * MATH_MAX_CHARACTERS, and every block reached once MATH_RENDER_TIME_BUDGET ms of rendering
   * are spent, stays plain code with a warning and a 'Display anyway' button, and KaTeX stops
   * after MATH_MAX_EXPAND macro expansions. Off: every block renders, expansions unlimited.
   * @default true
   */
  limits?: boolean;
  /**
   * The clock render time is measured with, in milliseconds. For tests and stories only: a fake
   * clock makes the time budget deterministic. Leave it unset in products.
   * @default () => performance.now()
   */
  now?: () => number;
}

/** Options of the diagram step (`renderGfm(element, { mermaid })`, `<Markdown options={{ mermaid }}>`). */
export interface MermaidOptions {
  /**
   * The product's relative URL root (GitLab's `relative_url_root`, e.g. `/gitlab`): the sandbox
   * page is `{relativeRootPath}/-/sandbox/mermaid`, and the page is told it as `relativeRootPath`.
   * @default ''
   */
  relativeRootPath?: string;
  /**
   * URL of the sandbox page; `darkMode` (and `relativeRootPath` when set) are added to its query.
   * @default `${relativeRootPath}/-/sandbox/mermaid`
   */
  sandboxUrl?: string;
  /**
   * Render with the dark theme.
   * @default the colour mode around the diagram: the nearest `.fk-theme-dark` / `.fk-theme-light`
   * class, else `data-color-mode` on `<html>` (`auto` follows `prefers-color-scheme`), followed
   * live: when `<html>`'s colour mode or class, or the system's preference, changes, a diagram whose
   * mode changed renders again
   */
  darkMode?: boolean;
}

/** What `onToggle` is told about a checkbox the user toggled. */
export interface TaskToggle {
  /** Position of the checkbox among all task checkboxes of the rendered Markdown, from 0. */
  index: number;
  /** The new state. */
  checked: boolean;
  /** The item's text (without nested lists): also the checkbox's accessible name. */
  text: string;
  /** The item's `data-sourcepos` (`line:col-line:col` in the source), when the server wrote one. */
  sourcepos?: string;
}

/** Options of the task-list step (`renderGfm(element, { taskList })`). */
export interface TaskListOptions {
  /**
   * Saves a toggle (e.g. updates the note's Markdown on the server). With it the checkboxes are
   * enabled: the new state shows at once, the checkbox is unavailable (`aria-disabled`) until the
   * promise settles, and a rejection restores the old state and is reported through `onError`.
   * Without it the checkboxes stay disabled (read-only).
   * @default undefined
   */
  onToggle?: (task: TaskToggle) => Promise<void>;
}
