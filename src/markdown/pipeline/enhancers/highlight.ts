// Syntax highlighting in the browser for code blocks the server left plain (spec section 2:
// rendered Markdown is post-processed for syntax highlighting). highlight.js is loaded with
// `import()` only when such a block exists, its core first and then each language on demand, and
// a block is highlighted only when it comes near the viewport.
import type { HLJSApi, LanguageFn } from 'highlight.js';
import { LAZY_IMAGE } from '../../../tokens';
import { MARKDOWN_HOOKS } from '../../render/constants';
import type { EnhancerContext, MarkdownEnhancer } from '../types';
import './highlight.css';

/**
 * How far outside the viewport, in px, a code block gets highlighted: the same margin as lazy
 * images (spec section 9: 500 px), so a block is coloured before the reader scrolls to it.
 */
export const HIGHLIGHT_ROOT_MARGIN = LAZY_IMAGE.rootMargin;

/** The value of `data-highlighted` on a highlighted `<code>` (what the server and highlight.js write). */
export const HIGHLIGHTED_VALUE = 'yes';

type LanguageModule = Promise<{ default: LanguageFn }>;

// One literal import per language, so the bundler emits one small chunk each and loads only those used.
const LANGUAGE_MODULES = {
  apache: () => import('highlight.js/lib/languages/apache'),
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  clojure: () => import('highlight.js/lib/languages/clojure'),
  cmake: () => import('highlight.js/lib/languages/cmake'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  dart: () => import('highlight.js/lib/languages/dart'),
  diff: () => import('highlight.js/lib/languages/diff'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  elixir: () => import('highlight.js/lib/languages/elixir'),
  elm: () => import('highlight.js/lib/languages/elm'),
  erlang: () => import('highlight.js/lib/languages/erlang'),
  fsharp: () => import('highlight.js/lib/languages/fsharp'),
  go: () => import('highlight.js/lib/languages/go'),
  graphql: () => import('highlight.js/lib/languages/graphql'),
  groovy: () => import('highlight.js/lib/languages/groovy'),
  handlebars: () => import('highlight.js/lib/languages/handlebars'),
  haskell: () => import('highlight.js/lib/languages/haskell'),
  http: () => import('highlight.js/lib/languages/http'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  julia: () => import('highlight.js/lib/languages/julia'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  latex: () => import('highlight.js/lib/languages/latex'),
  less: () => import('highlight.js/lib/languages/less'),
  lua: () => import('highlight.js/lib/languages/lua'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  nginx: () => import('highlight.js/lib/languages/nginx'),
  nix: () => import('highlight.js/lib/languages/nix'),
  objectivec: () => import('highlight.js/lib/languages/objectivec'),
  ocaml: () => import('highlight.js/lib/languages/ocaml'),
  perl: () => import('highlight.js/lib/languages/perl'),
  pgsql: () => import('highlight.js/lib/languages/pgsql'),
  php: () => import('highlight.js/lib/languages/php'),
  powershell: () => import('highlight.js/lib/languages/powershell'),
  properties: () => import('highlight.js/lib/languages/properties'),
  protobuf: () => import('highlight.js/lib/languages/protobuf'),
  python: () => import('highlight.js/lib/languages/python'),
  r: () => import('highlight.js/lib/languages/r'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scala: () => import('highlight.js/lib/languages/scala'),
  scss: () => import('highlight.js/lib/languages/scss'),
  shell: () => import('highlight.js/lib/languages/shell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  vbnet: () => import('highlight.js/lib/languages/vbnet'),
  vim: () => import('highlight.js/lib/languages/vim'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
} satisfies Record<string, () => LanguageModule>;

/** A language the browser highlighter can load. */
export type HighlightLanguage = keyof typeof LANGUAGE_MODULES;

/** The languages the browser highlighter can load, by highlight.js name. */
export const HIGHLIGHT_LANGUAGES = Object.keys(LANGUAGE_MODULES) as readonly HighlightLanguage[];

/**
 * Other names a fence may use (GitLab's and Rouge's aliases, file extensions), lower case, and the
 * language each is highlighted as. Any name neither here nor in HIGHLIGHT_LANGUAGES (including
 * `plaintext`) leaves the block plain and loads nothing.
 */
export const HIGHLIGHT_LANGUAGE_ALIASES: Readonly<Record<string, HighlightLanguage>> = {
  apacheconf: 'apache',
  sh: 'bash',
  zsh: 'bash',
  ksh: 'bash',
  h: 'c',
  clj: 'clojure',
  cljs: 'clojure',
  edn: 'clojure',
  'c++': 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  cs: 'csharp',
  'c#': 'csharp',
  patch: 'diff',
  docker: 'dockerfile',
  ex: 'elixir',
  exs: 'elixir',
  erl: 'erlang',
  fs: 'fsharp',
  'f#': 'fsharp',
  golang: 'go',
  gql: 'graphql',
  gradle: 'groovy',
  hbs: 'handlebars',
  mustache: 'handlebars',
  hs: 'haskell',
  https: 'http',
  toml: 'ini',
  cfg: 'ini',
  editorconfig: 'ini',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsonc: 'json',
  json5: 'json',
  jl: 'julia',
  tex: 'latex',
  kt: 'kotlin',
  kts: 'kotlin',
  make: 'makefile',
  mk: 'makefile',
  md: 'markdown',
  nginxconf: 'nginx',
  'objective-c': 'objectivec',
  objc: 'objectivec',
  mm: 'objectivec',
  ml: 'ocaml',
  pl: 'perl',
  pm: 'perl',
  postgres: 'pgsql',
  postgresql: 'pgsql',
  ps1: 'powershell',
  psm1: 'powershell',
  pwsh: 'powershell',
  proto: 'protobuf',
  py: 'python',
  python3: 'python',
  gyp: 'python',
  rb: 'ruby',
  rake: 'ruby',
  gemspec: 'ruby',
  rs: 'rust',
  console: 'shell',
  'shell-session': 'shell',
  sc: 'scala',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  vb: 'vbnet',
  vimscript: 'vim',
  html: 'xml',
  htm: 'xml',
  xhtml: 'xml',
  svg: 'xml',
  plist: 'xml',
  xsl: 'xml',
  yml: 'yaml',
};

/** The loadable language a fence name stands for, or undefined (the block stays plain). */
export function resolveHighlightLanguage(name: string | null | undefined): HighlightLanguage | undefined {
  const key = name?.trim().toLowerCase();
  if (!key) return undefined;
  if (Object.hasOwn(LANGUAGE_MODULES, key)) return key as HighlightLanguage;
  return Object.hasOwn(HIGHLIGHT_LANGUAGE_ALIASES, key) ? HIGHLIGHT_LANGUAGE_ALIASES[key] : undefined;
}

/**
 * The two lazy loads, as methods of one object so tests can spy on them. Nothing in this module
 * imports highlight.js statically: a page without code blocks never loads it.
 */
export const highlightLoader = {
  /** highlight.js without languages. */
  core: async (): Promise<HLJSApi> => (await import('highlight.js/lib/core')).default,
  /** One language definition. */
  language: async (name: HighlightLanguage): Promise<LanguageFn> => (await LANGUAGE_MODULES[name]()).default,
};

// One highlighter instance of our own (a page's other highlight.js users keep their configuration),
// and one registration per language. A failed load is forgotten, so a later block retries it.
let instance: Promise<HLJSApi> | undefined;
const languages = new Map<HighlightLanguage, Promise<void>>();

function highlighterFor(language: HighlightLanguage): Promise<HLJSApi> {
  const core = (instance ??= highlightLoader.core().then((hljs) => hljs.newInstance()));
  core.catch(() => {
    if (instance === core) instance = undefined;
  });
  let registered = languages.get(language);
  if (!registered) {
    registered = Promise.all([core, highlightLoader.language(language)]).then(([hljs, definition]) => {
      hljs.registerLanguage(language, definition);
    });
    languages.set(language, registered);
    registered.catch(() => {
      if (languages.get(language) === registered) languages.delete(language);
    });
  }
  return registered.then(() => core);
}

/** The fence language of a code block: `lang` on the `<pre>` (GitLab's), else a `language-*` class. */
function languageOf(code: HTMLElement): string | undefined {
  const pre = code.closest('pre');
  const named = pre?.getAttribute('lang') ?? pre?.getAttribute('data-canonical-lang');
  if (named) return named;
  for (const name of [...code.classList, ...(pre?.classList ?? [])]) {
    if (name.startsWith('language-')) return name.slice('language-'.length);
  }
  return undefined;
}

/** Already highlighted (marked by the server or an earlier run), or holding markup from another highlighter. */
function isHighlighted(code: HTMLElement): boolean {
  return (
    code.getAttribute(MARKDOWN_HOOKS.highlightedAttribute) === HIGHLIGHTED_VALUE || code.firstElementChild !== null
  );
}

interface Block {
  code: HTMLElement;
  language: HighlightLanguage;
}

/** Lets the browser paint and handle input between two blocks: a long page is not one long task. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Highlights queued blocks one at a time, in the order they came near the viewport. */
class Painter {
  private readonly queue: Block[] = [];
  private running: Promise<void> | undefined;

  constructor(private readonly context: EnhancerContext) {}

  add(block: Block) {
    // Start loading at once (in parallel with other languages); paint in order.
    highlighterFor(block.language).catch(() => {});
    this.queue.push(block);
    this.running ??= this.run();
  }

  /** Settles when every block queued so far has been painted (or failed). */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async run() {
    try {
      while (this.queue.length > 0 && !this.context.signal.aborted) {
        const block = this.queue.shift()!;
        try {
          const hljs = await highlighterFor(block.language);
          if (this.context.signal.aborted) return;
          paint(hljs, block);
        } catch (error) {
          this.context.reportError(error);
        }
        if (this.queue.length > 0) await yieldToBrowser();
      }
    } finally {
      this.running = undefined;
    }
  }
}

function paint(hljs: HLJSApi, { code, language }: Block) {
  if (isHighlighted(code)) return;
  const { value } = hljs.highlight(code.textContent ?? '', { language, ignoreIllegals: true });
  // highlight.js escapes the text it is given; the HTML holds only its own <span class="hljs-*">.
  code.innerHTML = value;
  code.setAttribute(MARKDOWN_HOOKS.highlightedAttribute, HIGHLIGHTED_VALUE);
}

/**
 * Calls `onNear` for each block within HIGHLIGHT_ROOT_MARGIN of the viewport, now or later, once.
 * Resolves when every block has been measured once (so the caller knows which were near at first).
 */
function watch(blocks: Block[], context: EnhancerContext, onNear: (block: Block) => void): Promise<void> {
  if (typeof IntersectionObserver !== 'function') {
    // No way to tell what is visible: highlight everything.
    blocks.forEach(onNear);
    return Promise.resolve();
  }
  const byElement = new Map(blocks.map((block) => [block.code.closest('pre') ?? block.code, block]));
  const unmeasured = new Set(byElement.keys());
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          unmeasured.delete(entry.target as HTMLElement);
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          const block = byElement.get(entry.target as HTMLElement);
          if (block) onNear(block);
        }
        if (unmeasured.size === 0) resolve();
      },
      // The document as root: inside an iframe the implicit root would ignore the margin.
      { root: context.root.ownerDocument, rootMargin: `${HIGHLIGHT_ROOT_MARGIN}px` },
    );
    for (const element of byElement.keys()) observer.observe(element);
    context.onDispose(() => {
      observer.disconnect();
      resolve();
    });
  });
}

/**
 * Highlights code blocks (`pre.js-syntax-highlight > code`) the server did not, with highlight.js
 * loaded on first need: the core, then each language (HIGHLIGHT_LANGUAGES and their aliases; any
 * other language stays plain, without error). Only blocks within HIGHLIGHT_ROOT_MARGIN of the
 * viewport are highlighted; the rest when scrolled near. Highlighted code is marked
 * `data-highlighted="yes"` and never highlighted again. `done` waits for the blocks that were
 * near at first.
 */
export const syntaxHighlightEnhancer: MarkdownEnhancer = {
  name: 'syntaxHighlightEnhancer',
  selector: `pre.${MARKDOWN_HOOKS.codeBlock} > code:not([${MARKDOWN_HOOKS.highlightedAttribute}])`,
  async enhance(elements, context) {
    const blocks: Block[] = [];
    for (const code of elements) {
      const language = resolveHighlightLanguage(languageOf(code));
      if (language && !isHighlighted(code)) blocks.push({ code, language });
    }
    if (blocks.length === 0) return;
    const painter = new Painter(context);
    await watch(blocks, context, (block) => painter.add(block));
    await painter.idle();
  },
};

/** highlight.js's only markup: `<span class="hljs-…">` and `</span>`; everything else is escaped text. */
const HIGHLIGHT_TAG = /<span[^>]*>|<\/span>|\n/g;

/**
 * Cuts highlighted HTML into one string per source line, closing the spans open at each line end
 * and opening them again on the next line, so each line is well-formed HTML on its own (a comment
 * or string spanning lines keeps its colour on every line).
 */
export function splitHighlightedLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let line = '';
  let last = 0;
  for (const match of html.matchAll(HIGHLIGHT_TAG)) {
    line += html.slice(last, match.index);
    last = match.index + match[0].length;
    if (match[0] === '\n') {
      lines.push(line + '</span>'.repeat(open.length));
      line = open.join('');
    } else if (match[0] === '</span>') {
      open.pop();
      line += match[0];
    } else {
      open.push(match[0]);
      line += match[0];
    }
  }
  lines.push(line + html.slice(last));
  return lines;
}

/**
 * Highlights source code as HTML lines (one per line of `code`) with the library's lazily loaded
 * highlight.js, for code shown outside Markdown (a repository file with line numbers).
 * `language` is a highlight.js name, an alias or a file extension (`ts`, `rb`, `Dockerfile`);
 * resolves to undefined, loading nothing, when no loadable language matches. The HTML holds only
 * highlight.js's escaped text and its `<span class="hljs-*">` tags.
 */
export async function highlightCodeLines(code: string, language: string): Promise<string[] | undefined> {
  const resolved = resolveHighlightLanguage(language);
  if (!resolved) return undefined;
  const hljs = await highlighterFor(resolved);
  return splitHighlightedLines(hljs.highlight(code, { language: resolved, ignoreIllegals: true }).value);
}
