// AwardEmojiBar in jsdom: the pure helpers (grouping, tooltip text, optimistic changes) and the
// component (toggling through the adapter, optimistic counts, rollback, ordering, highlight,
// tooltips, read-only, focus). Real focus, hover and layout are in AwardEmojiBar.browser.test.tsx.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADD_REACTION_LABEL,
  AWARD_CURRENT_USER_LABEL,
  AWARD_EMOJI_BAR_LABEL,
  AWARD_TOGGLE_ERROR_MESSAGE,
  AWARD_TOOLTIP_NAME_LIMIT,
  AwardEmojiBar,
  DEFAULT_AWARDS,
  awardButtonLabel,
  formatAwardTooltip,
  groupAwards,
  type Award,
  type AwardEmojiBarProps,
  type AwardUser,
} from '../src/components/AwardEmojiBar';
import { applyAwardChanges } from '../src/components/AwardEmojiBar/awards';
import { resetEmojiMap, type EmojiRecord, type InitEmojiMapOptions } from '../src/emoji';
import { LAZY_CODE_TIMEOUT } from './support/lazyCode';

const ME: AwardUser = { id: 1, name: 'Grace Hopper', username: 'grace' };
const ADA: AwardUser = { id: 2, name: 'Ada Lovelace', username: 'ada' };
const BOB: AwardUser = { id: 3, name: 'Bob Kahn', username: 'bob' };
const CAT: AwardUser = { id: 4, name: 'Cat Stark', username: 'cat' };
const DAN: AwardUser = { id: 5, name: 'Dan Abramov', username: 'dan' };
const EVE: AwardUser = { id: 6, name: 'Eve Online', username: 'eve' };

const users = (count: number, from = 100): AwardUser[] =>
  Array.from({ length: count }, (_, index) => ({ id: from + index, name: `User ${index + 1}` }));
const award = (name: string, user: AwardUser): Award => ({ name, user });

const RECORDS: EmojiRecord[] = [
  { n: 'thumbsup', e: '👍', d: 'thumbs up', c: 'people', u: '6.0' },
  { n: 'thumbsdown', e: '👎', d: 'thumbs down', c: 'people', u: '6.0' },
  { n: 'heart', e: '❤️', d: 'red heart', c: 'people', u: '6.0' },
  { n: 'tada', e: '🎉', d: 'party popper', c: 'activity', u: '6.0' },
  { n: 'grey_question', e: '❔', d: 'white question mark', c: 'symbols', u: '6.0' },
];
const INIT_OPTIONS: InitEmojiMapOptions = {
  fetchEmojis: async () => RECORDS,
  loadAliases: async () => ({ '+1': 'thumbsup' }),
  groupPath: null,
  isEmojiSupported: () => true,
};

