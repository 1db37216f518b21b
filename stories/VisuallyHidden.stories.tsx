import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Icon } from '../src/components/Icon';
import { VisuallyHidden } from '../src/components/VisuallyHidden';

const meta = {
  title: 'Components/VisuallyHidden',
  component: VisuallyHidden,
  args: { children: 'Only screen readers read this' },
  parameters: {
    docs: {
      description: {
        component:
          'Text for assistive technology only: in the accessibility tree, invisible and taking no space. ' +
          'Use it to give context the screen already shows visually (an icon-only link, the exact count behind ' +
          '"99+"). **Don\'t** hide content that sighted users also need, and don\'t hide focusable content ' +
          'without `isFocusable`, which shows it again while it has keyboard focus (skip links).',
      },
    },
  },
} satisfies Meta<typeof VisuallyHidden>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <p>
      Visible text. <VisuallyHidden {...args} />
    </p>
  ),
};

export const Playground: Story = {};

/** Names an icon-only link: the icon is decorative, the hidden text is the link's name. */
export const IconOnlyLink: Story = {
  render: () => (
    <a href="#pipelines">
      <Icon name="pipeline" />
      <VisuallyHidden>Pipelines</VisuallyHidden>
    </a>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Pipelines' })).toBeVisible();
  },
};

/** A skip link: hidden until it has keyboard focus. */
export const FocusableSkipLink: Story = {
  render: () => (
    <VisuallyHidden isFocusable>
      <a href="#main">Skip to main content</a>
    </VisuallyHidden>
  ),
  play: async ({ canvas, userEvent }) => {
    const link = await canvas.findByRole('link', { name: 'Skip to main content' });
    await expect(link.parentElement!.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await expect(link.parentElement!.getBoundingClientRect().width).toBeGreaterThan(1);
  },
};
