import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  EMOJI_PICKER_LOAD_ERROR_TITLE,
  EMOJI_PICKER_LOADING_LABEL,
  EMOJI_PICKER_NO_MATCHES,
  EMOJI_PICKER_TOGGLE_LABEL,
  EmojiPicker,
  EmojiPickerPanel,
} from '../src/components/EmojiPicker';
import { TOOLTIP_PLACEMENTS } from '../src/components/Tooltip';
import {
  CATEGORY_ROW_HEIGHT,
  EMOJI_ROW_HEIGHT,
  EMOJI_STORAGE_KEY,
  EMOJIS_PER_ROW,
  FREQUENTLY_USED_STORAGE_KEY,
  addToFrequentlyUsed,
  resetEmojiMap,
  type CustomEmojiFetcher,
  type InitEmojiMapOptions,
} from '../src/emoji';
import { removeStorage } from '../src/utils/storage';
import { STORY_EMOJI_OPTIONS, emojiStoreLoader } from './support/emojiStore';
import { waitForOpen } from './support/overlay';

/** A group's custom emoji: small inline SVGs (no network). */
const svg = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`)}`;
const CUSTOM_EMOJI = [
  {
    name: 'party_tanuki',
    url: svg(
      '<path fill="#e24329" d="M16 29 3 19 6 4l4 11h12l4-11 3 15z"/>' +
        '<path fill="#fc6d26" d="M16 29 10 15H3zm0 0 6-14h7z"/><path fill="#fca326" d="m3 19 7-4H3zm26 0-7-4h7z"/>',
    ),
  },
  {
    name: 'ship_it',
    url: svg('<circle cx="16" cy="16" r="14" fill="#108548"/><path fill="#fff" d="m9 16 5 5 9-10-2-2-7 8-3-3z"/>'),
  },
  {
    name: 'lgtm',
    url: svg(
      '<rect x="2" y="6" width="28" height="20" rx="4" fill="#1f75cb"/><path fill="#fff" d="M8 12h3v6h4v3H8zm9 0h7v3h-2v6h-3v-6h-2z"/>',
    ),
  },
  {
    name: 'needs_rebase',
    url: svg('<circle cx="16" cy="16" r="14" fill="#c91c00"/><path fill="#fff" d="M10 14h12v4H10z"/>'),
  },
];
const fetchCustomEmoji: CustomEmojiFetcher = async () => ({
  group: {
    id: 'gid://gitlab/Group/9970',
    customEmoji: {
      pageInfo: { hasNextPage: false, endCursor: null },
      nodes: CUSTOM_EMOJI.map((emoji, index) => ({ id: `gid://gitlab/CustomEmoji/${index + 1}`, ...emoji })),
    },
  },
});
/** The real data plus a group with four custom emoji. */
const CUSTOM_EMOJI_OPTIONS: InitEmojiMapOptions = { ...STORY_EMOJI_OPTIONS, groupPath: 'gitlab-org', fetchCustomEmoji };

/** Emoji names remembered as frequently used, most recent first. */
const FREQUENTLY_USED = [
  'thumbsup',
  'tada',
  'rocket',
  'eyes',
  'heart',
  'white_check_mark',
  '100',
  'fire',
  'pray',
  'joy',
];

/**
 * Room for the popover under the toggle; the popover renders inside the story canvas (`container`)
 * so the screenshot shows it.
 */
function Stage({ children }: { children: (container: HTMLElement | undefined) => ReactNode }) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  return (
    <div ref={setContainer} style={{ position: 'relative', minBlockSize: 460, paddingInlineStart: 160 }}>
      {children(container ?? undefined)}
    </div>
  );
}

/** An embedded panel, framed as a card. */
const card: CSSProperties = {
  display: 'inline-block',
  border: 'thin solid var(--fk-color-border-default)',
  borderRadius: 'var(--fk-radius-lg)',
};

const openPicker = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const toggle = () => canvas.getByRole('button', { name: EMOJI_PICKER_TOGGLE_LABEL });
  // The pointer on the toggle loads the popover's code, which renders the toggle anew: the click
  // goes to that one (a real pointer's would; user-event presses the element it was given).
  await userEvent.hover(toggle());
  await waitFor(() => expect(toggle()).toHaveAttribute('id'), { timeout: 5000 });
  await userEvent.click(toggle());
  const dialog = await canvas.findByRole('dialog', { name: EMOJI_PICKER_TOGGLE_LABEL });
  await waitForOpen(dialog);
  await within(dialog).findByRole('grid', {}, { timeout: 5000 });
  const search = within(dialog).getByRole('searchbox', { name: 'Search emoji' });
  await waitFor(() => expect(search).toHaveFocus());
  return { dialog, search };
};