describe('groupAwards', () => {
  it('shows the default awards thumbs up and thumbs down, even at 0', () => {
    expect(DEFAULT_AWARDS).toEqual(['thumbsup', 'thumbsdown']);
    expect(groupAwards([])).toEqual([
      { name: 'thumbsup', users: [], isAwardedByCurrentUser: false },
      { name: 'thumbsdown', users: [], isAwardedByCurrentUser: false },
    ]);
  });

  it('puts thumbs up then thumbs down first, then the others in the order of their first award', () => {
    const groups = groupAwards(
      [
        award('tada', ADA),
        award('thumbsdown', BOB),
        award('heart', ADA),
        award('thumbsup', CAT),
        award('tada', BOB),
        award('eyes', DAN),
      ],
      { defaultAwards: [] },
    );
    expect(groups.map((group) => group.name)).toEqual(['thumbsup', 'thumbsdown', 'tada', 'heart', 'eyes']);
    expect(groups.find((group) => group.name === 'tada')!.users).toEqual([ADA, BOB]);
  });

  it('keeps numeric emoji names such as 100 in award order (no object-key reordering)', () => {
    const groups = groupAwards([award('tada', ADA), award('100', BOB), award('1234', CAT)], { defaultAwards: [] });
    expect(groups.map((group) => group.name)).toEqual(['tada', '100', '1234']);
  });

  it('places other default awards after the thumbs and before the rest', () => {
    const groups = groupAwards([award('eyes', ADA)], { defaultAwards: ['rocket', 'thumbsdown', 'thumbsup'] });
    expect(groups.map((group) => group.name)).toEqual(['thumbsup', 'thumbsdown', 'rocket', 'eyes']);
  });

  it('without default awards, shows only given awards', () => {
    expect(groupAwards([], { defaultAwards: [] })).toEqual([]);
    expect(groupAwards([award('heart', ADA)], { defaultAwards: [] }).map((group) => group.name)).toEqual(['heart']);
  });

  it('counts each user once per emoji', () => {
    const [thumbsup] = groupAwards([award('thumbsup', ADA), award('thumbsup', ADA), award('thumbsup', BOB)]);
    expect(thumbsup!.users).toEqual([ADA, BOB]);
  });

  it("marks the current user's awards, matching ids as text (7 and '7')", () => {
    const awards = [award('thumbsup', ADA), award('heart', { ...ME, id: '1' })];
    const groups = groupAwards(awards, { currentUserId: 1 });
    expect(groups.map((group) => [group.name, group.isAwardedByCurrentUser])).toEqual([
      ['thumbsup', false],
      ['thumbsdown', false],
      ['heart', true],
    ]);
    expect(groupAwards(awards).every((group) => !group.isAwardedByCurrentUser)).toBe(true);
  });
});

describe('formatAwardTooltip', () => {
  it('is empty when nobody reacted', () => {
    expect(formatAwardTooltip([], ME.id)).toBe('');
  });

  it.each<[string, AwardUser[], string]>([
    ['you alone', [ME], 'You'],
    ['someone else alone', [ADA], 'Ada Lovelace'],
    ['you and one other', [ME, ADA], 'You and Ada Lovelace'],
    ['two others', [ADA, BOB], 'Ada Lovelace and Bob Kahn'],
    ['you and two others', [ME, ADA, BOB], 'You, Ada Lovelace and Bob Kahn'],
    ['four others', [ADA, BOB, CAT, DAN], 'Ada Lovelace, Bob Kahn, Cat Stark and Dan Abramov'],
  ])('%s: %j', (_case, reacted, text) => {
    expect(formatAwardTooltip(reacted, ME.id)).toBe(text);
  });

  it("names the current user first as 'You', wherever they are in the award order", () => {
    expect(AWARD_CURRENT_USER_LABEL).toBe('You');
    expect(formatAwardTooltip([ADA, BOB, ME], ME.id)).toBe('You, Ada Lovelace and Bob Kahn');
    expect(formatAwardTooltip([ADA, { ...ME, id: '1' }], 1)).toBe('You and Ada Lovelace');
  });

  it("without a current user, never says 'You'", () => {
    expect(formatAwardTooltip([ME, ADA], undefined)).toBe('Grace Hopper and Ada Lovelace');
    expect(formatAwardTooltip([ME, ADA], null)).toBe('Grace Hopper and Ada Lovelace');
  });

  it('lists at most the limit of names, then "and N others" (issue text: "You, Ada and 3 others")', () => {
    expect(formatAwardTooltip([ME, ADA, BOB, CAT, DAN], ME.id, 2)).toBe('You, Ada Lovelace and 3 others');
    expect(formatAwardTooltip([ADA, BOB, CAT, DAN, EVE], ME.id, 2)).toBe('Ada Lovelace, Bob Kahn and 3 others');
  });

  it('says "1 other" for one', () => {
    expect(formatAwardTooltip([ADA, BOB], ME.id, 1)).toBe('Ada Lovelace and 1 other');
    expect(formatAwardTooltip([ME, ADA, BOB], ME.id, 2)).toBe('You, Ada Lovelace and 1 other');
  });

  it('lists everyone when they fit the limit exactly', () => {
    expect(formatAwardTooltip([ME, ADA], ME.id, 2)).toBe('You and Ada Lovelace');
    expect(formatAwardTooltip([ME, ADA, BOB], ME.id, 3)).toBe('You, Ada Lovelace and Bob Kahn');
  });

  it(`lists ${AWARD_TOOLTIP_NAME_LIMIT} names by default (GitLab's count)`, () => {
    expect(AWARD_TOOLTIP_NAME_LIMIT).toBe(10);
    const ten = users(AWARD_TOOLTIP_NAME_LIMIT);
    expect(formatAwardTooltip(ten)).toBe(
      'User 1, User 2, User 3, User 4, User 5, User 6, User 7, User 8, User 9 and User 10',
    );
    expect(formatAwardTooltip([...ten, ...users(1, 500)])).toBe(
      'User 1, User 2, User 3, User 4, User 5, User 6, User 7, User 8, User 9, User 10 and 1 other',
    );
    expect(formatAwardTooltip([...users(14), ME], ME.id)).toBe(
      'You, User 1, User 2, User 3, User 4, User 5, User 6, User 7, User 8, User 9 and 5 others',
    );
  });

  it('shows at least one name whatever the limit', () => {
    expect(formatAwardTooltip([ADA, BOB], undefined, 0)).toBe('Ada Lovelace and 1 other');
  });

  it('falls back to the username without a display name', () => {
    expect(formatAwardTooltip([{ id: 9, name: '', username: 'root' }, ADA])).toBe('root and Ada Lovelace');
  });
});

