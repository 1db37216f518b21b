// Real Chromium: IntersectionObserver with the 500 px margin, real image loading from data: URIs
// (no network), and no layout shift when an image arrives.
import { render, screen } from '@testing-library/react';
import { LazyImage, LAZY_IMAGE_PLACEHOLDER_SRC } from '../src/components/LazyImage';
import { LAZY_IMAGE } from '../src/tokens';

// Real intersections and image loads drive React here, as on a page; act() cannot wrap them.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => window.scrollTo(0, 0));

/** An SVG image of the given natural size, as a data: URI. */
function svg(width: number, height: number, color: string) {
  return `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${color}"/></svg>`,
  )}`;
}

const state = (name: string) => screen.getByRole('img', { name }).dataset.state;
const rect = (element: Element) => {
  const { top, left, width, height } = element.getBoundingClientRect();
  return { top: top + window.scrollY, left, width, height };
};

describe('LazyImage in Chromium', () => {
  it('loads images within 500 px of the viewport and not the ones beyond', async () => {
    const viewport = window.innerHeight;
    render(
      <div>
        <div style={{ height: viewport + LAZY_IMAGE.rootMargin - 100 }} />
        <LazyImage
          src={svg(40, 40, '#1f75cb')}
          alt="Within the margin"
          width={40}
          height={40}
          style={{ display: 'block' }}
        />
        <div style={{ height: 400 }} />
        <LazyImage
          src={svg(40, 40, '#108548')}
          alt="Beyond the margin"
          width={40}
          height={40}
          style={{ display: 'block' }}
        />
        <div style={{ height: 2000 }} />
      </div>,
    );
    await expect.poll(() => state('Within the margin')).toBe('loaded');
    const far = screen.getByRole('img', { name: 'Beyond the margin' }) as HTMLImageElement;
    // Give the observer a few frames: it must still be waiting.
    for (let i = 0; i < 5; i++) await new Promise(requestAnimationFrame);
    expect(far.dataset.state).toBe('placeholder');
    expect(far.getAttribute('src')).toBe(LAZY_IMAGE_PLACEHOLDER_SRC);

    // Scrolling until it is 500 px below the viewport starts the load, before it is visible.
    window.scrollTo(0, far.getBoundingClientRect().top + window.scrollY - viewport - LAZY_IMAGE.rootMargin + 20);
    await expect.poll(() => far.dataset.state).toBe('loaded');
    expect(far.getBoundingClientRect().top).toBeGreaterThan(viewport);
    expect(far.naturalWidth).toBe(40);
  });

  it('does not move the layout when the image arrives (width and height)', async () => {
    render(
      <div style={{ width: 600 }}>
        <LazyImage src={svg(800, 600, '#1f75cb')} alt="Screenshot" width={400} height={300} />
        <p>After the image</p>
      </div>,
    );
    const img = screen.getByRole('img', { name: 'Screenshot' });
    const after = screen.getByText('After the image');
    const before = { img: rect(img), after: rect(after) };
    expect(before.img).toMatchObject({ width: 400, height: 300 });
    await expect.poll(() => img.dataset.state).toBe('loaded');
    expect({ img: rect(img), after: rect(after) }).toEqual(before);
  });

  it('does not move the layout with an aspect ratio only, filling a narrow container', async () => {
    render(
      <div style={{ width: 360 }}>
        <LazyImage src={svg(1600, 900, '#108548')} alt="Wide" aspectRatio="16 / 9" />
        <p>After the image</p>
      </div>,
    );
    const img = screen.getByRole('img', { name: 'Wide' });
    const after = screen.getByText('After the image');
    const before = { img: rect(img), after: rect(after) };
    expect(before.img.width).toBe(360);
    expect(before.img.height).toBeCloseTo(202.5, 0);
    await expect.poll(() => img.dataset.state).toBe('loaded');
    expect({ img: rect(img), after: rect(after) }).toEqual(before);
  });

  it('keeps the box when the real image has another shape, and scales down in a narrow container', async () => {
    render(
      <div style={{ width: 200 }}>
        <LazyImage src={svg(50, 200, '#dd2b0e')} alt="Tall" width={400} height={300} />
        <p>After the image</p>
      </div>,
    );
    const img = screen.getByRole('img', { name: 'Tall' });
    const before = rect(img);
    expect(before).toMatchObject({ width: 200, height: 150 });
    await expect.poll(() => img.dataset.state).toBe('loaded');
    expect(rect(img)).toEqual(before);
  });

  it('shows a neutral box until loaded, then no background', async () => {
    render(<LazyImage src={svg(20, 20, '#000')} alt="Box" width={20} height={20} rootMargin={-10_000} />);
    const img = screen.getByRole('img', { name: 'Box' });
    const probe = document.createElement('span');
    probe.style.color = 'var(--fk-color-skeleton-base)';
    document.body.append(probe);
    const skeleton = getComputedStyle(probe).color;
    probe.remove();
    expect(getComputedStyle(img).backgroundColor).toBe(skeleton);
  });
});
