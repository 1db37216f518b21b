// Heading anchors, GitLab's way: each heading gets the id `user-content-<slug>` and starts with an
// empty permalink `<a class="anchor" href="#<slug>">` (styled as an icon). Slugs follow GitLab's
// table-of-contents filter; duplicates get -1, -2, ... in linear time (a counter per slug).
import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { HEADING_ID_PREFIX, MARKDOWN_HOOKS } from './constants';

const NOT_SLUG = /[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu;
const DASHES = /-+/g;
const DIGITS = /^\d+$/;

/** GitLab's slug: lower case, punctuation removed, spaces to dashes; digits alone get `anchor-` (they would read as issue numbers). */
export function slugify(text: string): string {
  // split/join rather than a global replace: several times faster on very long headings.
  let slug = text.toLowerCase().replace(NOT_SLUG, '').split(' ').join('-');
  if (slug.includes('--')) slug = slug.replace(DASHES, '-');
  return DIGITS.test(slug) ? `anchor-${slug}` : slug;
}

/** The heading's text as a reader sees it. */
function headingText(children: Token[]): string {
  let text = '';
  for (const child of children) {
    if (child.type === 'softbreak' || child.type === 'hardbreak') text += ' ';
    else if (child.type !== 'image' && child.type !== 'html_inline') text += child.content;
  }
  return text;
}

function headingAnchors(core: StateCore) {
  const used = new Set<string>();
  const next = new Map<string, number>();
  const { tokens } = core;
  for (let i = 0; i < tokens.length - 1; i++) {
    const heading = tokens[i]!;
    const inline = tokens[i + 1]!;
    if (heading.type !== 'heading_open' || !inline.children) continue;
    const base = slugify(headingText(inline.children));
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
    const anchor = new core.Token('heading_anchor', 'a', 0);
    anchor.meta = { slug };
    inline.children.unshift(anchor);
  }
}

/** markdown-it plugin: heading ids and permalinks. */
export function headingsPlugin(md: MarkdownIt) {
  md.core.ruler.push('heading_anchors', headingAnchors);
  md.renderer.rules.heading_anchor = (tokens, idx) => {
    const { slug } = tokens[idx]!.meta as { slug: string };
    // Hidden from assistive technology and the tab order: the heading itself is the landmark,
    // and a named link inside it would become part of the heading's accessible name.
    return `<a class="${MARKDOWN_HOOKS.headingAnchor}" href="#${md.utils.escapeHtml(slug)}" aria-hidden="true" tabindex="-1"></a>`;
  };
}
