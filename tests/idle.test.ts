import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT, runWhenIdle } from '../src/utils/idle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('runWhenIdle', () => {
  it('waits at most 500 ms for an idle period (spec section 9: idle-callback timeout)', () => {
    expect(IDLE_TIMEOUT).toBe(500);
  });

  it(`waits for an idle period, at most ${IDLE_TIMEOUT} ms, and can be cancelled`, () => {
    const requestIdleCallback = vi.fn((_callback: IdleRequestCallback, _options?: IdleRequestOptions) => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const task = vi.fn();
    const cancel = runWhenIdle(task);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_TIMEOUT });
    expect(task).not.toHaveBeenCalled();
    requestIdleCallback.mock.calls[0]![0]({ didTimeout: false, timeRemaining: () => 10 });
    expect(task).toHaveBeenCalledOnce();
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('falls back to a timer where there is no idle callback (Safari)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    runWhenIdle(task);
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    runWhenIdle(cancelled)();
    vi.runAllTimers();
    expect(cancelled).not.toHaveBeenCalled();
  });
});