describe('awardButtonLabel', () => {
  it('names the emoji (underscores as spaces) and the count', () => {
    expect(awardButtonLabel('thumbsup', '3')).toBe('thumbsup 3');
    expect(awardButtonLabel('slight_smile', '1,234')).toBe('slight smile 1,234');
  });
});

describe('applyAwardChanges', () => {
  const awards = [award('thumbsup', ADA), award('heart', ME), award('heart', BOB)];

  it("adds the current user's award at the end and removes it", () => {
    expect(applyAwardChanges(awards, new Map([['tada', true]]), ME.id)).toEqual([
      ...awards,
      { name: 'tada', user: { id: ME.id, name: 'You' } },
    ]);
    expect(applyAwardChanges(awards, new Map([['heart', false]]), ME.id)).toEqual([
      award('thumbsup', ADA),
      award('heart', BOB),
    ]);
  });

  it('changes nothing that is already so, nor without a current user', () => {
    expect(applyAwardChanges(awards, new Map([['heart', true]]), ME.id)).toEqual(awards);
    expect(applyAwardChanges(awards, new Map([['thumbsup', false]]), ME.id)).toEqual(awards);
    expect(applyAwardChanges(awards, new Map([['tada', true]]), undefined)).toBe(awards);
  });
});

// ---------------------------------------------------------------------------------------------

type Deferred = { resolve: () => void; reject: (error: unknown) => void };
function deferredToggle() {
  const calls: Deferred[] = [];
  const onToggle = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { onToggle, calls };
}

const AWARDS: Award[] = [
  award('heart', ADA),
  award('thumbsup', ADA),
  award('thumbsup', ME),
  award('thumbsup', BOB),
  award('tada', CAT),
  award('thumbsdown', DAN),
  award('heart', ME),
];

function renderBar(props: Partial<AwardEmojiBarProps> = {}) {
  const onToggle = props.onToggle ?? vi.fn(async () => {});
  const result = render(
    <AwardEmojiBar awards={AWARDS} currentUserId={ME.id} initOptions={INIT_OPTIONS} {...props} onToggle={onToggle} />,
  );
  return { ...result, onToggle };
}

const button = (name: RegExp | string) => screen.getByRole('button', { name });
const buttonNames = () =>
  within(screen.getByRole('group', { name: AWARD_EMOJI_BAR_LABEL }))
    .getAllByRole('button')
    .map((element) => element.getAttribute('aria-label') ?? element.textContent);

/** Time for compiling the picker's code (loaded on demand), once, on a loaded machine. */
const WARM_UP_TIMEOUT_MS = 30_000;

beforeAll(async () => {
  resetEmojiMap();
  // The picker's code, loaded on intent by the bar, compiled once here: the first test to reach
  // for it would otherwise wait for that.
  await Promise.all([
    import('../src/components/EmojiPicker/EmojiPicker'),
    import('../src/components/EmojiPicker/EmojiPickerContent'),
  ]);
}, WARM_UP_TIMEOUT_MS);
beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  document.querySelector('.flash-container')?.remove();
});

