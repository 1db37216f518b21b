// Polling and backoff (spec sections 8 and 9). Timings run on fake timers; the Poll-Interval
// protocol runs against a real HTTP server on loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFF,
  BACKOFF_TIMEOUT_MESSAGE,
  BackoffTimeoutError,
  POLLING_INTERVAL,
  POLL_BACKOFF_RATE,
  POLL_INTERVAL_HEADER,
  backOff,
  poll,
  readPollInterval,
} from '../../src/client/poll';

describe('constants (spec section 9)', () => {
  it('polls every 120000 ms, backs off from 2000 ms doubling to 32000 ms, for 60000 ms in total, spread by 0.15', () => {
    expect(POLLING_INTERVAL).toBe(120000);
    expect(BACKOFF).toEqual({ initialInterval: 2000, maxInterval: 32000, timeout: 60000 });
    expect(POLL_BACKOFF_RATE).toBe(0.15);
    expect(BACKOFF_TIMEOUT_MESSAGE).toBe('BACKOFF_TIMEOUT');
    expect(POLL_INTERVAL_HEADER).toBe('Poll-Interval');
  });
});

describe('backOff', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Runs backOff with an attempt that always asks for the next one; returns attempt times. */
  function alwaysRetry(options?: Parameters<typeof backOff>[1]) {
    const start = Date.now();
    const times: number[] = [];
    const result = backOff((next) => {
      times.push(Date.now() - start);
      next();
    }, options);
    result.catch(() => undefined);
    return { times, result };
  }

  it('retries after 2000, 4000, 8000, 16000 ms, then shortens the last wait to end at 60000 ms and gives up', async () => {
    const { times, result } = alwaysRetry();
    await vi.advanceTimersByTimeAsync(BACKOFF.timeout);
    expect(times).toEqual([0, 2000, 6000, 14000, 30000, 60000]);
    await expect(result).rejects.toThrow(new BackoffTimeoutError());
    await expect(result).rejects.toMatchObject({ name: 'BackoffTimeoutError', message: 'BACKOFF_TIMEOUT' });
  });

  it('never waits more than 32000 ms between two attempts', async () => {
    const { times } = alwaysRetry({ timeout: 200_000 });
    await vi.advanceTimersByTimeAsync(200_000);
    const gaps = times.slice(1).map((time, i) => time - times[i]!);
    expect(gaps).toEqual([2000, 4000, 8000, 16000, 32000, 32000, 32000, 32000, 32000, 10000]);
  });

  it('resolves with what stop() gets, and rejects with an Error given to stop()', async () => {
    let calls = 0;
    const found = backOff<string>((next, stop) => (++calls === 3 ? stop('done') : next()));
    await vi.advanceTimersByTimeAsync(6000);
    await expect(found).resolves.toBe('done');
    await expect(backOff((_next, stop) => stop(new Error('broken')))).rejects.toThrow('broken');
  });

  it('spreads each delay by the jitter, at most ±rate of it', async () => {
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValue(1);
    const high = alwaysRetry({ jitter: POLL_BACKOFF_RATE });
    await vi.advanceTimersByTimeAsync(2300);
    expect(high.times).toEqual([0, 2300]);
    random.mockReturnValue(0);
    const low = alwaysRetry({ jitter: POLL_BACKOFF_RATE });
    await vi.advanceTimersByTimeAsync(1700);
    expect(low.times).toEqual([0, 1700]);
    random.mockRestore();
  });

  it('stops waiting when aborted', async () => {
    const controller = new AbortController();
    const attempt = vi.fn((next: () => void) => next());
    const result = backOff(attempt, { signal: controller.signal });
    controller.abort(new Error('left the page'));
    await expect(result).rejects.toThrow('left the page');
    await vi.advanceTimersByTimeAsync(BACKOFF.timeout);
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});

describe('poll', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('requests now and again every 120000 ms (spread by ±15%) until stopped', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // no spread
    let n = 0;
    const seen: number[] = [];
    const poller = poll({ request: async () => ++n, onData: (data) => seen.push(data) });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([1]);
    await vi.advanceTimersByTimeAsync(POLLING_INTERVAL - 1);
    expect(seen).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([1, 2]);
    poller.stop();
    expect(poller.isActive).toBe(false);
    await vi.advanceTimersByTimeAsync(POLLING_INTERVAL * 2);
    expect(seen).toEqual([1, 2]);
    vi.mocked(Math.random).mockRestore();
  });

  it('retries a failed request with backoff and gives up with the timeout error after 60000 ms', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const request = vi.fn(async () => {
      throw new Error('502');
    });
    const onError = vi.fn();
    const poller = poll({ request, onData: vi.fn(), onError });
    await vi.advanceTimersByTimeAsync(BACKOFF.timeout - 1);
    expect(onError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(request).toHaveBeenCalledTimes(6);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: BACKOFF_TIMEOUT_MESSAGE }));
    expect(poller.isActive).toBe(false);
    poller.restart();
    expect(request).toHaveBeenCalledTimes(7);
    poller.stop();
    vi.mocked(Math.random).mockRestore();
  });

  it('goes back to the regular interval after a retry succeeds', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    let calls = 0;
    const onData = vi.fn();
    const poller = poll({
      request: async () => {
        if (++calls === 1) throw new Error('offline');
        return calls;
      },
      onData,
    });
    await vi.advanceTimersByTimeAsync(BACKOFF.initialInterval);
    expect(onData).toHaveBeenLastCalledWith(2);
    await vi.advanceTimersByTimeAsync(POLLING_INTERVAL);
    expect(onData).toHaveBeenLastCalledWith(3);
    poller.stop();
    vi.mocked(Math.random).mockRestore();
  });
});

describe('poll against a server that sets Poll-Interval', () => {
  let server: Server;
  let url: string;
  let intervals: string[];

  beforeEach(async () => {
    intervals = ['20', '20', '-1'];
    server = createServer((_request, response) => {
      response.setHeader(POLL_INTERVAL_HEADER, intervals.shift() ?? '-1');
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ status: 'running' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pipelines/1`;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('follows the header and stops at -1', async () => {
    const statuses: string[] = [];
    let stopped!: () => void;
    const done = new Promise<void>((resolve) => (stopped = resolve));
    const poller = poll({
      request: (signal) => fetch(url, { signal }),
      interval: (response) => {
        const delay = readPollInterval(response.headers);
        if (delay !== undefined && delay < 0) stopped();
        return delay;
      },
      onData: (response) => statuses.push(String(response.status)),
    });
    await done;
    expect(statuses).toEqual(['200', '200', '200']);
    expect(poller.isActive).toBe(false);
  });

  it('reads the header from a Headers object or a plain record, case-insensitively', () => {
    expect(readPollInterval(new Headers({ 'poll-interval': '3000' }))).toBe(3000);
    expect(readPollInterval({ 'poll-interval': '-1' })).toBe(-1);
    expect(readPollInterval({})).toBeUndefined();
    expect(readPollInterval({ 'Poll-Interval': 'soon' })).toBeUndefined();
  });
});
