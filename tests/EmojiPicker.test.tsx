// EmojiPicker in jsdom: the toggle, loading the emoji map only on first open, the loading and error
// states with retry, search with the store's ranking and 'No matches found', the categories and
// their tabs, picking (onSelect, frequently used, closing), the ARIA grid, and the pure layout and
// keyboard moves. Real layout, scrolling and keyboard focus: EmojiPicker.browser.test.tsx.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EMOJI_PICKER_LOAD_ERROR_TITLE,
  EMOJI_PICKER_LOADING_DELAY,
  EMOJI_PICKER_LOADING_LABEL,
  EMOJI_PICKER_NO_MATCHES,
  EMOJI_PICKER_RETRY_LABEL,
  EMOJI_PICKER_TOGGLE_LABEL,
  EmojiPicker,
  EmojiPickerPanel,
  loadEmojiPickerPanel,
} from '../src/components/EmojiPicker';
import { EMOJI_GRID_WIDTH } from '../src/components/EmojiPicker/constants';
import { loadEmojiPickerCode } from '../src/components/EmojiPicker/EmojiPicker';
import {
  buildEmojiPickerLayout,
  moveInGrid,
  rowOfEmoji,
  sectionAtOffset,
} from '../src/components/EmojiPicker/emojiPickerLayout';
import {
  CATEGORY_ROW_HEIGHT,
  EMOJI_ROW_HEIGHT,
  EMOJIS_PER_ROW,
  FREQUENTLY_USED_STORAGE_KEY,
  addToFrequentlyUsed,
  getEmojiCategoryMap,
  isEmojiLoading,
  resetEmojiMap,
  searchEmoji,
  type CustomEmojiFetcher,
  type EmojiRecord,
  type InitEmojiMapOptions,
} from '../src/emoji';
import aliases from '../src/emoji/generated/aliases';
import emojis from '../src/emoji/generated/emojis.json';
import { LAZY_CODE_TIMEOUT } from './support/lazyCode';

// Loading happens in promises outside React's act(); the tests wait for what the user sees. The
// picker's code (popover and panel) is loaded first: its loading on intent and a press held until
// it arrives are tested in EmojiPicker.lazy.browser.test.tsx, with a fresh module registry.
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  await loadEmojiPickerCode();
});

const RECORDS = emojis as EmojiRecord[];
const countIn = (category: string) => RECORDS.filter((record) => record.c === category).length;
const rowsOf = (count: number) => Math.ceil(count / EMOJIS_PER_ROW);

function options(overrides: Partial<InitEmojiMapOptions> = {}) {
  return {
    fetchEmojis: vi.fn(async () => RECORDS),
    loadAliases: async () => aliases,
    groupPath: null,
    isEmojiSupported: () => true,
    ...overrides,
  } satisfies InitEmojiMapOptions;
}

const fetchCustomEmoji: CustomEmojiFetcher = async () => ({
  group: {
    id: '1',
    customEmoji: {
      pageInfo: { hasNextPage: false, endCursor: null },
      nodes: [{ id: '1', name: 'party_tanuki', url: 'data:image/png;base64,AAAA' }],
    },
  },
});

// jsdom has no layout: the grid's scroller reports a height, so the virtualiser renders rows, and
// scrolling sets scrollTop and fires the scroll event as a browser would.
const SCROLLER_HEIGHT = 8 * EMOJI_ROW_HEIGHT;
const isScroller = (element: Element) => element.classList.contains('fk-emoji-picker-panel__body');
const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!;
const clientWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')!;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isScroller(this) ? SCROLLER_HEIGHT : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return isScroller(this) ? EMOJI_GRID_WIDTH : 0;
    },
  });
  HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, arg?: ScrollToOptions | number) {
    this.scrollTop = typeof arg === 'object' ? (arg.top ?? this.scrollTop) : this.scrollTop;
    setTimeout(() => this.dispatchEvent(new Event('scroll'))); // scroll events come later, as in a browser
  } as HTMLElement['scrollTo'];
});
afterAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
  delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
});

