import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { TitleField } from '../src/components/TitleField';
import { TITLE_MAX_LENGTH, TITLE_TOO_LONG_MESSAGE } from '../src/utils/validation';

const LONG_255 = `${'Make the pipeline editor remember the last branch per project '.repeat(5)}`.slice(
  0,
  TITLE_MAX_LENGTH,
);

const meta = {
  title: 'Components/TitleField',
  component: TitleField,
  args: { label: 'Title', defaultValue: '' },
  argTypes: {
    label: { control: 'text' },
    defaultValue: { control: 'text' },
    required: { control: 'boolean' },
    disabled: { control: 'boolean' },
  },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          'A text field for a work item or issuable title (`validateTitle`). At most 255 characters, ' +
          `else '${TITLE_TOO_LONG_MESSAGE}' as the user types, and the form cannot be submitted. Characters are ` +
          'counted as the server counts them (an emoji is one). There is no `maxlength`: a pasted long title is ' +
          'kept so the user decides what to cut.\n\n' +
          '**Screen readers:** the message is the input\'s description, with `aria-invalid="true"`, announced ' +
          'politely when it appears.',
      },
    },
  },
} satisfies Meta<typeof TitleField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = { args: { defaultValue: 'Login fails on Safari', required: true } };

/** Exactly 255 characters: valid. */
export const AtLimit: Story = {
  args: { defaultValue: LONG_255 },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Title' })).toHaveValue(LONG_255);
    await expect(canvas.queryByText(TITLE_TOO_LONG_MESSAGE)).toBeNull();
  },
};

/** One more character (256): 'Title cannot have more than 255 characters.'. */
export const TooLong: Story = {
  args: { defaultValue: LONG_255 },
  play: async ({ canvas }) => {
    const input = await canvas.findByRole('textbox', { name: 'Title' });
    await userEvent.type(input, '!');
    await expect(await canvas.findByText(TITLE_TOO_LONG_MESSAGE)).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  },
};

/** With a description under the label. */
export const WithDescription: Story = {
  args: { description: 'Summarise the problem in a sentence.', defaultValue: 'Login fails on Safari' },
};
