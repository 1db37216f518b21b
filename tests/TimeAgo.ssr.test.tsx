// TimeAgo on the server: no clock and no user time zone in the HTML, so hydration matches; the
// relative text appears right after hydration.
import { act, createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimeAgo } from '../src/components/TimeAgo';
import { timeAgoTickerState } from '../src/components/TimeAgo/timeAgoTicker';
import { withDom } from './support/domGlobals';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NOW = Date.parse('2026-01-01T00:00:00Z');
// Late on Dec 31 in UTC, already Jan 1 in Tokyo.
const DATE = '2025-12-31T23:30:00Z';

async function hydrate(element: ReactElement, html: string, check: (container: HTMLElement) => void) {
  await withDom(html, async (container) => {
    const { hydrateRoot } = await import('react-dom/client');
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
    });
    consoleError.mockRestore();
    expect(errors).toEqual([]);
    check(container);
    await act(async () => root?.unmount());
  });
}

describe('TimeAgo server render and hydration', () => {
  const originalTz = process.env.TZ;
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    // The server's own zone must not leak into the HTML.
    process.env.TZ = 'Asia/Tokyo';
  });
  afterEach(() => {
    vi.useRealTimers();
    process.env.TZ = originalTz;
  });

  it('renders the date in UTC on the server, with no timer, then the relative text after hydration', async () => {
    const element = createElement(TimeAgo, { date: DATE });
    const html = renderToString(element);
    expect(html).toContain('>Dec 31, 2025</time>');
    expect(html).toContain('dateTime="2025-12-31T23:30:00.000Z"');
    expect(html).not.toContain('title=');
    expect(html).toContain('data-state="pending"');
    expect(timeAgoTickerState().subscribers).toBe(0);

    await hydrate(element, html, (container) => {
      const time = container.querySelector('time');
      expect(time?.textContent).toBe('30 minutes ago');
      expect(time?.getAttribute('data-state')).toBe('live');
      expect(timeAgoTickerState()).toEqual({ subscribers: 1, period: 60000 });
    });
    expect(timeAgoTickerState()).toEqual({ subscribers: 0, period: 0 });
  });

  it('renders the relative text on the server when given now, and hydrates cleanly', async () => {
    const element = createElement(TimeAgo, { date: DATE, now: NOW, timeZone: 'UTC' });
    const html = renderToString(element);
    expect(html).toContain('>30 minutes ago</time>');
    await hydrate(element, html, (container) => {
      expect(container.querySelector('time')?.textContent).toBe('30 minutes ago');
    });
  });

  it('renders an absolute date in the given time zone on the server and after hydration', async () => {
    const element = createElement(TimeAgo, { date: DATE, display: 'absolute', timeZone: 'Asia/Tokyo' });
    const html = renderToString(element);
    expect(html).toContain('>Jan 1, 2026 8:30 AM</time>');
    await hydrate(element, html, (container) => {
      expect(container.querySelector('time')?.textContent).toBe('Jan 1, 2026 8:30 AM');
    });
  });
});
