import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  ADD_REACTION_LABEL,
  AWARD_TOGGLE_ERROR_MESSAGE,
  AWARD_TOOLTIP_NAME_LIMIT,
  AwardEmojiBar,
  type Award,
  type AwardEmojiBarProps,
  type AwardUser,
} from '../src/components/AwardEmojiBar';
import { FREQUENTLY_USED_STORAGE_KEY } from '../src/emoji';
import { removeStorage } from '../src/utils/storage';
import { emojiStoreLoader, STORY_EMOJI_OPTIONS } from './support/emojiStore';

const ME: AwardUser = { id: 1, name: 'Grace Hopper', username: 'ghopper' };
const PEOPLE: AwardUser[] = [
  { id: 2, name: 'Ada Lovelace', username: 'ada' },
  { id: 3, name: 'Linus Torvalds', username: 'linus' },
  { id: 4, name: 'Margaret Hamilton', username: 'mhamilton' },
  { id: 5, name: 'Ken Thompson', username: 'ken' },
  { id: 6, name: 'Barbara Liskov', username: 'liskov' },
  { id: 7, name: 'Dennis Ritchie', username: 'dmr' },
  { id: 8, name: 'Frances Allen', username: 'fran' },
  { id: 9, name: 'Edsger Dijkstra', username: 'ewd' },
  { id: 10, name: 'Radia Perlman', username: 'radia' },
  { id: 11, name: 'Donald Knuth', username: 'knuth' },
  { id: 12, name: 'Katherine Johnson', username: 'kjohnson' },
  { id: 13, name: 'Alan Kay', username: 'alankay' },
];
const [ADA, LINUS, MARGARET, KEN, BARBARA] = PEOPLE as [AwardUser, AwardUser, AwardUser, AwardUser, AwardUser];

const awards = (name: string, users: readonly AwardUser[]): Award[] => users.map((user) => ({ name, user }));

/** An issue's awards: a few of them yours. */
const ISSUE_AWARDS: Award[] = [
  ...awards('thumbsup', [ADA, ME, LINUS]),
  ...awards('tada', [MARGARET]),
  ...awards('thumbsdown', [KEN]),
  ...awards('eyes', [ME, BARBARA]),
];

/** Room above the bar for its tooltips, which render inside the canvas (for the screenshot). */
function Stage({
  children,
  style,
}: {
  children: (container: HTMLElement | undefined) => ReactNode;
  style?: CSSProperties;
}) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  return (
    <div ref={setContainer} style={{ position: 'relative', paddingBlock: 'var(--fk-space-8)', ...style }}>
      {children(container ?? undefined)}
    </div>
  );
}

/**
 * The bar as an app uses it: awards kept in state, the adapter (`onToggle`, here the story's
 * action) saving a toggle, the new list set once it resolves.
 */
function StatefulBar({ awards: initialAwards, onToggle, ...props }: AwardEmojiBarProps) {
  const [current, setCurrent] = useState(initialAwards);
  return (
    <AwardEmojiBar
      {...props}
      awards={current}
      onToggle={async (name, awarded) => {
        await onToggle(name, awarded);
        setCurrent((list) =>
          awarded
            ? [...list, { name, user: ME }]
            : list.filter((award) => !(award.name === name && String(award.user.id) === String(ME.id))),
        );
      }}
    />
  );
}

const buttonsIn = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('group', { name: 'Reactions' }))
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));

