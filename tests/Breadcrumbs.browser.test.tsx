// Real Chromium: truncation measured from layout (tooltips only on cut items, re-checked on
// resize), collapsing to fit the width, and the expander from the keyboard with focus moving.
import { render, screen, within } from '@testing-library/react';
import { page, userEvent } from 'vitest/browser';
import { Breadcrumbs, type BreadcrumbItem } from '../src/components/Breadcrumbs';

const VIEWPORT = { width: window.innerWidth, height: window.innerHeight };
// Real resizes and focus drive React here, as on a page; act() cannot wrap a browser event.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(async () => {
  await page.viewport(VIEWPORT.width, VIEWPORT.height);
});

const LONG = 'A subgroup whose name is far too long to show in a breadcrumb trail without cutting it';
const TRAIL: BreadcrumbItem[] = [
  { text: 'Forge', href: '#forge' },
  { text: 'Platform', href: '#platform' },
  { text: 'Frontend', href: '#frontend' },
  { text: 'Design system', href: '#design-system' },
  { text: 'forgekit', href: '#forgekit' },
  { text: 'Issues', href: '#issues' },
];

const nav = () => screen.getByRole('navigation', { name: 'Breadcrumb' });
const linkNames = () =>
  within(nav())
    .getAllByRole('link')
    .map((link) => link.textContent);
/** The line an item sits on: its vertical centre (items of different heights are centred on the line). */
const rowOf = (item: HTMLElement) => {
  const { top, height } = item.getBoundingClientRect();
  return Math.round(top + height / 2);
};
const expander = () => within(nav()).queryByRole('button', { name: 'Show all breadcrumbs' });

describe('Breadcrumbs in Chromium', () => {
  it('shows a tooltip with the full text only on items that are cut', async () => {
    render(
      <Breadcrumbs
        items={[
          { text: 'Forge', href: '#forge' },
          { text: LONG, href: '#long' },
          { text: 'Issues', href: '#issues' },
        ]}
      />,
    );
    const long = screen.getByRole('link', { name: LONG });
    expect(long.scrollWidth).toBeGreaterThan(long.clientWidth);
    await expect.poll(() => long.closest('li')?.dataset.truncated).toBe('true');
    expect(screen.getByRole('link', { name: 'Forge' }).closest('li')).not.toHaveAttribute('data-truncated');

    // Keyboard focus opens a tooltip at once: on the short item, none; on the cut one, its full text.
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('link', { name: 'Forge' })).toHaveFocus();
    await new Promise(requestAnimationFrame);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.keyboard('{Tab}');
    // Looked up again: when the tooltip's code arrives, the links are drawn through it anew, and
    // the focused one is focused again (a handle taken before may be the replaced element).
    await expect.poll(() => screen.getByRole('link', { name: LONG })).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(LONG);
    await userEvent.keyboard('{Tab}');
    await expect.poll(() => screen.queryByRole('tooltip')).toBeNull();
  });

  it('re-checks truncation on resize: the current page is cut only when narrow, and keeps focus meanwhile', async () => {
    await page.viewport(1024, 600);
    const items = [
      { text: 'Forge', href: '#forge' },
      { text: 'Merge request !1234: Fix the login page on narrow screens', href: '#mr' },
    ];
    // No maximum item width here, so only the trail's width can cut the current page.
    render(
      <div style={{ width: '60vw', ['--fk-breadcrumbs-item-max-width' as string]: 'none' }}>
        <Breadcrumbs items={items} />
      </div>,
    );
    const current = screen.getByRole('link', { name: items[1]!.text });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current.closest('li')).not.toHaveAttribute('data-truncated');
    await page.viewport(400, 600);
    await expect.poll(() => current.closest('li')?.dataset.truncated).toBe('true');
    current.focus();
    await page.viewport(1024, 600);
    await expect.poll(() => current.closest('li')?.hasAttribute('data-truncated')).toBe(false);
    // The tooltip coming and going does not replace the link.
    expect(current).toHaveFocus();
    expect(current.isConnected).toBe(true);
  });

  it('collapses the items after the first to fit a narrow width, keeping the first and the last', async () => {
    await page.viewport(1024, 600);
    render(
      <div style={{ width: '50vw' }}>
        <Breadcrumbs items={TRAIL} />
      </div>,
    );
    expect(linkNames()).toEqual(TRAIL.map((item) => item.text));
    expect(expander()).toBeNull();
    expect(nav()).toHaveAttribute('data-state', 'expanded');

    await page.viewport(500, 600);
    await expect.poll(() => nav().dataset.state).toBe('collapsed');
    const names = linkNames();
    expect(names[0]).toBe('Forge');
    expect(names.at(-1)).toBe('Issues');
    expect(names.length).toBeLessThan(TRAIL.length);
    expect(expander()).toHaveAttribute('aria-expanded', 'false');
    // What is left fits on one line.
    const list = nav().querySelector('ol')!;
    expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
    const rows = new Set(within(nav()).getAllByRole('listitem').map(rowOf));
    expect(rows.size).toBe(1);

    // Narrower still: only the first and the last remain.
    await page.viewport(300, 600);
    await expect.poll(linkNames).toEqual(['Forge', 'Issues']);

    // Wide again: everything comes back.
    await page.viewport(1024, 600);
    await expect.poll(linkNames).toEqual(TRAIL.map((item) => item.text));
    expect(expander()).toBeNull();
  });

  it('reveals the hidden items from the keyboard and moves focus to the first of them', async () => {
    await page.viewport(360, 600);
    render(<Breadcrumbs items={TRAIL} />);
    await expect.poll(() => nav().dataset.state).toBe('collapsed');
    const shownBefore = linkNames();

    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('link', { name: 'Forge' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    const button = expander()!;
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');

    await expect.poll(linkNames).toEqual(TRAIL.map((item) => item.text));
    expect(screen.getByRole('link', { name: 'Platform' })).toHaveFocus();
    expect(shownBefore).not.toContain('Platform');
    expect(expander()).toBeNull();
    expect(nav()).toHaveAttribute('data-expanded', 'true');
    // Expanded by the user, it stays expanded (wrapping) however narrow.
    await page.viewport(300, 600);
    await new Promise(requestAnimationFrame);
    expect(linkNames()).toHaveLength(TRAIL.length);
    const list = nav().querySelector('ol')!;
    expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
  });

  it('works with Space too, and the page does not scroll sideways because of the hidden measurer', async () => {
    await page.viewport(360, 600);
    render(<Breadcrumbs items={TRAIL} />);
    await expect.poll(() => nav().dataset.state).toBe('collapsed');
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    expander()!.focus();
    await userEvent.keyboard(' ');
    await expect.poll(() => document.activeElement?.textContent).toBe('Platform');
  });

  it('never collapses with collapse="never": the trail wraps', async () => {
    await page.viewport(360, 600);
    render(<Breadcrumbs items={TRAIL} collapse="never" />);
    await new Promise(requestAnimationFrame);
    expect(linkNames()).toHaveLength(TRAIL.length);
    expect(expander()).toBeNull();
    const rows = new Set(within(nav()).getAllByRole('listitem').map(rowOf));
    expect(rows.size).toBeGreaterThan(1);
  });
});
