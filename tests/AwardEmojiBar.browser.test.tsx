// AwardEmojiBar in real Chromium: keyboard order and toggling, tooltips on focus and hover (read-only
// too), the drawn emoji and the button shapes, and adding a reaction with the real emoji picker
// (its grid is virtualised, so it needs layout).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import emojis from '../src/emoji/generated/emojis.json';
import { AwardEmojiBar, type Award, type AwardEmojiBarProps, type AwardUser } from '../src/components/AwardEmojiBar';
import { initEmojiMap, resetEmojiMap, type EmojiRecord, type InitEmojiMapOptions } from '../src/emoji';
import { userEvent as browserUser } from 'vitest/browser';
import { findRules } from './support/cssRules';

const ME: AwardUser = { id: 1, name: 'Grace Hopper' };
const ADA: AwardUser = { id: 2, name: 'Ada Lovelace' };
const BOB: AwardUser = { id: 3, name: 'Bob Kahn' };

const INIT_OPTIONS: InitEmojiMapOptions = {
  fetchEmojis: async () => emojis as EmojiRecord[],
  groupPath: null,
  isEmojiSupported: () => true,
};

const AWARDS: Award[] = [
  { name: 'heart', user: ADA },
  { name: 'thumbsup', user: ME },
  { name: 'thumbsup', user: BOB },
  { name: 'heart', user: ME },
];

function renderBar(props: Partial<AwardEmojiBarProps> = {}) {
  const onToggle = props.onToggle ?? vi.fn(async () => {});
  render(
    <AwardEmojiBar awards={AWARDS} currentUserId={ME.id} initOptions={INIT_OPTIONS} {...props} onToggle={onToggle} />,
  );
  return { onToggle };
}
const button = (name: string) => screen.getByRole('button', { name });

beforeAll(async () => {
  resetEmojiMap();
  localStorage.clear();
  // As a page does: its map loaded with its options. `<gl-emoji>` is defined once per page, and an
  // earlier file in this frame may have defined it with options of its own.
  await initEmojiMap(INIT_OPTIONS);
});
afterEach(() => vi.restoreAllMocks());

describe('AwardEmojiBar: keyboard', () => {
  it('tabs through the awards in order, then the picker; Enter and Space toggle', async () => {
    const user = userEvent.setup();
    const { onToggle } = renderBar();
    const order: string[] = [];
    for (let step = 0; step < 4; step += 1) {
      await user.tab();
      order.push(document.activeElement?.getAttribute('aria-label') ?? '');
    }
    expect(order).toEqual(['thumbsup 2', 'thumbsdown 0', 'heart 2', 'Add reaction']);

    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    expect(onToggle).toHaveBeenLastCalledWith('heart', false);
    await user.tab({ shift: true });
    await user.keyboard(' ');
    expect(onToggle).toHaveBeenLastCalledWith('thumbsdown', true);
    expect(button('thumbsdown 1')).toHaveFocus();
    expect(button('thumbsdown 1')).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a focus ring on keyboard focus', async () => {
    renderBar();
    // A real key press: Chromium shows :focus-visible by the page's last real input, which an
    // earlier file's pointer may have left on the mouse.
    await browserUser.tab();
    const style = getComputedStyle(button('thumbsup 2'));
    expect(style.outlineStyle).toBe('solid');
    expect(style.outlineWidth).toBe('2px');
  });

  it('keeps the focus in the bar when your removal takes a button away', async () => {
    const user = userEvent.setup();
    renderBar({
      awards: [
        { name: 'tada', user: ME },
        { name: 'rocket', user: ADA },
      ],
      defaultAwards: [],
    });
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: /^tada/ })).not.toBeInTheDocument();
    expect(button('rocket 1')).toHaveFocus();
  });
});

describe('AwardEmojiBar: tooltips', () => {
  it('lists who reacted when a button gets keyboard focus', async () => {
    const user = userEvent.setup();
    renderBar();
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('You and Bob Kahn');
    expect(button('thumbsup 2')).toHaveAccessibleDescription('You and Bob Kahn');
  });

  it('lists who reacted on hover, also when read-only', async () => {
    const user = userEvent.setup();
    const { onToggle } = renderBar({ currentUserId: undefined });
    await user.hover(button('heart 2'));
    // Another button's tooltip may show first, when the real pointer rests where that button renders.
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Ada Lovelace and Grace Hopper'), {
      timeout: 2000,
    });
    await user.click(button('heart 2'));
    expect(onToggle).not.toHaveBeenCalled();
  });

  it("does not let the emoji's own title (its description) show a second, native tooltip", async () => {
    renderBar();
    const emoji = button('thumbsup 2').querySelector('gl-emoji')!;
    await waitFor(() => expect(emoji).toHaveAttribute('title', 'thumbs up'));
    const box = emoji.getBoundingClientRect();
    expect(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)).toBe(button('thumbsup 2'));
  });
});