const meta = {
  title: 'Components/EmojiPicker',
  component: EmojiPicker,
  args: { onSelect: () => {}, initOptions: STORY_EMOJI_OPTIONS },
  argTypes: {
    placement: { control: 'select', options: TOOLTIP_PLACEMENTS },
    toggleContent: { control: false },
    initOptions: { control: false },
    container: { control: false },
  },
  loaders: [emojiStoreLoader],
  beforeEach: () => {
    // Each story starts without remembered emoji (a play function may pick one).
    removeStorage('local', FREQUENTLY_USED_STORAGE_KEY);
  },
  render: (args) => <Stage>{(container) => <EmojiPicker {...args} container={container} />}</Stage>,
  parameters: {
    docs: {
      description: {
        component:
          'An emoji picker behind a button (GitLab\u2019s award emoji picker): a click popover with a search box, ' +
          'category tabs and a grid of emoji. Picking one calls `onSelect(name)` with the emoji\u2019s ' +
          '**skin-tone-neutral name** (`thumbsup`; a group\u2019s custom emoji by its own name), closes the picker, ' +
          'returns focus to the button and puts the emoji first among the **frequently used**.\n\n' +
          '**When to use:** to add a reaction (`AwardEmojiBar` renders it as its add-reaction button) or insert ' +
          'an emoji. **Do** keep the default label \u2019Add reaction\u2019 or name the button after what picking does ' +
          '(`toggleLabel`). **Don\u2019t** open it for a fixed choice of two or three emoji: show buttons.\n\n' +
          '**Costs nothing until opened** (spec: a page that never opens it pays nothing for it or the emoji ' +
          'data): the button and popover are light; the panel (grid, search, the emoji store, the virtualiser) ' +
          'is loaded with `import()` on first open, which then calls `initEmojiMap(initOptions)`. Loading shows ' +
          'a skeleton after 200 ms (async component loading delay 200 ms); a failure shows its ' +
          'message and **Try again**. `EmojiPickerPanel` is the panel alone, for embedding in a page.\n\n' +
          '**Categories**: frequently used (only when there are any), custom (only when the ' +
          'page\u2019s group has custom emoji), smileys & people, activity, animals & nature, food & drink, travel ' +
          '& places, objects, symbols, flags; each tab shows its icon. The selected tab follows the scroll ' +
          'position; picking a tab scrolls to its category (smoothly unless the user prefers reduced motion).\n\n' +
          '**Search** uses the emoji store\u2019s ranking (`thumbsup` and `slight_smile` first, ' +
          '`thumbsdown` and `slight_frown` after; matches by description, alias or name; `:name:` works too). ' +
          'No match shows \u2019' +
          EMOJI_PICKER_NO_MATCHES +
          '\u2019.\n\n' +
          `**Virtualised:** only the visible rows exist in the page (${EMOJIS_PER_ROW} emoji per row, rows ` +
          `${EMOJI_ROW_HEIGHT} px, category headers ${CATEGORY_ROW_HEIGHT} px). ` +
          'The preview under the grid names the emoji under focus or pointer: its description and ' +
          '`:name:`.\n\n' +
          '**Keyboard**\n\n' +
          '| Key | Where | What it does |\n' +
          '| --- | --- | --- |\n' +
          '| Enter, Space | button | Opens the picker; focus moves to the search box |\n' +
          '| Tab, Shift+Tab | picker | Search box, category tabs, grid (one stop each) |\n' +
          '| \u2193 | search box | Into the grid |\n' +
          '| Enter | search box | Picks the best match |\n' +
          '| \u2190 \u2192, Home, End | tabs | Previous, next, first, last category (scrolls there) |\n' +
          '| \u2190 \u2192 \u2191 \u2193 | grid | Next emoji or row, on across row ends and categories |\n' +
          '| Home, End | grid | First, last emoji of the row |\n' +
          '| Ctrl+Home, Ctrl+End | grid | First, last emoji of all |\n' +
          '| Page Up, Page Down | grid | A screenful of rows up or down |\n' +
          '| Enter, Space | grid | Picks the emoji |\n' +
          '| Escape | picker | Closes it; focus returns to the button |\n\n' +
          '**Screen readers:** the button is named by `toggleLabel` and names the dialog; the grid is an ARIA ' +
          'grid (`aria-rowcount`, `aria-rowindex` on the rows present) with a row group per category; each ' +
          'emoji is a button named by its description; the tabs are a tab list.\n\n' +
          'These stories load the real emoji data (no network). The store is one per page: on this docs page ' +
          'the custom emoji story loads custom emoji for every picker.',
      },
    },
  },
} satisfies Meta<typeof EmojiPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: the button with the smiley icon, named 'Add reaction'. Nothing else is loaded yet. */
export const Default: Story = {};

/** Every prop as a control; click the button to open. */
export const Playground: Story = { args: { toggleLabel: 'Add reaction', placement: 'bottom' } };

