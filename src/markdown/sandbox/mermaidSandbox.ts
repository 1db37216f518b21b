// The diagram sandbox page (spec section 2: "a page loaded in an iframe at {host}/-/sandbox/mermaid,
// taking a dark-mode flag and a relative-root-path parameter"). The shell serves a page made by
// `mermaidSandboxHtml()` whose script calls `startMermaidSandbox()`. The page runs in
// `<iframe sandbox="allow-scripts allow-popups">` (an opaque origin): it receives one diagram's
// source from the page that framed it, renders it with Mermaid 11 (loaded with `import()`), and
// reports the rendered size back so the parent can size the frame. The protocol is GitLab's, so
// either side works with the other's: the parent posts the source as a string; the frame answers
// `{ h, w }` (pixels).
import type { MermaidConfig } from 'mermaid';
import { color as lightColor, font, radius, space } from '../../tokens/generated/tokens';
import { dark_color as darkColor } from '../../tokens/generated/tokens.dark';
import { escapeHtml } from '../../utils/sanitize';
import {
  MERMAID_ERROR_MESSAGE,
  MERMAID_FRAME_TITLE,
  MERMAID_SANDBOX_PARAMS,
} from '../pipeline/enhancers/mermaidConstants';

/**
 * Configuration keys a diagram's own directives (`%%{init: {...}}%%`, front matter) may not change:
 * Mermaid's defaults plus `htmlLabels` (as GitLab) and `dompurifyConfig` (the sanitiser's settings).
 * The source is attacker-controlled; only `mermaid.initialize` below sets these.
 */
export const MERMAID_SECURE_KEYS: readonly string[] = [
  'secure',
  'securityLevel',
  'startOnLoad',
  'maxTextSize',
  'suppressErrorRendering',
  'maxEdges',
  'htmlLabels',
  'dompurifyConfig',
];

/** The Mermaid themes used for the page's light and dark colour modes (GitLab's choice). */
export const MERMAID_THEMES = { light: 'neutral', dark: 'dark' } as const;

/** The parameters the parent passes in the sandbox page's query string. */
export interface MermaidSandboxParams {
  /** `darkMode=true`: render with the dark theme. */
  darkMode: boolean;
  /** `relativeRootPath`: the product's relative URL root (`''` when absent), e.g. for a bundler's public path. */
  relativeRootPath: string;
}

/** Reads the sandbox page's query string (`?darkMode=true&relativeRootPath=/gitlab`). */
export function readMermaidSandboxParams(search: string): MermaidSandboxParams {
  const params = new URLSearchParams(search);
  return {
    darkMode: params.get(MERMAID_SANDBOX_PARAMS.darkMode) === 'true',
    relativeRootPath: params.get(MERMAID_SANDBOX_PARAMS.relativeRootPath) ?? '',
  };
}