const meta = {
  title: 'Components/AwardEmojiBar',
  component: AwardEmojiBar,
  loaders: [emojiStoreLoader],
  args: {
    awards: ISSUE_AWARDS,
    currentUserId: ME.id,
    onToggle: fn(async () => {}),
    initOptions: STORY_EMOJI_OPTIONS,
  },
  argTypes: {
    awards: { control: 'object' },
    initOptions: { control: false },
    emojiPickerProps: { control: false },
    tooltipContainer: { control: false },
  },
  render: (args) => (
    <Stage>
      {(container) => (
        <StatefulBar
          {...args}
          tooltipContainer={container}
          emojiPickerProps={{ ...args.emojiPickerProps, container }}
        />
      )}
    </Stage>
  ),
  parameters: {
    docs: {
      description: {
        component:
          "The award emoji under an issue, merge request or note (GitLab's awards list): one button per emoji with " +
          'its count, **thumbs up and thumbs down first** (shown even at 0: `defaultAwards`), then the other emoji ' +
          "in the order they were first given; the current user's awards are **pressed** (`aria-pressed`, info " +
          'colours) and toggle on click; a last button opens the **emoji picker** to add a reaction.\n\n' +
          '**Tooltips** list who reacted: you first as "You", then the others in award order, at most ' +
          AWARD_TOOLTIP_NAME_LIMIT +
          ' names, then "and N others" (e.g. "You, Ada Lovelace and Linus Torvalds", "Ada Lovelace and 1 other").\n\n' +
          '**Data** comes in as `awards` (`{ name, user: { id, name } }[]`, in award order) and goes out through ' +
          'the `onToggle(name, awarded)` adapter. The bar shows the change at once; if the adapter rejects, the ' +
          'change is taken back and `onError` is called (default: an alert "' +
          AWARD_TOGGLE_ERROR_MESSAGE +
          '" in the page\'s flash container). Keep `awards` in sync with the server afterwards. One request per ' +
          'emoji at a time. Picking an emoji you already gave does nothing (no double award).\n\n' +
          '**Read-only** without `currentUserId`, or with `isReadOnly`: buttons stay focusable and keep their ' +
          'tooltips (`aria-disabled`), nothing toggles, and there is no add-reaction button.\n\n' +
          '**Keyboard and screen readers:** a group named "Reactions"; Tab moves through the buttons (each a toggle ' +
          'button named by emoji and count, e.g. "thumbsup 3", pressed or not), Enter or Space toggles, keyboard ' +
          'focus shows the tooltip at once and it describes the button. When your removal takes a button away, ' +
          'focus moves to the button in its place. The emoji glyph itself is hidden from assistive technology.\n\n' +
          '**Do** give the bar the same `initOptions` as the rest of the page (one emoji map per page). ' +
          "**Don't** use it for one-off reactions outside a discussion, or to show counts nobody can act on " +
          '(use a Badge).',
      },
    },
  },
} satisfies Meta<typeof AwardEmojiBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An issue with a few reactions, two of them yours. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(buttonsIn(canvasElement)).toEqual([
      'thumbsup 3',
      'thumbsdown 1',
      'tada 1',
      'eyes 2',
      ADD_REACTION_LABEL,
    ]);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'thumbsup 3' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'tada 1' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(canvasElement.querySelector('gl-emoji[data-name="thumbsup"]')).toHaveTextContent('👍'));
  },
};

/** Every prop as a control; toggling updates the awards as an app would. */
export const Playground: Story = {};

/** Nobody has reacted yet: thumbs up and thumbs down at 0, and the add-reaction button. */
export const None: Story = {
  args: { awards: [] },
  play: async ({ canvasElement }) => {
    await expect(buttonsIn(canvasElement)).toEqual(['thumbsup 0', 'thumbsdown 0', ADD_REACTION_LABEL]);
  },
};

const MANY_AWARDS: Award[] = [
  ...awards('rocket', PEOPLE.slice(0, 9)),
  ...awards('thumbsup', [...PEOPLE, ME]),
  ...awards('heart', PEOPLE.slice(3, 5)),
  ...awards('100', PEOPLE.slice(0, 2)),
  ...awards('thinking', [KEN]),
  ...awards('eyes', [MARGARET, ME]),
  ...awards('party_parrot', [BARBARA]),
  ...awards('coffee', [LINUS]),
  ...awards('fire', PEOPLE.slice(2, 6)),
  ...awards('bug', [ADA]),
  ...awards(
    'tada',
    Array.from({ length: 1234 }, (_, index) => ({ id: 100 + index, name: `User ${index + 1}` })),
  ),
  ...awards('slight_smile', [ME]),
];

/**
 * Many emoji, a four-digit count (thousands separated) and an unknown name (shown as
 * `grey_question`): the bar wraps onto more lines in a narrow column.
 */
export const Many: Story = {
  args: { awards: MANY_AWARDS },
  render: (args) => (
    <Stage style={{ maxInlineSize: '26rem' }}>
      {(container) => <StatefulBar {...args} tooltipContainer={container} emojiPickerProps={{ container }} />}
    </Stage>
  ),
  play: async ({ canvasElement }) => {
    const names = buttonsIn(canvasElement);
    await expect(names.slice(0, 3)).toEqual(['thumbsup 13', 'thumbsdown 0', 'rocket 9']);
    await expect(names).toContain('tada 1,234');
    await expect(names).toHaveLength(14);
  },
};

