// DataProvider (jsdom): nested providers, and each data-bound component taking its adapter from the
// provider when it has no prop of its own: DismissibleCallout, MarkdownEditor's preview, Markdown's
// reference and user popovers, the emoji picker's custom emoji. (UserStatusForm: its own test;
// BroadcastMessage: below.)
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDefaultAdapters } from '../src/client/adapters';
import { createRestClient } from '../src/client/rest';
import { BroadcastMessage } from '../src/components/BroadcastMessage';
import { DataProvider, useDataAdapters, type DataAdapters } from '../src/components/DataProvider';
import { DismissibleCallout, forgetDismissedCallouts } from '../src/components/DismissibleCallout';
import { EMOJI_PICKER_TOGGLE_LABEL, EmojiPicker } from '../src/components/EmojiPicker';
import { resetEmojiMap, type CustomEmojiFetcher } from '../src/emoji';
import { Markdown, MarkdownEditor, renderMarkdown, type MarkdownReference } from '../src/markdown';
import { startRestServer } from './client/helpers/restServer';

beforeEach(() => {
  // Popovers and the emoji store settle outside React's act(), as on a page.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  forgetDismissedCallouts();
  delete document.body.dataset.groupFullPath;
  document.cookie = 'hide_broadcast_message_5=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('DataProvider', () => {
  it('hands its adapters down; a nested provider overrides per adapter', () => {
    const outer: DataAdapters = { reportError: vi.fn(), dismissCallout: vi.fn(async () => {}) };
    const inner: DataAdapters = { dismissCallout: vi.fn(async () => {}) };
    let seen: DataAdapters | undefined;
    function Reader() {
      seen = useDataAdapters();
      return null;
    }
    render(
      <DataProvider adapters={outer}>
        <DataProvider adapters={inner}>
          <Reader />
        </DataProvider>
      </DataProvider>,
    );
    expect(seen?.reportError).toBe(outer.reportError);
    expect(seen?.dismissCallout).toBe(inner.dismissCallout);
  });

  it('gives no adapters without a provider', () => {
    let seen: DataAdapters | undefined;
    function Reader() {
      seen = useDataAdapters();
      return null;
    }
    render(<Reader />);
    expect(seen).toEqual({});
  });
});

describe('components reading the provider', () => {
  it('DismissibleCallout sends its dismissal through dismissCallout; its own prop wins', async () => {
    const user = userEvent.setup();
    const dismissCallout = vi.fn(async () => {});
    const callout = (props = {}) => (
      <DataProvider adapters={{ dismissCallout }}>
        <DismissibleCallout featureName="token_expiry" projectId={3} dismissEndpoint="/-/users/callouts" {...props}>
          Your token expires soon.
        </DismissibleCallout>
      </DataProvider>
    );
    const { unmount } = render(callout());
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Your token expires soon.')).toBeNull());
    expect(dismissCallout).toHaveBeenCalledWith('/-/users/callouts', {
      feature_name: 'token_expiry',
      group_id: undefined,
      namespace_id: undefined,
      project_id: 3,
    });
    unmount();
    forgetDismissedCallouts();

    const sendDismissal = vi.fn(async () => {});
    render(callout({ sendDismissal }));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(sendDismissal).toHaveBeenCalledTimes(1));
    expect(dismissCallout).toHaveBeenCalledTimes(1);
  });

  it('BroadcastMessage posts its dismissal through dismissBroadcastMessage and reports its failure to reportError', async () => {
    const user = userEvent.setup();
    const failure = new Error('Request failed with status code 500');
    const dismissBroadcastMessage = vi.fn(async () => Promise.reject(failure));
    const reportError = vi.fn();
    render(
      <DataProvider adapters={{ dismissBroadcastMessage, reportError }}>
        <BroadcastMessage
          id={5}
          cookieKey="hide_broadcast_message_5"
          messageHtml="Maintenance tonight"
          dismissalPath="/-/broadcast_messages/5/dismiss"
          isDismissible
        />
      </DataProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(reportError).toHaveBeenCalledWith(failure));
    expect(dismissBroadcastMessage).toHaveBeenCalledWith('/-/broadcast_messages/5/dismiss', {
      broadcast_message_id: 5,
      expires_at: undefined,
    });
  });

  it('MarkdownEditor previews through previewMarkdown with its previewUrl', async () => {
    const user = userEvent.setup();
    const previewMarkdown = vi.fn(async (text: string) => ({ body: `<p>Preview of ${text}</p>` }));
    render(
      <DataProvider adapters={{ previewMarkdown }}>
        <MarkdownEditor label="Description" defaultValue="Hello" previewUrl="/g/p/-/preview_markdown" />
      </DataProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    // The preview renders again as its Markdown enhancements arrive: wait for the settled one.
    await waitFor(() => expect(screen.getByText('Preview of Hello')).toBeVisible());
    expect(previewMarkdown).toHaveBeenCalledExactlyOnceWith('Hello', '/g/p/-/preview_markdown');
  });

  it('Markdown previews references through fetchReference', async () => {
    const user = userEvent.setup();
    const fetchReference = vi.fn(async () => ({ title: 'Crash on save', reference: 'g/p#12', state: 'opened' }));
    const html = await renderMarkdown('See #12', {
      resolveReferences: async (refs: MarkdownReference[]) =>
        refs.map(() => ({ url: '/g/p/-/issues/12', id: 1, project: 'g/p', title: 'Crash on save' })),
    });
    render(
      <DataProvider adapters={{ fetchReference }}>
        <Markdown html={html} />
      </DataProvider>,
    );
    await user.hover(await screen.findByRole('link', { name: /#12/ }));
    expect(await screen.findByRole('dialog', { name: 'Crash on save' })).toBeInTheDocument();
    expect(fetchReference).toHaveBeenCalledWith(expect.objectContaining({ type: 'issue', project: 'g/p', iid: 12 }));
  });

  it('the emoji picker loads the page group’s custom emoji through fetchCustomEmoji', async () => {
    resetEmojiMap();
    document.body.dataset.groupFullPath = 'gitlab-org';
    const fetchCustomEmoji = vi.fn<CustomEmojiFetcher>(async () => ({
      group: { id: '1', customEmoji: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] } },
    }));
    render(
      <DataProvider adapters={{ fetchCustomEmoji }}>
        <EmojiPicker onSelect={() => {}} />
      </DataProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: EMOJI_PICKER_TOGGLE_LABEL }));
    await waitFor(() => expect(fetchCustomEmoji).toHaveBeenCalled());
    expect(fetchCustomEmoji.mock.calls[0]![1]).toEqual({ groupPath: 'gitlab-org', after: '' });
    resetEmojiMap();
  });
});

