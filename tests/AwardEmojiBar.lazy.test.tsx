// The award bar's add-reaction button before and after the emoji picker's code arrives (it loads
// on intent: hover, focus or a press). A file of its own: the picker's code loads once per module
// registry, and every test here starts without it.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AwardEmojiBar, type Award } from '../src/components/AwardEmojiBar';
import { resetEmojiMap, type InitEmojiMapOptions } from '../src/emoji';
import { LAZY_CODE_TIMEOUT } from './support/lazyCode';

const ME = { id: 1, name: 'Grace Hopper', username: 'grace' };
const AWARDS: Award[] = [{ name: 'thumbsup', user: ME }];
const INIT_OPTIONS: InitEmojiMapOptions = {
  fetchEmojis: async () => [{ n: 'thumbsup', e: '👍', d: 'thumbs up', c: 'people', u: '6.0' }],
  loadAliases: async () => ({}),
  groupPath: null,
  isEmojiSupported: () => true,
};

beforeEach(() => {
  resetEmojiMap();
  localStorage.clear();
});

/** Time for a test that loads the picker's code. */
const TEST_TIMEOUT_MS = 30_000;

describe('AwardEmojiBar: the picker loaded on intent', { timeout: TEST_TIMEOUT_MS }, () => {
  it('draws the add button with the toggle’s markup, and an early keyboard press opens the picker, focus in its search', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <AwardEmojiBar
        awards={AWARDS}
        currentUserId={ME.id}
        initOptions={INIT_OPTIONS}
        onToggle={async () => {}}
        emojiPickerProps={{ onOpenChange }}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Add reaction' });
    // The stand-in: the toggle's classes and state, without the popover's id the picker's code gives it.
    expect(toggle).toHaveAttribute('data-component', 'EmojiPicker');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveClass('fk-emoji-picker__toggle', 'fk-award-emoji-bar__add');
    expect(toggle).not.toHaveAttribute('id');
    // Focus starts loading the picker, and a keyboard click (Enter, Space: a click without a
    // pointer) presses the stand-in in the same task, before the code can have arrived.
    act(() => {
      toggle.focus();
      toggle.click();
    });
    expect(screen.queryByRole('searchbox')).toBeNull();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(true), LAZY_CODE_TIMEOUT);
    expect(onOpenChange).toHaveBeenCalledTimes(1);
    const search = await screen.findByRole('searchbox', { name: 'Search emoji' }, LAZY_CODE_TIMEOUT);
    await waitFor(() => expect(search).toHaveFocus(), LAZY_CODE_TIMEOUT);
    // Escape closes it and focus goes back to the (now real) toggle.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add reaction' })).toHaveFocus());
  });

  it('hands focus to the picker’s toggle when its code arrives while the button has focus', async () => {
    render(
      <AwardEmojiBar awards={AWARDS} currentUserId={ME.id} initOptions={INIT_OPTIONS} onToggle={async () => {}} />,
    );
    act(() => screen.getByRole('button', { name: 'Add reaction' }).focus());
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Add reaction' })).toHaveAttribute('id'),
      LAZY_CODE_TIMEOUT,
    );
    expect(screen.getByRole('button', { name: 'Add reaction' })).toHaveFocus();
  });
});
