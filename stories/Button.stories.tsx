import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { BUTTON_CATEGORIES, BUTTON_SIZES, BUTTON_VARIANTS, Button } from '../src/components/Button';

const LABELS = { default: 'Cancel', confirm: 'Save changes', danger: 'Delete branch' } as const;
const row = { display: 'flex', gap: 12, alignItems: 'center' } as const;

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Save changes', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: BUTTON_VARIANTS },
    category: { control: 'inline-radio', options: BUTTON_CATEGORIES },
    size: { control: 'inline-radio', options: BUTTON_SIZES },
    // Inherited from the native element's props, which carry no description of their own.
    children: { description: "The button's label: its text is its accessible name." },
    onClick: {
      description: 'Runs when the button is activated (click, Enter, or Space on a `<button>`); not while `loading`.',
    },
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
          '`confirm` buttons side by side.\n\n' +
          '**Emphasis and size:** `category="tertiary"` for low-emphasis actions in toolbars and lists, ' +
          '`secondary` for a coloured outline; `size` `small` (24 px), `medium` (32 px) or `large` (40 px).\n\n' +
          '**Icon-only** buttons (`icon` without children) must have an `aria-label`: it is their only name. ' +
          '**Loading** shows a spinner, keeps the width, the focus and the name, sets `aria-busy` and ignores ' +
          'activation until it ends. **Selected** makes a toggle (`aria-pressed`).',
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
          {LABELS[variant]}
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

/** Every variant in every category (rows), disabled last. */
export const Categories: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      {BUTTON_CATEGORIES.map((category) => (
        <div key={category} style={row} role="group" aria-label={category}>
          {BUTTON_VARIANTS.map((variant) => (
            <Button key={variant} variant={variant} category={category}>
              {LABELS[variant]}
            </Button>
          ))}
          <Button category={category} disabled>
            Disabled
          </Button>
        </div>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const tertiary = await canvas.findByRole('group', { name: 'tertiary' });
    for (const button of tertiary.querySelectorAll('button')) {
      await expect(button).toHaveAttribute('data-category', 'tertiary');
    }
  },
};

/** Small, medium (the default) and large, with and without an icon. */
export const Sizes: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      {BUTTON_SIZES.map((size) => (
        <div key={size} style={row}>
          <Button size={size}>Cancel</Button>
          <Button size={size} variant="confirm" icon="check">
            Approve
          </Button>
          <Button size={size} icon="pencil" aria-label={`Edit (${size})`} />
        </div>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const small = await canvas.findByRole('button', { name: 'Edit (small)' });
    const large = await canvas.findByRole('button', { name: 'Edit (large)' });
    await expect(small.getBoundingClientRect().height).toBeLessThan(large.getBoundingClientRect().height);
  },
};

/** Icon-only buttons: square, named by `aria-label`, in each category. */
export const IconOnly: Story = {
  render: () => (
    <div style={row}>
      <Button icon="pencil" aria-label="Edit" />
      <Button icon="ellipsis_v" category="tertiary" aria-label="More actions" />
      <Button icon="remove" variant="danger" aria-label="Delete" />
      <Button icon="close" category="tertiary" size="small" aria-label="Close" />
    </div>
  ),
  play: async ({ canvas }) => {
    const edit = await canvas.findByRole('button', { name: 'Edit' });
    const { width, height } = edit.getBoundingClientRect();
    await expect(width).toBe(height);
  },
};

/** Loading: a spinner over the kept label; the width and the name do not change, clicks are ignored. */
export const Loading: Story = {
  render: (args) => (
    <div style={row}>
      <Button variant="confirm" loading onClick={args.onClick}>
        Save changes
      </Button>
      <Button loading>Cancel</Button>
      <Button variant="danger" loading>
        Delete branch
      </Button>
      <Button icon="retry" category="tertiary" loading aria-label="Retry" />
    </div>
  ),
  play: async ({ canvas, args, userEvent }) => {
    const save = await canvas.findByRole('button', { name: 'Save changes' });
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(save);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

function SaveWithProgress() {
  const [isSaving, setSaving] = useState(false);
  return (
    <Button variant="confirm" loading={isSaving} onClick={() => setSaving(true)}>
      Save changes
    </Button>
  );
}

/** A click starts loading; the keyboard focus stays on the button. */
export const LoadingAfterClick: Story = {
  render: () => <SaveWithProgress />,
  play: async ({ canvas, userEvent }) => {
    const save = await canvas.findByRole('button', { name: 'Save changes' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(save).toHaveAttribute('aria-busy', 'true'));
    await expect(save).toHaveFocus();
  },
};

function FormatToggles() {
  const [bold, setBold] = useState(true);
  const [italic, setItalic] = useState(false);
  const [isPreview, setPreview] = useState(false);
  return (
    <div style={row} role="group" aria-label="Format">
      <Button icon="bold" aria-label="Bold" selected={bold} onClick={() => setBold(!bold)} />
      <Button icon="italic" aria-label="Italic" selected={italic} onClick={() => setItalic(!italic)} />
      <Button icon="eye" selected={isPreview} onClick={() => setPreview(!isPreview)}>
        Preview
      </Button>
    </div>
  );
}

/** Toggle buttons: `selected` sets `aria-pressed`; pressing flips it. */
export const Selected: Story = {
  render: () => <FormatToggles />,
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('button', { name: 'Bold', pressed: true })).toBeInTheDocument();
    await userEvent.click(await canvas.findByRole('button', { name: 'Italic', pressed: false }));
    await expect(canvas.getByRole('button', { name: 'Italic', pressed: true })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Preview', pressed: false })).toBeInTheDocument();
  },
};
