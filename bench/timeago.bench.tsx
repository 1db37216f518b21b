// 2,000 TimeAgo instances on one page, updated by the one shared timer (candidate), against 2,000
// components that each own a setInterval doing the same update (anchor): recompute the text, set
// it as state (React skips the render when the text is unchanged), same markup, tooltip and
// component structure, so the difference is the timers and how the update reaches React.
//
// The timers are captured rather than left to fire, and the clock is stubbed, so one "tick" is the
// same moment for both and each sample is timed exactly: the candidate's tick is its one interval
// callback; the anchor's tick is its 2,000 callbacks, each in its own task as browsers fire them
// (each flushed on its own), and, as a lower bound, all 2,000 batched into one render. The timer
// task overhead itself (2,000 wake-ups against 1) is left out, which favours the anchor.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { TimeAgo } from '../src/components/TimeAgo';
import { TIME_AGO_TICK_INTERVALS } from '../src/components/TimeAgo/timeAgoTicker';
import { Tooltip } from '../src/components/Tooltip';
import { formatDateTime, MINUTE_IN_MS, SECOND_IN_MS } from '../src/utils/date';
import { formatTimeAgo } from '../src/utils/timeAgo';
import { measure, report } from './support';

const COUNT = 2000;
const SAMPLES = 9;
const START = Date.parse('2026-01-05T14:07:09Z');

/**
 * The anchor: the same markup, tooltip and structure as TimeAgo (the text in a leaf component, so an
 * update re-renders only the text), but the leaf owns its interval.
 */
function IndependentTimeAgo({ date, period }: { date: number; period: number }) {
  const exact = useMemo(() => formatDateTime(date), [date]);
  const dateTime = useMemo(() => new Date(date).toISOString(), [date]);
  return (
    <Tooltip content={exact}>
      <time className="fk-time-ago" dateTime={dateTime}>
        <IndependentText date={date} period={period} />
      </time>
    </Tooltip>
  );
}

function IndependentText({ date, period }: { date: number; period: number }) {
  const [text, setText] = useState(() => formatTimeAgo(date));
  useEffect(() => {
    const id = setInterval(() => setText(formatTimeAgo(date)), period);
    return () => clearInterval(id);
  }, [date, period]);
  return text;
}

let clock = START;
let callbacks: (() => void)[] = [];
let root: Root | undefined;
let host: HTMLElement | undefined;

function stubTimersAndClock() {
  clock = START;
  callbacks = [];
  // Plain replacements, not vi.spyOn: a spy records every call, and Date.now is called thousands
  // of times per tick, which would time the spy rather than the components.
  Date.now = () => clock;
  window.setInterval = ((callback: () => void) => {
    callbacks.push(callback);
    return callbacks.length;
  }) as typeof setInterval;
  window.clearInterval = ((id: number | undefined) => {
    if (typeof id === 'number') callbacks[id - 1] = () => {};
  }) as typeof clearInterval;
}

const real = { now: Date.now, setInterval: window.setInterval, clearInterval: window.clearInterval };
function restoreTimersAndClock() {
  Date.now = real.now;
  window.setInterval = real.setInterval;
  window.clearInterval = real.clearInterval;
}

async function mount(element: ReactNode) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  flushSync(() => root?.render(element));
  // Let passive effects (subscriptions, intervals) run.
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

function unmount() {
  flushSync(() => root?.unmount());
  host?.remove();
  root = undefined;
}

// Testing Library (loaded by the shared setup) turns on React's act() environment in a beforeAll,
// where React logs a warning for every update outside act(): a benchmark measures React as a page
// runs it, so it is turned off again here.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

afterEach(() => {
  if (root) unmount();
  restoreTimersAndClock();
});

const texts = () => [...(host?.querySelectorAll('time') ?? [])].map((time) => time.textContent);

interface Scenario {
  metric: string;
  dates: number[];
  period: number;
  step: number;
}

async function runScenario({ dates, period, step }: Scenario) {
  const advance = () => {
    clock += step;
  };

  // Candidate: one shared timer.
  stubTimersAndClock();
  await mount(dates.map((date) => <TimeAgo key={date} date={date} />));
  const candidateTimers = callbacks.length;
  expect(candidateTimers).toBe(1);
  const tick = () => flushSync(() => callbacks.forEach((callback) => callback()));
  const candidate = await measure('shared timer: one tick', tick, { samples: SAMPLES, setup: advance });
  const candidateTexts = texts();
  unmount();
  restoreTimersAndClock();

  // Anchor: one interval per instance.
  stubTimersAndClock();
  await mount(dates.map((date) => <IndependentTimeAgo key={date} date={date} period={period} />));
  const anchorTimers = callbacks.length;
  expect(anchorTimers).toBe(COUNT);
  const perTask = await measure(
    '2,000 intervals, each flushed on its own',
    () => callbacks.forEach((callback) => flushSync(callback)),
    { samples: SAMPLES, setup: advance },
  );
  // Same clock after the same number of ticks: the same texts.
  expect(texts()).toEqual(candidateTexts);
  const batched = await measure('2,000 intervals, batched into one render', tick, {
    samples: SAMPLES,
    setup: advance,
  });
  unmount();
  restoreTimersAndClock();
  return { candidate, perTask, batched, candidateTimers, anchorTimers };
}

it(`one shared timer against ${COUNT} intervals`, async () => {
  // Realistic page: 7 minutes apart, from 5 minutes to about 10 days ago; a minute tick changes
  // only the texts still counting minutes.
  const spread = await runScenario({
    metric: 'minute tick, spread from minutes to days',
    dates: Array.from({ length: COUNT }, (_, i) => START - 5 * MINUTE_IN_MS - i * 7 * MINUTE_IN_MS - 13 * SECOND_IN_MS),
    period: TIME_AGO_TICK_INTERVALS.slow,
    step: TIME_AGO_TICK_INTERVALS.slow,
  });
  // Worst case for the shared timer: every instance counts seconds, so every text changes on every tick.
  const fresh = await runScenario({
    metric: 'second tick, every text changes',
    dates: Array.from({ length: COUNT }, (_, i) => START - 10 * SECOND_IN_MS - i),
    period: TIME_AGO_TICK_INTERVALS.fast,
    step: TIME_AGO_TICK_INTERVALS.fast,
  });

  await report('timeago', [
    { metric: 'timers running', candidate: spread.candidateTimers, anchor: spread.anchorTimers, unit: 'timers' },
    {
      metric: 'minute tick, spread (anchor: each interval its own task)',
      candidate: spread.candidate,
      anchor: spread.perTask,
    },
    { metric: 'minute tick, spread (anchor: all batched)', candidate: spread.candidate, anchor: spread.batched },
    {
      metric: 'second tick, all change (anchor: each interval its own task)',
      candidate: fresh.candidate,
      anchor: fresh.perTask,
    },
    { metric: 'second tick, all change (anchor: all batched)', candidate: fresh.candidate, anchor: fresh.batched },
  ]);
});
