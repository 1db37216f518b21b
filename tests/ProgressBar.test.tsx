import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar, progressPercentage } from '../src/components/ProgressBar';

const fill = (bar: HTMLElement) =>
  bar
    .querySelector<HTMLElement>('[data-component="ProgressBar.Fill"]')!
    .style.getPropertyValue('--fk-progress-bar-percentage');

describe('ProgressBar', () => {
  it('is a progressbar named by its label, with its range, value and percentage as value text', () => {
    render(<ProgressBar label="Progress" value={30} />);
    const bar = screen.getByRole('progressbar', { name: 'Progress' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(bar).toHaveAttribute('aria-valuetext', '30%');
    expect(bar).toHaveAttribute('data-variant', 'primary');
    expect(fill(bar)).toBe('30%');
  });

  it('fills by value over a custom range and reads the given value text', () => {
    render(<ProgressBar aria-label="Time spent" value={3} maxValue={4} valueLabel="3h of 4h" showValueLabel />);
    const bar = screen.getByRole('progressbar', { name: 'Time spent' });
    expect(bar).toHaveAttribute('aria-valuetext', '3h of 4h');
    expect(bar).toHaveTextContent('3h of 4h');
    expect(fill(bar)).toBe('75%');
  });

  it('keeps a value beyond the maximum at a full bar (time spent over the estimate)', () => {
    render(<ProgressBar aria-label="Time spent" value={6} maxValue={4} variant="danger" valueLabel="Over by 2h" />);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '4');
    expect(bar).toHaveAttribute('data-variant', 'danger');
    expect(fill(bar)).toBe('100%');
  });

  it('hides the label visually but keeps it as the name', () => {
    render(<ProgressBar label="Progress" isLabelHidden value={50} />);
    expect(screen.getByText('Progress')).toHaveClass('fk-visually-hidden');
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toBeInTheDocument();
  });

  it('computes the fill within 0 to 100, and 0 for an empty range', () => {
    expect(progressPercentage(50)).toBe(50);
    expect(progressPercentage(-5)).toBe(0);
    expect(progressPercentage(150)).toBe(100);
    expect(progressPercentage(1, 0, 0)).toBe(0);
    expect(progressPercentage(Number.NaN)).toBe(0);
  });
});