beforeEach(() => {
  resetEmojiMap();
  localStorage.clear();
});

const toggle = () => screen.getByRole('button', { name: EMOJI_PICKER_TOGGLE_LABEL });

async function openPicker(user: ReturnType<typeof userEvent.setup>) {
  await user.click(toggle());
  const dialog = await screen.findByRole('dialog', { name: EMOJI_PICKER_TOGGLE_LABEL });
  const grid = await within(dialog).findByRole('grid', { name: 'Emoji' });
  return { dialog, grid };
}

describe('EmojiPicker: the toggle', () => {
  it('is a button named "Add reaction" with a smiley icon, closed', () => {
    expect(EMOJI_PICKER_TOGGLE_LABEL).toBe('Add reaction');
    render(<EmojiPicker onSelect={() => {}} />);
    const button = toggle();
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('data-component', 'EmojiPicker');
    expect(button).toHaveAttribute('data-state', 'closed');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button.querySelector('[data-component="Icon"]')).toHaveAttribute('data-name', 'slight-smile');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes its own label and content; className, style and ref go on the button', () => {
    const ref = { current: null as HTMLButtonElement | null };
    render(
      <EmojiPicker
        onSelect={() => {}}
        toggleLabel="Insert emoji"
        toggleContent={<span>Emoji</span>}
        className="mine"
        style={{ marginInlineStart: 4 }}
        ref={ref}
      />,
    );
    const button = screen.getByRole('button', { name: 'Insert emoji' });
    expect(button).toHaveTextContent('Emoji');
    expect(button).toHaveClass('mine', 'fk-emoji-picker__toggle');
    expect(button.style.marginInlineStart).toBe('4px');
    expect(ref.current).toBe(button);
  });

  it.each([
    ['the pointer enters it', (user: ReturnType<typeof userEvent.setup>) => user.hover(toggle())],
    ['it takes focus', (user: ReturnType<typeof userEvent.setup>) => user.tab()],
  ])(
    'prepares the panel, hidden, when %s: code and emoji loaded, nothing exposed; opening shows it at once',
    async (_, showIntent) => {
      const user = userEvent.setup();
      const initOptions = options();
      const onPointerEnter = vi.fn();
      const onFocus = vi.fn();
      render(
        <EmojiPicker onSelect={() => {}} initOptions={initOptions} onPointerEnter={onPointerEnter} onFocus={onFocus} />,
      );
      await act(async () => {});
      expect(document.querySelector('[data-component="EmojiPickerPanel"]')).toBeNull();
      await showIntent(user);
      // The consumer's own handlers still run.
      expect(onPointerEnter.mock.calls.length + onFocus.mock.calls.length).toBeGreaterThan(0);
      await waitFor(() =>
        expect(document.querySelector('[data-component="EmojiPickerPanel"]')).toHaveAttribute('data-state', 'ready'),
      );
      expect(initOptions.fetchEmojis).toHaveBeenCalledTimes(1);
      const hidden = document.querySelector<HTMLElement>('[data-component="Popover"]')!;
      expect(hidden).toHaveAttribute('data-state', 'closed');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByRole('grid')).toBeNull();
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');

      // The click finds the grid there, in the same (kept) popover: nothing left to load.
      await user.click(toggle());
      const dialog = screen.getByRole('dialog', { name: EMOJI_PICKER_TOGGLE_LABEL });
      expect(dialog).toBe(hidden);
      expect(within(dialog).getByRole('grid', { name: 'Emoji' })).toBeInTheDocument();
      await waitFor(() => expect(within(dialog).getByRole('searchbox')).toHaveFocus());
      expect(initOptions.fetchEmojis).toHaveBeenCalledTimes(1);
    },
  );

  it('does not load the emoji map until it opens or the user shows intent, then loads it with initOptions', async () => {
    const user = userEvent.setup();
    const initOptions = options();
    render(<EmojiPicker onSelect={() => {}} initOptions={initOptions} />);
    await act(async () => {});
    expect(initOptions.fetchEmojis).not.toHaveBeenCalled();
    expect(isEmojiLoading()).toBe(true);

    await openPicker(user);
    expect(initOptions.fetchEmojis).toHaveBeenCalledTimes(1);
    expect(toggle()).toHaveAttribute('data-state', 'open');
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens with focus in the search box, and Escape closes it with focus back on the toggle', async () => {
    const user = userEvent.setup();
    render(<EmojiPicker onSelect={() => {}} initOptions={options()} />);
    const { dialog } = await openPicker(user);
    await waitFor(() => expect(within(dialog).getByRole('searchbox', { name: 'Search emoji' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(toggle()).toHaveFocus());
    expect(toggle()).toHaveAttribute('data-state', 'closed');
  });

  it('keeps the panel after closing, hidden (not focusable, out of the accessibility tree); it opens again afresh', async () => {
    const user = userEvent.setup();
    render(<EmojiPicker onSelect={() => {}} initOptions={options()} />);
    const { dialog } = await openPicker(user);
    const search = within(dialog).getByRole('searchbox', { name: 'Search emoji' });
    await waitFor(() => expect(search).toHaveFocus());
    await user.type(search, 'thumbs');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(toggle()).toHaveFocus());
    const panel = document.querySelector<HTMLElement>('[data-component="EmojiPickerPanel"]');
    expect(panel).not.toBeNull();
    const hidden = panel!.closest<HTMLElement>('[data-component="Popover"]')!;
    expect(hidden).toHaveAttribute('data-state', 'closed');
    expect(hidden.style.visibility).toBe('hidden');
    expect(hidden.style.contentVisibility).toBe('hidden');
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
    await user.tab();
    expect(document.body).toHaveFocus();
    const reopened = await openPicker(user);
    const again = within(reopened.dialog).getByRole('searchbox', { name: 'Search emoji' });
    await waitFor(() => expect(again).toHaveFocus());
    expect(again).toHaveValue('');
  });

  it('open from the first render (defaultOpen), it leaves focus where it is', async () => {
    render(<EmojiPicker onSelect={() => {}} initOptions={options()} defaultOpen />);
    const dialog = await screen.findByRole('dialog', { name: 'Add reaction' });
    await within(dialog).findByRole('grid');
    await act(async () => {});
    expect(document.body).toHaveFocus();
  });

  it('follows open / onOpenChange when controlled', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const { rerender } = render(
      <EmojiPicker onSelect={() => {}} initOptions={options()} open={false} onOpenChange={onOpenChange} />,
    );
    await user.click(toggle());
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<EmojiPicker onSelect={() => {}} initOptions={options()} open onOpenChange={onOpenChange} />);
    expect(await screen.findByRole('dialog', { name: EMOJI_PICKER_TOGGLE_LABEL })).toBeInTheDocument();
  });
});

