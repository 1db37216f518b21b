/**
 * The picker's virtual list, pure (no DOM, no store): sections of emoji become a list of rows of
 * constant height (a category header of CATEGORY_ROW_HEIGHT px, then rows of EMOJIS_PER_ROW emoji of
 * EMOJI_ROW_HEIGHT px; spec section 9: emoji constants 9, 34, 37), and keyboard moves go from one
 * emoji to the next across rows and categories.
 */
import { CATEGORY_ROW_HEIGHT, EMOJI_ROW_HEIGHT, EMOJIS_PER_ROW } from '../../emoji/constants';

/** A titled group of emoji in the list: a category, or the search results. */
export interface EmojiSection {
  /** Stable key: the category name, or `search`. */
  key: string;
  /** Header text. */
  label: string;
  /** Emoji names in display order. */
  names: readonly string[];
}

export type EmojiPickerRow =
  | { kind: 'header'; section: number; start: number; size: number }
  | {
      kind: 'emoji';
      section: number;
      start: number;
      size: number;
      /** Index (in the flat list of every emoji shown) of the row's first emoji. */
      first: number;
      /** Emoji in this row (EMOJIS_PER_ROW, fewer in a category's last row). */
      count: number;
      /** 1-based number of the row among the emoji rows (`aria-rowindex`). */
      rowNumber: number;
    };

export interface EmojiPickerLayout {
  sections: readonly EmojiSection[];
  rows: EmojiPickerRow[];
  /** Every emoji shown, section after section (an emoji may appear in two sections). */
  names: string[];
  /** Flat index of each section's first emoji. */
  sectionFirst: number[];
  /** Row index of each section's header. */
  sectionRow: number[];
  /** Offset in px of each section's header from the top of the list. */
  sectionOffset: number[];
  /** Number of emoji rows (`aria-rowcount`). */
  emojiRowCount: number;
  /** Height in px of the whole list. */
  totalSize: number;
}

/** Rows and offsets for `sections`; sections without emoji are left out. */
export function buildEmojiPickerLayout(allSections: readonly EmojiSection[]): EmojiPickerLayout {
  const sections = allSections.filter((section) => section.names.length > 0);
  const rows: EmojiPickerRow[] = [];
  const names: string[] = [];
  const sectionFirst: number[] = [];
  const sectionRow: number[] = [];
  const sectionOffset: number[] = [];
  let offset = 0;
  let rowNumber = 0;
  sections.forEach((section, index) => {
    sectionFirst.push(names.length);
    sectionRow.push(rows.length);
    sectionOffset.push(offset);
    rows.push({ kind: 'header', section: index, start: offset, size: CATEGORY_ROW_HEIGHT });
    offset += CATEGORY_ROW_HEIGHT;
    for (let position = 0; position < section.names.length; position += EMOJIS_PER_ROW) {
      rowNumber += 1;
      rows.push({
        kind: 'emoji',
        section: index,
        start: offset,
        size: EMOJI_ROW_HEIGHT,
        first: names.length + position,
        count: Math.min(EMOJIS_PER_ROW, section.names.length - position),
        rowNumber,
      });
      offset += EMOJI_ROW_HEIGHT;
    }
    names.push(...section.names);
  });
  return {
    sections,
    rows,
    names,
    sectionFirst,
    sectionRow,
    sectionOffset,
    emojiRowCount: rowNumber,
    totalSize: offset,
  };
}

/** Section of the emoji at flat index `index` (a few sections: a scan, no table per emoji to build). */
function sectionOfEmoji(layout: EmojiPickerLayout, index: number): number {
  let section = layout.sectionFirst.length - 1;
  while (section > 0 && layout.sectionFirst[section]! > index) section -= 1;
  return section;
}

/** Row index (in `layout.rows`) of the emoji at flat index `index`. */
export function rowOfEmoji(layout: EmojiPickerLayout, index: number): number {
  const section = sectionOfEmoji(layout, index);
  return layout.sectionRow[section]! + 1 + Math.floor((index - layout.sectionFirst[section]!) / EMOJIS_PER_ROW);
}

/**
 * The section shown at scroll offset `scrollTop`: the last one whose header has reached the top of
 * the viewport, or the last section once the list is scrolled to its end (a short last section
 * never reaches the top).
 */
