// Geometry and real keyboard events: the list is placed by floating-ui against the trigger in a
// real layout, flips above it near the bottom of the viewport, and real key presses drive it.
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from 'vitest/browser';
import { describe, expect, it, vi } from 'vitest';
import {
  findTimeRange,
  TIME_RANGE_PICKER_OFFSET,
  TIME_RANGE_PICKER_VIEWPORT_PADDING,
  TimeRangePicker,
} from '../src/components/TimeRangePicker';

const trigger = () => screen.getByRole('button', { name: /Time range/ });

describe('TimeRangePicker in a browser', () => {
  it('opens the list just below the trigger, start-aligned', async () => {
    render(<TimeRangePicker />);
    await userEvent.click(trigger());
    const listbox = await screen.findByRole('listbox');
    const popover = listbox.closest<HTMLElement>('[data-component="TimeRangePicker.Popover"]')!;
    await waitFor(() => {
      const button = trigger().getBoundingClientRect();
      const list = popover.getBoundingClientRect();
      expect(list.top - button.bottom).toBeCloseTo(TIME_RANGE_PICKER_OFFSET, 0);
      expect(list.left).toBeCloseTo(button.left, 0);
    });
    expect(getComputedStyle(popover).position).toBe('fixed');
    expect(getComputedStyle(popover).zIndex).not.toBe('auto');
  });

  it('flips the list above the trigger near the bottom of the viewport', async () => {
    render(<TimeRangePicker style={{ position: 'fixed', bottom: 4, left: 16 }} />);
    await userEvent.click(trigger());
    const popover = (await screen.findByRole('listbox')).closest<HTMLElement>(
      '[data-component="TimeRangePicker.Popover"]',
    )!;
    await waitFor(() => {
      const button = trigger().getBoundingClientRect();
      const list = popover.getBoundingClientRect();
      expect(button.top - list.bottom).toBeCloseTo(TIME_RANGE_PICKER_OFFSET, 0);
      expect(list.top).toBeGreaterThanOrEqual(TIME_RANGE_PICKER_VIEWPORT_PADDING);
    });
  });

  it('is driven by real key presses and gives focus back to the trigger', async () => {
    const onChange = vi.fn();
    render(<TimeRangePicker onChange={onChange} />);
    await userEvent.tab();
    expect(trigger()).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: '8 hours' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: '3 hours' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(findTimeRange('threeHours'));
    await waitFor(() => expect(trigger()).toHaveFocus());
    expect(trigger()).toHaveAccessibleName('3 hours Time range');
  });

  it('closes when focus leaves with Tab', async () => {
    render(
      <>
        <TimeRangePicker />
        <button type="button">Next</button>
      </>,
    );
    await userEvent.click(trigger());
    await screen.findByRole('listbox');
    await userEvent.tab();
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });

  it('keeps the label, trigger and value on one line and shows the check only on the selected option', async () => {
    render(<TimeRangePicker />);
    const label = screen.getByText('Time range', { selector: '[data-component="TimeRangePicker.Label"]' });
    expect(Math.abs(label.getBoundingClientRect().top - trigger().getBoundingClientRect().top)).toBeLessThan(10);
    await userEvent.click(trigger());
    const selected = await screen.findByRole('option', { name: '8 hours' });
    const other = screen.getByRole('option', { name: '1 day' });
    const check = (option: HTMLElement) => getComputedStyle(option.querySelector('.fk-time-range-picker__check')!);
    expect(check(selected).visibility).toBe('visible');
    expect(check(other).visibility).toBe('hidden');
  });
});
