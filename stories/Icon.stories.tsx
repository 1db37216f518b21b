import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Icon, ICON_SIZES } from '../src/components/Icon';

const meta = {
  title: 'Components/Icon',
  component: Icon,
  args: { name: 'merge-request', size: 16 },
  argTypes: { size: { control: 'select', options: ICON_SIZES } },
  parameters: {
    docs: {
      description: {
        component:
          "An icon from the sprite `forgekit/icons.svg` (GitLab's MIT-licensed icon set), drawn with `<use>` and " +
          'coloured by the surrounding text. **Decorative by default** (`aria-hidden`): give it a `label` only when ' +
          'the icon carries meaning that no nearby text gives, and it becomes an image with that name. ' +
          'Serve the sprite and tell the icons where with `<IconSpriteProvider href="…">`. Not focusable: put ' +
          'interactive icons inside a button with its own name.',
      },
    },
  },
} satisfies Meta<typeof Icon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = { args: { name: 'branch', size: 24 } };

/** Every size, smallest to largest. */
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'end' }}>
      {ICON_SIZES.map((size) => (
        <Icon key={size} {...args} size={size} />
      ))}
    </div>
  ),
};

const CONCEPTS = [
  ['branch', 'Branch'],
  ['merge-request', 'Merge request'],
  ['commit', 'Commit'],
  ['issues', 'Issue'],
  ['epic', 'Epic'],
  ['pipeline', 'Pipeline'],
  ['rocket', 'Release'],
  ['package', 'Package'],
] as const;

/** The code-hosting concepts the product draws most. */
export const CodeHostingConcepts: Story = {
  render: (args) => (
    <ul style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 10rem)', gap: 12, listStyle: 'none', padding: 0 }}>
      {CONCEPTS.map(([name, text]) => (
        <li key={name} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Icon {...args} name={name} />
          {text}
        </li>
      ))}
    </ul>
  ),
};

const EMOJI_CATEGORIES = [
  ['history', 'Frequently used'],
  ['tanuki', 'Custom'],
  ['smiley', 'People'],
  ['dumbbell', 'Activity'],
  ['nature', 'Nature'],
  ['food', 'Food'],
  ['car', 'Travel'],
  ['bulb', 'Objects'],
  ['heart', 'Symbols'],
  ['flag', 'Flags'],
] as const;

/** The emoji picker's category icons. */
export const EmojiCategories: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12 }}>
      {EMOJI_CATEGORIES.map(([name, label]) => (
        <Icon key={name} {...args} name={name} label={label} />
      ))}
    </div>
  ),
};

/** With a label the icon is an image with an accessible name. */
export const Labelled: Story = {
  args: { name: 'status_success', label: 'Pipeline passed', style: { color: 'var(--fk-color-feedback-success-icon)' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('img', { name: 'Pipeline passed' })).toBeVisible();
  },
};