/** The part of Mermaid's API the sandbox uses. */
export interface MermaidRenderer {
  initialize(config: MermaidConfig): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

/** The Mermaid configuration of the sandbox: strict security, the theme of the colour mode. */
export function mermaidSandboxConfig(darkMode: boolean): MermaidConfig {
  return {
    startOnLoad: false,
    // Mermaid sanitises labels and links itself ('strict': no HTML tags in labels beyond its
    // allow-list, no click callbacks, only safe link URLs); the sandbox is the second wall.
    securityLevel: 'strict',
    secure: [...MERMAID_SECURE_KEYS],
    theme: darkMode ? MERMAID_THEMES.dark : MERMAID_THEMES.light,
    // Errors are shown by the sandbox (below), not as Mermaid's own error diagram.
    suppressErrorRendering: true,
  };
}

export interface MermaidSandboxOptions {
  /**
   * Loads Mermaid. Called once, at the first diagram.
   * @default () => import('mermaid')
   */
  loadMermaid?: () => Promise<MermaidRenderer>;
  /**
   * Where the diagram goes.
   * @default the page's `#app` element, created in `<body>` when missing
   */
  container?: HTMLElement;
  /**
   * The window allowed to send sources and told the rendered size.
   * @default window.parent
   */
  parentWindow?: Window;
  /**
   * The origin sources must come from, and the only origin size reports are delivered to.
   * @default location.origin (the product's origin: the sandbox page is served by the product)
   */
  parentOrigin?: string;
  /** The sandbox's own window. @default window */
  window?: Window & typeof globalThis;
}

/** What `startMermaidSandbox` returns. */
export interface MermaidSandboxHandle {
  /** The query-string parameters the page was loaded with. */
  params: MermaidSandboxParams;
  /** Stops listening for sources and sizes, and removes the page styles it added. */
  stop(): void;
}

const STYLE_ATTRIBUTE = 'data-fk-mermaid-sandbox';
const CONTAINER_CLASS = 'fk-mermaid-sandbox';
const ERROR_CLASS = 'fk-mermaid-sandbox__error';

function cssFontList(families: readonly string[]): string {
  return families.map((family) => (/\s/.test(family) ? `'${family}'` : family)).join(', ');
}

/**
 * The sandbox page's own styles: no margins or scrollbars (the parent sizes the frame), the error
 * box. The frame has no token stylesheet, so the token values are written in.
 */
function sandboxCss(darkMode: boolean): string {
  const colors = darkMode ? darkColor : lightColor;
  const danger = colors.feedback.danger;
  return `html, body { margin: 0; padding: 0; background: transparent; overflow-y: hidden; }
.${CONTAINER_CLASS} > svg { display: block; }
.${ERROR_CLASS} { margin: 0; padding: ${space[3]}px ${space[4]}px; border: 1px solid ${danger.border};
  border-radius: ${radius.md}px; background: ${danger.background}; color: ${danger.text};
  font-family: ${cssFontList(font.family.sans)}; font-size: ${font.size.sm}px; line-height: ${font.lineHeight.normal}; }
.${ERROR_CLASS} pre { margin: ${space[2]}px 0 0; white-space: pre-wrap; font-family: ${cssFontList(font.family.mono)}; }`;
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'str' in error) return String(error.str);
  return String(error);
}

/**
 * Runs the diagram sandbox in the current page: listens for a diagram source posted by
 * `parentWindow` from `parentOrigin`, renders it (replacing the previous one), and posts
 * `{ h, w }`, the rendered height and width in whole pixels (rounded up), back to the parent after each render and
 * whenever the rendered size changes. A source Mermaid cannot render shows
 * 'There was an error rendering this diagram.' and Mermaid's message inside the frame (its size
 * is reported too). Call it once, from the sandbox page's script.
 */
