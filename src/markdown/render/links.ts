// GitLab's context-dependent links:
// - in a wiki (`context.wiki`), `[[page]]` and `[[text|page]]` link to wiki pages (spaces become
//   `-`), `[[https://…]]` to that address, `[[diagram.png]]` shows the wiki's image;
// - with a project or group (`context.location`), `/uploads/…` links and images point into its
//   uploads; with a `ref`, relative paths (not starting with `/`) point to repository files
//   (`/-/blob/`, images and media `/-/raw/`, folders `/-/tree/`) from the rendered file's folder.
import type { MarkdownIt, StateCore, StateInline, Token } from 'markdown-it';
import { mediaKind } from './images';
import type { MarkdownLocation } from './types';
import { renderState } from './types';

const UPLOADS = '/uploads/';
/** A URL with a scheme, protocol-relative, or only a fragment or query. */
const NOT_RELATIVE = /^(?:[a-z][a-z\d+.-]*:|\/\/|#|\?)/i;
const IMAGE_EXTENSION = /\.(?:png|jpe?g|gif|webp|avif|bmp|svg|ico)$/i;
/** A placeholder origin: relative paths are resolved by the URL parser, then the origin is dropped. */
const BASE_ORIGIN = 'https://base.invalid';
const WIKI_OPEN = 0x5b; /* [ */

/** Where a relative `url` of the text points in this location, or undefined to leave it. */
export function resolveLocationUrl(
  url: string,
  location: MarkdownLocation,
  kind: 'link' | 'media',
): string | undefined {
  const root = (location.root ?? '').replace(/\/$/, '');
  if (url.startsWith(UPLOADS)) {
    if (location.project) return `${root}/${location.project}/-${url}`;
    if (location.group) return `${root}/groups/${location.group}/-${url}`;
    return undefined;
  }
  // Absolute paths (`/group/project/-/issues/1`) are product links: only relative paths are files.
  if (!location.project || !location.ref || !url || url.startsWith('/') || NOT_RELATIVE.test(url)) return undefined;
  const folder = (location.path ?? '').replace(/[^/]*$/, '');
  // `..` stops at the repository root.
  const resolved = new URL(url, `${BASE_ORIGIN}/${folder}`);
  const file = resolved.pathname.replace(/^\//, '');
  const view = kind === 'media' ? 'raw' : file === '' || file.endsWith('/') ? 'tree' : 'blob';
  return `${root}/${location.project}/-/${view}/${location.ref}/${file}${resolved.search}${resolved.hash}`;
}

/** Core rule: rewrites relative link and image URLs for `context.location`. */
function locationLinks(core: StateCore) {
  const location = renderState(core.env)?.context.location;
  if (!location) return;
  const rewrite = (token: Token, attr: string, kind: 'link' | 'media') => {
    const url = token.attrGet(attr);
    const resolved = url === null ? undefined : resolveLocationUrl(String(url), location, kind);
    if (resolved === undefined) return;
    token.attrSet(attr, core.md.normalizeLink(resolved));
    token.attrSet('data-canonical-src', String(url));
  };
  for (const block of core.tokens) {
    for (const token of block.type === 'inline' ? (block.children ?? []) : []) {
      if (token.type === 'link_open' && token.markup !== 'linkify' && token.markup !== 'autolink') {
        rewrite(token, 'href', 'link');
      } else if (token.type === 'image') rewrite(token, 'src', 'media');
    }
  }
}

/** Where the last `]]` / newline search of an inline block went: each later search reuses it. */
const scans = new WeakMap<StateInline, Map<string, { from: number; at: number }>>();

function nextIndex(state: StateInline, needle: string, from: number): number {
  let found = scans.get(state);
  if (!found) scans.set(state, (found = new Map()));
  const last = found.get(needle);
  if (last && from >= last.from && (last.at < 0 || from <= last.at)) return last.at;
  const at = state.src.indexOf(needle, from);
  found.set(needle, { from, at });
  return at;
}

/** Inline rule: `[[page]]`, `[[text|page]]` in a wiki. */
function wikiLink(state: StateInline, silent: boolean): boolean {
  const wiki = renderState(state.env)?.context.wiki;
  const start = state.pos;
  if (!wiki || state.src.charCodeAt(start) !== WIKI_OPEN || state.src.charCodeAt(start + 1) !== WIKI_OPEN) return false;
  const end = nextIndex(state, ']]', start + 2);
  if (end < 0 || end >= state.posMax) return false;
  const newline = nextIndex(state, '\n', start + 2);
  if (newline >= 0 && newline < end) return false;
  const inner = state.src.slice(start + 2, end);
  const bar = inner.indexOf('|');
  const text = (bar < 0 ? inner : inner.slice(0, bar)).trim();
  const target = (bar < 0 ? inner : inner.slice(bar + 1)).trim();
  // `[[_TOC_]]` is the table of contents, not a page.
  if (!target || target === '_TOC_') return false;
  const external = NOT_RELATIVE.test(target) && !target.startsWith('#');
  const url = state.md.normalizeLink(
    external ? target : `${wiki.baseUrl.replace(/\/$/, '')}/${target.replace(/ /g, '-')}`,
  );
  if (!state.md.validateLink(url)) return false;
  if (!silent) {
    if (IMAGE_EXTENSION.test(target) || mediaKind(target)) {
      const image = state.push('image', 'img', 0);
      image.attrs = [
        ['src', url],
        ['alt', ''],
      ];
      const alt = new state.Token('text', '', 0);
      alt.content = text;
      image.children = [alt];
      image.content = text;
    } else {
      const open = state.push('link_open', 'a', 1);
      open.attrs = [['href', url]];
      if (!external) open.attrSet('data-wiki-page', target);
      state.push('text', '', 0).content = text;
      state.push('link_close', 'a', -1);
    }
  }
  state.pos = end + 2;
  return true;
}

/** markdown-it plugin: wiki links and location-relative URLs. */
export function linksPlugin(md: MarkdownIt) {
  md.inline.ruler.before('link', 'wiki_link', wikiLink);
  md.core.ruler.push('location_links', locationLinks);
}
