import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Counter, COUNTER_LIMIT_MODES, COUNTER_VARIANTS } from '../src/components/Counter';
import { Icon } from '../src/components/Icon';

const row = { display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center' } as const;

const meta = {
  title: 'Components/Counter',
  component: Counter,
  args: { count: 12, limit: 'delimited', variant: 'neutral' },
  argTypes: {
    count: { control: 'number' },
    limit: { control: 'radio', options: COUNTER_LIMIT_MODES },
    variant: { control: 'radio', options: COUNTER_VARIANTS },
    label: { control: 'text' },
  },
  parameters: {
    docs: {
      description: {
        component:
          'A count in a pill (Primer `CounterLabel`), beside a tab, a navigation item or a button: ' +
          '**counters show "99+" above 99 and "1,000+" above 1000; thousands are separated by commas.** ' +
          '`limit="delimited"` (default) gives `1,000+`, `limit="high"` gives `99+` where space is tight.\n\n' +
          '**Screen readers** never hear the shortened text: it is `aria-hidden`, and a visually hidden text gives ' +
          'the exact count with separators ("1,234"). Add `label` when the count needs context ("1,234 open ' +
          'issues"); a function label can handle plurals. The counter is not focusable; it becomes part of the ' +
          "name of the link or button it sits in.\n\n**Do** show zero when zero is news. **Don't** pass a " +
          'negative or non-numeric count: it shows 0 and logs a `console.error`. Variants: `neutral` (default), ' +
          '`primary` for emphasis, `info`.',
      },
    },
  },
} satisfies Meta<typeof Counter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = { args: { count: 1234, label: 'open issues' } };

/** Every variant, with zero (a valid count) in each. */
export const Variants: Story = {
  render: (args) => (
    <div style={row}>
      {COUNTER_VARIANTS.map((variant) => (
        <span key={variant} style={row}>
          <Counter {...args} variant={variant} count={42} />
          <Counter {...args} variant={variant} count={0} />
        </span>
      ))}
    </div>
  ),
};

/** `limit="high"`: "99+" above 99. Screen readers hear 5, 99, 100 and 1,500. */
export const HighCountTrim: Story = {
  render: (args) => (
    <div style={row}>
      {[5, 99, 100, 1500].map((count) => (
        <Counter key={count} {...args} limit="high" count={count} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findAllByText('99+')).toHaveLength(2);
    await expect(await canvas.findByText('1,500')).toBeInTheDocument();
  },
};

/**
 * `limit="delimited"` (default): thousands separated by commas, "1,000+" above 1000 (spec
 * section 9). Screen readers hear 999, 1,000, 1,001 and 123,456.
 */
export const Delimited: Story = {
  render: (args) => (
    <div style={row}>
      {[999, 1000, 1001, 123456].map((count) => (
        <Counter key={count} {...args} limit="delimited" count={count} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findAllByText('1,000+')).toHaveLength(2);
    await expect(await canvas.findByText('123,456')).toBeInTheDocument();
  },
};

/**
 * `label` gives the count context. Here the counter is the only text of an icon link, so the link
 * is named "1,234 open issues" while it shows "1,000+".
 */
export const WithLabel: Story = {
  render: (args) => (
    <a
      href="#issues"
      style={{ ...row, display: 'inline-flex', gap: 4, textDecoration: 'none', color: 'var(--fk-color-text-link)' }}
    >
      <Icon name="issues" />
      <Counter {...args} />
    </a>
  ),
  args: { count: 1234, label: 'open issues' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: '1,234 open issues' })).toHaveTextContent('1,000+');
  },
};
