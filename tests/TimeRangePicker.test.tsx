import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import {
  DEFAULT_TIME_RANGE,
  DEFAULT_TIME_RANGE_NAME,
  findTimeRange,
  TIME_RANGE_INTERVALS,
  TIME_RANGE_NAMES,
  TIME_RANGE_OPTIONS,
  TimeRangePicker,
  type TimeRangeName,
  type TimeRangeOption,
} from '../src/components/TimeRangePicker';

describe('TIME_RANGE_OPTIONS (spec sections 3 and 9)', () => {
  it.each([
    ['30 minutes', '30m', 1800, 'thirtyMinutes', 'minute'],
    ['3 hours', '3h', 10800, 'threeHours', 'hour'],
    ['8 hours', '8h', 28800, 'eightHours', 'hour'],
    ['1 day', '1d', 86400, 'oneDay', 'hour'],
    ['3 days', '3d', 259200, 'threeDays', 'hour'],
    ['7 days', '7d', 604800, 'sevenDays', 'day'],
    ['30 days', '30d', 2592000, 'thirtyDays', 'day'],
  ])('%s: shortcut %s, %i seconds, name %s, interval %s', (label, shortcut, seconds, name, interval) => {
    expect(findTimeRange(name as TimeRangeName)).toEqual({ label, shortcut, duration: { seconds }, name, interval });
  });

  it('lists exactly the spec ranges, in order', () => {
    expect(TIME_RANGE_OPTIONS.map((option) => option.label)).toEqual([
      '30 minutes',
      '3 hours',
      '8 hours',
      '1 day',
      '3 days',
      '7 days',
      '30 days',
    ]);
    expect(TIME_RANGE_OPTIONS.map((option) => option.name)).toEqual([...TIME_RANGE_NAMES]);
    expect(TIME_RANGE_INTERVALS).toEqual(['minute', 'hour', 'day']);
  });

  it('defaults to 8 hours', () => {
    expect(DEFAULT_TIME_RANGE_NAME).toBe('eightHours');
    expect(DEFAULT_TIME_RANGE).toBe(TIME_RANGE_OPTIONS[2]);
    expect(DEFAULT_TIME_RANGE.label).toBe('8 hours');
  });

  it('is frozen, so no consumer can change the shared options', () => {
    expect(Object.isFrozen(TIME_RANGE_OPTIONS)).toBe(true);
    expect(Object.isFrozen(TIME_RANGE_OPTIONS[0])).toBe(true);
    expect(Object.isFrozen(TIME_RANGE_OPTIONS[0]?.duration)).toBe(true);
  });
});

/** The trigger: a button named by the label and the selected range. */
function trigger(name: RegExp | string = /Time range/) {
  return screen.getByRole('button', { name });
}

/** The visible label (the hidden native select has its own). */
function label(text: string) {
  return screen.getByText(text, { selector: '[data-component="TimeRangePicker.Label"]' });
}

