// EmojiPicker in real Chromium: keyboard navigation across rows and categories (arrows, Home/End,
// Ctrl+Home/End), Enter picks, Escape closes with focus back on the toggle; the virtualised grid
// keeps only the visible rows in the page while scrolling; the selected tab follows the scroll
// position and picking a tab scrolls to its category (smoothly only when motion is allowed).
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { useLayoutEffect, useState } from 'react';
import { EMOJI_PICKER_TOGGLE_LABEL, EmojiPicker, loadEmojiPickerPanel } from '../src/components/EmojiPicker';
import {
  CATEGORY_ROW_HEIGHT,
  EMOJI_ROW_HEIGHT,
  EMOJIS_PER_ROW,
  addToFrequentlyUsed,
  getEmojiCategories,
  resetEmojiMap,
  type EmojiRecord,
  type InitEmojiMapOptions,
} from '../src/emoji';
import { loadEmojiPickerCode } from '../src/components/EmojiPicker/EmojiPicker';
import aliases from '../src/emoji/generated/aliases';
import emojis from '../src/emoji/generated/emojis.json';

// Real browser, real async loading: React's act() warnings do not apply. The picker's code (popover
// and panel) is loaded first; loading it on intent or a held press: EmojiPicker.lazy.browser.test.tsx.
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  await loadEmojiPickerCode();
});

const initOptions: InitEmojiMapOptions = {
  fetchEmojis: async () => emojis as EmojiRecord[],
  loadAliases: async () => aliases,
  groupPath: null,
  isEmojiSupported: () => true,
};

/** Ten frequently used emoji: a full row of 9 and a row of 1, before the people category. */
const FREQUENT = ['thumbsup', 'tada', 'rocket', 'eyes', 'heart', 'white_check_mark', '100', 'fire', 'pray', 'joy'];

beforeEach(() => {
  resetEmojiMap();
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

async function openPicker(onSelect = vi.fn()) {
  render(
    <div style={{ padding: '24px 240px' }}>
      <button type="button">Before</button> <EmojiPicker onSelect={onSelect} initOptions={initOptions} />
    </div>,
  );
  const toggle = screen.getByRole('button', { name: EMOJI_PICKER_TOGGLE_LABEL });
  await userEvent.click(screen.getByRole('button', { name: 'Before' }));
  await userEvent.keyboard('{Tab}');
  expect(toggle).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: EMOJI_PICKER_TOGGLE_LABEL });
  const grid = await within(dialog).findByRole('grid', {}, { timeout: 5000 });
  const search = within(dialog).getByRole('searchbox', { name: 'Search emoji' });
  await vi.waitFor(() => expect(search).toHaveFocus());
  const scroller = within(dialog).getByRole('tabpanel');
  return { toggle, dialog, grid, search, scroller, onSelect };
}

const focused = () => document.activeElement as HTMLElement;
const focusedName = () => focused().dataset.name;
async function press(key: string) {
  await userEvent.keyboard(key);
}
/** Waits for focus to be on the emoji called `name`. */
const expectFocusOn = (name: string) => vi.waitFor(() => expect(focusedName()).toBe(name));

/** Offset in px of each category's header, from the constants (9 per row, rows 34 px, headers 37 px). */
function categoryOffsets(): Map<string, number> {
  const offsets = new Map<string, number>();
  let offset = 0;
  for (const category of getEmojiCategories()) {
    offsets.set(category.label, offset);
    offset += CATEGORY_ROW_HEIGHT + Math.ceil(category.emojiNames.length / EMOJIS_PER_ROW) * EMOJI_ROW_HEIGHT;
  }
  return offsets;
}

const rect = (element: Element) => element.getBoundingClientRect();
/** Whether `element` is at least partly inside the scroller's viewport. */
const overlaps = (element: Element, scroller: Element) =>
  rect(element).bottom > rect(scroller).top && rect(element).top < rect(scroller).bottom;