describe('AwardEmojiBar: what it shows', () => {
  it('is a group of buttons named Reactions: one per emoji with its count, thumbs first', () => {
    renderBar();
    expect(screen.getByRole('group', { name: 'Reactions' })).toHaveAttribute('data-component', 'AwardEmojiBar');
    expect(buttonNames()).toEqual(['thumbsup 3', 'thumbsdown 1', 'heart 2', 'tada 1', 'Add reaction']);
    expect(button('thumbsup 3')).toHaveTextContent('3');
    expect(button('thumbsup 3')).toHaveAttribute('data-emoji-name', 'thumbsup');
  });

  it('shows thumbs up and down at 0 when nobody has reacted', () => {
    renderBar({ awards: [] });
    expect(buttonNames()).toEqual(['thumbsup 0', 'thumbsdown 0', 'Add reaction']);
  });

  it('shows other default awards, or none', () => {
    const { rerender, onToggle } = renderBar({ awards: [], defaultAwards: ['thumbsup', 'thumbsdown', 'rocket'] });
    expect(buttonNames()).toEqual(['thumbsup 0', 'thumbsdown 0', 'rocket 0', 'Add reaction']);
    rerender(<AwardEmojiBar awards={[]} defaultAwards={[]} onToggle={onToggle} />);
    expect(screen.getByRole('group').children).toHaveLength(0);
  });

  it('draws each emoji with <gl-emoji data-name>, hidden from assistive technology', () => {
    renderBar();
    const emoji = button('heart 2').querySelector('gl-emoji')!;
    expect(emoji).toHaveAttribute('data-name', 'heart');
    expect(emoji).toHaveAttribute('aria-hidden', 'true');
    expect(emoji).toHaveClass('fk-award-emoji-bar__emoji');
  });

  it('shows the emoji once the element has the emoji map', async () => {
    renderBar();
    await waitFor(() => expect(button('thumbsup 3').querySelector('gl-emoji')).toHaveTextContent('👍'));
  });

  it('shows grey_question for an emoji name the map does not know', async () => {
    renderBar({ awards: [award('party_parrot', ADA)], defaultAwards: [] });
    const emoji = button('party parrot 1').querySelector('gl-emoji')!;
    await waitFor(() => expect(emoji).toHaveTextContent('❔'));
    expect(emoji).toHaveAttribute('data-name', 'grey_question');
  });

  it("presses the current user's awards (aria-pressed), and only theirs", () => {
    renderBar();
    expect(button('thumbsup 3')).toHaveAttribute('aria-pressed', 'true');
    expect(button('heart 2')).toHaveAttribute('aria-pressed', 'true');
    expect(button('thumbsdown 1')).toHaveAttribute('aria-pressed', 'false');
    expect(button('tada 1')).toHaveAttribute('aria-pressed', 'false');
  });

  it('separates thousands in the count', () => {
    const many = users(1234).map((user) => award('tada', user));
    renderBar({ awards: many, defaultAwards: [] });
    expect(button('tada 1,234')).toHaveTextContent('1,234');
  });

  it('passes className, style and other attributes to the root, and lets aria-label rename it', () => {
    renderBar({ className: 'mine', style: { color: 'red' }, id: 'awards', 'aria-label': 'Reactions to this note' });
    const group = screen.getByRole('group', { name: 'Reactions to this note' });
    expect(group).toHaveClass('fk-award-emoji-bar', 'mine');
    expect(group).toHaveAttribute('id', 'awards');
    expect(group).toHaveStyle({ color: 'rgb(255, 0, 0)' });
  });
});

