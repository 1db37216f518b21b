import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Breadcrumbs, type BreadcrumbItem } from '../src/components/Breadcrumbs';

const TRAIL: BreadcrumbItem[] = [
  { text: 'Forge', href: '#forge' },
  { text: 'Platform', href: '#platform' },
  { text: 'Frontend', href: '#frontend' },
  { text: 'Design system', href: '#design-system' },
  { text: 'forgekit', href: '#forgekit' },
  { text: 'Merge requests', href: '#merge-requests' },
  { text: '!1234', href: '#mr-1234' },
];

const LONG_NAME = 'Infrastructure and site reliability engineering (shared runners, fleet and capacity)';

const meta = {
  title: 'Components/Breadcrumbs',
  component: Breadcrumbs,
  args: { items: TRAIL.slice(0, 4) },
  argTypes: { collapse: { control: 'radio', options: ['auto', 'never'] } },
  parameters: {
    docs: {
      description: {
        component:
          "The page's place in the group and project hierarchy (GitLab UI `GlBreadcrumb`), first level first, the " +
          'current page last. **Truncated breadcrumb items get a tooltip. A collapsed-breadcrumbs ' +
          'expander reveals hidden items.**\n\n' +
          '- **Truncation:** an item longer than `--fk-breadcrumbs-item-max-width` (16rem) is cut with an ellipsis. ' +
          'Only items that are actually cut (text wider than the box, measured after layout and again on resize ' +
          'and when fonts load) get a tooltip with the full text, on hover and keyboard focus.\n' +
          '- **Collapsing:** with `collapse="auto"` (default), when the trail does not fit its width, the items ' +
          'after the first hide behind an expander (…), fewest first, keeping the first and the last; re-checked ' +
          'with a ResizeObserver. Pressing the expander reveals them all (the trail then wraps) and moves focus to ' +
          'the first revealed item. `collapse="never"` always shows everything, wrapping.\n\n' +
          '**Keyboard and screen readers:** a `<nav aria-label="Breadcrumb">` landmark with an ordered list; the ' +
          'last item has `aria-current="page"`. The expander is a button named "Show all breadcrumbs" with ' +
          '`aria-expanded="false"`; Enter or Space reveals the items and focus lands on the first of them (the ' +
          'button goes away). The separators are decoration, not read. A truncated item is still announced with ' +
          'its full text (the ellipsis is visual only).',
      },
    },
  },
} satisfies Meta<typeof Breadcrumbs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A short trail that fits: every item shows. */
export const Default: Story = {};

export const Playground: Story = { args: { items: TRAIL } };

/** A long trail with room for it (full width). */
export const LongTrail: Story = {
  args: { items: TRAIL },
  play: async ({ canvas }) => {
    const nav = await canvas.findByRole('navigation', { name: 'Breadcrumb' });
    await expect(within(nav).getAllByRole('link')).toHaveLength(TRAIL.length);
    await expect(within(nav).getByRole('link', { name: '!1234' })).toHaveAttribute('aria-current', 'page');
  },
};

/**
 * A group name longer than the maximum item width is cut; keyboard focus shows its full text in a
 * tooltip. The short items have no tooltip.
 */
export const TruncatedItem: Story = {
  args: {
    items: [TRAIL[0]!, { text: LONG_NAME, href: '#infrastructure' }, { text: 'Runbooks', href: '#runbooks' }],
  },
  // The tooltip renders inside the story canvas (`tooltipContainer`), so the screenshot shows it.
  render: function Render(args) {
    const [container, setContainer] = useState<HTMLElement | null>(null);
    return (
      <div ref={setContainer} style={{ position: 'relative', paddingBlock: 'var(--fk-space-10)' }}>
        <Breadcrumbs {...args} tooltipContainer={container} />
      </div>
    );
  },
  play: async ({ canvas }) => {
    // Found again at each step: when the tooltip's code arrives (loaded once an item is cut), the
    // links are drawn anew through it, and focus moves to the new copy.
    const link = () => canvas.getByRole('link', { name: LONG_NAME });
    await waitFor(() => expect(link().closest('li')).toHaveAttribute('data-truncated', 'true'));
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Forge' })).toHaveFocus();
    await expect(canvas.queryByRole('tooltip')).toBeNull();
    await userEvent.tab();
    await expect(link()).toHaveFocus();
    await expect(await canvas.findByRole('tooltip')).toHaveTextContent(LONG_NAME);
  },
};

/** In a 360 px container (a phone): the middle items collapse behind the expander. */
export const Collapsed: Story = {
  args: { items: TRAIL },
  render: (args) => (
    <div style={{ width: 360 }}>
      <Breadcrumbs {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const expander = await canvas.findByRole('button', { name: 'Show all breadcrumbs' });
    await expect(expander).toHaveAttribute('aria-expanded', 'false');
    const links = canvas.getAllByRole('link');
    await expect(links[0]).toHaveTextContent('Forge');
    await expect(links.at(-1)).toHaveTextContent('!1234');
  },
};

/** After pressing the expander: every item shows (wrapping), focus on the first revealed one. */
export const ExpandedByUser: Story = {
  args: { items: TRAIL },
  render: (args) => (
    <div style={{ width: 360 }}>
      <Breadcrumbs {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const expander = await canvas.findByRole('button', { name: 'Show all breadcrumbs' });
    expander.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('link', { name: 'Platform' })).toHaveFocus());
    await expect(canvas.getAllByRole('link')).toHaveLength(TRAIL.length);
  },
};

/** At 240 px only the first and the last item remain, and the last is cut. */
export const VeryNarrow: Story = {
  args: {
    items: TRAIL.map((item, index) => (index === TRAIL.length - 1 ? { ...item, text: 'Fix the login page' } : item)),
  },
  render: (args) => (
    <div style={{ width: 240 }}>
      <Breadcrumbs {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getAllByRole('link').map((link) => link.textContent)).toEqual(['Forge', 'Fix the login page']),
    );
  },
};

/** `collapse="never"` in a 360 px container: the trail wraps instead. */
export const NeverCollapse: Story = {
  args: { items: TRAIL, collapse: 'never' },
  render: (args) => (
    <div style={{ width: 360 }}>
      <Breadcrumbs {...args} />
    </div>
  ),
};

/** The current page as plain text (no `href`). */
export const CurrentPageAsText: Story = {
  args: { items: [...TRAIL.slice(0, 3), { text: 'New project' }] },
};
