// Images, GitLab's way:
// - they load lazily and decode off the main thread: the attributes are in the HTML, so the
//   browser defers the request from the moment the markup is inserted (an enhancer running
//   afterwards would be too late: the request has started);
// - `{width=75% height=100px}` right after an image sizes it;
// - an image link to a video or audio file (by extension) becomes a player with a download link.
import type { MarkdownIt, Renderer, StateCore, Token } from 'markdown-it';
import { MARKDOWN_AUDIO_EXTENSIONS, MARKDOWN_VIDEO_EXTENSIONS, mediaDownloadTitle } from './constants';

/** `{width=… height=…}`: each a number of pixels, optionally with `px` or `%`. */
const ATTRIBUTES = /^\{[ \t]*((?:(?:width|height)=\d{1,5}(?:px|%)?[ \t]*)+)\}/;
const ATTRIBUTE = /(width|height)=(\d{1,5}(?:px|%)?)/g;
const EXTENSION = /\.([a-z\d]+)$/i;

type MediaKind = 'video' | 'audio';

/** Video or audio by the file extension of `src` (its path: query and fragment ignored). */
export function mediaKind(src: string): MediaKind | undefined {
  const path = src.split(/[?#]/, 1)[0]!;
  const extension = EXTENSION.exec(path)?.[1]?.toLowerCase();
  if (!extension) return undefined;
  if ((MARKDOWN_VIDEO_EXTENSIONS as readonly string[]).includes(extension)) return 'video';
  if ((MARKDOWN_AUDIO_EXTENSIONS as readonly string[]).includes(extension)) return 'audio';
  return undefined;
}

/** Core rule: moves `{width=… height=…}` after an image onto the image. */
function imageAttributes(core: StateCore) {
  for (const block of core.tokens) {
    const children = block.type === 'inline' ? block.children : null;
    if (!children) continue;
    for (let i = 0; i + 1 < children.length; i++) {
      const next = children[i + 1]!;
      if (children[i]!.type !== 'image' || next.type !== 'text') continue;
      const match = ATTRIBUTES.exec(next.content);
      if (!match) continue;
      for (const [, name, value] of match[1]!.matchAll(ATTRIBUTE)) children[i]!.attrSet(name!, value!);
      next.content = next.content.slice(match[0].length);
    }
  }
}

/** An attribute of a token as a string ('' when missing). */
function attr(token: Token, name: string): string {
  return String(token.attrGet(name) ?? '');
}

function renderMedia(md: MarkdownIt, token: Token, kind: MediaKind, alt: string): string {
  const escape = md.utils.escapeHtml;
  const src = attr(token, 'src');
  const name = attr(token, 'title') || alt || src;
  const size = ['width', 'height']
    .map((name) => (attr(token, name) ? ` ${name}="${escape(attr(token, name))}"` : ''))
    .join('');
  return (
    `<span class="media-container ${kind}-container">` +
    `<${kind} src="${escape(src)}" controls preload="metadata" data-title="${escape(name)}"${size}></${kind}>` +
    `<a href="${escape(src)}" target="_blank" rel="noopener noreferrer" title="${escape(mediaDownloadTitle(name))}">${escape(name)}</a>` +
    `</span>`
  );
}

/** markdown-it plugin: lazy images, image sizes, video and audio players. */
export function imagesPlugin(md: MarkdownIt) {
  const render = md.renderer.rules.image!;
  md.core.ruler.after('inline', 'image_attributes', imageAttributes);
  md.renderer.rules.image = (tokens, idx, options, env, self: Renderer) => {
    const token = tokens[idx]!;
    const kind = mediaKind(attr(token, 'src'));
    if (kind) return renderMedia(md, token, kind, self.renderInlineAsText(token.children ?? [], options, env));
    token.attrSet('loading', 'lazy');
    token.attrSet('decoding', 'async');
    return render(tokens, idx, options, env, self);
  };
}