describe('AwardEmojiBar: tooltips', () => {
  it('lists who reacted, you first, describing the focused button', async () => {
    const user = userEvent.setup();
    renderBar();
    await user.tab();
    expect(button('thumbsup 3')).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('You, Ada Lovelace and Bob Kahn');
    expect(button('thumbsup 3')).toHaveAccessibleDescription('You, Ada Lovelace and Bob Kahn');
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Dan Abramov');
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('You and Ada Lovelace');
  });

  it(`shortens long lists after ${AWARD_TOOLTIP_NAME_LIMIT} names`, async () => {
    const user = userEvent.setup();
    renderBar({ awards: [...users(12), ME].map((reacted) => award('thumbsup', reacted)) });
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'You, User 1, User 2, User 3, User 4, User 5, User 6, User 7, User 8, User 9 and 3 others',
    );
  });

  it('has no tooltip for an award nobody gave', async () => {
    const user = userEvent.setup();
    renderBar({ awards: [] });
    await user.tab();
    expect(button('thumbsup 0')).toHaveFocus();
    await act(async () => {});
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

describe('AwardEmojiBar: toggling', () => {
  it('adds your award: calls the adapter with (name, true) and counts you at once', async () => {
    const user = userEvent.setup();
    const { onToggle, calls } = deferredToggle();
    renderBar({ onToggle });
    await user.click(button('thumbsdown 1'));
    expect(onToggle).toHaveBeenCalledExactlyOnceWith('thumbsdown', true);
    expect(button('thumbsdown 2')).toHaveAttribute('aria-pressed', 'true');
    await act(async () => calls[0]!.resolve());
    expect(button('thumbsdown 2')).toHaveAttribute('aria-pressed', 'true');
  });

  it('removes your award: calls the adapter with (name, false) and uncounts you at once', async () => {
    const user = userEvent.setup();
    const { onToggle, calls } = deferredToggle();
    renderBar({ onToggle });
    await user.click(button('thumbsup 3'));
    expect(onToggle).toHaveBeenCalledExactlyOnceWith('thumbsup', false);
    expect(button('thumbsup 2')).toHaveAttribute('aria-pressed', 'false');
    await act(async () => calls[0]!.resolve());
    expect(button('thumbsup 2')).toHaveAttribute('aria-pressed', 'false');
  });

  it('updates the tooltip with the optimistic change', async () => {
    const user = userEvent.setup();
    renderBar();
    await user.click(button('tada 1'));
    await user.tab({ shift: true });
    await user.tab();
    expect(button('tada 2')).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('You and Cat Stark');
  });

  it('takes the change back when the adapter rejects, and reports it to onError', async () => {
    const user = userEvent.setup();
    const { onToggle, calls } = deferredToggle();
    const onError = vi.fn();
    renderBar({ onToggle, onError });
    await user.click(button('thumbsup 3'));
    expect(button('thumbsup 2')).toHaveAttribute('aria-pressed', 'false');
    const error = new Error('Request failed with status code 500');
    await act(async () => calls[0]!.reject(error));
    expect(button('thumbsup 3')).toHaveAttribute('aria-pressed', 'true');
    expect(onError).toHaveBeenCalledExactlyOnceWith(error, { name: 'thumbsup', awarded: false });
  });

  it('takes back an added award that fails, and the button of a new emoji goes again', async () => {
    const user = userEvent.setup();
    const { onToggle, calls } = deferredToggle();
    // A rerender with a new emoji the user picked is not possible without the picker: use tada.
    renderBar({ onToggle, onError: () => {}, awards: [award('tada', CAT)] });
    await user.click(button('tada 1'));
    expect(button('tada 2')).toHaveAttribute('aria-pressed', 'true');
    await act(async () => calls[0]!.reject(new Error('nope')));
    expect(button('tada 1')).toHaveAttribute('aria-pressed', 'false');
  });

  it('after a confirmed change the parent has not passed back yet, a failure returns to that change', async () => {
    const user = userEvent.setup();
    const { onToggle, calls } = deferredToggle();
    renderBar({ onToggle, onError: () => {} });
    await user.click(button('tada 1'));
    await act(async () => calls[0]!.resolve());
    await user.click(button('tada 2'));
    expect(button('tada 1')).toHaveAttribute('aria-pressed', 'false');
    await act(async () => calls[1]!.reject(new Error('nope')));
    expect(button('tada 2')).toHaveAttribute('aria-pressed', 'true');
  });

  it('takes the change back when the adapter throws synchronously', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    const error = new Error('offline');
    renderBar({
      onToggle: () => {
        throw error;
      },
      onError,
    });
    await user.click(button('tada 1'));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(error, { name: 'tada', awarded: true }));
    expect(button('tada 1')).toHaveAttribute('aria-pressed', 'false');
  });

  it('without onError, shows an alert in the flash container', async () => {
    const user = userEvent.setup();
    const flash = document.createElement('div');
    flash.className = 'flash-container';
    document.body.append(flash);
    renderBar({ onToggle: () => Promise.reject(new Error('Request failed with status code 500')) });
    await user.click(button('heart 2'));
    expect(await within(flash).findByRole('alert')).toHaveTextContent(AWARD_TOGGLE_ERROR_MESSAGE);
    expect(AWARD_TOGGLE_ERROR_MESSAGE).toBe('Something went wrong while updating your reaction. Please try again.');
    expect(button('heart 2')).toHaveAttribute('aria-pressed', 'true');
  });

  it('without onError nor a flash container, logs the error', async () => {
    const user = userEvent.setup();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new Error('boom');
    renderBar({ onToggle: () => Promise.reject(error) });
    await user.click(button('heart 2'));
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith(expect.stringContaining(AWARD_TOGGLE_ERROR_MESSAGE), error),
    );
  });

  it('sends one request per emoji at a time: clicks while it is pending do nothing', async () => {
    const user = userEvent.setup();
    const { onToggle, calls } = deferredToggle();
    renderBar({ onToggle });
    await user.click(button('thumbsup 3'));
    await user.click(button('thumbsup 2'));
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(button('thumbsup 2')).toHaveAttribute('aria-pressed', 'false');
    await user.click(button('heart 2'));
    expect(onToggle).toHaveBeenCalledTimes(2);
    await act(async () => calls[0]!.resolve());
    await user.click(button('thumbsup 2'));
    expect(onToggle).toHaveBeenLastCalledWith('thumbsup', true);
  });

  it('keeps a confirmed change while awards stay the same, and follows awards when they change', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn(async () => {});
    const { rerender } = renderBar({ onToggle });
    await user.click(button('tada 1'));
    await act(async () => {});
    // The parent re-renders with an equal list (a new array): the change stays.
    rerender(<AwardEmojiBar awards={[...AWARDS]} currentUserId={ME.id} onToggle={onToggle} />);
    expect(button('tada 2')).toHaveAttribute('aria-pressed', 'true');
    // The server's list arrives without it (someone removed it elsewhere): the server wins.
    rerender(<AwardEmojiBar awards={AWARDS.slice(0, 4)} currentUserId={ME.id} onToggle={onToggle} />);
    expect(buttonNames()).toEqual(['thumbsup 3', 'thumbsdown 0', 'heart 1', 'Add reaction']);
  });

  it('works with a parent that keeps awards in state and updates them from the adapter', async () => {
    const user = userEvent.setup();
    function Parent() {
      const [awards, setAwards] = useState<Award[]>([award('thumbsup', ADA)]);
      return (
        <AwardEmojiBar
          awards={awards}
          currentUserId={ME.id}
          onToggle={async (name, awarded) => {
            setAwards((current) =>
              awarded
                ? [...current, award(name, ME)]
                : current.filter((given) => !(given.name === name && given.user.id === ME.id)),
            );
          }}
        />
      );
    }
    render(<Parent />);
    await user.click(button('thumbsup 1'));
    expect(button('thumbsup 2')).toHaveAttribute('aria-pressed', 'true');
    await user.click(button('thumbsup 2'));
    expect(button('thumbsup 1')).toHaveAttribute('aria-pressed', 'false');
  });

  it('toggles with Enter and Space after tabbing to a button', async () => {
    const user = userEvent.setup();
    const { onToggle } = renderBar();
    await user.tab();
    await user.tab();
    expect(button('thumbsdown 1')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onToggle).toHaveBeenLastCalledWith('thumbsdown', true);
    await act(async () => {});
    await user.tab();
    await user.keyboard(' ');
    expect(onToggle).toHaveBeenLastCalledWith('heart', false);
  });

  it("keeps the focus in the bar when removing your award takes that emoji's button away", async () => {
    const user = userEvent.setup();
    renderBar({ awards: [award('heart', ME), award('tada', ADA)] });
    await user.tab();
    await user.tab();
    await user.tab();
    expect(button('heart 1')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: /^heart/ })).not.toBeInTheDocument();
    expect(button('tada 1')).toHaveFocus();
  });
});

