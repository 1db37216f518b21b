// EmojiPicker's toggle before its popover's code has arrived (issue 14: the profile settings page
// within its budget): the popover (react-aria's overlay and focus scope, floating-ui) loads on the
// first intent or press, and a press that comes before it arrives still opens the picker, with
// focus in the search box. A file of its own: the picker's code loads once per module registry
// (one per test file in the browser), and this test starts without it.
import { render, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { EMOJI_PICKER_TOGGLE_LABEL, EmojiPicker } from '../src/components/EmojiPicker';
import { resetEmojiMap, type EmojiRecord, type InitEmojiMapOptions } from '../src/emoji';
import aliases from '../src/emoji/generated/aliases';
import emojis from '../src/emoji/generated/emojis.json';
import { LAZY_CODE_TIMEOUT } from './support/lazyCode';

// Real browser, real async loading: React's act() warnings do not apply.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
beforeEach(() => {
  resetEmojiMap();
  localStorage.clear();
});

const initOptions: InitEmojiMapOptions = {
  fetchEmojis: async () => emojis as EmojiRecord[],
  loadAliases: async () => aliases,
  groupPath: null,
  isEmojiSupported: () => true,
};

/**
 * The whole test: in a fresh clone the dev server transforms the popover's and the panel's modules
 * (react-aria's overlays, floating-ui, the virtualiser) on their first request, which took longer
 * than the default 15 s there.
 */
const TEST_TIMEOUT_MS = 60_000;

/** Whether the page has requested the module (the dev server serves each source file on its own). */
const isRequested = (file: string) =>
  performance.getEntriesByType('resource').some((entry) => entry.name.includes(`/src/components/${file}`));

describe('EmojiPicker: the popover loaded on the first intent or press', () => {
  it(
    'a first click before the code has arrived opens the picker once it has, focus in the search box',
    async () => {
      const onOpenChange = vi.fn();
      render(<EmojiPicker onSelect={() => {}} initOptions={initOptions} onOpenChange={onOpenChange} />);
      const standIn = screen.getByRole('button', { name: EMOJI_PICKER_TOGGLE_LABEL });
      // The toggle's markup, closed, without the popover's code.
      expect(standIn).toHaveAttribute('data-component', 'EmojiPicker');
      expect(standIn).toHaveAttribute('aria-haspopup', 'dialog');
      expect(standIn).toHaveAttribute('aria-expanded', 'false');
      expect(isRequested('EmojiPicker/EmojiPickerPopover.tsx')).toBe(false);
      expect(isRequested('Popover/Popover.tsx')).toBe(false);

      // A bare click (no pointer over it, no focus before: a click the code cannot have answered yet).
      standIn.click();
      expect(screen.queryByRole('dialog')).toBeNull();
      const dialog = await screen.findByRole('dialog', { name: EMOJI_PICKER_TOGGLE_LABEL }, LAZY_CODE_TIMEOUT);
      const search = await within(dialog).findByRole('searchbox', { name: 'Search emoji' }, LAZY_CODE_TIMEOUT);
      await vi.waitFor(() => expect(search).toHaveFocus(), LAZY_CODE_TIMEOUT);
      expect(within(dialog).getByRole('grid', { name: 'Emoji' })).toBeInTheDocument();
      expect(onOpenChange.mock.calls).toEqual([[true]]);
      expect(isRequested('EmojiPicker/EmojiPickerPopover.tsx')).toBe(true);

      // It is the picker as usual: the arrows reach the grid, Escape closes it, focus on the toggle.
      await userEvent.keyboard('{ArrowDown}');
      await vi.waitFor(() => expect(document.activeElement).toHaveAttribute('role', 'gridcell'));
      await userEvent.keyboard('{Escape}');
      await vi.waitFor(() => expect(screen.getByRole('button', { name: EMOJI_PICKER_TOGGLE_LABEL })).toHaveFocus());
      expect(screen.queryByRole('dialog')).toBeNull();
    },
    TEST_TIMEOUT_MS,
  );
});