describe('EmojiPicker: keyboard', () => {
  it('moves with the arrows across rows, Home/End in a row, Ctrl+Home/End over the whole list', async () => {
    await openPicker();
    await press('{ArrowDown}');
    await expectFocusOn('grinning');
    await press('{ArrowRight}');
    await expectFocusOn('smiley');
    await press('{ArrowLeft}');
    await expectFocusOn('grinning');
    const people = getEmojiCategories()[0]!.emojiNames;
    await press('{End}');
    await expectFocusOn(people[EMOJIS_PER_ROW - 1]!);
    // On past the row's end into the next row, and back.
    await press('{ArrowRight}');
    await expectFocusOn(people[EMOJIS_PER_ROW]!);
    await press('{ArrowLeft}');
    await expectFocusOn(people[EMOJIS_PER_ROW - 1]!);
    await press('{ArrowDown}');
    await expectFocusOn(people[2 * EMOJIS_PER_ROW - 1]!);
    // Home and End stay in the row.
    await press('{Home}');
    await expectFocusOn(people[EMOJIS_PER_ROW]!);
    await press('{End}');
    await expectFocusOn(people[2 * EMOJIS_PER_ROW - 1]!);
    await press('{Home}{ArrowUp}');
    await expectFocusOn('grinning');

    // The last emoji of all (a flag), far below: its row is rendered and scrolled into view.
    const flags = getEmojiCategories().at(-1)!;
    await press('{Control>}{End}{/Control}');
    await expectFocusOn(flags.emojiNames.at(-1)!);
    const scroller = screen.getByRole('tabpanel');
    await vi.waitFor(() => expect(overlaps(focused(), scroller)).toBe(true));
    expect(screen.getByRole('tab', { name: 'Flags' })).toHaveAttribute('aria-selected', 'true');
    await press('{Control>}{Home}{/Control}');
    await expectFocusOn('grinning');
    await vi.waitFor(() => expect(scroller.scrollTop).toBe(0));
  });

  it('crosses category boundaries, keeping the column where the row allows', async () => {
    for (const name of [...FREQUENT].reverse()) addToFrequentlyUsed(name);
    const { grid } = await openPicker();
    expect(within(grid).getAllByRole('rowgroup')[0]).toHaveAccessibleName('Frequently used');
    await press('{ArrowDown}');
    await expectFocusOn('thumbsup');
    await press('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    await expectFocusOn('heart');
    // Down into the short last row (one emoji): its only emoji.
    await press('{ArrowDown}');
    await expectFocusOn('joy');
    // Down out of the category: the first row of Smileys & people, same column (the first).
    await press('{ArrowDown}');
    await expectFocusOn('grinning');
    expect(focused().closest('[role="rowgroup"]')).toHaveAccessibleName('Smileys & people');
    // Right from the column 5 of people's first row, then up: the previous category's last row.
    await press('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    await expectFocusOn(getEmojiCategories()[1]!.emojiNames[4]!);
    await press('{ArrowUp}');
    await expectFocusOn('joy');
    // Left and right run on across the boundary.
    await press('{ArrowRight}');
    await expectFocusOn('grinning');
    await press('{ArrowLeft}');
    await expectFocusOn('joy');
  });

  it('picks the focused emoji with Enter: onSelect, closed, focus back on the toggle', async () => {
    const { toggle, onSelect } = await openPicker();
    await press('{ArrowDown}{ArrowRight}');
    await expectFocusOn('smiley');
    expect(screen.getByText(':smiley:')).toBeVisible();
    expect(screen.getByText('grinning face with big eyes', { selector: 'span' })).toBeVisible();
    await press('{Enter}');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('smiley');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(toggle).toHaveFocus());
  });

  it('closes with Escape from the grid and returns focus to the toggle', async () => {
    const { toggle, onSelect } = await openPicker();
    await press('{ArrowDown}');
    await expectFocusOn('grinning');
    await press('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(toggle).toHaveFocus());
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('goes search box, tabs, grid with Tab; the tabs move with the arrow keys', async () => {
    const { grid } = await openPicker();
    await press('{Tab}');
    expect(focused()).toHaveAccessibleName('Smileys & people');
    await press('{ArrowRight}');
    expect(focused()).toHaveAccessibleName('Activity');
    await vi.waitFor(() => expect(focused()).toHaveAttribute('aria-selected', 'true'));
    await press('{Tab}');
    // The grid's one tab stop: the first emoji of the category scrolled to.
    await vi.waitFor(() => expect(grid.contains(focused())).toBe(true));
    expect(focusedName()).toBe(getEmojiCategories().find((category) => category.name === 'activity')!.emojiNames[0]);
  });

  it('keeps focus in the open picker: Tab from the grid wraps to the search box, Shift+Tab back', async () => {
    const { dialog, grid, search } = await openPicker();
    await press('{ArrowDown}');
    await expectFocusOn('grinning');
    await press('{Tab}');
    await vi.waitFor(() => expect(search).toHaveFocus());
    expect(dialog).toBeVisible();
    await press('{Shift>}{Tab}{/Shift}');
    await vi.waitFor(() => expect(grid.contains(focused())).toBe(true));
    expect(focused()).not.toBe(document.body);
  });

  it('hands focus that lands on the popover itself (not on a control in it) to the search box', async () => {
    // The popover takes focus itself once positioned; a panel whose code was already loading can
    // mount before that (the end-to-end status emoji test caught it: focus stayed on the popover).
    const { dialog, search } = await openPicker();
    await press('{ArrowDown}');
    await expectFocusOn('grinning');
    dialog.focus();
    await vi.waitFor(() => expect(search).toHaveFocus());
  });

  it('goes back to the search box with ArrowUp from the first row, and down again', async () => {
    const { search } = await openPicker();
    await press('{ArrowDown}');
    await expectFocusOn('grinning');
    await press('{ArrowRight}{ArrowRight}');
    await press('{ArrowUp}');
    await vi.waitFor(() => expect(search).toHaveFocus());
    await press('{ArrowDown}');
    await expectFocusOn(getEmojiCategories()[0]!.emojiNames[2]!);
  });
});

describe('EmojiPicker: virtualised grid', () => {
  it('keeps only the visible rows in the page while scrolling', async () => {
    const { grid, scroller } = await openPicker();
    const totalRows = Number(grid.getAttribute('aria-rowcount'));
    const fitting = Math.ceil(scroller.clientHeight / EMOJI_ROW_HEIGHT) + 1;
    const check = () => {
      const rows = within(grid).getAllByRole('row');
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(fitting);
      for (const row of rows) expect(overlaps(row, scroller), `row ${row.getAttribute('aria-rowindex')}`).toBe(true);
      return rows;
    };
    expect(totalRows).toBeGreaterThan(200);
    expect(check()[0]).toHaveAttribute('aria-rowindex', '1');

    for (const top of [1000, 5000, scroller.scrollHeight]) {
      scroller.scrollTop = top;
      await vi.waitFor(() => {
        const rows = check();
        expect(rows.some((row) => row.getAttribute('aria-rowindex') === '1')).toBe(false);
      });
    }
    // At the end: the last row is there.
    await vi.waitFor(() =>
      expect(within(grid).getAllByRole('row').at(-1)).toHaveAttribute('aria-rowindex', String(totalRows)),
    );
    expect(within(grid).getAllByRole('gridcell').length).toBeLessThanOrEqual(fitting * EMOJIS_PER_ROW);
  });

  it('keeps the focused emoji (and the picker) while the list scrolls away from it', async () => {
    const { dialog, grid, scroller } = await openPicker();
    await press('{ArrowDown}');
    await expectFocusOn('grinning');
    const button = focused();
    scroller.scrollTop = 5000;
    // Rows far down are rendered once the scroll is handled; the focused emoji's row stays.
    const rowIndexes = () =>
      within(grid)
        .getAllByRole('row')
        .map((row) => Number(row.getAttribute('aria-rowindex')));
    await vi.waitFor(() => expect(Math.max(...rowIndexes())).toBeGreaterThan(100));
    expect(rowIndexes()).toContain(1);
    expect(button).toHaveFocus();
    expect(button.isConnected).toBe(true);
    expect(dialog.isConnected).toBe(true);
    await press('{ArrowRight}');
    await expectFocusOn('smiley');
    await vi.waitFor(() => expect(overlaps(focused(), scroller)).toBe(true));
  });

  it('selects the tab of the category at the top as the list scrolls', async () => {
    const { dialog, scroller } = await openPicker();
    const offsets = categoryOffsets();
    const selected = () =>
      within(dialog)
        .getAllByRole('tab')
        .filter((tab) => tab.getAttribute('aria-selected') === 'true')
        .map((tab) => tab.getAttribute('aria-label'));

    scroller.scrollTop = offsets.get('Animals & nature')! + 3 * EMOJI_ROW_HEIGHT;
    await vi.waitFor(() => expect(selected()).toEqual(['Animals & nature']));
    // The nature header just below the top: still Activity.
    scroller.scrollTop = offsets.get('Animals & nature')! - EMOJI_ROW_HEIGHT;
    await vi.waitFor(() => expect(selected()).toEqual(['Activity']));
    scroller.scrollTop = offsets.get('Objects')!;
    await vi.waitFor(() => expect(selected()).toEqual(['Objects']));
    scroller.scrollTop = 0;
    await vi.waitFor(() => expect(selected()).toEqual(['Smileys & people']));
    scroller.scrollTop = scroller.scrollHeight;
    await vi.waitFor(() => expect(selected()).toEqual(['Flags']));
  });

  it('scrolls to a category when its tab is picked, its header at the top', async () => {
    const { dialog, scroller } = await openPicker();
    const offsets = categoryOffsets();
    for (const label of ['Travel & places', 'Activity', 'Symbols']) {
      const tab = within(dialog).getByRole('tab', { name: label });
      await userEvent.click(tab);
      expect(tab).toHaveAttribute('aria-selected', 'true');
      await vi.waitFor(() => expect(scroller.scrollTop).toBe(offsets.get(label)));
      const header = [...dialog.querySelectorAll('[data-component="EmojiPickerPanel.Category"]')].find(
        (element) => element.textContent === label,
      )!;
      expect(Math.round(rect(header).top)).toBe(Math.round(rect(scroller).top));
      expect(within(dialog).getByRole('rowgroup', { name: label })).toBeVisible();
    }
  });

  it('leaves a search for the category whose tab is picked, scrolled to it', async () => {
    const { dialog, search, scroller } = await openPicker();
    await userEvent.type(search, 'thumbs');
    await vi.waitFor(() => expect(within(dialog).getByRole('rowgroup', { name: 'Search results' })).toBeVisible());
    const tab = within(dialog).getByRole('tab', { name: 'Food & drink' });
    await userEvent.click(tab);
    expect(search).toHaveValue('');
    await vi.waitFor(() => expect(scroller.scrollTop).toBe(categoryOffsets().get('Food & drink')));
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('rowgroup', { name: 'Food & drink' })).toBeVisible();
  });

  it('scrolls smoothly only when the user allows motion', async () => {
    const scrollTo = vi.spyOn(HTMLElement.prototype, 'scrollTo');
    const { dialog } = await openPicker();
    // This browser prefers reduced motion (the test runner's setting): an instant jump.
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Objects' }));
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ behavior: 'auto' }));

    const matchMedia = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
      query.includes('prefers-reduced-motion')
        ? ({ ...matchMedia(query), matches: false } as MediaQueryList)
        : matchMedia(query),
    );
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Flags' }));
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ behavior: 'smooth' }));
  });
});

