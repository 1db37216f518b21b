import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { BUTTON_VARIANTS, Button } from '../src/components/Button';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Save changes', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: BUTTON_VARIANTS },
    // Inherited from the native element's props, which carry no description of their own.
    children: { description: "The button's label: its text is its accessible name." },
    onClick: { description: 'Runs when the button is activated (click, Enter, or Space on a `<button>`).' },
  },
  parameters: {
    docs: {
      description: {
        component:
          'The action button of forms, alerts and modals (their actions render it). `confirm` is the one ' +
          'primary action of a group, `danger` a destructive one, `default` everything else. With `href` it ' +
          'renders a link that looks like a button: use that only when the action navigates.\n\n' +
          '**Keyboard and screen readers:** a native `<button>` (type `button` unless given) or `<a>`: Tab ' +
          'reaches it, Enter (and Space for buttons) activates it, and its text is its name. A disabled ' +
          'button is skipped by Tab.\n\n**Do** name the action ("Delete branch"); **don\'t** put two ' +
          '`confirm` buttons side by side.',
      },
    },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = { args: { variant: 'confirm' } };

/** Every variant, and disabled. */
export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12 }}>
      {BUTTON_VARIANTS.map((variant) => (
        <Button key={variant} variant={variant} onClick={args.onClick}>
          {variant === 'default' ? 'Cancel' : variant === 'confirm' ? 'Save changes' : 'Delete branch'}
        </Button>
      ))}
      <Button disabled>Disabled</Button>
    </div>
  ),
};

/** A link that looks like a button, focused by keyboard to show the focus ring. */
export const AsLinkFocused: Story = {
  args: { href: '#upgrade', variant: 'confirm', children: 'Upgrade now' },
  play: async ({ canvas, userEvent }) => {
    const link = await canvas.findByRole('link', { name: 'Upgrade now' });
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};
