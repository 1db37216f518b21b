// Heading anchors, GitLab's way: each heading gets the id `user-content-<slug>` and starts with an
// empty permalink `<a class="anchor" href="#<slug>">` (styled as an icon). Slugs follow GitLab's
// table-of-contents filter; duplicates get -1, -2, ... in linear time (a counter per slug).
// A paragraph holding only `[[_TOC_]]` or `[TOC]` becomes a table of contents of those headings.
import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { HEADING_ID_PREFIX, MARKDOWN_HOOKS, MARKDOWN_TOC_LABEL } from './constants';

const NOT_SLUG = /[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu;
const DASHES = /-+/g;
const DIGITS = /^\d+$/;
/** GitLab's two table-of-contents tags, each alone in its paragraph. */
const TOC_TAG = /^(?:\[\[_TOC_\]\]|\[TOC\])$/;

/** GitLab's slug: lower case, punctuation removed, spaces to dashes; digits alone get `anchor-` (they would read as issue numbers). */
export function slugify(text: string): string {
  // split/join rather than a global replace: several times faster on very long headings.
  let slug = text.toLowerCase().replace(NOT_SLUG, '').split(' ').join('-');
  if (slug.includes('--')) slug = slug.replace(DASHES, '-');
  return DIGITS.test(slug) ? `anchor-${slug}` : slug;
}

/**
 * The heading's text as GitLab reads it: line breaks of a multi-line (setext) heading add nothing,
 * so `Foo` / `Bar` slugs to `foobar` as there.
 */
function headingText(children: Token[]): string {
  let text = '';
  for (const child of children) {
    // Breaks have no content: nothing is added for them.
    if (child.type !== 'image' && child.type !== 'html_inline') text += child.content;
  }
  return text;
}

interface TocEntry {
  level: number;
  slug: string;
  text: string;
}

/** Core rule: `[[_TOC_]]` / `[TOC]` paragraphs at the top level become `toc` tokens. */
function tocTags(core: StateCore) {
  const { tokens } = core;
  for (let i = 0; i + 2 < tokens.length; i++) {
    const open = tokens[i]!;
    const inline = tokens[i + 1]!;
    if (open.type !== 'paragraph_open' || open.level !== 0 || !TOC_TAG.test(inline.content.trim())) continue;
    const toc = new core.Token('toc', 'nav', 0);
    toc.block = true;
    toc.map = open.map;
    tokens.splice(i, 3, toc);
  }
}

function headingAnchors(core: StateCore) {
  const used = new Set<string>();
  const next = new Map<string, number>();
  const entries: TocEntry[] = [];
  const { tokens } = core;
  let firstToc: Token | undefined;
  for (let i = 0; i < tokens.length - 1; i++) {
    const heading = tokens[i]!;
    if (heading.type === 'toc') {
      firstToc ??= heading;
      continue;
    }
    const inline = tokens[i + 1]!;
    if (heading.type !== 'heading_open' || !inline.children) continue;
    const text = headingText(inline.children);
    const base = slugify(text);
    if (!base) continue;
    let slug = base;
    if (used.has(slug)) {
      let n = next.get(base) ?? 1;
      while (used.has(`${base}-${n}`)) n++;
      slug = `${base}-${n}`;
      next.set(base, n + 1);
    }
    used.add(slug);
    heading.attrSet('id', HEADING_ID_PREFIX + slug);
    entries.push({ level: Number(heading.tag.slice(1)), slug, text: text.trim() });
    const anchor = new core.Token('heading_anchor', 'a', 0);
    anchor.meta = { slug };
    inline.children.unshift(anchor);
  }
  // Only the first tag gets the table: one per document bounds the output (a table per tag
  // would be tags x headings).
  if (firstToc) firstToc.meta = { entries };
}

interface TocNode {
  entry?: TocEntry;
  children: TocNode[];
  parent?: TocNode;
}

/**
 * GitLab's nesting: a heading deeper than the previous one is its child; otherwise it goes up to
 * the nearest earlier heading that is shallower.
 */
function tocTree(entries: TocEntry[]): TocNode {
  const root: TocNode = { children: [] };
  let current = root;
  for (const entry of entries) {
    while (current.entry && current.entry.level >= entry.level) current = current.parent!;
    const node: TocNode = { entry, children: [], parent: current };
    current.children.push(node);
    current = node;
  }
  return root;
}

function renderTocList(md: MarkdownIt, nodes: TocNode[], className = ''): string {
  const escape = md.utils.escapeHtml;
  let html = `<ul${className ? ` class="${className}"` : ''}>`;
  for (const { entry, children } of nodes) {
    html += `<li><a href="#${escape(entry!.slug)}">${escape(entry!.text)}</a>`;
    if (children.length > 0) html += renderTocList(md, children);
    html += '</li>';
  }
  return `${html}</ul>`;
}

/** markdown-it plugin: heading ids, permalinks and the table of contents. */
export function headingsPlugin(md: MarkdownIt) {
  md.core.ruler.after('inline', 'toc_tags', tocTags);
  md.core.ruler.push('heading_anchors', headingAnchors);
  md.renderer.rules.heading_anchor = (tokens, idx) => {
    const { slug } = tokens[idx]!.meta as { slug: string };
    // Hidden from assistive technology and the tab order: the heading itself is the landmark,
    // and a named link inside it would become part of the heading's accessible name.
    return `<a class="${MARKDOWN_HOOKS.headingAnchor}" href="#${md.utils.escapeHtml(slug)}" aria-hidden="true" tabindex="-1"></a>`;
  };
  md.renderer.rules.toc = (tokens, idx) => {
    const entries = (tokens[idx]!.meta as { entries?: TocEntry[] } | null)?.entries;
    if (!entries?.length) return '';
    return `<nav class="${MARKDOWN_HOOKS.tableOfContents}" aria-label="${MARKDOWN_TOC_LABEL}">${renderTocList(md, tocTree(entries).children, 'section-nav')}</nav>\n`;
  };
}
