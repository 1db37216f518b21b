import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { BranchNameInput } from '../src/components/BranchNameInput';

const meta = {
  title: 'Components/BranchNameInput',
  component: BranchNameInput,
  args: { label: 'Branch name', defaultValue: '' },
  argTypes: {
    label: { control: 'text' },
    defaultValue: { control: 'text' },
    required: { control: 'boolean' },
    disabled: { control: 'boolean' },
    description: { control: 'text' },
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          'A text field for a branch or tag name (`validateRefName`). Ref names may not contain a ' +
          'space, ~, ^, :, ?, *, [, .., @{, backslash or //. As the user types, the field shows "Can\'t contain ' +
          'spaces", "Can\'t contain %{chars}" (the offending characters in that order, comma-separated, e.g. ' +
          '"Can\'t contain ~, ^") or "Can\'t contain spaces, %{chars}", and the form cannot be submitted until the ' +
          "name is fixed. An empty required field shows 'This field is required.' after a submit.\n\n" +
          "**Do** use it wherever a user names a branch or tag. **Don't** strip characters silently: say what is " +
          'wrong.\n\n' +
          "**Screen readers:** the message is the input's description (`aria-describedby`) with " +
          '`aria-invalid="true"`, and is announced politely as it changes. Spell checking and auto-capitalisation ' +
          'are off.',
      },
    },
  },
} satisfies Meta<typeof BranchNameInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = { args: { defaultValue: 'feature/login', description: 'For example feature/login' } };

/** A space: "Can't contain spaces". */
export const Spaces: Story = {
  args: { defaultValue: 'fix login' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("Can't contain spaces")).toBeVisible();
  },
};

/** Other forbidden characters, listed in the spec's order: "Can't contain ~, ^, :". */
export const ForbiddenCharacters: Story = {
  args: { defaultValue: 'release:1.0^~2' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("Can't contain ~, ^, :")).toBeVisible();
  },
};

/** Both: "Can't contain spaces, .., //". */
export const SpacesAndCharacters: Story = {
  args: { defaultValue: 'my branch//v1..2' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("Can't contain spaces, .., //")).toBeVisible();
  },
};

/** Typing: the message appears with the first space and goes when the name is fixed. */
export const LiveValidation: Story = {
  play: async ({ canvas }) => {
    const input = await canvas.findByRole('textbox', { name: 'Branch name' });
    await userEvent.type(input, 'my branch');
    await expect(await canvas.findByText("Can't contain spaces")).toBeVisible();
    await userEvent.type(input, '{Backspace>7/}-fix');
    await expect(input).toHaveValue('my-fix');
    await expect(canvas.queryByText(/Can't contain/)).toBeNull();
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

/** A tag name: the same rules under another label. */
export const TagName: Story = { args: { label: 'Tag name', defaultValue: 'v1.0.0' } };

export const Disabled: Story = { args: { defaultValue: 'main', disabled: true } };
