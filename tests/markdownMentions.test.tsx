// Mentions enhancer (jsdom): user popovers only for signed-in viewers, fetched once per user,
// the viewer's own mentions highlighted, follow toggling, blocked/busy texts, delegation (no React
// root before the first hover) and dispose. Real timing, focus and Escape: markdownMentions.browser.test.tsx.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../src/client/rest/errors';
import {
  Markdown,
  renderGfm,
  renderMarkdown,
  type MarkdownReference,
  type RenderGfmOptions,
  type ResolvedReference,
} from '../src/markdown';
import {
  CURRENT_USER_MENTION_CLASS,
  MENTION_POPOVER_SHOW_DELAY,
  mentionsEnhancer,
  USER_POPOVER_TEXTS,
  type UserPopoverData,
} from '../src/markdown/pipeline/enhancers/mentions';
import { REFERENCE_POPOVER_ROOT_ATTRIBUTE } from '../src/markdown/pipeline/enhancers/referencePopoverManager';

const USERS: Record<string, { id: number; title: string }> = {
  alice: { id: 1, title: 'Alice Example' },
  bob: { id: 2, title: 'Bob Builder' },
  carol: { id: 3, title: 'Carol Blocked' },
};

/** Links users by name, `@devs` as a group. */
async function resolve(refs: MarkdownReference[]): Promise<(ResolvedReference | null)[]> {
  return refs.map((ref) => {
    if (ref.type !== 'user' || !ref.name) return null;
    if (ref.name === 'devs') return { url: '/groups/devs', type: 'group', id: 9, title: 'Developers' };
    const user = USERS[ref.name];
    return user ? { url: `/${ref.name}`, id: user.id, title: user.title } : null;
  });
}

function userData(username: string, extra: Partial<UserPopoverData> = {}): UserPopoverData {
  const user = USERS[username]!;
  return { id: user.id, username, name: user.title, ...extra };
}

const fetchAny = () => vi.fn(async ({ username }: { id?: string; username?: string }) => userData(username!));

const VIEWER = { id: 1, username: 'alice' };

const handles: { dispose(): void }[] = [];
beforeEach(() => {
  // The popovers open from timers and document events, outside React, as on a real page.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(async () => {
  cleanup();
  for (const handle of handles.splice(0)) handle.dispose();
  await Promise.resolve(); // roots unmount in a microtask
  document.body.innerHTML = '';
  vi.useRealTimers();
});

async function setup(text: string, options: RenderGfmOptions) {
  const container = document.createElement('div');
  container.innerHTML = await renderMarkdown(text, { resolveReferences: resolve });
  document.body.append(container);
  const handle = renderGfm(container, { enhancers: [mentionsEnhancer], ...options });
  handles.push(handle);
  await handle.done;
  return { container, handle, link: (name: string) => within(container).getAllByRole('link', { name })[0]! };
}

const roots = () => document.querySelectorAll(`[${REFERENCE_POPOVER_ROOT_ATTRIBUTE}]`);

describe('anonymous viewers', () => {
  it('get plain links: no popover, no highlight, nothing fetched', async () => {
    vi.useFakeTimers();
    const fetchUser = fetchAny();
    const { link } = await setup('Hi @alice and @bob', { currentUser: null, mentions: { fetchUser } });
    fireEvent.mouseOver(link('@alice'));
    act(() => vi.advanceTimersByTime(MENTION_POPOVER_SHOW_DELAY * 2));
    link('@alice').focus();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchUser).not.toHaveBeenCalled();
    expect(roots()).toHaveLength(0);
    expect(document.querySelector(`.${CURRENT_USER_MENTION_CLASS}`)).toBeNull();
    expect(link('@alice')).toHaveAttribute('title', 'Alice Example');
  });
});

