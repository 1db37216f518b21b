import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from 'vitest/browser';
import { afterEach, describe, expect, it } from 'vitest';
import { BroadcastMessage } from '../src/components/BroadcastMessage';
import { removeCookie } from '../src/utils/storage';
import { BROADCAST_BANNERS_HEIGHT_PROPERTY } from '../src/tokens';

const KEYS = ['hide_broadcast_message_901', 'hide_broadcast_message_902'];
const bannersHeight = () => document.documentElement.style.getPropertyValue(BROADCAST_BANNERS_HEIGHT_PROPERTY);
const heightOf = (element: Element) => `${element.getBoundingClientRect().height}px`;

afterEach(() => {
  for (const key of KEYS) removeCookie(key);
});

describe('BroadcastMessage in Chromium', () => {
  it('keeps --fk-broadcast-banners-height equal to the real total, through dismissal and wrapping', async () => {
    const { container } = render(
      <div style={{ width: 900 }} data-testid="frame">
        <BroadcastMessage
          id={901}
          cookieKey={KEYS[0]!}
          isDismissible
          messageHtml="Scheduled maintenance on Saturday: Git operations may be slow."
          sendDismissal={() => Promise.resolve()}
        />
        <BroadcastMessage
          id={902}
          cookieKey={KEYS[1]!}
          isDismissible
          theme="light-blue"
          messageHtml="Two-factor authentication will be required from 1 July for every account on this instance."
        />
      </div>,
    );
    const [first, second] = Array.from(container.querySelectorAll('[data-component="BroadcastMessage"]'));
    const total = first!.getBoundingClientRect().height + second!.getBoundingClientRect().height;
    expect(total).toBeGreaterThan(0);
    await waitFor(() => expect(bannersHeight()).toBe(`${total}px`));

    // Narrow frame: the text wraps, the banner grows, the property follows (ResizeObserver).
    screen.getByTestId('frame').style.width = '260px';
    await waitFor(() =>
      expect(bannersHeight()).toBe(
        `${first!.getBoundingClientRect().height + second!.getBoundingClientRect().height}px`,
      ),
    );
    expect(parseFloat(bannersHeight())).toBeGreaterThan(total);

    await userEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    await waitFor(() => expect(bannersHeight()).toBe(heightOf(second!)));
    expect(document.cookie).toContain(`${KEYS[0]}=true`);
  });

  it('keyboard: the message link, then Dismiss; dismissing hands focus to the next control', async () => {
    render(
      <>
        <BroadcastMessage
          id={901}
          cookieKey={KEYS[0]!}
          isDismissible
          messageHtml='Maintenance tonight. <a href="#status">Status page</a>'
        />
        <a href="#main">Skip to content</a>
      </>,
    );
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Status page' })).toHaveFocus();
    await userEvent.tab();
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    expect(dismiss).toHaveFocus();
    expect(getComputedStyle(dismiss).outlineStyle).toBe('solid');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
  });
});
