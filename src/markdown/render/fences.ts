// Code blocks, as GitLab marks them up: ```math becomes display math, ```mermaid a diagram block,
// ```json:table a JSON table block, every other fence (and indented code, and front matter) a
// `pre.code.highlight.js-syntax-highlight` with its language, optionally highlighted on the server.
import type { MarkdownIt, StateBlock, Token } from 'markdown-it';
import { MARKDOWN_HOOKS, MARKDOWN_MAX_LANGUAGE_LENGTH } from './constants';
import { textPlaceholder } from './fragments';
import { renderMath } from './math';
import type { Fragments } from './types';
import { renderState } from './types';

/**
 * A language is letters (any script: `föö`), digits, `_`, `+`, `#`, `.` and `-` (`c++`, `c#`,
 * `objective-c`); anything else is dropped.
 */
const LANGUAGE = new RegExp(`^[\\p{L}\\p{M}\\p{N}_+#.-]{1,${MARKDOWN_MAX_LANGUAGE_LENGTH}}$`, 'u');
const FIRST_WORD = /^(\S*)\s*(.*)$/s;

type Escape = (s: string) => string;

/**
 * The language and its parameters from a fence's info string, as GitLab reads it: the first word
 * up to a `:` is the language; the parameters are what follows the `:` (`json:table`,
 * `yaml:frontmatter`) or else the rest of the info string (`ruby startline=3`). Parameters are
 * kept as written (they only ever reach an escaped attribute).
 */
export function parseInfo(info: string): { language: string; params: string } {
  const [, word = '', rest = ''] = FIRST_WORD.exec(info.trim()) ?? [];
  const colon = word.indexOf(':');
  const language = colon < 0 ? word : word.slice(0, colon);
  const params = colon < 0 ? rest : word.slice(colon + 1);
  return { language: LANGUAGE.test(language) ? language : '', params: params.trim() };
}

/** An ordinary code block: `pre.code.highlight.js-syntax-highlight`, highlighted by `highlight` when it can. */
function renderCode(
  escape: Escape,
  code: string,
  language: string,
  params: string,
  highlight: ((code: string, language: string) => string | null) | undefined,
  fragments: Fragments | undefined,
): string {
  const lang = language ? language.toLowerCase() : 'plaintext';
  const highlighted = highlight?.(code, lang);
  const attrs =
    // Not `lang`: that attribute names a human language (axe valid-lang), not a programming one.
    `class="code highlight ${MARKDOWN_HOOKS.codeBlock}" data-canonical-lang="${escape(lang)}"` +
    (params ? ` data-lang-params="${escape(params)}"` : '');
  const isHighlighted = typeof highlighted === 'string';
  const escaped = isHighlighted ? highlighted : escape(code);
  // Plain code is text: sanitised in parts, it is serialised without the sanitiser (render/fragments.ts).
  const inner = !isHighlighted && fragments ? textPlaceholder(fragments, code, escaped) : escaped;
  const marker = isHighlighted ? ` ${MARKDOWN_HOOKS.highlightedAttribute}="yes"` : '';
  return `<pre ${attrs}><code${marker}>${inner}</code></pre>\n`;
}

function renderFence(md: MarkdownIt, token: Token, env: unknown): string {
  const escape = md.utils.escapeHtml;
  const { language, params } = parseInfo(md.utils.unescapeAll(token.info));
  const code = token.content;
  const lower = language.toLowerCase();
  if (lower === 'math') return renderMath(escape, code, 'display', true);
  if (lower === 'mermaid') {
    return `<pre class="${MARKDOWN_HOOKS.mermaid}" data-lang="mermaid"><code>${escape(code)}</code></pre>\n`;
  }
  if (lower === 'json' && params === 'table') {
    // Trimmed: the sanitiser trims attribute values, so both outputs agree.
    const json = escape(code.trim());
    return `<div class="${MARKDOWN_HOOKS.jsonTable}" data-json="${json}"><pre><code>${escape(code)}</code></pre></div>\n`;
  }
  const state = renderState(env);
  return renderCode(escape, code, language, params, state?.context.highlight, state?.fragments);
}

// Front matter: GitLab's delimiters and the language each implies.
const FRONT_MATTER_LANGUAGES: Record<string, string> = { '---': 'yaml', '+++': 'toml', ';;;': 'json' };
const FRONT_MATTER_OPEN = /^(---|\+\+\+|;;;)[ \t]*(\S*)[ \t]*$/;

/**
 * Block rule: front matter, only at the very top of the document and only when its closing
 * delimiter exists (so a document starting with a `---` rule is not swallowed).
 */
function frontMatter(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.parentType !== 'root' || state.level !== 0 || state.tokens.length > 0 || state.blkIndent !== 0)
    return false;
  const lineText = (line: number) => state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]);
  if (state.tShift[startLine] !== 0) return false;
  const open = FRONT_MATTER_OPEN.exec(lineText(startLine));
  if (!open) return false;
  for (let line = 0; line < startLine; line++) if (!state.isEmpty(line)) return false;
  const delimiter = open[1]!;
  let closeLine = -1;
  for (let line = startLine + 1; line < endLine; line++) {
    if (state.tShift[line] === 0 && state.src.slice(state.bMarks[line], state.eMarks[line]).trimEnd() === delimiter) {
      closeLine = line;
      break;
    }
  }
  if (closeLine < 0) return false;
  if (silent) return true;
  const token = state.push('front_matter', 'pre', 0);
  token.block = true;
  token.content = state.getLines(startLine + 1, closeLine, 0, true);
  token.info = open[2] || FRONT_MATTER_LANGUAGES[delimiter]!;
  token.markup = delimiter;
  token.map = [startLine, closeLine + 1];
  state.line = closeLine + 1;
  return true;
}

/** markdown-it plugin: code blocks, diagrams, JSON tables and front matter. */
export function fencesPlugin(md: MarkdownIt) {
  const escape = md.utils.escapeHtml;
  md.block.ruler.before('table', 'front_matter', frontMatter);
  md.renderer.rules.fence = (tokens, idx, _options, env) => renderFence(md, tokens[idx]!, env);
  md.renderer.rules.code_block = (tokens, idx, _options, env) => {
    const state = renderState(env);
    return renderCode(escape, tokens[idx]!.content, '', '', state?.context.highlight, state?.fragments);
  };
  md.renderer.rules.front_matter = (tokens, idx, _options, env) => {
    const token = tokens[idx]!;
    const context = renderState(env)?.context;
    if (context?.frontMatter === 'drop') return '';
    const { language } = parseInfo(token.info);
    return renderCode(escape, token.content, language, 'frontmatter', context?.highlight, renderState(env)?.fragments);
  };
}
