// Images in rendered Markdown (jsdom): Markdown images come lazy from the renderer; raw-HTML
// images still loading become lazy; GitLab's `img.lazy[data-src]` gets its URL near the viewport,
// only an http(s) or relative one, and keeps its box until then.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LAZY_IMAGE } from '../src/tokens';
import {
  LAZY_IMAGE_CLASS,
  LAZY_IMAGE_LOADED_CLASS,
  lazyImagesEnhancer,
} from '../src/markdown/pipeline/enhancers/images';
import { renderGfm } from '../src/markdown/pipeline/renderGfm';
import { enhanceHtml, enhanceMarkdown, FakeIntersectionObserver } from './markdownCode.support';

const imagesOnly = { enhancers: [lazyImagesEnhancer] };
const PLACEHOLDER = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const gitlabLazy = (dataSrc: string, extra = '') =>
  `<p><img class="lazy" data-src="${dataSrc}" src="${PLACEHOLDER}" alt="Diagram"${extra}></p>`;

beforeEach(() => FakeIntersectionObserver.install());
afterEach(() => {
  document.body.replaceChildren();
  FakeIntersectionObserver.uninstall();
});

describe('lazyImagesEnhancer', () => {
  it('Markdown images are lazy from the renderer, and stay so', async () => {
    const { container } = await enhanceMarkdown('![Screenshot](/uploads/shot.png)', imagesOnly);
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).toHaveAttribute('src', '/uploads/shot.png');
  });

  it('makes raw-HTML images that are still loading lazy, without overriding an explicit choice', async () => {
    const { container } = await enhanceMarkdown(
      '<img src="/a.png" alt="a">\n\n<img src="/b.png" alt="b" loading="eager">',
      imagesOnly,
    );
    const [a, b] = container.querySelectorAll('img');
    expect(a).toHaveAttribute('loading', 'lazy');
    expect(a).toHaveAttribute('decoding', 'async');
    expect(b).toHaveAttribute('loading', 'eager');
  });

  it(`gives GitLab's lazy images their URL only within ${LAZY_IMAGE.rootMargin} px of the viewport`, async () => {
    const { container } = await enhanceHtml(gitlabLazy('/uploads/diagram.png'), imagesOnly);
    const image = container.querySelector('img')!;
    expect(FakeIntersectionObserver.watched()).toContain(image);
    const observer = FakeIntersectionObserver.instances.find((instance) => instance.targets.has(image))!;
    expect(observer.rootMargin).toBe(`${LAZY_IMAGE.rootMargin}px`);
    expect(image).toHaveAttribute('src', PLACEHOLDER);

    FakeIntersectionObserver.report([image], true);
    expect(image).toHaveAttribute('src', '/uploads/diagram.png');
    expect(image).not.toHaveAttribute('data-src');
    expect(image).toHaveClass(LAZY_IMAGE_CLASS);

    image.dispatchEvent(new Event('load'));
    expect(image).not.toHaveClass(LAZY_IMAGE_CLASS);
    expect(image).toHaveClass(LAZY_IMAGE_LOADED_CLASS);
  });

  it('applies data-srcset with the URL', async () => {
    const { container } = await enhanceHtml(gitlabLazy('/a.png', ' data-srcset="/a.png 1x, /a@2x.png 2x"'), imagesOnly);
    const image = container.querySelector('img')!;
    FakeIntersectionObserver.report([image], true);
    expect(image).toHaveAttribute('srcset', '/a.png 1x, /a@2x.png 2x');
  });

  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'vbscript:x'])(
    'never applies an unsafe data-src (%s)',
    async (url) => {
      const { container } = await enhanceHtml(gitlabLazy(url), imagesOnly);
      const image = container.querySelector('img')!;
      FakeIntersectionObserver.report([image], true);
      expect(image).toHaveAttribute('src', PLACEHOLDER);
    },
  );

  it('drops an unsafe data-srcset', async () => {
    const { container } = await enhanceHtml(
      gitlabLazy('/a.png', ' data-srcset="/a.png 1x, javascript:x 2x"'),
      imagesOnly,
    );
    const image = container.querySelector('img')!;
    FakeIntersectionObserver.report([image], true);
    expect(image).toHaveAttribute('src', '/a.png');
    expect(image).not.toHaveAttribute('srcset');
  });

  it('keeps the box of width/height while waiting (the placeholder is square)', async () => {
    const { container } = await enhanceHtml(gitlabLazy('/a.png', ' width="200" height="100"'), imagesOnly);
    const image = container.querySelector('img')!;
    expect(image.style.aspectRatio).toBe('200 / 100');
    FakeIntersectionObserver.report([image], true);
    image.dispatchEvent(new Event('load'));
    expect(image.style.aspectRatio).toBe('');
  });

  it('stops watching on dispose; the next run watches again', async () => {
    const { container, handle } = await enhanceHtml(gitlabLazy('/a.png'), imagesOnly);
    const image = container.querySelector('img')!;
    handle.dispose();
    expect(FakeIntersectionObserver.watched()).not.toContain(image);
    FakeIntersectionObserver.report([image], true);
    expect(image).toHaveAttribute('src', PLACEHOLDER);
    renderGfm(container, imagesOnly);
    FakeIntersectionObserver.report([image], true);
    expect(image).toHaveAttribute('src', '/a.png');
  });
});
