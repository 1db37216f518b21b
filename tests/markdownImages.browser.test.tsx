// Real Chromium: images in rendered Markdown are not fetched far below the viewport; GitLab's
// lazy images get their URL when scrolled within 500 px, and the layout does not move when they arrive.
import { render, screen, waitFor } from '@testing-library/react';
// A real URL (small assets would otherwise be inlined as data: URLs, which data-src may not hold).
import illustration from '@gitlab/svgs/dist/illustrations/add-user-sm.svg?url&no-inline';
// 111 x 24: not square like the placeholder.
import lockup from '@gitlab/svgs/dist/illustrations/gitlab-lockup.svg?url&no-inline';
import { Markdown, renderMarkdown } from '../src/markdown';
import { LAZY_IMAGE_LOADED_CLASS } from '../src/markdown/pipeline/enhancers/images';
import { LAZY_IMAGE } from '../src/tokens';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  performance.setResourceTimingBufferSize(100_000);
});
afterEach(() => window.scrollTo(0, 0));

const PLACEHOLDER = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
/** A URL of the illustration no other test fetched. */
const unique = (name: string) => `${illustration}?${name}`;
const fetched = (url: string) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(url));
const lazy = (url: string, alt: string, size = '') =>
  `<img class="lazy" data-src="${url}" src="${PLACEHOLDER}" alt="${alt}"${size}>`;
const spacer = (height: number) => `<div style="height: ${height}px"></div>`;
const box = (element: Element) => {
  const { top, width, height } = element.getBoundingClientRect();
  return { top: top + window.scrollY, width, height };
};

async function frames(count: number) {
  for (let i = 0; i < count; i++) await new Promise(requestAnimationFrame);
}

describe('images in rendered Markdown, in Chromium', () => {
  it('does not fetch a Markdown image far below the viewport until scrolled near', async () => {
    const url = unique('markdown-far');
    const html = await renderMarkdown(`${spacer(window.innerHeight * 4)}\n\n![Far away](${url})`);
    render(<Markdown html={html} />);
    const image = await screen.findByRole('img', { name: 'Far away' });
    await frames(5);
    expect(fetched(url)).toBe(false);
    image.scrollIntoView();
    await waitFor(() => expect((image as HTMLImageElement).naturalWidth).toBe(72));
  });

  it(`gives GitLab's lazy image its URL only within ${LAZY_IMAGE.rootMargin} px of the viewport`, async () => {
    const nearUrl = unique('gitlab-near');
    const farUrl = unique('gitlab-far');
    const viewport = window.innerHeight;
    const html = await renderMarkdown(
      `${lazy(nearUrl, 'Near')}\n\n${spacer(viewport + LAZY_IMAGE.rootMargin + 400)}\n\n${lazy(farUrl, 'Far')}`,
    );
    render(<Markdown html={html} />);
    const near = (await screen.findByRole('img', { name: 'Near' })) as HTMLImageElement;
    const far = screen.getByRole('img', { name: 'Far' }) as HTMLImageElement;
    await waitFor(() => expect(near).toHaveClass(LAZY_IMAGE_LOADED_CLASS));
    expect(near.naturalWidth).toBe(72);
    await frames(5);
    expect(far.getAttribute('src')).toBe(PLACEHOLDER);
    expect(fetched(farUrl)).toBe(false);

    window.scrollTo(0, box(far).top - viewport - LAZY_IMAGE.rootMargin + 50);
    await waitFor(() => expect(far).toHaveClass(LAZY_IMAGE_LOADED_CLASS));
    expect(far.getAttribute('src')).toBe(farUrl);
    expect(far.getBoundingClientRect().top).toBeGreaterThan(viewport);
  });

  it('keeps the box of width/height while the placeholder shows, so nothing moves when it arrives', async () => {
    const html = await renderMarkdown(`${lazy(lockup, 'Sized', ' width="222" height="48"')}\n\nAfter the image`);
    render(
      <div style={{ width: 600 }}>
        <Markdown html={html} />
      </div>,
    );
    const image = await screen.findByRole('img', { name: 'Sized' });
    const after = screen.getByText('After the image');
    await waitFor(() => expect(image.getAttribute('style')).toContain('aspect-ratio'));
    const before = { image: box(image), after: box(after) };
    expect(before.image).toMatchObject({ width: 222, height: 48 });
    await waitFor(() => expect(image).toHaveClass(LAZY_IMAGE_LOADED_CLASS));
    expect({ image: box(image), after: box(after) }).toEqual(before);
  });

  it('reserves a placeholder box, not a 1 px one, for a lazy image without a size', async () => {
    const html = await renderMarkdown(`${spacer(window.innerHeight * 4)}\n\n${lazy(unique('unsized'), 'Unsized')}`);
    render(<Markdown html={html} />);
    const image = await screen.findByRole('img', { name: 'Unsized' });
    await frames(2);
    const { width, height } = box(image);
    expect(width).toBeGreaterThan(1);
    expect(height).toBeGreaterThan(1);
    expect(height).toBe(width);
  });
});