describe('EmojiPicker: opening again', () => {
  /** Closes with Escape and opens again with Enter on the toggle; the same (kept) dialog. */
  async function reopen(toggle: HTMLElement) {
    await press('{Escape}');
    await vi.waitFor(() => expect(toggle).toHaveFocus());
    await press('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: EMOJI_PICKER_TOGGLE_LABEL });
    await vi.waitFor(() => expect(within(dialog).getByRole('searchbox')).toHaveFocus());
    return dialog;
  }

  it('starts afresh: at the top with the first tab selected, an empty search, the rows there when it shows', async () => {
    const { toggle, dialog, search, scroller } = await openPicker();
    const firstTab = () => within(dialog).getByRole('tab', { name: 'Smileys & people' });
    const expectAtTop = () => {
      expect(scroller.scrollTop).toBe(0);
      expect(firstTab()).toHaveAttribute('aria-selected', 'true');
      const rows = within(dialog).getAllByRole('row');
      expect(rows[0]).toHaveAttribute('aria-rowindex', '1');
      for (const row of rows) expect(overlaps(row, scroller)).toBe(true);
    };
    scroller.scrollTop = categoryOffsets().get('Objects')!;
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('tab', { name: 'Objects' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(await reopen(toggle)).toBe(dialog);
    expectAtTop();

    await userEvent.type(search, 'cat');
    await vi.waitFor(() => expect(within(dialog).getByRole('rowgroup', { name: 'Search results' })).toBeVisible());
    expect(await reopen(toggle)).toBe(dialog);
    expect(search).toHaveValue('');
    expectAtTop();
  });

  it('shows what was just picked as frequently used, first', async () => {
    const { toggle, search } = await openPicker();
    await userEvent.type(search, 'rocket');
    await press('{Enter}');
    await vi.waitFor(() => expect(toggle).toHaveFocus());
    await press('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: EMOJI_PICKER_TOGGLE_LABEL });
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs[0]).toHaveAccessibleName('Frequently used');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const group = within(dialog).getByRole('rowgroup', { name: 'Frequently used' });
    expect(
      within(group)
        .getAllByRole('gridcell')
        .map((cell) => cell.dataset.name),
    ).toEqual(['rocket']);
  });

  it('a later picker in the page shows its rows without laying out its list while opening, then scrolls as usual', async () => {
    // The first picker in the page measures its list; the next one starts from that size.
    await openPicker();
    await press('{Escape}');
    render(<EmojiPicker onSelect={vi.fn()} initOptions={initOptions} toggleLabel="Later" />);
    const toggle = screen.getByRole('button', { name: 'Later' });
    // Reading the list's size or scrolling it in the opening task makes the browser lay out the
    // new panel there, and again for the frame.
    const isList = (element: unknown) => element instanceof HTMLElement && element.getAttribute('role') === 'tabpanel';
    const sizeReads = [
      vi.spyOn(Element.prototype, 'clientHeight', 'get'),
      vi.spyOn(Element.prototype, 'clientWidth', 'get'),
      vi.spyOn(Element.prototype, 'scrollTo'),
    ];
    const listReads = () => sizeReads.flatMap((spy) => spy.mock.contexts).filter(isList).length;
    // Taken at the start of the next frame, before anything the opening scheduled for it.
    const firstFrame = await new Promise<{ reads: number; rows: number }>((resolve) =>
      requestAnimationFrame(() => {
        requestAnimationFrame(() =>
          resolve({ reads: listReads(), rows: document.querySelectorAll('[role="dialog"] [role="row"]').length }),
        );
        toggle.click();
      }),
    );
    expect(firstFrame.rows).toBeGreaterThan(0);
    expect(firstFrame.reads).toBe(0);

    const dialog = screen.getByRole('dialog', { name: 'Later' });
    const scroller = within(dialog).getByRole('tabpanel');
    const last = getEmojiCategories().at(-1)!.emojiNames.at(-1);
    scroller.scrollTop = scroller.scrollHeight;
    await vi.waitFor(() => expect(dialog.querySelector(`[data-name="${last}"]`)).not.toBeNull());
  });
});

describe('EmojiPicker: a bare click (no pointer or focus on the toggle before it)', () => {
  /** Runs `action` in an animation frame and resolves in a callback after it in the same frame, before it is drawn. */
  const inOneFrame = (action: () => void, after: () => void) =>
    new Promise<void>((resolve) => {
      requestAnimationFrame(action);
      requestAnimationFrame(() => {
        after();
        resolve();
      });
    });

  it('opens ready in the frame of the click: the grid at once, never a loading state first', async () => {
    await loadEmojiPickerPanel();
    render(<EmojiPicker onSelect={() => {}} initOptions={initOptions} />);
    const toggle = screen.getByRole('button', { name: EMOJI_PICKER_TOGGLE_LABEL });
    const states: string[] = [];
    const record = (records: MutationRecord[]) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement) {
            for (const panel of [node, ...node.querySelectorAll<HTMLElement>('[data-component="EmojiPickerPanel"]')]) {
              if (panel.dataset.component === 'EmojiPickerPanel') states.push(panel.dataset.state ?? '');
            }
          }
        }
      }
    };
    const observer = new MutationObserver(record);
    observer.observe(document.body, { childList: true, subtree: true });
    let isDrawnReady = false;
    await inOneFrame(
      () => toggle.click(),
      () => {
        record(observer.takeRecords());
        const dialog = screen.queryByRole('dialog', { name: EMOJI_PICKER_TOGGLE_LABEL });
        isDrawnReady = !!dialog?.querySelector('[data-component="EmojiPickerPanel"][data-state="ready"] [role="grid"]');
      },
    );
    observer.disconnect();
    expect(isDrawnReady).toBe(true);
    expect(states).toEqual(['ready']);
  });

  it('draws the category tabs without their icons in the frame of the click, each named, and adds every icon after it', async () => {
    await loadEmojiPickerPanel();
    render(<EmojiPicker onSelect={() => {}} initOptions={initOptions} />);
    const toggle = screen.getByRole('button', { name: EMOJI_PICKER_TOGGLE_LABEL });
    let firstFrame = { tabs: 0, named: 0, icons: 0 };
    await inOneFrame(
      () => toggle.click(),
      () => {
        const tabs = [...document.querySelectorAll<HTMLElement>('[role="dialog"] [role="tab"]')];
        firstFrame = {
          tabs: tabs.length,
          named: tabs.filter((tab) => tab.getAttribute('aria-label')).length,
          icons: tabs.filter((tab) => tab.querySelector('[data-component="Icon"]')).length,
        };
      },
    );
    const categories = getEmojiCategories().length;
    expect(firstFrame).toEqual({ tabs: categories, named: categories, icons: 0 });
    const dialog = screen.getByRole('dialog', { name: EMOJI_PICKER_TOGGLE_LABEL });
    await vi.waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('tab')
          .map((tab) => tab.querySelector('[data-component="Icon"]')?.getAttribute('data-name') ?? null),
      ).toEqual(getEmojiCategories().map((category) => category.iconName)),
    );
  });

  it('moves focus to the search box in the commit that shows the popover, before the popover positions it', async () => {
    await loadEmojiPickerPanel();
    /** What had focus when the commit that opened the picker ran its layout effects. */
    const focusedAtOpen: (Element | null)[] = [];
    function Probe({ open }: { open: boolean }) {
      useLayoutEffect(() => {
        if (open) focusedAtOpen.push(document.activeElement);
      }, [open]);
      return null;
    }
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <EmojiPicker onSelect={() => {}} initOptions={initOptions} open={open} onOpenChange={setOpen} />
          <Probe open={open} />
        </>
      );
    }
    render(<Page />);
    screen.getByRole('button', { name: EMOJI_PICKER_TOGGLE_LABEL }).click();
    const dialog = await screen.findByRole('dialog', { name: EMOJI_PICKER_TOGGLE_LABEL });
    const search = within(dialog).getByRole('searchbox', { name: 'Search emoji' });
    expect(focusedAtOpen).toEqual([search]);
    await vi.waitFor(() => expect(dialog).toHaveAttribute('data-placement'));
    expect(search).toHaveFocus();
  });

  it('leaves nothing behind for a later panel: after the emoji map is reset, the next picker loads it again', async () => {
    await loadEmojiPickerPanel();
    const first = render(<EmojiPicker onSelect={() => {}} initOptions={initOptions} toggleLabel="First" />);
    screen.getByRole('button', { name: 'First' }).click();
    const dialog = await screen.findByRole('dialog', { name: 'First' });
    await within(dialog).findByRole('grid');
    first.unmount();
    resetEmojiMap();
    render(<EmojiPicker onSelect={() => {}} initOptions={initOptions} toggleLabel="Second" />);
    // Intent (the pointer enters the toggle) prepares the panel, which loads the map again.
    await userEvent.hover(screen.getByRole('button', { name: 'Second' }));
    await vi.waitFor(
      () =>
        expect(document.querySelector('[data-component="EmojiPickerPanel"]')).toHaveAttribute('data-state', 'ready'),
      { timeout: 5000 },
    );
  });
});
