// Real Chromium: a Breadcrumbs trail keeps the focus where the user moved it while the tooltip's
// code (loaded once an item is cut) was arriving. A file of its own (a `.lazy.` file runs in a fresh
// frame, tests/setup/browser.ts): the test starts before anything has loaded the tooltip.
import { render, screen } from '@testing-library/react';
import { Breadcrumbs } from '../src/components/Breadcrumbs';

// Real focus drives React here, as on a page; act() cannot wrap a browser event.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

/** More than the promise steps between a dynamic import's arrival and its `then` callbacks. */
const MICROTASK_HOPS = 10;
const LONG = 'A subgroup whose name is far too long to show in a breadcrumb trail without cutting it';

describe('Breadcrumbs in Chromium, before the tooltip is loaded', () => {
  it('keeps focus where the user moved it while the tooltip code was arriving', async () => {
    render(
      <Breadcrumbs
        items={[
          { text: 'Forge', href: '#forge' },
          { text: LONG, href: '#long' },
        ]}
      />,
    );
    const plainLong = screen.getByRole('link', { name: LONG });
    await expect.poll(() => plainLong.closest('li')?.dataset.truncated).toBe('true');
    screen.getByRole('link', { name: 'Forge' }).focus();
    // The trail asked for the code when the item was cut. Once the module is here, a few microtasks
    // let the trail's own callback run; React draws the links anew in a later task, so focus moving
    // on now is a Tab pressed between the code's arrival and the redraw.
    // (Its effect runs after the paint that showed the cut: two frames.)
    await new Promise(requestAnimationFrame);
    await new Promise(requestAnimationFrame);
    await import('../src/components/Tooltip');
    for (let hop = 0; hop < MICROTASK_HOPS; hop += 1) await Promise.resolve();
    expect(plainLong.isConnected).toBe(true);
    plainLong.focus();
    await expect.poll(() => screen.getByRole('link', { name: LONG }) !== plainLong).toBe(true);
    expect(screen.getByRole('link', { name: LONG })).toHaveFocus();
  });
});
