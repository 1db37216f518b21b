import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BroadcastMessage,
  BROADCAST_MESSAGE_THEMES,
  resolveDismissalPath,
  updateBroadcastBannersHeight,
  type BroadcastMessageProps,
} from '../src/components/BroadcastMessage';
import { getCookie, removeCookie } from '../src/utils/storage';
import { BROADCAST_BANNERS_HEIGHT_PROPERTY } from '../src/tokens';

const EXPIRES = '2030-01-31T12:00:00.000Z';

function renderMessage(props: Partial<BroadcastMessageProps> = {}) {
  const sendDismissal = vi.fn(() => Promise.resolve());
  const utils = render(
    <BroadcastMessage
      id={17}
      cookieKey="hide_broadcast_message_17"
      messageHtml='Maintenance on <strong>Saturday</strong>. <a href="/help/maintenance">Details</a>'
      expireDate={EXPIRES}
      isDismissible
      dismissalPath="/-/broadcast_messages/17/dismiss"
      sendDismissal={sendDismissal}
      {...props}
    />,
  );
  return { ...utils, sendDismissal };
}

const message = () => document.querySelector<HTMLElement>('[data-component="BroadcastMessage"]');

beforeEach(() => {
  removeCookie('hide_broadcast_message_17');
  document.documentElement.style.removeProperty(BROADCAST_BANNERS_HEIGHT_PROPERTY);
});
afterEach(() => vi.restoreAllMocks());