describe('the default adapters behind the provider, against a loopback server', () => {
  it('the user popover loads the user and shows the server’s follow error, or the spec text for unfollow', async () => {
    const user = userEvent.setup();
    const ada = { id: 7, username: 'ada', name: 'Ada Lovelace', state: 'active', avatar_url: null, bot: false };
    let isFollowed = false;
    const server = await startRestServer((request) => {
      const route = `${request.method} ${request.url}`;
      if (route === 'GET /api/v4/users/7') return { body: { ...ada, is_followed: isFollowed } };
      if (route === 'GET /api/v4/users/7/status') return { body: { emoji: null, availability: 'not_set' } };
      if (route === 'POST /api/v4/users/7/follow')
        return { status: 403, body: { message: 'You cannot follow more users' } };
      return { status: 500, body: {} };
    });
    try {
      const html = await renderMarkdown('Thanks @ada', {
        resolveReferences: async (refs: MarkdownReference[]) =>
          refs.map(() => ({ url: '/ada', id: 7, title: ada.name })),
      });
      // Fresh adapters per page: the popover keeps each user's data per adapter for the page's life.
      const page = () => (
        <DataProvider adapters={createDefaultAdapters({ client: createRestClient({ baseUrl: server.origin }) })}>
          <Markdown html={html} options={{ currentUser: { id: 1, username: 'grace' } }} />
        </DataProvider>
      );
      const { unmount } = render(page());
      await user.hover(await screen.findByRole('link', { name: '@ada' }));
      const dialog = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
      await user.click(await within(dialog).findByRole('button', { name: 'Follow' }));
      expect(await within(dialog).findByText('You cannot follow more users')).toBeInTheDocument();
      unmount();

      // A user followed already: unfollowing fails with a 500 and no message, so the spec's text shows.
      isFollowed = true;
      render(page());
      await user.hover(await screen.findByRole('link', { name: '@ada' }));
      const again = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
      await user.click(await within(again).findByRole('button', { name: 'Unfollow' }));
      expect(
        await within(again).findByText('An error occurred while trying to unfollow this user, please try again.'),
      ).toBeInTheDocument();
      expect(server.requests.map((request) => `${request.method} ${request.url}`)).toContain(
        'POST /api/v4/users/7/unfollow',
      );
    } finally {
      await server.close();
    }
  });
});
