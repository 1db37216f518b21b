// UserPopovers (jsdom): the user popover on a page's user links (`js-user-link`), not only in
// Markdown: signed-in viewers only, links rendered later served too, the DataProvider's adapters,
// follow toggling, unmounting stops it. The card itself is covered by markdownMentions.test.tsx.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataProvider } from '../src/components/DataProvider';
import { UserPopovers, USER_POPOVER_TEXTS, type UserPopoverData } from '../src/markdown';
import { userLinkAttributes } from '../src/utils';
import {
  loadReferencePopoverUi,
  REFERENCE_POPOVER_ROOT_ATTRIBUTE,
} from '../src/markdown/pipeline/enhancers/referencePopoverManager';

const VIEWER = { id: 1, username: 'amara' };
const BOB: UserPopoverData = {
  id: 2,
  username: 'bob',
  name: 'Bob Builder',
  status: { availability: 'busy', message_html: 'Heads down' },
};

// The card's chunk (loaded on the first opening) and the positioning code, loaded (and, on a first
// run, compiled) up front: the tests' findBy waits are for the card, and a busy machine took longer
// than their one second to compile both.
beforeAll(async () => {
  await Promise.all([loadReferencePopoverUi(), import('../src/components/Tooltip/floatingPosition')]);
});

afterEach(async () => {
  // Unmounting the page disposes the popovers, whose root unmounts in a microtask after that:
  // inside act(), or React warns that the update to that root was not wrapped in act(...).
  await act(async () => {
    cleanup();
    await Promise.resolve();
  });
  document.body.innerHTML = '';
});

function UserLink({ id, username }: { id: number; username: string }) {
  return (
    <a href={`/${username}`} {...userLinkAttributes({ id, username })}>
      {username}
    </a>
  );
}

/** A page whose list of links changes after the first render, as a page after navigation does. */
function Page(props: Parameters<typeof UserPopovers>[0]) {
  const [isLater, setLater] = useState(false);
  return (
    <>
      <UserPopovers {...props} />
      <UserLink id={2} username="bob" />
      <a href="/plain">plain link</a>
      <button type="button" onClick={() => setLater(true)}>
        more
      </button>
      {isLater ? <UserLink id={3} username="carol" /> : null}
    </>
  );
}

const roots = () => document.querySelectorAll(`[${REFERENCE_POPOVER_ROOT_ATTRIBUTE}]`);

describe('UserPopovers', () => {
  it('shows the user popover on a user link: name, username, Busy, status', async () => {
    const fetchUser = vi.fn(async () => BOB);
    const user = userEvent.setup();
    render(<Page currentUser={VIEWER} fetchUser={fetchUser} />);
    await user.hover(screen.getByRole('link', { name: 'bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bob Builder' });
    expect(within(dialog).getByText('@bob')).toBeInTheDocument();
    expect(within(dialog).getByText(USER_POPOVER_TEXTS.busy)).toBeInTheDocument();
    expect(within(dialog).getByText('Heads down')).toBeInTheDocument();
    expect(fetchUser).toHaveBeenCalledWith({ id: '2', username: 'bob' });
  });

  it('serves links rendered after it mounted, and ignores other links', async () => {
    const fetchUser = vi.fn(async ({ username }: { username?: string }) => ({
      id: 3,
      username: username!,
      name: 'Carol',
    }));
    const user = userEvent.setup();
    render(<Page currentUser={VIEWER} fetchUser={fetchUser} />);
    await user.hover(screen.getByRole('link', { name: 'plain link' }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'more' }));
    await user.hover(screen.getByRole('link', { name: 'carol' }));
    expect(await screen.findByRole('dialog', { name: 'Carol' })).toBeInTheDocument();
  });

  it('does nothing for an anonymous visitor (spec section 6)', async () => {
    const fetchUser = vi.fn(async () => BOB);
    const user = userEvent.setup();
    render(<Page currentUser={null} fetchUser={fetchUser} />);
    await user.hover(screen.getByRole('link', { name: 'bob' }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchUser).not.toHaveBeenCalled();
    expect(roots()).toHaveLength(0);
  });

  it('takes the DataProvider’s adapters and follows through them', async () => {
    const fetchUser = vi.fn(async () => ({ ...BOB, status: null, isFollowed: false }));
    const followUser = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(
      <DataProvider adapters={{ fetchUser, followUser }}>
        <Page currentUser={VIEWER} />
      </DataProvider>,
    );
    await user.hover(screen.getByRole('link', { name: 'bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bob Builder' });
    await user.click(within(dialog).getByRole('button', { name: USER_POPOVER_TEXTS.follow }));
    expect(await within(dialog).findByRole('button', { name: USER_POPOVER_TEXTS.unfollow })).toBeInTheDocument();
    expect(followUser).toHaveBeenCalledWith(2, true);
  });

  it('stops serving when unmounted', async () => {
    const fetchUser = vi.fn(async () => BOB);
    const user = userEvent.setup();
    const { rerender } = render(<Page currentUser={VIEWER} fetchUser={fetchUser} />);
    rerender(<Page currentUser={null} fetchUser={fetchUser} />);
    await user.hover(screen.getByRole('link', { name: 'bob' }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchUser).not.toHaveBeenCalled();
  });
});