describe('AwardEmojiBar: read-only', () => {
  it('without a current user: buttons are aria-disabled, do not toggle, and still have tooltips', async () => {
    const user = userEvent.setup();
    const { onToggle } = renderBar({ currentUserId: undefined });
    expect(screen.getByRole('group')).toHaveAttribute('data-state', 'read-only');
    for (const element of screen.getAllByRole('button')) {
      expect(element).toHaveAttribute('aria-disabled', 'true');
      expect(element).toHaveAttribute('aria-pressed', 'false');
    }
    await user.tab();
    expect(button('thumbsup 3')).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Ada Lovelace, Grace Hopper and Bob Kahn');
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(button('thumbsup 3'));
    expect(onToggle).not.toHaveBeenCalled();
    expect(button('thumbsup 3')).toHaveAttribute('aria-pressed', 'false');
  });

  it('with isReadOnly: your awards stay pressed, nothing toggles', async () => {
    const user = userEvent.setup();
    const { onToggle } = renderBar({ isReadOnly: true });
    expect(button('thumbsup 3')).toHaveAttribute('aria-pressed', 'true');
    expect(button('thumbsup 3')).toHaveAttribute('aria-disabled', 'true');
    await user.click(button('thumbsup 3'));
    expect(onToggle).not.toHaveBeenCalled();
    expect(button('thumbsup 3')).toHaveAttribute('aria-pressed', 'true');
  });

  it('with a current user and no isReadOnly: interactive', () => {
    renderBar();
    expect(screen.getByRole('group')).toHaveAttribute('data-state', 'interactive');
    expect(button('thumbsup 3')).not.toHaveAttribute('aria-disabled');
  });
});