export function sectionAtOffset(layout: EmojiPickerLayout, scrollTop: number, maxScrollTop: number): number {
  const last = layout.sections.length - 1;
  if (last < 0) return -1;
  // Half a pixel of slack: zoomed pages report fractional scroll offsets.
  if (maxScrollTop > 0 && scrollTop >= maxScrollTop - 0.5) return last;
  let found = 0;
  for (let index = 0; index <= last; index += 1) {
    if (layout.sectionOffset[index]! <= scrollTop + 0.5) found = index;
    else break;
  }
  return found;
}

/** A key the grid handles. */
export type EmojiGridKey =
  'ArrowRight' | 'ArrowLeft' | 'ArrowDown' | 'ArrowUp' | 'Home' | 'End' | 'PageDown' | 'PageUp';

const isGridKey = (key: string): key is EmojiGridKey =>
  ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp'].includes(key);

/** One row down: same column in the next row (its last emoji if shorter), into the next section. */
function down(layout: EmojiPickerLayout, index: number): number {
  const section = sectionOfEmoji(layout, index);
  const first = layout.sectionFirst[section]!;
  const length = layout.sections[section]!.names.length;
  const position = index - first;
  const column = position % EMOJIS_PER_ROW;
  const rowStart = position - column;
  if (rowStart + EMOJIS_PER_ROW < length) return first + Math.min(position + EMOJIS_PER_ROW, length - 1);
  if (section + 1 >= layout.sections.length) return index;
  const nextLength = layout.sections[section + 1]!.names.length;
  return layout.sectionFirst[section + 1]! + Math.min(column, nextLength - 1);
}

/** One row up: same column in the previous row, into the previous section's last row. */
function up(layout: EmojiPickerLayout, index: number): number {
  const section = sectionOfEmoji(layout, index);
  const first = layout.sectionFirst[section]!;
  const position = index - first;
  const column = position % EMOJIS_PER_ROW;
  if (position >= EMOJIS_PER_ROW) return index - EMOJIS_PER_ROW;
  if (section === 0) return index;
  const previousLength = layout.sections[section - 1]!.names.length;
  const lastRowStart = Math.floor((previousLength - 1) / EMOJIS_PER_ROW) * EMOJIS_PER_ROW;
  return layout.sectionFirst[section - 1]! + Math.min(lastRowStart + column, previousLength - 1);
}

/**
 * Where focus goes from the emoji at `index` for `key` (spec: keyboard navigation across the grid;
 * WAI-ARIA grid pattern): arrows move one emoji or one row and continue across row ends and
 * category boundaries; Home/End go to the first/last emoji of the row, with Ctrl (or Cmd) of the
 * whole list; PageDown/PageUp move `pageRows` rows. Null when the key is not a grid key.
 */
export function moveInGrid(
  layout: EmojiPickerLayout,
  index: number,
  key: string,
  { isCtrl = false, pageRows = 1 }: { isCtrl?: boolean; pageRows?: number } = {},
): number | null {
  if (!isGridKey(key)) return null;
  const last = layout.names.length - 1;
  if (last < 0) return null;
  const current = Math.min(Math.max(index, 0), last);
  const section = sectionOfEmoji(layout, current);
  const first = layout.sectionFirst[section]!;
  const rowStart = first + Math.floor((current - first) / EMOJIS_PER_ROW) * EMOJIS_PER_ROW;
  const sectionEnd = first + layout.sections[section]!.names.length - 1;
  switch (key) {
    case 'ArrowRight':
      return Math.min(current + 1, last);
    case 'ArrowLeft':
      return Math.max(current - 1, 0);
    case 'ArrowDown':
      return down(layout, current);
    case 'ArrowUp':
      return up(layout, current);
    case 'Home':
      return isCtrl ? 0 : rowStart;
    case 'End':
      return isCtrl ? last : Math.min(rowStart + EMOJIS_PER_ROW - 1, sectionEnd);
    case 'PageDown':
    case 'PageUp': {
      let target = current;
      for (let step = 0; step < Math.max(1, pageRows); step += 1) {
        target = key === 'PageDown' ? down(layout, target) : up(layout, target);
      }
      return target;
    }
  }
}
