// Images in rendered Markdown load lazily. renderMarkdown already writes `loading="lazy"
// decoding="async"` on Markdown images (the request is deferred from the moment the markup is
// inserted); this step covers the rest: GitLab's server-rendered lazy images
// (`img.lazy[data-src]` with a placeholder `src`), loaded when near the viewport, and raw-HTML
// images that are still loading.
import { whenNearViewport } from '../../../components/LazyImage/lazyLoader';
import { LAZY_IMAGE } from '../../../tokens';
import { BLANK_URL, safeUrl } from '../../../utils/url';
import type { MarkdownEnhancer } from '../types';
import './images.css';

/** GitLab's class of an image whose real URL waits in `data-src` (and `data-srcset`). */
export const LAZY_IMAGE_CLASS = 'lazy';
/** GitLab's class of such an image once its URL has been applied. */
export const LAZY_IMAGE_LOADED_CLASS = 'js-lazy-loaded';
/** Our class on the lazy images this step handles: the placeholder styles apply to these only. */
const HANDLED_CLASS = 'fk-markdown-lazy-image';

/** `data-srcset` with every candidate URL checked, or undefined when one is unsafe. */
function safeSrcset(srcset: string): string | undefined {
  const candidates = srcset.split(',').map((candidate) => candidate.trim());
  for (const candidate of candidates) {
    const url = candidate.split(/\s+/)[0] ?? '';
    if (safeUrl(url) === BLANK_URL) return undefined;
  }
  return candidates.join(', ');
}

/** Puts the waiting URL in place (http, https or relative only: `data-src` escapes the sanitiser's URL check). */
function load(image: HTMLImageElement) {
  const src = image.getAttribute('data-src') ?? '';
  if (safeUrl(src) === BLANK_URL) return;
  const srcset = image.getAttribute('data-srcset');
  const checkedSrcset = srcset ? safeSrcset(srcset) : undefined;
  // The placeholder box stays until the image has arrived (or failed), then it takes its own size.
  const settle = () => {
    image.removeEventListener('load', settle);
    image.removeEventListener('error', settle);
    image.style.removeProperty('aspect-ratio');
    image.classList.replace(LAZY_IMAGE_CLASS, LAZY_IMAGE_LOADED_CLASS);
  };
  image.addEventListener('load', settle);
  image.addEventListener('error', settle);
  image.decoding = 'async';
  if (checkedSrcset) image.setAttribute('srcset', checkedSrcset);
  image.setAttribute('src', src);
  image.removeAttribute('data-src');
  image.removeAttribute('data-srcset');
}

/**
 * Lazy images in rendered Markdown:
 * - `img.lazy[data-src]` (GitLab's server markup) gets its URL when it comes within 500 px of the
 *   viewport (`LAZY_IMAGE.rootMargin`, the lazy loader shared with LazyImage); until then its box
 *   keeps the aspect ratio of its `width`/`height` attributes, or a placeholder size, so nothing
 *   moves when it arrives;
 * - any other image still loading gets `loading="lazy"` and `decoding="async"` unless it says otherwise.
 */
export const lazyImagesEnhancer: MarkdownEnhancer = {
  name: 'lazyImagesEnhancer',
  selector: 'img',
  enhance(elements, context) {
    for (const image of elements) {
      if (!(image instanceof HTMLImageElement)) continue;
      if (image.classList.contains(LAZY_IMAGE_CLASS) && image.hasAttribute('data-src')) {
        image.classList.add(HANDLED_CLASS);
        const width = Number(image.getAttribute('width'));
        const height = Number(image.getAttribute('height'));
        // The placeholder is square: its own ratio would set the box's height until the real image arrives.
        if (width > 0 && height > 0) image.style.setProperty('aspect-ratio', `${width} / ${height}`);
        const stop = whenNearViewport(
          image,
          () => {
            if (!context.signal.aborted) load(image);
          },
          LAZY_IMAGE.rootMargin,
        );
        context.onDispose(stop);
        continue;
      }
      if (!image.complete && !image.hasAttribute('loading')) image.setAttribute('loading', 'lazy');
      if (!image.hasAttribute('decoding')) image.setAttribute('decoding', 'async');
    }
  },
};
