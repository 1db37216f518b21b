import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent } from 'storybook/test';
import { ColorPicker, INVALID_COLOR_MESSAGE } from '../src/components/ColorPicker';
import { Label } from '../src/components/Label';

const meta = {
  title: 'Components/ColorPicker',
  component: ColorPicker,
  args: { label: 'Background color', defaultValue: '#6699cc' },
  argTypes: {
    label: { control: 'text' },
    defaultValue: { control: 'text' },
    disabled: { control: 'boolean' },
    required: { control: 'boolean' },
  },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          'A colour field (for a label colour): a hex text input, a swatch that previews the colour ' +
          "and opens the browser's colour chooser, and buttons for the product's suggested colours. Colour values " +
          "are '#' and 3 or 6 hex digits (`isValidColor`; the '#' is required). Anything else " +
          `shows '${INVALID_COLOR_MESSAGE}' as the user types and blocks the form's submit; the swatch keeps the ` +
          'last valid colour meanwhile.\n\n' +
          "**Do** pair it with a preview of what the colour is for (a `Label`). **Don't** offer more than a row or " +
          'two of suggestions.\n\n' +
          "**Keyboard and screen readers:** Tab reaches the swatch (named 'Choose color'), the text input, then each " +
          "suggestion button, named by its colour name (Enter or Space takes it). The error is the input's " +
          'description and is announced politely as it appears.',
      },
    },
  },
} satisfies Meta<typeof ColorPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = { args: { defaultValue: '#dc143c', required: true } };

/** Empty: no error until there is something to check. */
export const Empty: Story = { args: { defaultValue: '' } };

/** A value that is not 3 or 6 digit hex shows the error; the swatch keeps the last valid colour. */
export const Invalid: Story = {
  args: { defaultValue: '#6699cc' },
  play: async ({ canvas }) => {
    const input = await canvas.findByRole('textbox', { name: 'Background color' });
    await userEvent.clear(input);
    await userEvent.type(input, '#6699c');
    await expect(await canvas.findByText(INVALID_COLOR_MESSAGE)).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  },
};

/** A suggestion taken with the keyboard: Tab to it, press Enter; it shows as selected. */
export const SuggestionChosen: Story = {
  play: async ({ canvas }) => {
    const first = await canvas.findByRole('button', { name: 'Green-cyan' });
    first.focus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('textbox', { name: 'Background color' })).toHaveValue('#8fbc8f');
    await expect(canvas.getByRole('button', { name: 'Dark sea green' })).toHaveAttribute('data-state', 'selected');
    await expect(canvas.getByRole('button', { name: 'Dark sea green' })).toHaveFocus();
  },
};

/** Own suggestions; a 3 digit value matches its suggestion. */
export const CustomSuggestions: Story = {
  args: {
    defaultValue: '#fff',
    suggestedColors: [
      { color: '#fff', name: 'White' },
      { color: '#000', name: 'Black' },
      { color: '#1f75cb', name: 'Brand blue' },
    ],
  },
};

export const Disabled: Story = { args: { disabled: true } };

function WithPreview() {
  const [color, setColor] = useState('#330066');
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <ColorPicker label="Background color" value={color} onChange={setColor} />
      <div>
        Preview: <Label title="priority::1" color={color} /> <Label title="frontend" color={color} />
      </div>
    </div>
  );
}

/** Controlled, with a live label preview. */
export const WithLabelPreview: Story = {
  render: () => <WithPreview />,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Titanium yellow' }));
    await expect(canvas.getByText('frontend').closest('.fk-label')).toHaveAttribute('data-text-color', 'dark');
  },
};

/** On a small phone (320 px viewport) the suggestions wrap onto more rows. */
export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