describe('BroadcastMessage', () => {
  it('is an indigo banner by default with the message as sanitised HTML', async () => {
    renderMessage({ messageHtml: 'Hello <a href="/x" onclick="evil()">link</a><script>evil()</script>' });
    expect(message()).toHaveAttribute('data-type', 'banner');
    expect(message()).toHaveAttribute('data-theme', 'indigo');
    const link = await screen.findByRole('link', { name: 'link' });
    expect(link).toHaveAttribute('href', '/x');
    expect(link).not.toHaveAttribute('onclick');
    expect(message()!.querySelector('script')).toBeNull();
  });

  it('offers the product themes', () => {
    expect(BROADCAST_MESSAGE_THEMES).toEqual([
      'indigo',
      'light-indigo',
      'blue',
      'light-blue',
      'green',
      'light-green',
      'red',
      'light-red',
      'dark',
      'light',
    ]);
  });

  it.each(BROADCAST_MESSAGE_THEMES)('sets data-theme="%s"', (theme) => {
    renderMessage({ theme, type: 'notification' });
    expect(message()).toHaveAttribute('data-theme', theme);
    expect(message()).toHaveAttribute('data-type', 'notification');
  });

  it('has no close button unless dismissible', () => {
    renderMessage({ isDismissible: false });
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  });

  it('dismissing sets the cookie, POSTs the dismissal and removes the message', async () => {
    const onDismiss = vi.fn();
    const { sendDismissal } = renderMessage({ onDismiss });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(getCookie('hide_broadcast_message_17')).toBe('true');
    expect(sendDismissal).toHaveBeenCalledWith('/-/broadcast_messages/17/dismiss', {
      broadcast_message_id: 17,
      expires_at: EXPIRES,
    });
    expect(message()).toBeNull();
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('the cookie expires at the message expire date', async () => {
    const cookie = vi.spyOn(document, 'cookie', 'set');
    renderMessage();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(cookie).toHaveBeenCalledWith(expect.stringContaining(`expires=${new Date(EXPIRES).toUTCString()}`));
    expect(cookie).toHaveBeenCalledWith(expect.stringMatching(/^hide_broadcast_message_17=true;/));
  });

  it('sends a Date expire date as ISO text', async () => {
    const { sendDismissal } = renderMessage({ expireDate: new Date(EXPIRES) });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(sendDismissal).toHaveBeenCalledWith(expect.any(String), { broadcast_message_id: 17, expires_at: EXPIRES });
  });

  it('sends nothing without a dismissal path (the cookie alone remembers)', async () => {
    const { sendDismissal } = renderMessage({ dismissalPath: undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(sendDismissal).not.toHaveBeenCalled();
    expect(getCookie('hide_broadcast_message_17')).toBe('true');
    expect(message()).toBeNull();
  });

  it.each(['https://evil.example/steal', '//evil.example/steal', 'javascript:alert(1)', '/\\evil.example/x'])(
    'refuses to POST to %s, with a console error',
    async (dismissalPath) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { sendDismissal } = renderMessage({ dismissalPath });
      await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
      expect(sendDismissal).not.toHaveBeenCalled();
      expect(error).toHaveBeenCalledWith(expect.stringContaining('not a same-origin path'));
      expect(message()).toBeNull();
    },
  );

  it('accepts a same-origin absolute URL, sending its path', async () => {
    const { sendDismissal } = renderMessage({
      dismissalPath: `${location.origin}/-/broadcast_messages/17/dismiss?x=1`,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(sendDismissal).toHaveBeenCalledWith('/-/broadcast_messages/17/dismiss?x=1', expect.anything());
  });

  it('reports a failed POST through reportError and shows nothing to the user', async () => {
    const failure = new Error('Request failed with status code 500');
    const reportError = vi.fn();
    renderMessage({ sendDismissal: () => Promise.reject(failure), reportError });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(reportError).toHaveBeenCalledWith(failure));
    expect(message()).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reports a failed POST to console.error by default', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('boom');
    renderMessage({ sendDismissal: () => Promise.reject(failure) });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(failure));
  });

  it('renders nothing when its cookie is already set', () => {
    document.cookie = 'hide_broadcast_message_17=true; path=/';
    renderMessage();
    expect(message()).toBeNull();
  });

  it('recomputes the banners height into the custom property after a dismissal', async () => {
    const heights = new Map<string, number>([
      ['one', 40],
      ['two', 24],
    ]);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { height: heights.get(this.dataset.testid ?? '') ?? 0 } as DOMRect;
    });
    render(
      <>
        <BroadcastMessage data-testid="one" id={1} cookieKey="c1" messageHtml="One" isDismissible />
        <BroadcastMessage data-testid="two" id={2} cookieKey="c2" messageHtml="Two" isDismissible />
        <BroadcastMessage id={3} cookieKey="c3" messageHtml="Not a banner" type="notification" />
      </>,
    );
    const property = () => document.documentElement.style.getPropertyValue(BROADCAST_BANNERS_HEIGHT_PROPERTY);
    expect(BROADCAST_BANNERS_HEIGHT_PROPERTY).toBe('--fk-broadcast-banners-height');
    expect(property()).toBe('64px');
    await userEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    await waitFor(() => expect(property()).toBe('24px'));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(property()).toBe('0px'));
    removeCookie('c1');
    removeCookie('c2');
  });
});

describe('resolveDismissalPath', () => {
  const base = 'https://gitlab.example/group/project';
  it.each([
    ['/-/broadcast_messages/1/dismiss', '/-/broadcast_messages/1/dismiss'],
    ['https://gitlab.example/-/x?y=1', '/-/x?y=1'],
    ['relative/path', '/group/relative/path'],
  ])('%s -> %s', (path, expected) => {
    expect(resolveDismissalPath(path, base)).toBe(expected);
  });
  it.each([
    'https://other.example/x',
    '//other.example/x',
    'javascript:alert(1)',
    'data:text/html,x',
    'http://gitlab.example/x',
  ])('refuses %s', (path) => {
    expect(resolveDismissalPath(path, base)).toBeNull();
  });
});

describe('updateBroadcastBannersHeight', () => {
  it('writes 0px when there are no banners', () => {
    expect(updateBroadcastBannersHeight()).toBe(0);
    expect(document.documentElement.style.getPropertyValue(BROADCAST_BANNERS_HEIGHT_PROPERTY)).toBe('0px');
  });
});