/** Open: focus is in the search box; the first category is selected. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await openPicker(canvasElement);
    await expect(within(dialog).getByRole('tab', { name: 'Smileys & people' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(within(dialog).getByRole('gridcell', { name: 'grinning face' })).toBeVisible();
  },
};

/**
 * Searching: results in the store's ranking (here for 'smile'); ↓ moves into the grid and the
 * preview names the focused emoji.
 */
export const Searching: Story = {
  play: async ({ canvasElement }) => {
    const { dialog, search } = await openPicker(canvasElement);
    await userEvent.type(search, 'smile');
    const grid = within(dialog).getByRole('grid');
    await waitFor(() => expect(within(grid).getByRole('rowgroup', { name: 'Search results' })).toBeVisible());
    await userEvent.keyboard('{ArrowDown}');
    const first = within(grid).getAllByRole('gridcell')[0]!;
    await waitFor(() => expect(first).toHaveFocus());
    await expect(within(dialog).getByText(`:${first.dataset.name}:`)).toBeVisible();
  },
};

/** A search without results says so ('No matches found'). */
export const EmptySearchResult: Story = {
  play: async ({ canvasElement }) => {
    const { dialog, search } = await openPicker(canvasElement);
    await userEvent.type(search, 'xylophone quartet');
    await expect(await within(dialog).findByText(EMOJI_PICKER_NO_MATCHES)).toBeVisible();
    await expect(within(dialog).queryByRole('grid')).toBeNull();
  },
};

/** The page's group has custom emoji: a Custom tab and category (first, as none are frequently used). */
export const WithCustomEmoji: Story = {
  args: { initOptions: CUSTOM_EMOJI_OPTIONS },
  parameters: { emojiStore: CUSTOM_EMOJI_OPTIONS },
  play: async ({ canvasElement }) => {
    const { dialog } = await openPicker(canvasElement);
    await expect(within(dialog).getByRole('tab', { name: 'Custom' })).toHaveAttribute('aria-selected', 'true');
    const images = [...dialog.querySelectorAll<HTMLImageElement>('[role="grid"] .fk-emoji-picker-panel__image')];
    await expect(images).toHaveLength(CUSTOM_EMOJI.length);
    await Promise.all(images.map((image) => image.decode()));
    await userEvent.hover(within(dialog).getByRole('gridcell', { name: 'party_tanuki' }));
    await expect(within(dialog).getByText(':party_tanuki:')).toBeVisible();
  },
};

/** Emoji picked before come first, most recent first, under 'Frequently used'. */
export const WithFrequentlyUsed: Story = {
  beforeEach: () => {
    for (const name of [...FREQUENTLY_USED].reverse()) addToFrequentlyUsed(name);
    return () => removeStorage('local', FREQUENTLY_USED_STORAGE_KEY);
  },
  play: async ({ canvasElement }) => {
    const { dialog } = await openPicker(canvasElement);
    await expect(within(dialog).getByRole('tab', { name: 'Frequently used' })).toHaveAttribute('aria-selected', 'true');
    const group = within(dialog).getByRole('rowgroup', { name: 'Frequently used' });
    const names = within(group)
      .getAllByRole('gridcell')
      .map((button) => button.dataset.name);
    await expect(names).toEqual(FREQUENTLY_USED);
  },
};

/** `EmojiPickerPanel` on its own, embedded in a page (no popover, focus stays where it is). */
export const Embedded: Story = {
  render: (args) => (
    <div style={card}>
      <EmojiPickerPanel onSelect={args.onSelect} initOptions={args.initOptions} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('grid', {}, { timeout: 5000 });
  },
};

/**
 * Loading: after 200 ms a skeleton, announced as 'Loading emoji' (async component
 * loading delay 200 ms). Not on the docs page: it holds the one emoji map of the page.
 */
export const Loading: Story = {
  tags: ['!autodocs'],
  args: { initOptions: { ...STORY_EMOJI_OPTIONS, fetchEmojis: () => new Promise(() => {}) } },
  beforeEach: () => {
    resetEmojiMap();
    removeStorage('local', EMOJI_STORAGE_KEY);
    return () => resetEmojiMap();
  },
  render: Embedded.render,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(EMOJI_PICKER_LOADING_LABEL)).toBeInTheDocument();
  },
};

/** The emoji could not be loaded: the message and a button to try again. Not on the docs page. */
export const LoadError: Story = {
  tags: ['!autodocs'],
  args: {
    initOptions: {
      ...STORY_EMOJI_OPTIONS,
      fetchEmojis: () => Promise.reject(new Error('Request failed with status code 503')),
    },
  },
  beforeEach: () => {
    resetEmojiMap();
    removeStorage('local', EMOJI_STORAGE_KEY);
    return () => resetEmojiMap();
  },
  render: Embedded.render,
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(EMOJI_PICKER_LOAD_ERROR_TITLE);
    await expect(alert).toHaveTextContent('Request failed with status code 503');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
