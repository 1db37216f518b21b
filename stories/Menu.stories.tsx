import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../src/components/Button';
import { Icon } from '../src/components/Icon';
import { Menu, MENU_PLACEMENTS, type MenuEntry } from '../src/components/Menu';

const projectActions: MenuEntry[] = [
  { key: 'edit', label: 'Edit project', icon: 'pencil' },
  { key: 'star', label: 'Star', icon: 'star-o' },
  { key: 'fork', label: 'Fork', icon: 'fork', href: '#fork' },
  { type: 'separator', key: 'copy-separator' },
  {
    type: 'group',
    key: 'copy',
    label: 'Copy',
    items: [
      { key: 'copy-id', label: 'Copy project ID: 42', icon: 'copy-to-clipboard' },
      { key: 'copy-url', label: 'Copy clone URL', description: 'https://forge.example/acme/api.git' },
    ],
  },
  { type: 'separator', key: 'danger-separator' },
  { key: 'leave', label: 'Leave project', icon: 'leave', isDisabled: true },
];

const meta = {
  title: 'Components/Menu',
  component: Menu,
  args: {
    items: projectActions,
    onAction: fn(),
    children: (
      <Button>
        Actions <Icon name="chevron-down" />
      </Button>
    ),
  },
  argTypes: {
    placement: { control: 'select', options: MENU_PLACEMENTS },
    isDisabled: { control: 'boolean' },
    items: { control: false },
    children: { control: false },
  },
  // Room below the trigger for the open menu, which is portalled to the page.
  decorators: [
    (Story) => (
      <div style={{ minHeight: 360 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    docs: {
      description: {
        component:
          'A button that opens a list of actions and links: the "more actions" menu of a page, the user menu of ' +
          'the top bar. Items are actions (`onAction`) or links (`href`, real `<a>` elements, so middle-click ' +
          'and "open in new tab" work); separators split them and groups put them under a heading.\n\n' +
          '**Keyboard**: Enter, Space or ArrowDown open the menu on its first item, ArrowUp on its last; ' +
          'ArrowUp/ArrowDown move, Home/End jump, typing the start of an item moves to it, Enter or Space ' +
          'chooses, Escape or Tab closes it, and focus goes back to the button. Disabled items are skipped.\n\n' +
          '**Do** pass your own `Button` as the trigger and give it a visible name (or `aria-label` for an ' +
          "icon button): the menu is named after it. **Don't** put form fields or long text in a menu: use a " +
          'Popover for that.',
      },
    },
  },
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Closed: only the trigger shows. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Actions' })).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Playground: Story = {};

/** Open: actions with icons, a link, a named group with a description, separators and a disabled item. */
export const Open: Story = {
  parameters: { visual: { target: 'page' } },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Actions' }));
    const menu = await body(canvasElement).findByRole('menu', { name: 'Actions' });
    await expect(within(menu).getByRole('group', { name: 'Copy' })).toBeInTheDocument();
    await expect(within(menu).getByRole('menuitem', { name: 'Fork' })).toHaveAttribute('href', '#fork');
    await expect(within(menu).getByRole('menuitem', { name: 'Leave project' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

/** Aligned with the trigger's end edge, as in a page header's top-right corner. */
export const EndAligned: Story = {
  args: { placement: 'bottom-end' },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Story />
      </div>
    ),
  ],
  parameters: { visual: { target: 'page' } },
  play: async ({ canvas, canvasElement }) => {
    const trigger = await canvas.findByRole('button', { name: 'Actions' });
    await userEvent.click(trigger);
    const menu = await body(canvasElement).findByRole('menu');
    const popover = menu.closest<HTMLElement>('[data-component="Menu"]')!;
    await waitFor(() =>
      expect(popover.getBoundingClientRect().right).toBeCloseTo(trigger.getBoundingClientRect().right, 0),
    );
  },
};

/**
 * Keyboard only: ArrowDown opens on the first item, End jumps to the last enabled one, Home,
 * ArrowDown and Enter choose "Star" and focus goes back to the button; Enter opens again, typing
 * "fo" moves to Fork, Escape closes and gives focus back.
 */
export const Keyboard: Story = {
  play: async ({ args, canvas, canvasElement }) => {
    const trigger = await canvas.findByRole('button', { name: 'Actions' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = await body(canvasElement).findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Edit project' })).toHaveFocus());
    await userEvent.keyboard('{End}');
    await expect(within(menu).getByRole('menuitem', { name: /Copy clone URL/ })).toHaveFocus();
    await userEvent.keyboard('{Home}{ArrowDown}{Enter}');
    await expect(args.onAction).toHaveBeenCalledWith('star');
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await body(canvasElement).findByRole('menu');
    await userEvent.keyboard('fo');
    await expect(body(canvasElement).getByRole('menuitem', { name: 'Fork' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(body(canvasElement).queryByRole('menu')).toBeNull();
  },
};

/** An icon button as the trigger, named with `aria-label`. */
export const IconTrigger: Story = {
  args: {
    children: (
      <Button aria-label="More actions">
        <Icon name="ellipsis_v" />
      </Button>
    ),
  },
  parameters: { visual: { target: 'page' } },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'More actions' }));
    await expect(await body(canvasElement).findByRole('menu', { name: 'More actions' })).toBeInTheDocument();
  },
};