describe('EmojiPicker: loading', () => {
  it(`shows nothing for 200 ms (spec section 9: async component loading delay), then a skeleton announced as "${EMOJI_PICKER_LOADING_LABEL}"`, async () => {
    expect(EMOJI_PICKER_LOADING_DELAY).toBe(200);
    await loadEmojiPickerPanel(); // the panel's code is there: only the emoji are loading
    render(
      <EmojiPickerPanel onSelect={() => {}} initOptions={options({ fetchEmojis: () => new Promise(() => {}) })} />,
    );
    const panel = document.querySelector('[data-component="EmojiPickerPanel"]')!;
    expect(panel).toHaveAttribute('data-state', 'loading');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(EMOJI_PICKER_LOADING_LABEL)).toBeNull();
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(EMOJI_PICKER_LOADING_LABEL);
  });

  it('shows the error and its message, and tries again', async () => {
    const user = userEvent.setup();
    let resolveSecond!: (records: EmojiRecord[]) => void;
    const fetchEmojis = vi
      .fn<() => Promise<EmojiRecord[]>>()
      .mockRejectedValueOnce(new Error('Request failed with status code 500'))
      .mockReturnValueOnce(new Promise((resolve) => (resolveSecond = resolve)));
    render(<EmojiPickerPanel onSelect={() => {}} initOptions={options({ fetchEmojis })} />);
    const panel = () => document.querySelector('[data-component="EmojiPickerPanel"]');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(EMOJI_PICKER_LOAD_ERROR_TITLE);
    expect(alert).toHaveTextContent('Request failed with status code 500');
    expect(panel()).toHaveAttribute('data-state', 'error');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    // Loading again: the error is gone while the second request runs.
    await waitFor(() => expect(fetchEmojis).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(panel()).toHaveAttribute('data-state', 'loading');
    resolveSecond(RECORDS);
    expect(await screen.findByRole('grid', { name: 'Emoji' })).toBeInTheDocument();
    expect(fetchEmojis).toHaveBeenCalledTimes(2);
    expect(document.querySelector('[data-component="EmojiPickerPanel"]')).toHaveAttribute('data-state', 'ready');
  });

  it('keeps focus in the popover through a retry and then moves it to the search box', async () => {
    const user = userEvent.setup();
    const fetchEmojis = vi
      .fn<() => Promise<EmojiRecord[]>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(RECORDS);
    render(<EmojiPicker onSelect={() => {}} initOptions={options({ fetchEmojis })} />);
    await user.click(toggle());
    const dialog = await screen.findByRole('dialog', { name: EMOJI_PICKER_TOGGLE_LABEL });
    const retry = await within(dialog).findByRole('button', { name: EMOJI_PICKER_RETRY_LABEL });
    await user.click(retry);
    const search = await within(dialog).findByRole('searchbox', { name: 'Search emoji' });
    await waitFor(() => expect(search).toHaveFocus());
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});

describe("EmojiPicker: the panel's code fails to load", () => {
  // A fresh module registry: the picker's code loads (and compiles) again in this test.
  it('shows the error and loads it again on retry', { timeout: 30_000 }, async () => {
    vi.resetModules();
    let attempts = 0;
    vi.doMock('../src/components/EmojiPicker/EmojiPickerContent', async (importOriginal) => {
      attempts += 1;
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    try {
      const fresh = await import('../src/components/EmojiPicker');
      const user = userEvent.setup();
      render(<fresh.EmojiPicker onSelect={() => {}} initOptions={options()} />);
      // The popover's code first (the pointer on the toggle loads it), so that the click lands on
      // its toggle: user-event would press the stand-in it was given, replaced in the meantime.
      await user.hover(toggle());
      await waitFor(() => expect(toggle()).toHaveAttribute('id'), LAZY_CODE_TIMEOUT);
      await user.click(toggle());
      const dialog = await screen.findByRole('dialog', { name: EMOJI_PICKER_TOGGLE_LABEL }, LAZY_CODE_TIMEOUT);
      const alert = await within(dialog).findByRole('alert', {}, LAZY_CODE_TIMEOUT);
      expect(alert).toHaveTextContent(EMOJI_PICKER_LOAD_ERROR_TITLE);
      expect(alert).toHaveTextContent(/Failed to fetch dynamically imported module|error when mocking/);
      await user.click(within(alert).getByRole('button', { name: EMOJI_PICKER_RETRY_LABEL }));
      expect(await within(dialog).findByRole('grid', { name: 'Emoji' })).toBeInTheDocument();
      await waitFor(() => expect(within(dialog).getByRole('searchbox')).toHaveFocus());
      expect(attempts).toBe(2);
    } finally {
      vi.doUnmock('../src/components/EmojiPicker/EmojiPickerContent');
      vi.resetModules();
    }
  });
});

describe('EmojiPicker: categories and grid', () => {
  it('shows one tab per standard category, with its icon, the first selected', async () => {
    const user = userEvent.setup();
    render(<EmojiPicker onSelect={() => {}} initOptions={options()} />);
    const { dialog } = await openPicker(user);
    const tabs = within(within(dialog).getByRole('tablist', { name: 'Emoji categories' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('aria-label'))).toEqual([
      'Smileys & people',
      'Activity',
      'Animals & nature',
      'Food & drink',
      'Travel & places',
      'Objects',
      'Symbols',
      'Flags',
    ]);
    expect(tabs.map((tab) => tab.querySelector('[data-component="Icon"]')?.getAttribute('data-name'))).toEqual([
      'smiley',
      'dumbbell',
      'nature',
      'food',
      'car',
      'bulb',
      'heart',
      'flag',
    ]);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', ...Array(7).fill('false')]);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, ...Array(7).fill(-1)]);
  });

  it('adds Frequently used first only when there are any, and Custom only when the group has some', async () => {
    const user = userEvent.setup();
    addToFrequentlyUsed('tada');
    addToFrequentlyUsed('thumbsup');
    render(<EmojiPicker onSelect={() => {}} initOptions={options({ groupPath: 'gitlab-org', fetchCustomEmoji })} />);
    const { dialog, grid } = await openPicker(user);
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.slice(0, 3).map((tab) => tab.getAttribute('aria-label'))).toEqual([
      'Frequently used',
      'Custom',
      'Smileys & people',
    ]);
    expect(tabs[0]?.querySelector('[data-component="Icon"]')).toHaveAttribute('data-name', 'history');
    expect(tabs[1]?.querySelector('[data-component="Icon"]')).toHaveAttribute('data-name', 'tanuki');
    const frequent = within(grid).getByRole('rowgroup', { name: 'Frequently used' });
    expect(
      within(frequent)
        .getAllByRole('gridcell')
        .map((cell) => cell.dataset.name),
    ).toEqual(['thumbsup', 'tada']);
    const custom = within(grid).getByRole('rowgroup', { name: 'Custom' });
    const image = within(custom).getByRole('gridcell', { name: 'party_tanuki' }).querySelector('img')!;
    expect(image).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(image).toHaveAttribute('alt', '');
  });

  it("moves a standard emoji that the group's own replaces to Custom, in the group's order", async () => {
    const user = userEvent.setup();
    const replacing: CustomEmojiFetcher = async () => ({
      group: {
        id: '1',
        customEmoji: {
          pageInfo: { hasNextPage: false, endCursor: null },
          nodes: [
            { id: '1', name: 'party_tanuki', url: 'data:image/png;base64,AAAA' },
            { id: '2', name: 'tada', url: 'data:image/png;base64,BBBB' },
          ],
        },
      },
    });
    render(
      <EmojiPicker
        onSelect={() => {}}
        initOptions={options({ groupPath: 'gitlab-org', fetchCustomEmoji: replacing })}
      />,
    );
    const { grid } = await openPicker(user);
    const custom = within(grid).getByRole('rowgroup', { name: 'Custom' });
    expect(
      within(custom)
        .getAllByRole('gridcell')
        .map((cell) => cell.dataset.name),
    ).toEqual(['party_tanuki', 'tada']);
    expect(within(custom).getByRole('gridcell', { name: 'tada' }).querySelector('img')).toHaveAttribute(
      'src',
      'data:image/png;base64,BBBB',
    );
    const categories = getEmojiCategoryMap();
    expect(categories.custom).toEqual(['party_tanuki', 'tada']);
    expect(categories.activity).not.toContain('tada');
    expect(categories.activity).toHaveLength(countIn('activity') - 1);
  });

  it('leaves out a category without emoji (none the browser can draw)', async () => {
    const user = userEvent.setup();
    render(
      <EmojiPicker
        onSelect={() => {}}
        initOptions={options({ fetchEmojis: async () => RECORDS.filter((record) => record.c !== 'flags') })}
      />,
    );
    const { dialog } = await openPicker(user);
    expect(within(dialog).queryByRole('tab', { name: 'Flags' })).toBeNull();
    expect(within(dialog).getAllByRole('tab')).toHaveLength(7);
  });

  it('is an ARIA grid of rows of 9 emoji cells, each a button named by its description', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<EmojiPicker onSelect={onSelect} initOptions={options()} />);
    const { grid } = await openPicker(user);
    const totalRows = ['people', 'activity', 'nature', 'food', 'travel', 'objects', 'symbols', 'flags'].reduce(
      (sum, category) => sum + rowsOf(countIn(category)),
      0,
    );
    expect(grid).toHaveAttribute('aria-rowcount', String(totalRows));
    expect(grid).toHaveAttribute('aria-colcount', String(EMOJIS_PER_ROW));
    const rows = within(grid).getAllByRole('row');
    expect(rows[0]).toHaveAttribute('aria-rowindex', '1');
    const cells = within(rows[0]!).getAllByRole('gridcell');
    expect(cells).toHaveLength(EMOJIS_PER_ROW);
    // Every column is there: no aria-colindex needed (WAI-ARIA grid).
    expect(cells.filter((cell) => cell.hasAttribute('aria-colindex'))).toEqual([]);
    // The cell itself is the button (focusable, Enter and Space press it, type=button in a form).
    const first = within(rows[0]!).getByRole('gridcell', { name: 'grinning face' });
    expect(first).toBe(cells[0]);
    expect(first.tagName).toBe('BUTTON');
    expect(first).toHaveAttribute('type', 'button');
    expect(first).toHaveTextContent('😀');
    expect(first).toHaveAttribute('data-name', 'grinning');
    // One tab stop in the grid.
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .filter((cell) => cell.tabIndex === 0),
    ).toEqual([first]);
    // The grid handles the cells' clicks.
    await user.click(cells[1]!);
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('smiley');
  });

  it('renders only the rows that fit the scroller, not the whole list', async () => {
    const user = userEvent.setup();
    render(<EmojiPicker onSelect={() => {}} initOptions={options()} />);
    const { grid } = await openPicker(user);
    // The header (37 px) and the rows (34 px) that fit in 8 rows' height.
    const visible = Math.ceil((SCROLLER_HEIGHT - CATEGORY_ROW_HEIGHT) / EMOJI_ROW_HEIGHT);
    expect(within(grid).getAllByRole('row')).toHaveLength(visible);
    expect(within(grid).getAllByRole('gridcell').length).toBe(visible * EMOJIS_PER_ROW);
  });

  it('previews the emoji under the pointer: description and :name:', async () => {
    const user = userEvent.setup();
    render(<EmojiPicker onSelect={() => {}} initOptions={options()} />);
    const { dialog, grid } = await openPicker(user);
    const preview = dialog.querySelector('[data-component="EmojiPickerPanel.Preview"]')!;
    // Before any hover: the emoji the keyboard reaches first, never an empty strip.
    expect(preview).toHaveTextContent(':grinning:');
    await user.hover(within(grid).getByRole('gridcell', { name: 'grinning face with big eyes' }));
    expect(preview).toHaveTextContent('grinning face with big eyes');
    expect(preview).toHaveTextContent(':smiley:');
  });
});

describe('EmojiPicker: search', () => {
  it("ranks results as the store does: 'thumbs' gives thumbsup before thumbsdown (spec section 9)", async () => {
    const user = userEvent.setup();
    render(<EmojiPicker onSelect={() => {}} initOptions={options()} />);
    const { dialog } = await openPicker(user);
    const search = within(dialog).getByRole('searchbox');
    await user.type(search, 'thumbs');
    const names = () =>
      within(within(dialog).getByRole('rowgroup', { name: 'Search results' }))
        .getAllByRole('gridcell')
        .map((cell) => cell.dataset.name);
    // Alphabetically 'thumbs down' would come first; the adjustments (0.5 and 1.5) turn it round.
    expect(names()).toEqual(['thumbsup', 'thumbsdown']);
    await user.clear(search);
    await user.type(search, 'face');
    const ranked = searchEmoji('face').map((result) => result.emoji.name);
    expect(names()).toEqual(ranked.slice(0, names().length));
    expect(ranked.length).toBeGreaterThan(EMOJIS_PER_ROW);
    // During a search no category is selected.
    expect(
      within(dialog)
        .getAllByRole('tab')
        .every((tab) => tab.getAttribute('aria-selected') === 'false'),
    ).toBe(true);
  });

  it('reads :name: as the name', async () => {
    const user = userEvent.setup();
    render(<EmojiPicker onSelect={() => {}} initOptions={options()} />);
    const { dialog } = await openPicker(user);
    await user.type(within(dialog).getByRole('searchbox'), ':tada:');
    const results = within(dialog).getByRole('rowgroup', { name: 'Search results' });
    expect(within(results).getAllByRole('gridcell')[0]).toHaveAttribute('data-name', 'tada');
  });

  it("says 'No matches found' (spec section 8) when nothing matches, in a status region", async () => {
    expect(EMOJI_PICKER_NO_MATCHES).toBe('No matches found');
    const user = userEvent.setup();
    render(<EmojiPicker onSelect={() => {}} initOptions={options()} />);
    const { dialog } = await openPicker(user);
    await user.type(within(dialog).getByRole('searchbox'), 'xylophone quartet');
    const status = within(dialog)
      .getAllByRole('status')
      .find((element) => element.textContent !== '')!;
    expect(status).toHaveTextContent(EMOJI_PICKER_NO_MATCHES);
    expect(within(dialog).queryByRole('grid')).toBeNull();
    await user.clear(within(dialog).getByRole('searchbox'));
    expect(within(dialog).getByRole('grid')).toBeInTheDocument();
    expect(within(dialog).queryByText(EMOJI_PICKER_NO_MATCHES)).toBeNull();
  });

  it('picks the best match with Enter in the search box', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<EmojiPicker onSelect={onSelect} initOptions={options()} />);
    const { dialog } = await openPicker(user);
    await user.type(within(dialog).getByRole('searchbox'), 'thumb{Enter}');
    expect(onSelect).toHaveBeenCalledWith('thumbsup');
  });

  it('leaves the search for a category when its tab is picked', async () => {
    const user = userEvent.setup();
    render(<EmojiPicker onSelect={() => {}} initOptions={options()} />);
    const { dialog } = await openPicker(user);
    const search = within(dialog).getByRole('searchbox');
    await user.type(search, 'thumb');
    await user.click(within(dialog).getByRole('tab', { name: 'Flags' }));
    expect(search).toHaveValue('');
    expect(within(dialog).getByRole('tab', { name: 'Flags' })).toHaveAttribute('aria-selected', 'true');
    // (The scroll to the category needs layout: EmojiPicker.browser.test.tsx.)
  });
});

