import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../src/components/Button';
import {
  INVITE_MEMBERS_TEXTS,
  InviteMembersModal,
  type InvitableUser,
  type InviteMembersModalProps,
} from '../src/components/InviteMembersModal';
import { waitForOpen, withViewportFill } from './support/overlay';

const USERS: InvitableUser[] = [
  { id: 4, username: 'bjorn', name: 'Björn Lind' },
  { id: 5, username: 'bilal', name: 'Bilal Haddad' },
  { id: 6, username: 'beatriz', name: 'Beatriz Souza' },
];

const searchUsers = async (text: string) =>
  USERS.filter((user) => `${user.username} ${user.name}`.toLowerCase().includes(text.toLowerCase()));

const page = (context: { canvasElement: HTMLElement }) => within(context.canvasElement.ownerDocument.body);

/** The page's "Invite members" button opening the modal. */
function WithTrigger(props: InviteMembersModalProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{INVITE_MEMBERS_TEXTS.title}</Button>
      <InviteMembersModal {...props} open={open} onOpenChange={setOpen} />
    </>
  );
}

async function openModal(context: { canvasElement: HTMLElement }) {
  await userEvent.click(within(context.canvasElement).getByRole('button', { name: INVITE_MEMBERS_TEXTS.title }));
  const dialog = await page(context).findByRole('dialog', { name: INVITE_MEMBERS_TEXTS.title });
  await waitForOpen(dialog);
  return within(dialog);
}

const meta = {
  title: 'Components/InviteMembersModal',
  component: InviteMembersModal,
  args: { name: 'Router', sourceType: 'project', searchUsers, invite: fn(async () => undefined) },
  render: (args) => <WithTrigger {...args} />,
  decorators: [withViewportFill],
  parameters: {
    docs: {
      description: {
        component:
          'Invites users to a project or group: search by username, name or email, pick one or more, choose ' +
          'a role (Guest, Reporter, Developer, Maintainer, Owner) and an optional access expiration date. ' +
          'Success closes the modal and shows the toast "Members were successfully added"; a failure stays in ' +
          "the modal with the server's message.\n\n" +
          'Data comes through two functions: `searchUsers(text)` and `invite({ userIds, accessLevel, expiresAt })` ' +
          '(`searchInvitableUsers` and `addMembers` of `forgekit/client`). Products load it when the browser is ' +
          'idle, as its trigger is on the page.\n\n' +
          '**Keyboard and screen readers:** a modal dialog named "Invite members" and described by its ' +
          'introduction; search results are checkboxes in a group named "Users"; each picked user has a remove ' +
          'button; Escape closes.',
      },
    },
  },
} satisfies Meta<typeof InviteMembersModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opened, with two users picked. */
export const Default: Story = {
  play: async (context) => {
    const dialog = await openModal(context);
    await userEvent.type(dialog.getByLabelText(INVITE_MEMBERS_TEXTS.search), 'b');
    await userEvent.click(await dialog.findByRole('checkbox', { name: /Björn Lind/ }));
    await userEvent.click(dialog.getByRole('checkbox', { name: /Bilal Haddad/ }));
    await expect(dialog.getByRole('list', { name: INVITE_MEMBERS_TEXTS.selected })).toHaveTextContent(/Björn.*Bilal/);
  },
};

export const Playground: Story = {};

/** Inviting a group's members: the introduction names the group. */
export const Group: Story = {
  args: { name: 'Atlas', sourceType: 'group' },
  play: async (context) => {
    const dialog = await openModal(context);
    await expect(dialog.getByText("You're inviting members to the Atlas group.")).toBeVisible();
  },
};

/** The search found nobody. */
export const NoMatches: Story = {
  play: async (context) => {
    const dialog = await openModal(context);
    await userEvent.type(dialog.getByLabelText(INVITE_MEMBERS_TEXTS.search), 'zed');
    await expect(await dialog.findByText(INVITE_MEMBERS_TEXTS.noResults)).toBeVisible();
  },
};

/** The server refused: its message stays in the modal. */
export const Failure: Story = {
  args: { invite: fn(async () => Promise.reject(new Error('Member already exists'))) },
  play: async (context) => {
    const dialog = await openModal(context);
    await userEvent.type(dialog.getByLabelText(INVITE_MEMBERS_TEXTS.search), 'bj');
    await userEvent.click(await dialog.findByRole('checkbox', { name: /Björn Lind/ }));
    await userEvent.click(dialog.getByRole('button', { name: INVITE_MEMBERS_TEXTS.invite }));
    await expect(await dialog.findByText(INVITE_MEMBERS_TEXTS.error)).toBeVisible();
  },
};
