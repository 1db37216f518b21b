// Real Chromium: the matchMedia queries agree with the viewport width at every breakpoint edge.
import { renderHook } from '@testing-library/react';
import { page } from 'vitest/browser';
import { useBreakpoint } from '../src/hooks/useBreakpoint';
import type { Breakpoint } from '../src/tokens';

const VIEWPORT = { width: window.innerWidth, height: window.innerHeight };
// Real resizes drive React here, as on a page; act() cannot wrap a browser event, so updates are not expected inside one.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(async () => {
  await page.viewport(VIEWPORT.width, VIEWPORT.height);
});

describe('useBreakpoint in Chromium', () => {
  it('follows the viewport across every breakpoint edge', async () => {
    const { result } = renderHook(() => useBreakpoint());
    const steps: [number, Breakpoint, boolean][] = [
      [1280, 'xl', true],
      [1200, 'xl', true],
      [1199, 'lg', true],
      [992, 'lg', true],
      [991, 'md', false],
      [768, 'md', false],
      [767, 'sm', false],
      [576, 'sm', false],
      [575, 'xs', false],
      [360, 'xs', false],
      [1024, 'lg', true],
    ];
    for (const [width, breakpoint, isDesktop] of steps) {
      await page.viewport(width, VIEWPORT.height);
      await expect.poll(() => result.current).toEqual({ breakpoint, isDesktop });
    }
  });
});