describe('EmojiPicker: picking', () => {
  it('calls onSelect with the name, remembers it as frequently used, closes and returns focus', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<EmojiPicker onSelect={onSelect} initOptions={options()} />);
    const { grid } = await openPicker(user);
    await user.click(within(grid).getByRole('gridcell', { name: 'grinning face with big eyes' }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('smiley');
    expect(JSON.parse(localStorage.getItem(FREQUENTLY_USED_STORAGE_KEY)!)).toEqual(['smiley']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(toggle()).toHaveFocus());

    // Next time it is the first of the frequently used.
    const { dialog } = await openPicker(user);
    expect(within(dialog).getAllByRole('tab')[0]).toHaveAccessibleName('Frequently used');
    const frequent = within(dialog).getByRole('rowgroup', { name: 'Frequently used' });
    expect(
      within(frequent)
        .getAllByRole('gridcell')
        .map((cell) => cell.dataset.name),
    ).toEqual(['smiley']);
  });

  it('embedded, it calls onSelect and stays; it does not take focus', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    function Page() {
      const [picked, setPicked] = useState<string[]>([]);
      return (
        <>
          <input aria-label="Comment" />
          <EmojiPickerPanel
            onSelect={(name) => {
              onSelect(name);
              setPicked((list) => [...list, name]);
            }}
            initOptions={options()}
          />
          <output>{picked.join(',')}</output>
        </>
      );
    }
    render(<Page />);
    screen.getByRole('textbox', { name: 'Comment' }).focus();
    const grid = await screen.findByRole('grid');
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveFocus();
    await user.click(within(grid).getByRole('gridcell', { name: 'grinning face' }));
    await user.click(within(grid).getByRole('gridcell', { name: 'grinning face' }));
    expect(onSelect).toHaveBeenCalledTimes(2);
    expect(screen.getByText('grinning,grinning')).toBeInTheDocument();
    expect(screen.getByRole('grid')).toBe(grid);
  });
});

