/**
 * The `<gl-emoji>` custom element (spec section 5 lets it through the sanitiser). Markdown and
 * server-rendered pages write `<gl-emoji data-name="thumbsup"></gl-emoji>`; once the emoji map is
 * loaded the element:
 * - resolves aliases (`data-name="+1"` becomes `thumbsup`) and fills in the unicode text, the
 *   `title` (the description) and `data-unicode-version`;
 * - shows an image instead when the browser cannot draw the emoji: `data-fallback-src`, else the
 *   PNG at `{relativeRoot}/-/emojis/3/{name}.png` (spec section 2);
 * - shows a group's custom emoji as an image with alt text `:name:`;
 * - shows grey_question for an unknown name, unless the server already rendered something for it.
 */
import { FALLBACK_EMOJI_NAME, CUSTOM_EMOJI_CATEGORY } from './constants';
import {
  emojiFallbackImageSrc,
  getEmojiInfo,
  getEmojiSupportDetector,
  getUndrawableEmojiInfo,
  initEmojiMap,
  type InitEmojiMapOptions,
} from './store';
import { isSafeImageSrc } from '../utils/url';
import type { EmojiInfo } from './types';
import './glEmoji.css';

/** Tag name of the element. */
export const GL_EMOJI_TAG_NAME = 'gl-emoji';
/** Class of the image shown for custom emoji and emoji the browser cannot draw. */
export const GL_EMOJI_IMAGE_CLASS = 'fk-gl-emoji__image';

function safeFallbackSrc(src: string | undefined): string | undefined {
  return src && isSafeImageSrc(src) ? src : undefined;
}

function emojiImage(name: string, src: string): HTMLImageElement {
  const image = document.createElement('img');
  image.className = GL_EMOJI_IMAGE_CLASS;
  image.src = src;
  image.alt = `:${name}:`;
  image.title = `:${name}:`;
  image.decoding = 'async';
  return image;
}

function createGlEmojiElement(options: InitEmojiMapOptions) {
  return class GlEmojiElement extends HTMLElement {
    static observedAttributes = ['data-name'];

    /** Counts renders: only the latest one writes. */
    #run = 0;
    /** Whether the current content was written by this element (and may be replaced). */
    #ownContent = false;
    /** Set while the element corrects its own data-name. */
    #renaming = false;

    connectedCallback() {
      void this.#render();
    }

    attributeChangedCallback(_attribute: string, oldValue: string | null, newValue: string | null) {
      if (!this.#renaming && oldValue !== newValue && this.isConnected) void this.#render();
    }

    /** Content the server (or the page) put there, which an unknown name must not overwrite. */
    #hasForeignContent() {
      return (
        !this.#ownContent && this.childNodes.length > 0 && (this.textContent?.trim() !== '' || this.children.length > 0)
      );
    }

    #isTextOnly() {
      return Array.prototype.every.call(this.childNodes, (node: Node) => node.nodeType === Node.TEXT_NODE);
    }

    #setName(name: string) {
      if (this.dataset.name === name) return;
      this.#renaming = true;
      this.dataset.name = name;
      this.#renaming = false;
    }

    #show(content: string | HTMLImageElement) {
      this.replaceChildren(content);
      this.#ownContent = true;
    }

    async #render() {
      const run = ++this.#run;
      try {
        await initEmojiMap(options);
      } catch {
        return; // without the map, whatever the server rendered stays
      }
      if (run !== this.#run || !this.isConnected) return;

      const requested = this.dataset.name ?? '';
      // User content can set data-fallback-src: an unsafe URL is ignored (the PNG path or alt text shows).
      const fallbackSrc = safeFallbackSrc(this.dataset.fallbackSrc);
      let info: EmojiInfo | null = getEmojiInfo(requested, false) ?? getUndrawableEmojiInfo(requested);
      if (!info) {
        if (this.dataset.unicodeVersion === CUSTOM_EMOJI_CATEGORY && fallbackSrc) {
          this.#show(emojiImage(requested, fallbackSrc)); // a custom emoji of a group not on this page
          return;
        }
        if (this.#hasForeignContent()) return;
        info = getEmojiInfo(FALLBACK_EMOJI_NAME, false);
        if (!info) return; // data without the fallback emoji: nothing better to show
      }

      this.#setName(info.name);
      this.dataset.unicodeVersion = info.u;
      this.title = info.d;
      if (info.u === CUSTOM_EMOJI_CATEGORY) {
        this.#show(emojiImage(info.name, info.src ?? fallbackSrc ?? ''));
        return;
      }
      const unicode = info.e ?? '';
      if (!this.#ownContent && !this.#isTextOnly()) return; // the server chose its own markup
      if (getEmojiSupportDetector()(unicode, info.u)) {
        this.#show(unicode);
      } else {
        this.#show(emojiImage(info.name, fallbackSrc || emojiFallbackImageSrc(info.name)));
      }
    }
  };
}

/**
 * Defines `<gl-emoji>` once (later calls do nothing; so does a server without `customElements`).
 * The options go to `initEmojiMap()`, which the first element to connect calls.
 */
export function defineGlEmoji(options: InitEmojiMapOptions = {}): void {
  if (typeof customElements === 'undefined' || typeof HTMLElement === 'undefined') return;
  if (customElements.get(GL_EMOJI_TAG_NAME)) return;
  customElements.define(GL_EMOJI_TAG_NAME, createGlEmojiElement(options));
}