describe('AwardEmojiBar: adding a reaction with the picker', () => {
  it("opens an emoji picker from the 'Add reaction' button, last in the bar", () => {
    expect(ADD_REACTION_LABEL).toBe('Add reaction');
    renderBar();
    expect(buttonNames().at(-1)).toBe('Add reaction');
    expect(button('Add reaction')).toHaveAttribute('data-component', 'EmojiPicker');
  });

  it('names it with addReactionLabel and passes emojiPickerProps on', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderBar({ addReactionLabel: 'React to this comment', emojiPickerProps: { onOpenChange, className: 'mine' } });
    expect(button('React to this comment')).toHaveClass('fk-award-emoji-bar__add', 'mine');
    // The picker's code loads on the first hover (AwardEmojiBar.lazy.test.tsx: a press before it arrives).
    await user.hover(button('React to this comment'));
    await waitFor(() => expect(button('React to this comment')).toHaveAttribute('id'), LAZY_CODE_TIMEOUT);
    expect(button('React to this comment')).toHaveClass('fk-award-emoji-bar__add', 'mine');
    await user.click(button('React to this comment'));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(true), LAZY_CODE_TIMEOUT);
    expect(await screen.findByRole('searchbox', { name: 'Search emoji' }, LAZY_CODE_TIMEOUT)).toBeInTheDocument();
  });

  // Picking an emoji (the grid is virtualised: it needs layout) is in AwardEmojiBar.browser.test.tsx.

  it('is not offered when the bar is read-only', () => {
    const { rerender, onToggle } = renderBar({ currentUserId: null });
    expect(screen.queryByRole('button', { name: 'Add reaction' })).not.toBeInTheDocument();
    rerender(<AwardEmojiBar awards={AWARDS} currentUserId={ME.id} isReadOnly onToggle={onToggle} />);
    expect(screen.queryByRole('button', { name: 'Add reaction' })).not.toBeInTheDocument();
  });
});
