// Real Chromium: overflow, the fade buttons at the start, middle and end of the strip, the 200 px
// step, re-evaluation on resize, the selected tab scrolled into view, and keyboard navigation.
import { render, screen } from '@testing-library/react';
import { page, userEvent } from 'vitest/browser';
import { ScrollableTabs, type ScrollableTabItem } from '../src/components/ScrollableTabs';
import { TAB_SCROLL_STEP } from '../src/tokens';

const VIEWPORT = { width: window.innerWidth, height: window.innerHeight };
// Real scroll and resize events drive React here, as on a page; act() cannot wrap them.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(async () => {
  await page.viewport(VIEWPORT.width, VIEWPORT.height);
});

const NAMES = [
  'Overview',
  'Commits',
  'Pipelines',
  'Changes',
  'Security',
  'Licences',
  'Performance',
  'Accessibility',
  'Code quality',
  'Test summary',
  'Deployments',
  'Activity',
];
const ITEMS: ScrollableTabItem[] = NAMES.map((name) => ({
  id: name.toLowerCase().replace(' ', '-'),
  label: name,
  content: `${name} panel`,
}));

function scroller() {
  return document.querySelector<HTMLElement>('[data-component="ScrollableTabs.Scroller"]')!;
}
function scrollButton(direction: 'start' | 'end') {
  return document.querySelector<HTMLElement>(
    `[data-component="ScrollableTabs.ScrollButton"][data-direction="${direction}"]`,
  )!;
}
const visible = () =>
  [scrollButton('start'), scrollButton('end')].map((b) => b.checkVisibility({ visibilityProperty: true }));
const maxScroll = () => scroller().scrollWidth - scroller().clientWidth;

/** Is the tab wholly inside the strip and clear of the fade buttons? */
function isClearlyVisible(name: string) {
  const tab = screen.getByRole('tab', { name }).getBoundingClientRect();
  const box = scroller().getBoundingClientRect();
  const inset = scrollButton('start').offsetWidth;
  return tab.left >= box.left + inset - 1 && tab.right <= box.right - inset + 1;
}

describe('ScrollableTabs in Chromium', () => {
  it('shows only the end button at the start, both in the middle, only the start button at the end', async () => {
    render(<ScrollableTabs label="Merge request tabs" items={ITEMS} style={{ width: 480 }} />);
    expect(maxScroll()).toBeGreaterThan(3 * TAB_SCROLL_STEP);
    await expect.poll(visible).toEqual([false, true]);

    await userEvent.click(scrollButton('end'));
    expect(scroller().scrollLeft).toBe(TAB_SCROLL_STEP);
    await expect.poll(visible).toEqual([true, true]);

    await userEvent.click(scrollButton('end'));
    expect(scroller().scrollLeft).toBe(2 * TAB_SCROLL_STEP);
    await userEvent.click(scrollButton('start'));
    expect(scroller().scrollLeft).toBe(TAB_SCROLL_STEP);

    scroller().scrollLeft = maxScroll();
    await expect.poll(visible).toEqual([true, false]);

    await userEvent.click(scrollButton('start'));
    expect(scroller().scrollLeft).toBe(maxScroll() - TAB_SCROLL_STEP);
    await expect.poll(visible).toEqual([true, true]);

    scroller().scrollLeft = 0;
    await expect.poll(visible).toEqual([false, true]);
  });

  it('shows no button when the tabs fit, and re-checks when the strip is resized', async () => {
    render(<ScrollableTabs label="Tabs" items={ITEMS.slice(0, 4)} />);
    expect(maxScroll()).toBe(0);
    await expect.poll(visible).toEqual([false, false]);
    await page.viewport(320, 600);
    await expect.poll(visible).toEqual([false, true]);
    await page.viewport(1024, 600);
    await expect.poll(visible).toEqual([false, false]);
  });

  it('re-checks when tabs are added', async () => {
    const { rerender } = render(<ScrollableTabs label="Tabs" items={ITEMS.slice(0, 2)} style={{ width: 480 }} />);
    await expect.poll(visible).toEqual([false, false]);
    rerender(<ScrollableTabs label="Tabs" items={ITEMS} style={{ width: 480 }} />);
    await expect.poll(visible).toEqual([false, true]);
  });

  it('scrolls the selected tab into view on mount, clear of the fade buttons', async () => {
    render(<ScrollableTabs label="Tabs" items={ITEMS} defaultSelectedKey="deployments" style={{ width: 480 }} />);
    expect(scroller().scrollLeft).toBeGreaterThan(0);
    expect(isClearlyVisible('Deployments')).toBe(true);
    await expect.poll(visible).toEqual([true, true]);
  });

  it('does not scroll the page vertically when revealing the selected tab', async () => {
    render(
      <div>
        <div style={{ height: 2000 }} />
        <ScrollableTabs label="Tabs" items={ITEMS} defaultSelectedKey="activity" style={{ width: 480 }} />
      </div>,
    );
    expect(window.scrollY).toBe(0);
    expect(scroller().scrollLeft).toBe(maxScroll());
  });

  it('moves with the arrow keys, Home and End, keeping the focused tab in view', async () => {
    render(<ScrollableTabs label="Tabs" items={ITEMS} style={{ width: 480 }} />);
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    const last = screen.getByRole('tab', { name: 'Activity' });
    expect(last).toHaveFocus();
    expect(last).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Activity' })).toHaveTextContent('Activity panel');
    expect(scroller().scrollLeft).toBe(maxScroll());
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    expect(scroller().scrollLeft).toBe(0);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Test summary' })).toHaveFocus();
    expect(isClearlyVisible('Test summary')).toBe(true);
    for (let i = 0; i < 4; i++) {
      await userEvent.keyboard('{ArrowLeft}');
      expect(isClearlyVisible(document.activeElement!.textContent!)).toBe(true);
    }
    expect(screen.getByRole('tab', { name: 'Licences' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(scroller().scrollLeft).toBe(0);
    // One Tab stop: Tab leaves the list for the panel.
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toHaveFocus();
  });

  it('mirrors in right-to-left pages: the end button scrolls 200 px leftwards, arrows follow the reading direction', async () => {
    render(
      <div dir="rtl">
        <ScrollableTabs label="Tabs" items={ITEMS} style={{ width: 480 }} />
      </div>,
    );
    await expect.poll(visible).toEqual([false, true]);
    expect(scrollButton('end')).toHaveAccessibleName('Scroll left');
    expect(scrollButton('end').getBoundingClientRect().left).toBeLessThan(
      scrollButton('start').getBoundingClientRect().left,
    );
    await userEvent.click(scrollButton('end'));
    expect(scroller().scrollLeft).toBe(-TAB_SCROLL_STEP);
    await expect.poll(visible).toEqual([true, true]);
    screen.getByRole('tab', { name: 'Overview' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Commits' })).toHaveFocus();
  });
});