export function startMermaidSandbox(options: MermaidSandboxOptions = {}): MermaidSandboxHandle {
  const win = options.window ?? window;
  const doc = win.document;
  const params = readMermaidSandboxParams(win.location.search);
  const parentWindow = options.parentWindow ?? win.parent;
  const parentOrigin = options.parentOrigin ?? win.location.origin;
  const loadMermaid = options.loadMermaid ?? (async () => (await import('mermaid')).default);

  let container = options.container ?? doc.getElementById('app');
  if (!container) {
    container = doc.createElement('div');
    container.id = 'app';
    doc.body.append(container);
  }
  const app = container;
  app.classList.add(CONTAINER_CLASS);
  let ownStyle: HTMLStyleElement | undefined;
  if (!doc.head.querySelector(`style[${STYLE_ATTRIBUTE}]`)) {
    ownStyle = doc.createElement('style');
    ownStyle.setAttribute(STYLE_ATTRIBUTE, '');
    ownStyle.textContent = sandboxCss(params.darkMode);
    doc.head.append(ownStyle);
  }

  let mermaid: Promise<MermaidRenderer> | undefined;
  const ready = () =>
    (mermaid ??= loadMermaid().then((api) => {
      api.initialize(mermaidSandboxConfig(params.darkMode));
      return api;
    }));

  let lastSize = '';
  const report = () => {
    // Whole pixels, rounded up: the frame never cuts off a fraction of the diagram.
    const rect = app.getBoundingClientRect();
    const height = Math.ceil(rect.height);
    const width = Math.ceil(rect.width);
    const size = `${height}x${width}`;
    if (size === lastSize) return;
    lastSize = size;
    parentWindow.postMessage({ h: height, w: width }, parentOrigin);
  };
  // Later size changes (the frame resized, so a scaled diagram's height changed) are reported too.
  let hasDrawn = false;
  const resizeObserver =
    typeof win.ResizeObserver === 'function' ? new win.ResizeObserver(() => hasDrawn && report()) : null;
  resizeObserver?.observe(app);

  let renders = 0;
  let queue: Promise<void> = Promise.resolve();
  const draw = async (source: string, id: number) => {
    if (id !== renders) return;
    try {
      const api = await ready();
      const { svg } = await api.render(`fk-mermaid-${id}`, source);
      if (id !== renders) return;
      // Mermaid's output, sanitised by Mermaid (securityLevel 'strict'), inside the sandbox.
      const parsed = new win.DOMParser().parseFromString(svg, 'text/html').body.firstElementChild;
      // Without a fixed height the SVG keeps its aspect ratio when the frame is narrower.
      parsed?.removeAttribute('height');
      app.replaceChildren(...(parsed ? [doc.importNode(parsed, true)] : []));
    } catch (error) {
      if (id !== renders) return;
      const box = doc.createElement('div');
      box.className = ERROR_CLASS;
      box.setAttribute('role', 'alert');
      const detail = doc.createElement('pre');
      detail.textContent = errorText(error);
      box.append(MERMAID_ERROR_MESSAGE, detail);
      app.replaceChildren(box);
    }
    hasDrawn = true;
    lastSize = '';
    report();
  };

  const onMessage = (event: MessageEvent) => {
    if (event.source !== parentWindow || event.origin !== parentOrigin) return;
    if (typeof event.data !== 'string') return;
    const id = ++renders;
    const source = event.data;
    // One render at a time: Mermaid's renderer is not re-entrant.
    queue = queue.then(() => draw(source, id));
  };
  win.addEventListener('message', onMessage);

  return {
    params,
    stop() {
      win.removeEventListener('message', onMessage);
      resizeObserver?.disconnect();
      // Its page styles (no scrolling) must not outlive it in a document that goes on.
      ownStyle?.remove();
    },
  };
}

export interface MermaidSandboxHtmlOptions {
  /** URL of the script that calls `startMermaidSandbox()` (escaped into the page). */
  scriptUrl: string;
  /**
   * `module` for an ES module (its server must answer the frame's opaque origin with
   * `Access-Control-Allow-Origin`), `classic` for a self-contained classic script.
   * @default 'module'
   */
  scriptType?: 'module' | 'classic';
  /** The page title. @default 'Mermaid diagram' */
  title?: string;
  /** A CSP nonce for the script tag. @default undefined */
  nonce?: string;
}

/**
 * The sandbox page's HTML, for the shell to serve at `{root}/-/sandbox/mermaid`: an empty `#app`
 * and the script tag. Serve it with the same headers as the product's pages; it is always framed
 * with `sandbox="allow-scripts allow-popups"`.
 */
export function mermaidSandboxHtml(options: MermaidSandboxHtmlOptions): string {
  const { scriptUrl, scriptType = 'module', title = MERMAID_FRAME_TITLE, nonce } = options;
  const type = scriptType === 'module' ? ' type="module"' : '';
  const nonceAttribute = nonce === undefined ? '' : ` nonce="${escapeHtml(nonce)}"`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>html, body { margin: 0; padding: 0; background: transparent; }</style>
</head>
<body>
<div id="app"></div>
<script${type} src="${escapeHtml(scriptUrl)}"${nonceAttribute}></script>
</body>
</html>
`;
}
