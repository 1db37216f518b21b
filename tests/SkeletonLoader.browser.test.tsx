// Real Chromium: computed styles for the shimmer, the reduced-motion switch and the line widths.
// The browser context runs with reducedMotion 'reduce' (vitest.config.ts).
import { render, screen } from '@testing-library/react';
import { SkeletonLoader } from '../src/components/SkeletonLoader';
import { findRules } from './support/cssRules';

function lines(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLElement>('[data-component="SkeletonLoader.Line"]')];
}

describe('SkeletonLoader in the browser', () => {
  it('runs in a context that prefers reduced motion', () => {
    expect(matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(true);
  });

  it('stops the shimmer when the user prefers reduced motion', () => {
    const { container } = render(<SkeletonLoader />);
    const all = lines(container);
    expect(all).toHaveLength(3);
    for (const line of all) {
      const style = getComputedStyle(line);
      expect(style.animationName).toBe('none');
      expect(style.backgroundImage).toBe('none');
    }
  });

  it('otherwise shimmers for one --fk-motion-duration-skeleton per sweep', () => {
    const [base] = findRules('.fk-skeleton-loader__line').filter(({ media }) => media.length === 0);
    expect(base?.rule.style.animationName).toBe('fk-skeleton-loader-shimmer');
    expect(base?.rule.style.animationDuration).toBe('var(--fk-motion-duration-skeleton)');
    expect(base?.rule.style.animationIterationCount).toBe('infinite');
    const reduced = findRules('.fk-skeleton-loader__line').filter(({ media }) =>
      media.includes('(prefers-reduced-motion: reduce)'),
    );
    expect(reduced).toHaveLength(1);
    expect(getComputedStyle(document.documentElement).getPropertyValue('--fk-motion-duration-skeleton')).toBe('1500ms');
  });

  it('draws the lines with the skeleton colour, visible yet out of the way', () => {
    const { container } = render(<SkeletonLoader />);
    const [first] = lines(container);
    const line = first!.getBoundingClientRect();
    expect(line.height).toBeGreaterThan(0);
    expect(getComputedStyle(first!).backgroundColor).not.toBe('rgba(0, 0, 0, 0)');
  });

  it('makes the last of several lines shorter, and a single line full width', () => {
    const { container, unmount } = render(
      <div style={{ width: 400 }}>
        <SkeletonLoader />
      </div>,
    );
    const widths = lines(container).map((line) => line.getBoundingClientRect().width);
    expect(widths[0]).toBe(400);
    expect(widths[1]).toBe(400);
    expect(widths[2]).toBeLessThan(400);
    unmount();

    const single = render(
      <div style={{ width: 400 }}>
        <SkeletonLoader lines={1} />
      </div>,
    );
    expect(lines(single.container)[0]!.getBoundingClientRect().width).toBe(400);
  });

  it('gives each line the width asked for', () => {
    const { container } = render(
      <div style={{ width: 400 }}>
        <SkeletonLoader lines={3} widths={['50%', 100, '100%']} />
      </div>,
    );
    expect(lines(container).map((line) => line.getBoundingClientRect().width)).toEqual([200, 100, 400]);
  });

  it('keeps the label off screen but in the status region', () => {
    render(<SkeletonLoader />);
    const label = screen.getByText('Loading');
    const box = label.getBoundingClientRect();
    expect(box.width).toBeLessThanOrEqual(1);
    expect(box.height).toBeLessThanOrEqual(1);
    expect(screen.getByRole('status')).toContainElement(label);
  });
});