/**
 * Your awards are pressed; the tooltip names you first ("You") and shortens a long list after
 * ten names. Keyboard focus shows it at once.
 */
export const Yours: Story = {
  render: (args) => (
    <Stage style={{ paddingBlockStart: '9rem' }}>
      {(container) => <StatefulBar {...args} tooltipContainer={container} emojiPickerProps={{ container }} />}
    </Stage>
  ),
  args: {
    awards: [...awards('thumbsup', [...PEOPLE.slice(0, 12), ME]), ...awards('heart', [ME]), ...awards('tada', [ADA])],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const thumbsup = canvas.getByRole('button', { name: 'thumbsup 13' });
    await expect(thumbsup).toHaveFocus();
    await expect(thumbsup).toHaveAttribute('aria-pressed', 'true');
    await expect(await canvas.findByRole('tooltip')).toHaveTextContent(
      'You, Ada Lovelace, Linus Torvalds, Margaret Hamilton, Ken Thompson, Barbara Liskov, Dennis Ritchie, ' +
        'Frances Allen, Edsger Dijkstra, Radia Perlman and 3 others',
    );
    await expect(thumbsup).toHaveAccessibleDescription(/^You, Ada Lovelace/);
    await expect(canvas.getByRole('button', { name: 'heart 1' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/**
 * No signed-in user: read-only. Buttons keep their tooltips (hover or focus) but do not toggle;
 * no add-reaction button.
 */
export const ReadOnly: Story = {
  args: { currentUserId: undefined },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(buttonsIn(canvasElement)).toEqual(['thumbsup 3', 'thumbsdown 1', 'tada 1', 'eyes 2']);
    await userEvent.tab();
    const thumbsup = canvas.getByRole('button', { name: 'thumbsup 3' });
    await expect(thumbsup).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(thumbsup);
    await expect(args.onToggle).not.toHaveBeenCalled();
    await expect(thumbsup).toHaveAttribute('aria-pressed', 'false');
    // A press closes the tooltip; focus moves on and back to show it again.
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    await expect(await canvas.findByRole('tooltip')).toHaveTextContent('Ada Lovelace, Grace Hopper and Linus Torvalds');
  },
};

/** Clicking toggles your award: the count and the pressed state change at once. */
export const Toggle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'thumbsdown 1' }));
    await expect(args.onToggle).toHaveBeenCalledWith('thumbsdown', true);
    await expect(await canvas.findByRole('button', { name: 'thumbsdown 2' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'eyes 2' }));
    await expect(args.onToggle).toHaveBeenCalledWith('eyes', false);
    await expect(await canvas.findByRole('button', { name: 'eyes 1' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.unhover(canvas.getByRole('button', { name: 'eyes 1' }));
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/**
 * The adapter fails: the change is taken back and, without `onError`, an alert appears in the
 * page's flash container.
 */
export const ToggleFails: Story = {
  args: { onToggle: fn(async () => Promise.reject(new Error('Request failed with status code 500'))) },
  render: (args) => (
    <div>
      <div className="flash-container" />
      <Stage>
        {(container) => <AwardEmojiBar {...args} tooltipContainer={container} emojiPickerProps={{ container }} />}
      </Stage>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'tada 1' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(AWARD_TOGGLE_ERROR_MESSAGE);
    await expect(canvas.getByRole('button', { name: 'tada 1' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.unhover(canvas.getByRole('button', { name: 'tada 1' }));
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** The add-reaction button opens the emoji picker; picking an emoji awards it. */
export const AddReaction: Story = {
  render: (args) => (
    <Stage style={{ minBlockSize: '30rem', paddingBlockStart: 'var(--fk-space-5)' }}>
      {(container) => <StatefulBar {...args} tooltipContainer={container} emojiPickerProps={{ container }} />}
    </Stage>
  ),
  play: async ({ canvasElement }) => {
    // The picker shows your frequently used emoji first: none, so the screenshot does not vary.
    removeStorage('local', FREQUENTLY_USED_STORAGE_KEY);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: ADD_REACTION_LABEL }));
    await expect(await canvas.findByRole('searchbox', { name: 'Search emoji' }, { timeout: 10_000 })).toHaveFocus();
    await expect(await canvas.findByRole('grid')).toBeVisible();
  },
};
