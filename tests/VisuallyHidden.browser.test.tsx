import { render, screen } from '@testing-library/react';
import { userEvent } from 'vitest/browser';
import { describe, expect, it } from 'vitest';
import { VisuallyHidden } from '../src/components/VisuallyHidden';

describe('VisuallyHidden', () => {
  it('keeps its text in the accessibility tree but takes no space on screen', () => {
    render(
      <button type="button">
        ✕<VisuallyHidden>Close</VisuallyHidden>
      </button>,
    );
    const button = screen.getByRole('button', { name: /Close/ });
    const hidden = screen.getByText('Close');
    const box = hidden.getBoundingClientRect();
    expect(box.width).toBeLessThanOrEqual(1);
    expect(box.height).toBeLessThanOrEqual(1);
    expect(getComputedStyle(hidden).position).toBe('absolute');
    expect(button).toBeVisible();
  });

  it('shows focusable content again while it has keyboard focus', async () => {
    render(
      <VisuallyHidden isFocusable>
        <a href="#main">Skip to main content</a>
      </VisuallyHidden>,
    );
    const link = screen.getByRole('link', { name: 'Skip to main content' });
    expect(link.parentElement!.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    await userEvent.tab();
    expect(link).toHaveFocus();
    expect(link.parentElement!.getBoundingClientRect().width).toBeGreaterThan(10);
  });

  it('passes props and merges the class name', () => {
    render(
      <VisuallyHidden className="mine" id="x">
        Hi
      </VisuallyHidden>,
    );
    expect(screen.getByText('Hi')).toHaveClass('fk-visually-hidden', 'mine');
    expect(screen.getByText('Hi')).toHaveAttribute('id', 'x');
  });
});
