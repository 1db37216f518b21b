import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { WorkItemHeader } from '../src/components/WorkItemHeader';
import { WORK_ITEM_TYPE_NAMES } from '../src/utils/workItems';
import { waitForOpen, withViewportFill } from './support/overlay';

const NOW = '2026-11-25T12:00:00Z';
const saved = () => fn(() => Promise.resolve());
const refused = () => fn(() => Promise.reject(new Error('Request failed with status code 500')));

const meta = {
  title: 'Components/WorkItemHeader',
  component: WorkItemHeader,
  args: {
    type: 'Issue',
    title: 'Pipeline editor crashes when the file has a BOM',
    reference: '#42',
    state: 'OPEN',
    author: { name: 'Ada Lovelace', webUrl: '#ada' },
    createdAt: '2026-11-22T09:30:00Z',
    now: NOW,
  },
  argTypes: { type: { control: 'select', options: WORK_ITEM_TYPE_NAMES } },
  decorators: [withViewportFill],
  parameters: {
    docs: {
      description: {
        component:
          'The top of a work item page: the parent link, the title as the page heading, the state (Open, Closed), ' +
          'the confidential badge with who can see the item, the type, the reference and who created it when, the ' +
          'close/reopen button and the **More actions** menu (notifications, copy reference, copy e-mail address, ' +
          'promote, move, confidentiality, delete).\n\n' +
          'Every change goes through an async callback (`onTitleChange`, `onStateChange`, ...). Title, ' +
          'confidentiality and notifications change at once and go back, with an error, if the callback rejects. ' +
          'Without `canUpdate` the header is read-only.\n\n' +
          '**Keyboard**: Tab to **Edit title** (or click the title), type, Enter saves and Escape cancels; focus returns ' +
          'to the button. The menu opens with Enter, Space or ArrowDown. Delete asks for confirmation in a dialog.\n\n' +
          'After creating an item elsewhere, call `showWorkItemCreatedToast(type)`.',
      },
    },
  },
} satisfies Meta<typeof WorkItemHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Read-only: what a user who may not edit sees. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Pipeline editor crashes');
    await expect(canvas.queryByRole('button', { name: 'Edit title' })).toBeNull();
  },
};

export const Playground: Story = {
  args: {
    canUpdate: true,
    canSetMetadata: true,
    canDelete: true,
    canMove: true,
    isSubscribed: true,
    createNoteEmail: 'incoming+acme-api-42@forge.example',
    onTitleChange: saved(),
    onStateChange: saved(),
    onConfidentialChange: saved(),
    onSubscribedChange: saved(),
    onMove: fn(),
    onDelete: saved(),
  },
};

/** Editable: the Edit title button, Close issue and the actions. */
export const Editable: Story = {
  args: { ...Playground.args },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Edit title' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Close issue' })).toBeVisible();
  },
};

/** Editing the title: a TitleField with Save and Cancel. */
export const EditingTitle: Story = {
  args: { canUpdate: true, onTitleChange: saved() },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit title' }));
    await expect(canvas.getByRole('textbox', { name: 'Title' })).toHaveFocus();
  },
};

/** A title over 255 characters: the spec's message, and Save does nothing. */
export const TitleTooLong: Story = {
  args: { canUpdate: true, onTitleChange: saved() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit title' }));
    const input = canvas.getByRole('textbox', { name: 'Title' });
    await userEvent.clear(input);
    await userEvent.paste('x'.repeat(256));
    await expect(await canvas.findByText('Title cannot have more than 255 characters.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onTitleChange).not.toHaveBeenCalled();
  },
};

/** The server refused the new title: it goes back, with GitLab's error. */
export const TitleReverted: Story = {
  args: { canUpdate: true, onTitleChange: refused() },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit title' }));
    const input = canvas.getByRole('textbox', { name: 'Title' });
    await userEvent.clear(input);
    await userEvent.type(input, 'A new title{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Something went wrong while updating the work item. Please try again.',
    );
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Pipeline editor crashes');
  },
};

/** Closed, with Reopen. */
export const Closed: Story = {
  args: { state: 'CLOSED', canUpdate: true, onStateChange: saved() },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Closed')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reopen issue' })).toBeVisible();
  },
};

/** Confidential: the badge explains who can see the item (hover it). */
export const Confidential: Story = {
  args: { isConfidential: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Confidential')).toBeVisible();
  },
};

/** A task under its parent issue, shown as a link above the title. */
export const WithParent: Story = {
  args: {
    type: 'Task',
    title: 'Strip the BOM before parsing',
    reference: '#57',
    parent: {
      title: 'Pipeline editor crashes when the file has a BOM',
      reference: '#42',
      webUrl: '#42',
      type: 'Issue',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Parent' })).toBeVisible();
  },
};

/** A very long title wraps; the actions move under it on narrow screens. */
export const LongTitle: Story = {
  args: {
    ...Playground.args,
    title:
      'When a pipeline file starts with a byte order mark the editor refuses to load it, shows an empty canvas and loses every unsaved change made in the visual editor since the last commit',
  },
};

/** The actions menu, open. */
export const ActionsMenu: Story = {
  args: { ...Playground.args },
  play: async ({ canvasElement, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'More actions' }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: 'Copy reference' })).toBeVisible();
    await expect(within(menu).getByRole('menuitem', { name: 'Delete issue' })).toBeVisible();
  },
};

/** Deleting an epic with children asks first, saying the children are released. */
export const DeleteConfirmation: Story = {
  args: { ...Playground.args, type: 'Epic', reference: '&7', hasChildren: true },
  play: async ({ canvasElement, canvas, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await body.findByRole('menuitem', { name: 'Delete epic' }));
    const dialog = await body.findByRole('dialog', { name: 'Delete epic' });
    await waitForOpen(dialog);
    await expect(dialog).toHaveTextContent(
      'Delete this epic and release all child items? This action cannot be reversed.',
    );
    await waitFor(() => expect(args.onDelete).not.toHaveBeenCalled());
  },
};
