import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { RefSelector } from '../src/components/RefSelector';

const BRANCHES = ['main', 'feature/ref-selector', 'fix/tree-sorting', 'release-1.x'];
const TAGS = ['v1.0.0', 'v1.1.0', 'v1.2.0-rc.1'];

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

async function open(canvasElement: HTMLElement) {
  await userEvent.click(await within(canvasElement).findByRole('button', { name: /^Switch branch\/tag/ }));
  return body(canvasElement).findByRole('combobox', { name: 'Search by Git revision' });
}

const meta = {
  title: 'Components/RefSelector',
  component: RefSelector,
  args: { value: 'main', branches: BRANCHES, tags: TAGS, onSelect: fn(), onSearchChange: fn() },
  argTypes: { branches: { control: 'object' }, tags: { control: 'object' } },
  // Room below the button for the open list, which is portalled to the page.
  decorators: [
    (Story) => (
      <div style={{ minHeight: 420 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    docs: {
      description: {
        component:
          'The branch and tag switcher of the repository pages: a button showing the current ref opens a search ' +
          'field over the branches and tags, in two sections. Choosing one calls `onSelect` with its name and type ' +
          '(`branch` or `tag`) and closes the list.\n\n' +
          '- **Search:** typing filters the refs (case- and accent-insensitive, anywhere in the name) and calls ' +
          '`onSearchChange`, so a page can also search the server and pass new refs with `isLoading` meanwhile.\n' +
          "- **States:** 'Loading' while `isLoading`; 'No matching results' when nothing matches.\n\n" +
          '**Keyboard and screen readers:** the button says "Switch branch/tag: main". Enter, Space or ArrowDown ' +
          'open the list with focus in the search field; ArrowDown/ArrowUp move through the results across both ' +
          'sections (wrapping), Home/End jump, Enter chooses; Escape closes and focus returns to the button. The ' +
          'field is a combobox whose active option is announced; the sections are named groups; the current ref ' +
          'is the selected option.',
      },
    },
  },
} satisfies Meta<typeof RefSelector>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: the current ref on the button. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Switch branch/tag: main' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  },
};

export const Playground: Story = {
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <RefSelector
        {...args}
        value={value}
        onSelect={(ref) => {
          setValue(ref.name);
          args.onSelect(ref);
        }}
      />
    );
  },
};

/** Open: branches and tags, the current ref checked. */
export const Open: Story = {
  parameters: { visual: { target: 'page' } },
  play: async ({ canvasElement }) => {
    await expect(await open(canvasElement)).toHaveFocus();
    await expect(body(canvasElement).getByRole('group', { name: 'Tags' })).toBeVisible();
    await expect(body(canvasElement).getByRole('option', { name: 'main' })).toHaveAttribute('aria-selected', 'true');
  },
};

/** Typing filters both sections; a section with no match disappears. */
export const Filtered: Story = {
  parameters: { visual: { target: 'page' } },
  play: async ({ args, canvasElement }) => {
    await open(canvasElement);
    await userEvent.keyboard('fix');
    await expect(
      body(canvasElement)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['fix/tree-sorting']);
    await expect(args.onSearchChange).toHaveBeenLastCalledWith('fix');
  },
};

/** Nothing matches the search. */
export const NoMatchingResults: Story = {
  parameters: { visual: { target: 'page' } },
  play: async ({ canvasElement }) => {
    await open(canvasElement);
    await userEvent.keyboard('nothing-like-this');
    await expect(await body(canvasElement).findByRole('status')).toHaveTextContent('No matching results');
  },
};

/** Refs are being fetched. */
export const Loading: Story = {
  args: { branches: [], tags: [], isLoading: true },
  parameters: { visual: { target: 'page' } },
  play: async ({ canvasElement }) => {
    await open(canvasElement);
    await expect(await body(canvasElement).findByRole('status')).toHaveTextContent('Loading');
  },
};

/** Keyboard only: ArrowDown opens, arrows move into the tags, Enter chooses and focus returns to the button. */
export const Keyboard: Story = {
  play: async ({ args, canvas }) => {
    const button = await canvas.findByRole('button', { name: 'Switch branch/tag: main' });
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    // The list (its code loads on the button's first focus) takes focus into its search field.
    await waitFor(() => expect(body(button).getByRole('combobox', { name: 'Search by Git revision' })).toHaveFocus());
    await userEvent.keyboard('{End}{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith({ name: 'v1.2.0-rc.1', type: 'tag' });
    // The list's focus scope hands focus back as it unmounts, a frame after the choice.
    await waitFor(() => expect(button).toHaveFocus());
  },
};
