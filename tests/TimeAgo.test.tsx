import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, Profiler, type ReactNode } from 'react';
import { TimeAgo, TIME_AGO_TICK_INTERVALS, TIME_AGO_FAST_TICK_LIMIT } from '../src/components/TimeAgo';
import { timeAgoTickerState } from '../src/components/TimeAgo/timeAgoTicker';
import { DAY_IN_MS, HOUR_IN_MS, MINUTE_IN_MS, SECOND_IN_MS } from '../src/utils/date';

const NOW = Date.parse('2026-01-05T14:07:09Z');

function timeElement(container: HTMLElement) {
  const el = container.querySelector('time');
  if (!el) throw new Error('no <time>');
  return el;
}

/** Hovers the element and returns the text of the tooltip it opens (after the product's show delay). */
async function hoverTooltip(el: HTMLElement) {
  await userEvent.setup().hover(el);
  const tooltip = await screen.findByRole('tooltip', {}, { timeout: 2000 });
  // The tooltip's code loads on the first hover, and the element is drawn again through it.
  const shown = el.isConnected ? el : document.querySelector(`time[datetime="${el.getAttribute('datetime')}"]`);
  expect(shown).toHaveAccessibleDescription(tooltip.textContent ?? '');
  return tooltip.textContent;
}

describe('TimeAgo with a fixed now', () => {
  it('renders the relative text in a <time datetime> with the exact date and time as its tooltip', async () => {
    const { container } = render(<TimeAgo date={NOW - 3 * MINUTE_IN_MS} now={NOW} timeZone="UTC" />);
    const el = timeElement(container);
    expect(el).toHaveTextContent(/^3 minutes ago$/);
    expect(el).toHaveAttribute('datetime', '2026-01-05T14:04:09.000Z');
    expect(el).not.toHaveAttribute('title');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(await hoverTooltip(el)).toBe('Jan 5, 2026 2:04 PM');
    expect(el).toHaveAttribute('data-component', 'TimeAgo');
    expect(el).toHaveAttribute('data-display', 'relative');
    expect(el).toHaveAttribute('data-form', 'relative');
    expect(el).toHaveAttribute('data-state', 'fixed');
    expect(el).toHaveClass('fk-time-ago');
  });

  it.each([
    ['just now', 'just now', NOW - 5 * SECOND_IN_MS, 'relative'],
    ['seconds', '45 seconds ago', NOW - 45 * SECOND_IN_MS, 'relative'],
    ['hours', '5 hours ago', NOW - 5 * HOUR_IN_MS, 'relative'],
    ['days', '3 days ago', NOW - 3 * DAY_IN_MS, 'relative'],
    ['weeks', '2 weeks ago', NOW - 14 * DAY_IN_MS, 'relative'],
    ['months', '2 months ago', NOW - 90 * DAY_IN_MS, 'relative'],
    ['years', '2 years ago', NOW - 800 * DAY_IN_MS, 'relative'],
    ['future', 'in 3 minutes', NOW + 3 * MINUTE_IN_MS, 'relative'],
    ['remaining', '3 days remaining', NOW + 3 * DAY_IN_MS, 'remaining'],
    ['past due', 'Past due', NOW - SECOND_IN_MS, 'remaining'],
    ['duration', '3 hours', NOW - 3 * HOUR_IN_MS, 'duration'],
  ] as const)('%s: shows %j', (_, text, date, form) => {
    const { container } = render(<TimeAgo date={date} now={NOW} form={form} timeZone="UTC" />);
    expect(timeElement(container).textContent).toBe(text);
    expect(timeElement(container)).toHaveAttribute('data-form', form);
  });

  it('display="absolute" shows the exact date and time, with no tooltip', async () => {
    const { container } = render(<TimeAgo date="2026-01-05T14:07:09Z" now={NOW} display="absolute" timeZone="UTC" />);
    const el = timeElement(container);
    expect(el.textContent).toBe('Jan 5, 2026 2:07 PM');
    expect(el).toHaveAttribute('datetime', '2026-01-05T14:07:09.000Z');
    expect(el).toHaveAttribute('data-display', 'absolute');
    // Keyboard focus would show a tooltip at once: none appears.
    el.tabIndex = 0;
    await userEvent.setup().tab();
    expect(el).toHaveFocus();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('uses the 24-hour clock for time display 2 and the given time zone', async () => {
    const { container, rerender } = render(
      <TimeAgo date="2026-01-05T14:07:09Z" display="absolute" timeZone="Asia/Kolkata" timeDisplayFormat={2} />,
    );
    expect(timeElement(container).textContent).toBe('Jan 5, 2026 19:37');
    rerender(<TimeAgo date="2026-01-05T14:07:09Z" now={NOW} timeZone="UTC" timeDisplayFormat={2} />);
    expect(await hoverTooltip(timeElement(container))).toBe('Jan 5, 2026 14:07');
  });

  it('shows the tooltip at once on keyboard focus when made focusable with tabIndex', async () => {
    const user = userEvent.setup();
    const { container } = render(<TimeAgo date={NOW - 3 * DAY_IN_MS} now={NOW} timeZone="UTC" tabIndex={0} />);
    await user.tab();
    expect(timeElement(container)).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Jan 2, 2026 2:07 PM');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('starts no timer', () => {
    vi.useFakeTimers({ now: NOW });
    try {
      render(<TimeAgo date={NOW - 5 * SECOND_IN_MS} now={NOW} />);
      render(<TimeAgo date={NOW - 5 * SECOND_IN_MS} display="absolute" />);
      expect(vi.getTimerCount()).toBe(0);
      expect(timeAgoTickerState()).toEqual({ subscribers: 0, period: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows 'Invalid date' and logs an error for an unreadable date", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = render(<TimeAgo date="last Tuesday" />);
    const el = timeElement(container);
    expect(el.textContent).toBe('Invalid date');
    expect(el).toHaveAttribute('data-state', 'invalid');
    expect(el).not.toHaveAttribute('datetime');
    expect(error).toHaveBeenCalledWith('forgekit TimeAgo: Invalid date: last Tuesday');
    error.mockRestore();
  });

  it('passes ref, className, style and other attributes to the <time> element', () => {
    const ref = createRef<HTMLTimeElement>();
    const { container } = render(
      <TimeAgo ref={ref} date={NOW} now={NOW} className="mine" style={{ color: 'red' }} id="t" tabIndex={0} />,
    );
    const el = timeElement(container);
    expect(ref.current).toBe(el);
    expect(el).toHaveClass('fk-time-ago', 'mine');
    expect(el).toHaveStyle({ color: 'rgb(255, 0, 0)' });
    expect(el).toHaveAttribute('id', 't');
    expect(el).toHaveAttribute('tabindex', '0');
  });
});

describe('TimeAgo live updates (one shared timer)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('follows the clock: every second under a minute, then every minute', () => {
    const { container } = render(<TimeAgo date={NOW - 5 * SECOND_IN_MS} />);
    const el = timeElement(container);
    expect(el).toHaveAttribute('data-state', 'live');
    expect(el.textContent).toBe('just now');
    act(() => vi.advanceTimersByTime(5 * SECOND_IN_MS));
    expect(el.textContent).toBe('10 seconds ago');
    act(() => vi.advanceTimersByTime(SECOND_IN_MS));
    expect(el.textContent).toBe('11 seconds ago');
    expect(timeAgoTickerState().period).toBe(1000);
    act(() => vi.advanceTimersByTime(49 * SECOND_IN_MS));
    expect(el.textContent).toBe('1 minute ago');
    // Over a minute old: the timer slows to once a minute.
    expect(timeAgoTickerState().period).toBe(60000);
    act(() => vi.advanceTimersByTime(2 * MINUTE_IN_MS));
    expect(el.textContent).toBe('3 minutes ago');
  });

  it('counts down in the remaining form and turns to Past due', () => {
    const { container } = render(<TimeAgo date={NOW + 12 * SECOND_IN_MS} form="remaining" />);
    const el = timeElement(container);
    expect(el.textContent).toBe('12 seconds remaining');
    act(() => vi.advanceTimersByTime(2 * SECOND_IN_MS));
    expect(el.textContent).toBe('10 seconds remaining');
    act(() => vi.advanceTimersByTime(11 * SECOND_IN_MS));
    expect(el.textContent).toBe('Past due');
  });

  it('names the tick periods: 1 s while any instance is under a minute away, else 60 s', () => {
    expect(TIME_AGO_TICK_INTERVALS).toEqual({ fast: 1000, slow: 60000 });
    expect(TIME_AGO_FAST_TICK_LIMIT).toBe(60000);
  });

  it('runs ONE setInterval for 100 instances', () => {
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const dates = Array.from({ length: 100 }, (_, i) => NOW - (5 + i) * MINUTE_IN_MS);
    const { container } = render(
      <>
        {dates.map((date) => (
          <TimeAgo key={date} date={date} />
        ))}
      </>,
    );
    expect(container.querySelectorAll('time')).toHaveLength(100);
    expect(setIntervalSpy).toHaveBeenCalledTimes(1);
    expect(setIntervalSpy).toHaveBeenLastCalledWith(expect.any(Function), 60000);
    expect(vi.getTimerCount()).toBe(1);
    expect(timeAgoTickerState()).toEqual({ subscribers: 100, period: 60000 });

    act(() => vi.advanceTimersByTime(MINUTE_IN_MS));
    expect(container.querySelectorAll('time')[0]?.textContent).toBe('6 minutes ago');
    expect(container.querySelectorAll('time')[99]?.textContent).toBe('1 hour ago');
    expect(setIntervalSpy).toHaveBeenCalledTimes(1);
  });

  it('switches to the fast tick while one of many instances is under a minute old', () => {
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const { container } = render(
      <>
        {Array.from({ length: 10 }, (_, i) => (
          <TimeAgo key={i} date={NOW - (i + 1) * HOUR_IN_MS} />
        ))}
        <TimeAgo date={NOW - 30 * SECOND_IN_MS} data-testid="fresh" />
      </>,
    );
    expect(timeAgoTickerState().period).toBe(1000);
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(SECOND_IN_MS));
    expect(screen.getByTestId('fresh').textContent).toBe('31 seconds ago');
    act(() => vi.advanceTimersByTime(30 * SECOND_IN_MS));
    expect(screen.getByTestId('fresh').textContent).toBe('1 minute ago');
    expect(timeAgoTickerState().period).toBe(60000);
    expect(vi.getTimerCount()).toBe(1);
    // Slow for the old ones, fast once the fresh one mounted, slow again when it turned a minute
    // old: each change replaces the one timer.
    expect(setIntervalSpy.mock.calls.map(([, ms]) => ms)).toEqual([60000, 1000, 60000]);
    expect(container.querySelectorAll('time')).toHaveLength(11);
  });

  it('stops the timer when the last instance unmounts', () => {
    const clearIntervalSpy = vi.spyOn(globalThis, 'clearInterval');
    const first = render(<TimeAgo date={NOW - HOUR_IN_MS} />);
    const second = render(<TimeAgo date={NOW - 2 * HOUR_IN_MS} />);
    expect(vi.getTimerCount()).toBe(1);
    first.unmount();
    expect(vi.getTimerCount()).toBe(1);
    expect(timeAgoTickerState()).toEqual({ subscribers: 1, period: 60000 });
    second.unmount();
    expect(vi.getTimerCount()).toBe(0);
    expect(clearIntervalSpy).toHaveBeenCalledTimes(1);
    expect(timeAgoTickerState()).toEqual({ subscribers: 0, period: 0 });
  });

  it('re-renders only the instances whose text changed on a tick', () => {
    const renders = { fresh: 0, old: 0 };
    const count = (id: keyof typeof renders) => () => {
      renders[id] += 1;
    };
    const Counted = ({ id, children }: { id: keyof typeof renders; children: ReactNode }) => (
      <Profiler id={id} onRender={count(id)}>
        {children}
      </Profiler>
    );
    render(
      <>
        <Counted id="fresh">
          <TimeAgo date={NOW - 20 * SECOND_IN_MS} />
        </Counted>
        <Counted id="old">
          <TimeAgo date={NOW - 5 * HOUR_IN_MS} />
        </Counted>
      </>,
    );
    const before = { ...renders };
    for (let i = 0; i < 3; i++) act(() => vi.advanceTimersByTime(SECOND_IN_MS));
    expect(renders.fresh - before.fresh).toBe(3);
    expect(renders.old - before.old).toBe(0);
  });

  it('moves to the new date when the date prop changes', () => {
    const { container, rerender } = render(<TimeAgo date={NOW - HOUR_IN_MS} />);
    expect(timeElement(container).textContent).toBe('1 hour ago');
    rerender(<TimeAgo date={NOW - 20 * SECOND_IN_MS} />);
    expect(timeElement(container).textContent).toBe('20 seconds ago');
    expect(timeAgoTickerState()).toEqual({ subscribers: 1, period: 1000 });
  });
});