describe('TimeRangePicker', () => {
  it('shows the default range, 8 hours, on a button named by its label', () => {
    const { container } = render(<TimeRangePicker />);
    const button = trigger();
    expect(button).toHaveAccessibleName('8 hours Time range');
    expect(button).toHaveAttribute('aria-haspopup', 'listbox');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(label('Time range')).toHaveClass('fk-time-range-picker__label');
    const root = container.querySelector('.fk-time-range-picker');
    expect(root).toHaveAttribute('data-component', 'TimeRangePicker');
    expect(root).toHaveAttribute('data-state', 'closed');
    expect(button).toHaveAttribute('data-value', 'eightHours');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens a listbox of every range, the selected one marked, with its shortcut as description', async () => {
    const user = userEvent.setup();
    const { container } = render(<TimeRangePicker />);
    await user.click(trigger());
    const listbox = await screen.findByRole('listbox', { name: 'Time range' });
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      TIME_RANGE_OPTIONS.map((option) => `${option.label}${option.shortcut}`),
    );
    expect(within(listbox).getByRole('option', { name: '8 hours' })).toHaveAttribute('aria-selected', 'true');
    expect(within(listbox).getByRole('option', { name: '8 hours' })).toHaveAccessibleDescription('8h');
    expect(within(listbox).getByRole('option', { name: '30 days' })).toHaveAttribute('aria-selected', 'false');
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(container.querySelector('.fk-time-range-picker')).toHaveAttribute('data-state', 'open');
    // Focus moves to the selected option.
    expect(within(listbox).getByRole('option', { name: '8 hours' })).toHaveFocus();
  });

  it('selects with the mouse and gives onChange the whole option', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(option: TimeRangeOption) => void>();
    render(<TimeRangePicker onChange={onChange} />);
    await user.click(trigger());
    await user.click(await screen.findByRole('option', { name: '1 day' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(findTimeRange('oneDay'));
    expect(onChange.mock.calls[0]?.[0]).toEqual({
      label: '1 day',
      shortcut: '1d',
      duration: { seconds: 86400 },
      name: 'oneDay',
      interval: 'hour',
    });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger()).toHaveAccessibleName('1 day Time range');
    await waitFor(() => expect(trigger()).toHaveFocus());
  });

  it('is keyboard operable: arrows, Home/End, Enter, Escape, type to select', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TimeRangePicker onChange={onChange} />);
    await user.tab();
    expect(trigger()).toHaveFocus();

    // ArrowDown opens with the selected option focused; ArrowDown moves on; Enter picks.
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: '8 hours' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: '1 day' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(findTimeRange('oneDay'));
    // Focus goes back to the trigger (react-aria restores it in the next frame).
    await waitFor(() => expect(trigger()).toHaveFocus());
    expect(screen.queryByRole('listbox')).toBeNull();

    // End and Home.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('option', { name: '1 day' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('option', { name: '30 days' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('option', { name: '30 minutes' })).toHaveFocus();

    // Escape closes without a change and gives focus back.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await waitFor(() => expect(trigger()).toHaveFocus());
    expect(onChange).toHaveBeenCalledTimes(1);

    // Space opens too; typing a label's start moves to it.
    await user.keyboard(' ');
    await screen.findByRole('listbox');
    await user.keyboard('7');
    expect(screen.getByRole('option', { name: '7 days' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(findTimeRange('sevenDays'));
  });

  it('closes on a click outside without a change', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <>
        <TimeRangePicker onChange={onChange} />
        <p>Elsewhere</p>
      </>,
    );
    await user.click(trigger());
    await screen.findByRole('listbox');
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('closes again when the trigger is clicked while open', async () => {
    const user = userEvent.setup();
    render(<TimeRangePicker />);
    await user.click(trigger());
    await screen.findByRole('listbox');
    await user.click(trigger());
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('starts at defaultValue when uncontrolled', () => {
    render(<TimeRangePicker defaultValue="thirtyDays" />);
    expect(trigger()).toHaveAccessibleName('30 days Time range');
  });

  it('follows value when controlled and only asks for changes through onChange', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(<TimeRangePicker value="threeHours" onChange={onChange} />);
    expect(trigger()).toHaveAccessibleName('3 hours Time range');
    await user.click(trigger());
    await user.click(await screen.findByRole('option', { name: '3 days' }));
    expect(onChange).toHaveBeenCalledWith(findTimeRange('threeDays'));
    // The parent did not accept the change.
    expect(trigger()).toHaveAccessibleName('3 hours Time range');
    rerender(<TimeRangePicker value="threeDays" onChange={onChange} />);
    expect(trigger()).toHaveAccessibleName('3 days Time range');
  });

  it('works with a parent that keeps the value', async () => {
    const user = userEvent.setup();
    function Chart() {
      const [range, setRange] = useState<TimeRangeName>('eightHours');
      const option = findTimeRange(range);
      return (
        <>
          <TimeRangePicker value={range} onChange={(next) => setRange(next.name)} />
          <output>
            {option?.duration.seconds} s by {option?.interval}
          </output>
        </>
      );
    }
    render(<Chart />);
    expect(screen.getByRole('status')).toHaveTextContent('28800 s by hour');
    await user.click(trigger());
    await user.click(await screen.findByRole('option', { name: '30 minutes' }));
    expect(screen.getByRole('status')).toHaveTextContent('1800 s by minute');
    expect(trigger()).toHaveAccessibleName('30 minutes Time range');
  });

  it('offers only the given options', async () => {
    const user = userEvent.setup();
    const options = TIME_RANGE_OPTIONS.filter((option) => option.interval === 'day');
    render(<TimeRangePicker options={options} defaultValue="sevenDays" />);
    await user.click(trigger());
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.getAttribute('data-value')),
    ).toEqual(['sevenDays', 'thirtyDays']);
  });

  it('takes a label, which can be visually hidden and still names the trigger', () => {
    const { rerender } = render(<TimeRangePicker label="Show the last" />);
    expect(trigger(/Show the last/)).toHaveAccessibleName('8 hours Show the last');
    expect(label('Show the last')).not.toHaveClass('fk-visually-hidden');
    rerender(<TimeRangePicker label="Show the last" isLabelHidden />);
    expect(trigger(/Show the last/)).toHaveAccessibleName('8 hours Show the last');
    expect(label('Show the last')).toHaveClass('fk-visually-hidden');
  });

  it('can be disabled', async () => {
    const user = userEvent.setup();
    const { container } = render(<TimeRangePicker isDisabled />);
    expect(trigger()).toBeDisabled();
    await user.click(trigger());
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(container.querySelector('.fk-time-range-picker')).toHaveAttribute('data-disabled', 'true');
  });

  it('submits the selected name with a form through a hidden native select', async () => {
    const user = userEvent.setup();
    render(
      <form aria-label="chart">
        <TimeRangePicker name="range" />
      </form>,
    );
    const form = screen.getByRole('form', { name: 'chart' }) as HTMLFormElement;
    expect(new FormData(form).get('range')).toBe('eightHours');
    await user.click(trigger());
    await user.click(await screen.findByRole('option', { name: '3 days' }));
    expect(new FormData(form).get('range')).toBe('threeDays');
  });

  it('passes ref, className, style and other attributes to the root', () => {
    const ref = createRef<HTMLDivElement>();
    const { container } = render(
      <TimeRangePicker ref={ref} className="mine" style={{ marginTop: 3 }} data-testid="picker" />,
    );
    const root = container.querySelector('.fk-time-range-picker');
    expect(ref.current).toBe(root);
    expect(root).toHaveClass('mine');
    expect(root).toHaveStyle({ marginTop: '3px' });
    expect(root).toHaveAttribute('data-testid', 'picker');
  });
});