describe('emojiPickerLayout', () => {
  const sections = [
    { key: 'a', label: 'A', names: Array.from({ length: 10 }, (_, index) => `a${index}`) }, // rows: 9 + 1
    { key: 'empty', label: 'Empty', names: [] },
    { key: 'b', label: 'B', names: Array.from({ length: 12 }, (_, index) => `b${index}`) }, // rows: 9 + 3
  ];
  const layout = buildEmojiPickerLayout(sections);
  const at = (name: string) => layout.names.indexOf(name);
  const move = (name: string, key: string, isCtrl = false) =>
    layout.names[moveInGrid(layout, at(name), key, { isCtrl })!];

  it('lays out a header then rows of 9 per section, with constant heights, skipping empty sections', () => {
    expect(layout.sections.map((section) => section.key)).toEqual(['a', 'b']);
    expect(layout.rows.map((row) => row.kind)).toEqual(['header', 'emoji', 'emoji', 'header', 'emoji', 'emoji']);
    expect(layout.rows.map((row) => row.size)).toEqual([37, 34, 34, 37, 34, 34]);
    expect(layout.sectionOffset).toEqual([0, 37 + 2 * 34]);
    expect(layout.totalSize).toBe(2 * 37 + 4 * 34);
    expect(layout.emojiRowCount).toBe(4);
    expect(rowOfEmoji(layout, at('b10'))).toBe(5);
  });

  it('moves right and left across row ends and sections', () => {
    expect(move('a8', 'ArrowRight')).toBe('a9');
    expect(move('a9', 'ArrowRight')).toBe('b0');
    expect(move('b0', 'ArrowLeft')).toBe('a9');
    expect(move('a0', 'ArrowLeft')).toBe('a0');
    expect(move('b11', 'ArrowRight')).toBe('b11');
  });

  it('moves down and up by rows, keeping the column where it can, across sections', () => {
    expect(move('a3', 'ArrowDown')).toBe('a9'); // the short last row: its last emoji
    expect(move('a9', 'ArrowDown')).toBe('b0');
    expect(move('b4', 'ArrowDown')).toBe('b11');
    expect(move('b11', 'ArrowDown')).toBe('b11');
    expect(move('b4', 'ArrowUp')).toBe('a9'); // previous section's last row, clamped
    expect(move('b10', 'ArrowUp')).toBe('b1');
    expect(move('a4', 'ArrowUp')).toBe('a4');
  });

  it('goes to the row ends with Home/End, to the list ends with Ctrl', () => {
    expect(move('b10', 'Home')).toBe('b9');
    expect(move('b10', 'End')).toBe('b11');
    expect(move('a3', 'End')).toBe('a8');
    expect(move('b10', 'Home', true)).toBe('a0');
    expect(move('a3', 'End', true)).toBe('b11');
    expect(moveInGrid(layout, 0, 'Enter')).toBeNull();
  });

  it('finds the section at a scroll offset, and the last one at the end', () => {
    const second = layout.sectionOffset[1]!;
    expect(sectionAtOffset(layout, 0, 500)).toBe(0);
    expect(sectionAtOffset(layout, second - 1, 500)).toBe(0);
    expect(sectionAtOffset(layout, second, 500)).toBe(1);
    expect(sectionAtOffset(layout, 10, 10)).toBe(1);
  });
});
