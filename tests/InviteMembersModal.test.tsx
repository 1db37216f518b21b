// jsdom: the invite-members modal: user search through its adapter, several users picked, the role
// and expiry sent to `invite`, success (closed, toast 'Members were successfully added'), failure
// (the server's message stays in the modal), nothing selected, no matches, server render.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../src/client/rest/errors';
import {
  INVITE_MEMBERS_DEFAULT_ACCESS_LEVEL,
  INVITE_MEMBERS_TEXTS,
  InviteMembersModal,
  type InvitableUser,
} from '../src/components/InviteMembersModal';
import { hideAllToasts } from '../src/components/Toast';

const USERS: InvitableUser[] = [
  { id: 4, username: 'bjorn', name: 'Björn Lind' },
  { id: 5, username: 'bilal', name: 'Bilal Haddad' },
];
const search = vi.fn(async (text: string) => USERS.filter((user) => user.username.startsWith(text)));

afterEach(() => {
  // The toast stack is a React root of its own: hiding its toasts renders it, inside act().
  act(() => hideAllToasts());
  search.mockClear();
});

const dialog = () => screen.getByRole('dialog', { name: INVITE_MEMBERS_TEXTS.title });

async function pick(user: ReturnType<typeof userEvent.setup>, text: string, names: string[]) {
  await user.type(within(dialog()).getByLabelText(INVITE_MEMBERS_TEXTS.search), text);
  for (const name of names) await user.click(await within(dialog()).findByRole('checkbox', { name: new RegExp(name) }));
}

describe('InviteMembersModal', () => {
  it('searches users, invites the picked ones with the role and expiry, then closes with a toast', async () => {
    const invite = vi.fn(async () => undefined);
    const onInvited = vi.fn();
    const user = userEvent.setup();
    render(<InviteMembersModal name="Router" searchUsers={search} invite={invite} onInvited={onInvited} defaultOpen />);
    expect(dialog()).toHaveAccessibleDescription("You're inviting members to the Router project.");
    expect(within(dialog()).getByLabelText(INVITE_MEMBERS_TEXTS.role)).toHaveValue(
      String(INVITE_MEMBERS_DEFAULT_ACCESS_LEVEL),
    );
    await pick(user, 'b', ['Björn Lind', 'Bilal Haddad']);
    expect(search).toHaveBeenLastCalledWith('b');
    expect(within(dialog()).getByRole('list', { name: INVITE_MEMBERS_TEXTS.selected })).toHaveTextContent(
      /Björn Lind.*Bilal Haddad/,
    );
    await user.selectOptions(within(dialog()).getByLabelText(INVITE_MEMBERS_TEXTS.role), 'Developer');
    await user.type(within(dialog()).getByLabelText(INVITE_MEMBERS_TEXTS.expiresAt), '2030-01-31');
    await user.click(within(dialog()).getByRole('button', { name: INVITE_MEMBERS_TEXTS.invite }));

    expect(invite).toHaveBeenCalledWith({ userIds: [4, 5], accessLevel: 30, expiresAt: '2030-01-31' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(INVITE_MEMBERS_TEXTS.success)).toBeInTheDocument();
    expect(onInvited).toHaveBeenCalledOnce();
  });

  it('keeps the modal open with the server’s message when the invitation fails', async () => {
    const invite = vi.fn(async () => {
      throw new HttpError(409, { message: 'Member already exists' });
    });
    const user = userEvent.setup();
    render(<InviteMembersModal name="Router" searchUsers={search} invite={invite} defaultOpen />);
    await pick(user, 'bj', ['Björn Lind']);
    await user.click(within(dialog()).getByRole('button', { name: INVITE_MEMBERS_TEXTS.invite }));
    expect(await within(dialog()).findByText('Member already exists')).toBeInTheDocument();
    expect(screen.queryByText(INVITE_MEMBERS_TEXTS.success)).toBeNull();
  });

  it('asks for a user before inviting, and says when the search finds nobody', async () => {
    const invite = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(<InviteMembersModal name="Atlas" sourceType="group" searchUsers={search} invite={invite} defaultOpen />);
    expect(dialog()).toHaveAccessibleDescription("You're inviting members to the Atlas group.");
    await user.click(within(dialog()).getByRole('button', { name: INVITE_MEMBERS_TEXTS.invite }));
    expect(within(dialog()).getByText(INVITE_MEMBERS_TEXTS.noUsers)).toBeInTheDocument();
    expect(invite).not.toHaveBeenCalled();
    await user.type(within(dialog()).getByLabelText(INVITE_MEMBERS_TEXTS.search), 'zed');
    expect(await within(dialog()).findByText(INVITE_MEMBERS_TEXTS.noResults)).toBeInTheDocument();
  });

  it('renders nothing on the server while closed', () => {
    expect(renderToString(<InviteMembersModal name="Router" searchUsers={search} invite={vi.fn()} />)).toBe('');
  });
});
