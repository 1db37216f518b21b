import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import { expect } from 'storybook/test';
import { ProgressBar, PROGRESS_BAR_VARIANTS } from '../src/components/ProgressBar';

const column: CSSProperties = { display: 'grid', gap: 16, maxWidth: 320 };

const meta = {
  title: 'Components/ProgressBar',
  component: ProgressBar,
  args: { label: 'Progress', value: 40, showValueLabel: true },
  argTypes: {
    value: { control: { type: 'range', min: 0, max: 100 } },
    variant: { control: 'inline-radio', options: PROGRESS_BAR_VARIANTS },
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          'A bar showing how far along something is: the time spent against the estimate, the progress of an ' +
          'objective or key result. Use it for a measured amount, not for waiting (use `SkeletonLoader` for that).\n\n' +
          '**Do** give it a name (`label`, or `aria-label` where the context shows one) and a `valueLabel` in ' +
          "words when the percentage alone says little ('3h of 4h'). **Don't** rely on the colour: a `danger` bar " +
          "should say why in its value text ('Over by 2h').\n\n" +
          '**Screen readers** meet a `progressbar` with its minimum, maximum, current value and value text. A value ' +
          'beyond the maximum fills the bar.',
      },
    },
  },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuetext', '40%');
  },
};

export const Playground: Story = {};

/** Every colour: progress, done, attention, over. */
export const Variants: Story = {
  render: () => (
    <div style={column}>
      {PROGRESS_BAR_VARIANTS.map((variant, index) => (
        <ProgressBar key={variant} label={variant} variant={variant} value={25 * (index + 1)} showValueLabel />
      ))}
    </div>
  ),
};

/** Empty and full. */
export const EmptyAndFull: Story = {
  render: () => (
    <div style={column}>
      <ProgressBar label="Not started" value={0} showValueLabel />
      <ProgressBar label="Done" value={100} variant="success" showValueLabel />
    </div>
  ),
};

/** Time spent over the estimate: the bar is full and the value text says by how much. */
export const OverTheMaximum: Story = {
  args: { label: 'Time spent', value: 6, maxValue: 4, variant: 'danger', valueLabel: 'Over by 2h' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Time spent' })).toHaveAttribute(
      'aria-valuetext',
      'Over by 2h',
    );
  },
};

/** Named for screen readers only, where the context already shows what it measures. */
export const HiddenLabel: Story = { args: { label: 'Progress', isLabelHidden: true, showValueLabel: false } };
