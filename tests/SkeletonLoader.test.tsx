import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { SkeletonLoader } from '../src/components/SkeletonLoader';
import { SKELETON_DEFAULT_LINES, SKELETON_WORK_ITEM_LINES } from '../src/tokens';

function lines(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLElement>('[data-component="SkeletonLoader.Line"]')];
}

describe('SkeletonLoader', () => {
  it('uses the spec line counts: 3 by default, 4 in work item placeholders', () => {
    expect(SKELETON_DEFAULT_LINES).toBe(3);
    expect(SKELETON_WORK_ITEM_LINES).toBe(4);
  });

  it('draws 3 lines by default', () => {
    const { container } = render(<SkeletonLoader />);
    expect(lines(container)).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveAttribute('data-lines', '3');
  });

  it.each([1, 4, 7])('draws as many lines as asked: %i', (count) => {
    const { container } = render(<SkeletonLoader lines={count} />);
    expect(lines(container)).toHaveLength(count);
    expect(screen.getByRole('status')).toHaveAttribute('data-lines', String(count));
  });

  it.each([0, -2, Number.NaN])('falls back to the default for lines=%s', (count) => {
    const { container } = render(<SkeletonLoader lines={count} />);
    expect(lines(container)).toHaveLength(SKELETON_DEFAULT_LINES);
  });

  it('is a status region that says "Loading" by default', () => {
    render(<SkeletonLoader />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('data-component', 'SkeletonLoader');
    expect(status).toHaveTextContent(/^Loading$/);
    expect(screen.getByText('Loading')).toHaveAttribute('data-component', 'SkeletonLoader.Label');
  });

  it('takes another label', () => {
    render(<SkeletonLoader label="Loading work items" />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading work items$/);
  });

  it('hides the lines from assistive technology', () => {
    const { container } = render(<SkeletonLoader />);
    for (const line of lines(container)) expect(line).toHaveAttribute('aria-hidden', 'true');
  });

  it('sets the widths given, line by line, leaving the rest to the stylesheet', () => {
    const { container } = render(<SkeletonLoader lines={4} widths={['40%', 120]} />);
    const [first, second, third, fourth] = lines(container);
    expect(first?.style.width).toBe('40%');
    expect(second?.style.width).toBe('120px');
    expect(third?.style.width).toBe('');
    expect(fourth?.style.width).toBe('');
  });

  it('puts className, style, other props and ref on the root', () => {
    const ref = createRef<HTMLDivElement>();
    render(<SkeletonLoader ref={ref} className="mine" style={{ maxWidth: 300 }} aria-label="Loading comments" />);
    const status = screen.getByRole('status', { name: 'Loading comments' });
    expect(ref.current).toBe(status);
    expect(status).toHaveClass('fk-skeleton-loader', 'mine');
    expect(status).toHaveStyle({ maxWidth: '300px' });
  });
});