describe('signed-in viewers', () => {
  it('see the user popover on hover, fetched once per user', async () => {
    const fetchUser = fetchAny();
    const user = userEvent.setup();
    const { link } = await setup('@bob, @bob again and @carol', { currentUser: VIEWER, mentions: { fetchUser } });
    const [first, second] = screen.getAllByRole('link', { name: '@bob' });

    await user.hover(first!);
    const dialog = await screen.findByRole('dialog', { name: 'Bob Builder' });
    expect(within(dialog).getByText('@bob')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-describedby', dialog.id);
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(fetchUser).toHaveBeenCalledWith({ id: '2', username: 'bob' });

    await user.unhover(first!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(first).not.toHaveAttribute('aria-describedby');

    await user.hover(second!);
    await screen.findByRole('dialog', { name: 'Bob Builder' });
    await user.hover(link('@carol'));
    await screen.findByRole('dialog', { name: 'Carol Blocked' });
    expect(fetchUser.mock.calls.map(([arg]) => arg.username)).toEqual(['bob', 'carol']);
  });

  it('opens after the 200 ms hover delay, not before', async () => {
    vi.useFakeTimers();
    const { link } = await setup('@bob', { currentUser: VIEWER, mentions: { fetchUser: fetchAny() } });
    fireEvent.mouseOver(link('@bob'));
    act(() => vi.advanceTimersByTime(MENTION_POPOVER_SHOW_DELAY - 1));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Leaving before the delay cancels the opening.
    fireEvent.mouseOut(link('@bob'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the full profile: name, pronouns, username, status, bio, work, location, local time, website', async () => {
    const fetchUser = vi.fn(async () =>
      userData('bob', {
        pronouns: 'he/him',
        bio: 'Builds things.',
        workInformation: 'Engineer at Acme',
        location: 'Berlin',
        localTime: '3:42 PM',
        websiteUrl: 'https://bob.example.com',
        status: {
          emoji: 'coffee',
          message_html: 'On <b>coffee</b><img src=x onerror="alert(1)">',
          availability: 'not_set',
        },
        bot: true,
      }),
    );
    const { link } = await setup('@bob', { currentUser: VIEWER, mentions: { fetchUser } });
    await userEvent.hover(link('@bob'));
    const dialog = await screen.findByRole('dialog', { name: 'Bob Builder' });
    const inside = within(dialog);
    expect(inside.getByText('(he/him)')).toBeInTheDocument();
    expect(inside.getByText('Builds things.')).toBeInTheDocument();
    expect(inside.getByText('Engineer at Acme')).toBeInTheDocument();
    expect(inside.getByRole('img', { name: USER_POPOVER_TEXTS.workInformation })).toBeInTheDocument();
    expect(inside.getByText('Berlin')).toBeInTheDocument();
    expect(inside.getByText('3:42 PM')).toBeInTheDocument();
    expect(inside.getByRole('link', { name: 'bob.example.com' })).toHaveAttribute('href', 'https://bob.example.com');
    expect(inside.getByText(USER_POPOVER_TEXTS.bot)).toBeInTheDocument();
    expect(dialog.querySelector('gl-emoji')).toHaveAttribute('data-name', 'coffee');
    // Status HTML through the inline profile: markup kept, handlers gone.
    expect(inside.getByText('coffee', { selector: 'b' })).toBeInTheDocument();
    expect(dialog.querySelector('[onerror]')).toBeNull();
    expect(inside.queryByText(USER_POPOVER_TEXTS.busy)).toBeNull();
    expect(dialog.querySelector('[data-component="Avatar"], [data-component="Avatar.Identicon"]')).not.toBeNull();
  });

  it("marks a busy user 'Busy' and a blocked one 'User is blocked' (no profile, no follow button)", async () => {
    const fetchUser = vi.fn(async ({ username }: { username?: string }) =>
      username === 'bob'
        ? userData('bob', { status: { availability: 'busy' } })
        : userData('carol', { state: 'blocked', bio: 'hidden bio' }),
    );
    const follow = vi.fn(async () => {});
    const { link } = await setup('@bob @carol', { currentUser: VIEWER, mentions: { fetchUser, follow } });
    await userEvent.hover(link('@bob'));
    const busy = await screen.findByRole('dialog', { name: 'Bob Builder' });
    expect(within(busy).getByText('Busy')).toBeInTheDocument();
    expect(within(busy).getByRole('button', { name: 'Follow' })).toBeInTheDocument();

    await userEvent.hover(link('@carol'));
    const blocked = await screen.findByRole('dialog', { name: 'Carol Blocked' });
    expect(within(blocked).getByText('User is blocked')).toBeInTheDocument();
    expect(within(blocked).queryByText('hidden bio')).toBeNull();
    expect(within(blocked).queryByRole('button')).toBeNull();
  });

  it('shows a skeleton until the data arrives, and an error when it fails (retried next time)', async () => {
    let finish!: (data: UserPopoverData) => void;
    const fetchUser = vi
      .fn<(user: { id?: string; username?: string }) => Promise<UserPopoverData>>()
      .mockImplementationOnce(() => new Promise((done) => (finish = done)))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(userData('carol'));
    const { link } = await setup('@bob @carol', { currentUser: VIEWER, mentions: { fetchUser } });
    await userEvent.hover(link('@bob'));
    const dialog = await screen.findByRole('dialog', { name: '@bob' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading');
    act(() => finish(userData('bob')));
    expect(await within(dialog).findByText('Bob Builder')).toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).toBeNull();

    await userEvent.hover(link('@carol'));
    expect(await screen.findByText(USER_POPOVER_TEXTS.loadError)).toBeInTheDocument();
    await userEvent.unhover(link('@carol'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.hover(link('@carol'));
    expect(await screen.findByRole('dialog', { name: 'Carol Blocked' })).toBeInTheDocument();
    expect(fetchUser).toHaveBeenCalledTimes(3);
  });

  it('leaves group mentions alone', async () => {
    vi.useFakeTimers();
    const fetchUser = fetchAny();
    const { link } = await setup('@devs', { currentUser: VIEWER, mentions: { fetchUser } });
    expect(link('@devs')).toHaveAttribute('data-group', '9');
    fireEvent.mouseOver(link('@devs'));
    await act(() => vi.advanceTimersByTimeAsync(MENTION_POPOVER_SHOW_DELAY * 2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('has no popover without a fetchUser adapter (the highlight stays)', async () => {
    vi.useFakeTimers();
    const { link } = await setup('@alice @bob', { currentUser: VIEWER });
    fireEvent.mouseOver(link('@bob'));
    await act(() => vi.advanceTimersByTimeAsync(MENTION_POPOVER_SHOW_DELAY * 2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(link('@alice')).toHaveClass(CURRENT_USER_MENTION_CLASS);
  });
});

describe('current-user highlight', () => {
  it("marks the viewer's own mentions (by id or username) and nobody else's, until dispose", async () => {
    const { link, handle } = await setup('@alice @bob @devs', {
      currentUser: { id: '1', username: 'someone-renamed' },
    });
    expect(link('@alice')).toHaveClass(CURRENT_USER_MENTION_CLASS);
    expect(link('@bob')).not.toHaveClass(CURRENT_USER_MENTION_CLASS);
    expect(link('@devs')).not.toHaveClass(CURRENT_USER_MENTION_CLASS);
    handle.dispose();
    expect(link('@alice')).not.toHaveClass(CURRENT_USER_MENTION_CLASS);
  });

  it('matches server-rendered mentions by username when there is no data-user', async () => {
    const container = document.createElement('div');
    container.innerHTML =
      '<p><a href="/Alice" class="gfm gfm-project_member" data-reference-type="user" data-username="Alice">@Alice</a></p>';
    document.body.append(container);
    const handle = renderGfm(container, { enhancers: [mentionsEnhancer], currentUser: VIEWER });
    handles.push(handle);
    expect(within(container).getByRole('link')).toHaveClass(CURRENT_USER_MENTION_CLASS);
  });

  it('is for signed-in viewers only', async () => {
    const { link } = await setup('@alice', {});
    expect(link('@alice')).not.toHaveClass(CURRENT_USER_MENTION_CLASS);
  });
});

describe('follow button', () => {
  it('toggles follow and unfollow through the adapter, and remembers it for the page', async () => {
    const fetchUser = fetchAny();
    const follow = vi.fn(async () => {});
    const user = userEvent.setup();
    const { link } = await setup('@bob', { currentUser: VIEWER, mentions: { fetchUser, follow } });
    await user.hover(link('@bob'));
    const dialog = await screen.findByRole('dialog', { name: 'Bob Builder' });
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    expect(follow).toHaveBeenLastCalledWith(2, true);
    const unfollow = await within(dialog).findByRole('button', { name: 'Unfollow' });
    await user.click(unfollow);
    expect(follow).toHaveBeenLastCalledWith(2, false);
    await user.click(await within(dialog).findByRole('button', { name: 'Follow' }));
    await within(dialog).findByRole('button', { name: 'Unfollow' });

    await user.unhover(within(dialog).getByRole('button'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.hover(link('@bob'));
    const again = await screen.findByRole('dialog', { name: 'Bob Builder' });
    expect(within(again).getByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message, else the spec's texts, when following or unfollowing fails", async () => {
    const fetchUser = vi.fn(async () => userData('bob', { isFollowed: false }));
    const follow = vi
      .fn<(id: number | string, follow: boolean) => Promise<void>>()
      .mockRejectedValueOnce(new HttpError(422, { message: 'You cannot follow more users.' }))
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce()
      .mockRejectedValueOnce(new HttpError(500, { message: 'ignored for unfollow' }));
    const user = userEvent.setup();
    const { link } = await setup('@bob', { currentUser: VIEWER, mentions: { fetchUser, follow } });
    await user.hover(link('@bob'));
    const dialog = await screen.findByRole('dialog', { name: 'Bob Builder' });
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot follow more users.');
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'An error occurred while trying to follow this user, please try again.',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Unfollow' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'An error occurred while trying to unfollow this user, please try again.',
      ),
    );
    expect(within(dialog).getByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
  });

  it("is hidden on the viewer's own popover and without a follow adapter", async () => {
    const fetchUser = fetchAny();
    const { link } = await setup('@alice @bob', { currentUser: VIEWER, mentions: { fetchUser, follow: vi.fn() } });
    await userEvent.hover(link('@alice'));
    const own = await screen.findByRole('dialog', { name: 'Alice Example' });
    expect(within(own).queryByRole('button')).toBeNull();
    await userEvent.hover(link('@bob'));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();

    for (const handle of handles.splice(0)) handle.dispose();
    await act(async () => {});
    document.body.innerHTML = '';
    const second = await setup('@bob', { currentUser: VIEWER, mentions: { fetchUser } });
    await userEvent.hover(second.link('@bob'));
    const noAdapter = await screen.findByRole('dialog', { name: 'Bob Builder' });
    expect(within(noAdapter).queryByRole('button')).toBeNull();
  });
});

describe('delegation and lifetime', () => {
  it('creates no React root before the first hover, and one for all the mentions after', async () => {
    const text = Array.from({ length: 50 }, (_, i) => (i % 2 ? '@bob' : '@carol')).join(' ');
    const { container } = await setup(text, { currentUser: VIEWER, mentions: { fetchUser: fetchAny() } });
    const links = within(container).getAllByRole('link');
    expect(links).toHaveLength(50);
    expect(roots()).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    for (const link of links.slice(0, 3)) {
      await userEvent.hover(link);
      await screen.findByRole('dialog', { name: link.textContent === '@bob' ? 'Bob Builder' : 'Carol Blocked' });
    }
    expect(roots()).toHaveLength(1);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('dispose removes the popover, the root and the listeners, and gives titles back', async () => {
    const fetchUser = fetchAny();
    const { link, handle } = await setup('@bob', { currentUser: VIEWER, mentions: { fetchUser } });
    await userEvent.hover(link('@bob'));
    await screen.findByRole('dialog');
    expect(link('@bob')).not.toHaveAttribute('title');
    handle.dispose();
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(roots()).toHaveLength(0);
    expect(link('@bob')).toHaveAttribute('title', 'Bob Builder');
    expect(link('@bob')).not.toHaveAttribute('aria-describedby');
    vi.useFakeTimers();
    fireEvent.mouseOut(link('@bob'));
    fireEvent.mouseOver(link('@bob'));
    await act(() => vi.advanceTimersByTimeAsync(MENTION_POPOVER_SHOW_DELAY * 2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens on keyboard focus and closes with Escape', async () => {
    const user = userEvent.setup();
    await setup('@bob', { currentUser: VIEWER, mentions: { fetchUser: fetchAny() } });
    await user.tab();
    expect(await screen.findByRole('dialog', { name: 'Bob Builder' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keyboard: Tab moves into the card, Shift+Tab back, Escape inside returns focus to the mention', async () => {
    const user = userEvent.setup();
    const { link } = await setup('@bob', { currentUser: VIEWER, mentions: { fetchUser: fetchAny(), follow: vi.fn() } });
    await user.tab();
    const dialog = await screen.findByRole('dialog', { name: 'Bob Builder' });
    const follow = await within(dialog).findByRole('button', { name: 'Follow' });
    await user.tab();
    expect(follow).toHaveFocus();
    await user.tab({ shift: true });
    expect(link('@bob')).toHaveFocus();
    expect(screen.getByRole('dialog')).toBe(dialog);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(link('@bob')).toHaveFocus();
  });

  it('survives a StrictMode remount (dispose, then a second run over the same links)', async () => {
    const html = await renderMarkdown('Ping @bob and @alice', { resolveReferences: resolve });
    const fetchUser = fetchAny();
    render(
      <StrictMode>
        <Markdown
          html={html}
          options={{ enhancers: [mentionsEnhancer], currentUser: VIEWER, mentions: { fetchUser } }}
        />
      </StrictMode>,
    );
    expect(await screen.findByRole('link', { name: '@alice' })).toHaveClass(CURRENT_USER_MENTION_CLASS);
    await userEvent.hover(screen.getByRole('link', { name: '@bob' }));
    expect(await screen.findByRole('dialog', { name: 'Bob Builder' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(roots()).toHaveLength(1);
  });

  it('works through <Markdown> (sanitised HTML, then the pipeline)', async () => {
    const html = await renderMarkdown('Ping @bob', { resolveReferences: resolve });
    const fetchUser = fetchAny();
    render(
      <Markdown
        html={html}
        options={{ enhancers: [mentionsEnhancer], currentUser: VIEWER, mentions: { fetchUser } }}
      />,
    );
    await userEvent.hover(await screen.findByRole('link', { name: '@bob' }));
    expect(await screen.findByRole('dialog', { name: 'Bob Builder' })).toBeInTheDocument();
  });
});
