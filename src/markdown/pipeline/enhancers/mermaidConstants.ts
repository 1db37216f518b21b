// The diagram enhancer's and the diagram sandbox's numbers and texts (spec sections 2, 4, 8 and 9),
// named once. No imports: the sandbox page (src/markdown/sandbox) reads them too without pulling in
// the enhancer's React parts. Re-exported by mermaid.ts.

/** Spec 2: "Diagram sandbox: a page loaded in an iframe at {host}/-/sandbox/mermaid". Joined to the relative root. */
export const MERMAID_SANDBOX_PATH = '/-/sandbox/mermaid';

/**
 * Spec 2 and 9: "the iframe has sandbox="allow-scripts allow-popups" (no same-origin)": the
 * frame runs the renderer and may open diagram links in a new tab, but gets an opaque origin,
 * so nothing in it can read the page, its cookies or its storage.
 */
export const MERMAID_SANDBOX_ATTRIBUTES = 'allow-scripts allow-popups';

/**
 * The origin of every message a sandboxed frame (no `allow-same-origin`) sends: the parent
 * accepts height messages only with this origin and only from its own frame.
 */
export const MERMAID_SANDBOX_ORIGIN = 'null';

/** The query parameters of the sandbox page (spec 2: "taking a dark-mode flag and a relative-root-path parameter"). */
export const MERMAID_SANDBOX_PARAMS = {
  /** `true` renders with the dark theme; anything else (or absent) the light one. */
  darkMode: 'darkMode',
  /** The product's relative URL root (e.g. `/gitlab`), for a shell whose bundler needs its public path. */
  relativeRootPath: 'relativeRootPath',
} as const;

/** Spec 4 and 9: "Iframe height is the frame's height message plus 10 pixels." */
export const MERMAID_IFRAME_HEIGHT_PADDING = 10;

/** Spec 5 and 9: "source over 2000 characters" shows the warning (with the limit on). */
export const MERMAID_MAX_CHARACTERS = 2000;

/**
 * Spec 5: "cumulative source in one batch over 2000". As GitLab counts it: once the diagrams
 * rendered earlier in the same batch (one pipeline run, or one `<details>` opening) add up to
 * more than this many characters, every later diagram of that batch shows the warning.
 */
export const MERMAID_MAX_BATCH_CHARACTERS = 2000;

/** Spec 5 and 9: "50 or more already rendered" on the page shows the warning. */
export const MERMAID_MAX_DIAGRAMS = 50;

/**
 * Spec 5 and 9: "more than 30 ampersands" shows the warning: each `&` chains links
 * (`a --> b & c --> d`), so a short source can still ask for a huge number of edges.
 */
export const MERMAID_MAX_AMPERSANDS = 30;

/** Spec 8: the text of the warning that replaces automatic rendering of a heavy diagram. */
export const MERMAID_WARNING_MESSAGE = 'Warning: Displaying this diagram might cause performance issues on this page.';

/** Spec 4: the warning's button; clicking it removes the warning and renders the diagram. */
export const MERMAID_DISPLAY_LABEL = 'Display';

/**
 * Spec 2: "The diagram size warning is not applied on: group wiki show, edit, create; project wiki
 * show, edit, create; project show; project file view." GitLab's page identifiers
 * (`<body data-page>`).
 */
export const MERMAID_UNLIMITED_PAGES: readonly string[] = [
  'groups:wikis:show',
  'groups:wikis:edit',
  'groups:wikis:create',
  'projects:wikis:show',
  'projects:wikis:edit',
  'projects:wikis:create',
  'projects:show',
  'projects:blob:show',
];

/**
 * Spec 2: "Diagram rendering is skipped on the search results page" (a diagram may have been cut
 * short in a search result, so it stays plain code).
 */
export const MERMAID_SKIPPED_PAGES: readonly string[] = ['search:show'];

/** Accessible name of each diagram frame (screen readers announce frames by their title). */
export const MERMAID_FRAME_TITLE = 'Mermaid diagram';

/** Shown inside the frame, followed by the renderer's own message, when a diagram cannot be rendered. */
export const MERMAID_ERROR_MESSAGE = 'There was an error rendering this diagram.';