describe('AwardEmojiBar: drawing', () => {
  it('draws each emoji in a 1em square beside its count, in a pill', async () => {
    renderBar();
    const thumbsup = button('thumbsup 2');
    const emoji = thumbsup.querySelector<HTMLElement>('gl-emoji')!;
    await waitFor(() => expect(emoji).toHaveTextContent('👍'));
    const size = parseFloat(getComputedStyle(emoji).fontSize);
    const box = emoji.getBoundingClientRect();
    expect(box.height).toBeCloseTo(size, 0);
    expect(box.width).toBeGreaterThanOrEqual(size - 0.5);
    const count = thumbsup.querySelector('[data-component="AwardEmojiBar.Count"]')!.getBoundingClientRect();
    expect(count.left).toBeGreaterThanOrEqual(box.right);
    const pill = thumbsup.getBoundingClientRect();
    expect(parseFloat(getComputedStyle(thumbsup).borderTopLeftRadius)).toBeGreaterThanOrEqual(pill.height / 2);
  });

  it("fills the current user's awards with the info colours", () => {
    renderBar();
    const root = getComputedStyle(document.documentElement);
    const probe = document.createElement('div');
    probe.style.background = root.getPropertyValue('--fk-color-feedback-info-background');
    document.body.append(probe);
    const infoBackground = getComputedStyle(probe).backgroundColor;
    probe.remove();
    expect(getComputedStyle(button('heart 2')).backgroundColor).toBe(infoBackground);
    expect(getComputedStyle(button('thumbsdown 0')).backgroundColor).not.toBe(infoBackground);
  });

  it('has forced-colors rules: system colours, the pressed state as Highlight', () => {
    const forced = (selector: string) =>
      findRules(selector).filter(({ media }) => media.includes('(forced-colors: active)'));
    expect(forced('.fk-award-emoji-bar__button')).toHaveLength(1);
    const [pressed] = forced('.fk-award-emoji-bar__button[aria-pressed="true"]');
    expect(pressed?.rule.style.backgroundColor).toBe('highlight');
  });
});

describe('AwardEmojiBar: adding a reaction', () => {
  async function pickEmoji(user: ReturnType<typeof userEvent.setup>, query: string, description: string) {
    await user.click(button('Add reaction'));
    await user.type(await screen.findByRole('searchbox', { name: 'Search emoji' }), query);
    const grid = await screen.findByRole('grid');
    await user.click(await within(grid).findByRole('gridcell', { name: description }));
  }

  it('awards a picked emoji: the adapter is called, its button appears pressed, focus returns', async () => {
    const user = userEvent.setup();
    const { onToggle } = renderBar();
    await pickEmoji(user, 'tada', 'party popper');
    expect(onToggle).toHaveBeenCalledExactlyOnceWith('tada', true);
    expect(button('tada 1')).toHaveAttribute('aria-pressed', 'true');
    const names = within(screen.getByRole('group', { name: 'Reactions' }))
      .getAllByRole('button')
      .map((element) => element.getAttribute('aria-label'));
    expect(names).toEqual(['thumbsup 2', 'thumbsdown 0', 'heart 2', 'tada 1', 'Add reaction']);
    await waitFor(() => expect(button('Add reaction')).toHaveFocus());
  });

  it('adds you to an emoji others gave', async () => {
    const user = userEvent.setup();
    const { onToggle } = renderBar({ awards: [{ name: 'rocket', user: ADA }] });
    await pickEmoji(user, 'rocket', 'rocket');
    expect(onToggle).toHaveBeenCalledExactlyOnceWith('rocket', true);
    expect(button('rocket 2')).toHaveAttribute('aria-pressed', 'true');
  });

  it('does nothing when you pick an emoji you already gave (no double award)', async () => {
    const user = userEvent.setup();
    const { onToggle } = renderBar();
    await pickEmoji(user, 'heart', 'red heart');
    expect(onToggle).not.toHaveBeenCalled();
    expect(button('heart 2')).toHaveAttribute('aria-pressed', 'true');
  });
});
