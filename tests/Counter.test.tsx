import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { Counter, COUNTER_FALLBACK_COUNT } from '../src/components/Counter';

/** The visible, shortened text (hidden from assistive technology). */
function visibleText(container: HTMLElement) {
  return container.querySelector('[data-component="Counter.Text"]');
}

/** Exact count for screen readers, found by its text and checked to be exposed. */
function spoken(text: string) {
  const el = screen.getByText(text, { selector: '[data-component="Counter.Label"]' });
  expect(el.closest('[aria-hidden="true"]')).toBeNull();
  return el;
}

describe('Counter', () => {
  it('defaults to the delimited limit and the neutral variant', () => {
    const { container } = render(<Counter count={12} />);
    const root = container.querySelector('.fk-counter');
    expect(root).toHaveAttribute('data-component', 'Counter');
    expect(root).toHaveAttribute('data-limit', 'delimited');
    expect(root).toHaveAttribute('data-variant', 'neutral');
  });

  it.each([
    [5, '5'],
    [99, '99'],
    [100, '99+'],
    [1500, '99+'],
  ])('limit="high" shows %i as "%s"', (count, text) => {
    const { container } = render(<Counter count={count} limit="high" />);
    expect(visibleText(container)?.textContent).toBe(text);
    expect(container.querySelector('.fk-counter')).toHaveAttribute('data-limit', 'high');
  });

  it.each([
    [999, '999'],
    [1000, '1,000'],
    [1001, '1,000+'],
    [123456, '1,000+'],
  ])('limit="delimited" shows %i as "%s"', (count, text) => {
    const { container } = render(<Counter count={count} />);
    expect(visibleText(container)?.textContent).toBe(text);
  });

  it('hides the shortened text from screen readers and gives them the exact count', () => {
    const { container } = render(<Counter count={1234} />);
    expect(visibleText(container)).toHaveTextContent('1,000+');
    expect(visibleText(container)).toHaveAttribute('aria-hidden', 'true');
    spoken('1,234');
    expect(container.querySelector('.fk-counter')).toHaveTextContent('1,000+1,234');
  });

  it('gives the exact count under the high limit too', () => {
    render(<Counter count={1500} limit="high" />);
    spoken('1,500');
  });

  it('reads a string label after the exact count', () => {
    render(<Counter count={1234} label="open issues" />);
    spoken('1,234 open issues');
  });

  it('lets a label function word the whole text, e.g. for plurals', () => {
    const label = (formatted: string, count: number) => (count === 1 ? '1 open issue' : `${formatted} open issues`);
    const { rerender } = render(<Counter count={1} label={label} />);
    spoken('1 open issue');
    rerender(<Counter count={2048} label={label} />);
    spoken('2,048 open issues');
  });

  it('sets data-variant', () => {
    const { container, rerender } = render(<Counter count={3} variant="primary" />);
    expect(container.querySelector('.fk-counter')).toHaveAttribute('data-variant', 'primary');
    rerender(<Counter count={3} variant="info" />);
    expect(container.querySelector('.fk-counter')).toHaveAttribute('data-variant', 'info');
  });

  it('shows zero', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = render(<Counter count={0} />);
    expect(visibleText(container)?.textContent).toBe('0');
    spoken('0');
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('rounds a fractional count down', () => {
    const { container } = render(<Counter count={99.9} limit="high" />);
    expect(visibleText(container)?.textContent).toBe('99');
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('shows 0 and logs an error for count %s', (count) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = render(<Counter count={count} />);
    expect(COUNTER_FALLBACK_COUNT).toBe(0);
    expect(visibleText(container)?.textContent).toBe('0');
    spoken('0');
    expect(error).toHaveBeenCalledWith(expect.stringContaining(`got ${count}; showing 0`));
    error.mockRestore();
  });

  it('puts className, style, other props and ref on the root', () => {
    const ref = createRef<HTMLSpanElement>();
    render(<Counter ref={ref} count={7} className="mine" style={{ marginInlineStart: 4 }} data-testid="c" />);
    const root = screen.getByTestId('c');
    expect(ref.current).toBe(root);
    expect(root).toHaveClass('fk-counter', 'mine');
    expect(root).toHaveStyle({ marginInlineStart: '4px' });
  });
});
