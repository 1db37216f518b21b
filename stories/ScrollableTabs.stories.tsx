import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Counter } from '../src/components/Counter';
import { ScrollableTabs, type ScrollableTabItem } from '../src/components/ScrollableTabs';

function tab(name: string, count?: number): ScrollableTabItem {
  return {
    id: name.toLowerCase().replaceAll(' ', '-'),
    label:
      count === undefined ? (
        name
      ) : (
        <>
          {name} <Counter count={count} />
        </>
      ),
    content: <p style={{ margin: 0 }}>The {name.toLowerCase()} of merge request !1234.</p>,
  };
}

const MERGE_REQUEST_TABS = [tab('Overview', 12), tab('Commits', 3), tab('Pipelines', 2), tab('Changes', 18)];
const MANY_TABS = [
  ...MERGE_REQUEST_TABS,
  tab('Security'),
  tab('Licence compliance'),
  tab('Code quality'),
  tab('Test summary'),
  tab('Accessibility'),
  tab('Performance'),
  tab('Deployments'),
  tab('Activity'),
];

/** The strip's scroll buttons, for play functions. */
function scrollButton(canvasElement: HTMLElement, direction: 'start' | 'end') {
  return canvasElement.querySelector<HTMLElement>(
    `[data-component="ScrollableTabs.ScrollButton"][data-direction="${direction}"]`,
  )!;
}
const shown = (element: HTMLElement) => element.checkVisibility({ visibilityProperty: true });

const meta = {
  title: 'Components/ScrollableTabs',
  component: ScrollableTabs,
  args: { label: 'Merge request tabs', items: MERGE_REQUEST_TABS, onSelectionChange: fn() },
  argTypes: {
    activation: { control: 'radio', options: ['automatic', 'manual'] },
    items: { control: false },
  },
  parameters: {
    docs: {
      description: {
        component:
          'A tab strip that scrolls sideways ("Tab strips scroll sideways with fade buttons, 200 ' +
          'pixels per click"; `TAB_SCROLL_STEP`). When the tabs do not fit, each end that has more tabs beyond it ' +
          'shows a fading chevron button that scrolls the strip by 200 px (smoothly, unless the user prefers ' +
          'reduced motion). The buttons are re-checked on scroll and whenever the strip or its tabs change size ' +
          '(ResizeObserver); the selected tab is scrolled into view on mount and when the selection changes, clear ' +
          'of the fades. Set `--fk-scrollable-tabs-background` to the surface the strip sits on so the ends fade ' +
          'into it.\n\n' +
          '**Keyboard and screen readers** (WAI-ARIA tabs pattern): a `tablist` named by `label`, `tab`s with ' +
          '`aria-selected` and `aria-controls`, one `tabpanel` per tab. The strip is one Tab stop (roving ' +
          'tabindex: the selected tab); Left/Right move between tabs (wrapping, mirrored in right-to-left pages, ' +
          'skipping disabled tabs), Home/End go to the first/last, and Tab moves on to the panel. With ' +
          '`activation="automatic"` (default) moving selects; with `"manual"` Enter or Space selects (for slow ' +
          'panels). The scroll buttons are for pointers, so they are not Tab stops: focusing a tab scrolls it into ' +
          'view.\n\n' +
          "**Don't** use it for site navigation between pages (use links in a nav), or for two or three tabs that " +
          'always fit.',
      },
    },
  },
} satisfies Meta<typeof ScrollableTabs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Merge request tabs that fit: no scroll buttons. */
export const Default: Story = {};

export const Playground: Story = { args: { items: MANY_TABS } };

/** More tabs than fit in 480 px: the end fade shows, the start one does not. */
export const Overflowing: Story = {
  args: { items: MANY_TABS, style: { width: 480 } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('tablist', { name: 'Merge request tabs' });
    await waitFor(() => expect(shown(scrollButton(canvasElement, 'end'))).toBe(true));
    await expect(shown(scrollButton(canvasElement, 'start'))).toBe(false);
  },
};

/** After one click on the end button: scrolled 200 px, both fades show. */
export const ScrolledToMiddle: Story = {
  args: { items: MANY_TABS, style: { width: 480 } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('tablist', { name: 'Merge request tabs' });
    const end = scrollButton(canvasElement, 'end');
    await waitFor(() => expect(shown(end)).toBe(true));
    await userEvent.click(end);
    const scroller = canvasElement.querySelector<HTMLElement>('[data-component="ScrollableTabs.Scroller"]')!;
    await waitFor(() => expect(scroller.scrollLeft).toBe(200));
    await waitFor(() => expect(shown(scrollButton(canvasElement, 'start'))).toBe(true));
    await expect(shown(end)).toBe(true);
  },
};

/** The last tab selected: scrolled into view on mount, so only the start fade shows. */
export const SelectedAtTheEnd: Story = {
  args: { items: MANY_TABS, defaultSelectedKey: 'activity', style: { width: 480 } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(shown(scrollButton(canvasElement, 'start'))).toBe(true));
    await expect(shown(scrollButton(canvasElement, 'end'))).toBe(false);
  },
};

/** From the keyboard: End selects the last tab and scrolls it into view; Right wraps to the first. */
export const Keyboard: Story = {
  args: { items: MANY_TABS, style: { width: 480 } },
  play: async ({ canvas }) => {
    const first = await canvas.findByRole('tab', { name: 'Overview 12' });
    first.focus();
    await userEvent.keyboard('{End}');
    const last = canvas.getByRole('tab', { name: 'Activity' });
    await expect(last).toHaveFocus();
    await expect(canvas.getByRole('tabpanel', { name: 'Activity' })).toHaveTextContent('activity');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Commits 3' })).toHaveFocus();
  },
};

/** A disabled tab is skipped by the arrow keys and cannot be selected. */
export const WithDisabledTab: Story = {
  args: {
    items: MERGE_REQUEST_TABS.map((item) => (item.id === 'pipelines' ? { ...item, isDisabled: true } : item)),
  },
  play: async ({ canvas }) => {
    (await canvas.findByRole('tab', { name: 'Commits 3' })).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Changes 18' })).toHaveFocus();
  },
};

/** In a 360 px container (a phone): even the merge request tabs overflow. */
export const Narrow: Story = {
  args: { style: { width: 360 } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('tablist');
    await waitFor(() => expect(shown(scrollButton(canvasElement, 'end'))).toBe(true));
  },
};

/** Right-to-left: the strip starts at the right; the end button, on the left, is "Scroll left". */
export const RightToLeft: Story = {
  args: { items: MANY_TABS, style: { width: 480 } },
  render: (args) => (
    <div dir="rtl">
      <ScrollableTabs {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Scroll left' })).toBeVisible();
  },
};
