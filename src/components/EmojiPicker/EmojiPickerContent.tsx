/**
 * The heavy half of the emoji picker (the emoji store, search, frequently used and the
 * virtualiser): search box, category tabs, the virtualised grid and the preview. Only ever loaded
 * with `import()` (EmojiPickerPanel.tsx), the first time a picker shows, so a page that never opens
 * one pays nothing for it.
 */
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useInsertionEffect,
  useLayoutEffect,
  useMemo,
  memo,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import clsx from 'clsx';
import { EMOJI_ROW_HEIGHT, EMOJIS_PER_ROW } from '../../emoji/constants';
import { addToFrequentlyUsed, getEmojiCategories } from '../../emoji/frequentlyUsed';
import { normalizeEmojiQuery } from '../../emoji/search';
import {
  getEmojiInfo,
  initEmojiMap,
  isEmojiLoading,
  searchEmoji,
  subscribeEmojiLoading,
  type EmojiCategoryEntry,
  type InitEmojiMapOptions,
} from '../../emoji/store';
import type { EmojiInfo } from '../../emoji/types';
import { useHasChanged } from '../../hooks/useHasChanged';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { Icon } from '../Icon';
import {
  EMOJI_GRID_WIDTH,
  EMOJI_PICKER_CATEGORIES_LABEL,
  EMOJI_PICKER_GRID_LABEL,
  EMOJI_PICKER_NO_MATCHES,
  EMOJI_PICKER_SEARCH_LABEL,
  EMOJI_PICKER_SEARCH_RESULTS_LABEL,
} from './constants';
import { EmojiPickerBody, EmojiPickerError, EmojiPickerFrame, EmojiPickerLoading } from './EmojiPickerFrame';
import type { EmojiPickerPanelProps } from './emojiPickerPanelProps';
import {
  buildEmojiPickerLayout,
  moveInGrid,
  rowOfEmoji,
  sectionAtOffset,
  type EmojiPickerLayout,
  type EmojiPickerRow,
} from './emojiPickerLayout';
import './EmojiPicker.css';

/** Whether the user asked for less motion (read when scrolling, never at import). */
function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * The size of the last scroller the virtualiser measured (null before any): a new panel starts from
 * it (every panel has the same size), so one rendered while hidden (prerendered on intent) already
 * has its visible rows when it shows, instead of measuring and rendering again then. Every panel
 * measures its own scroller once shown.
 */
let lastScrollerRect: { width: number; height: number } | null = null;

/**
 * A callback with a stable identity that calls the latest `callback` (for event handlers passed to
 * memoised parts, so a keystroke does not re-render them). Not for use during render.
 */
function useStableCallback<Args extends unknown[]>(callback: (...args: Args) => void): (...args: Args) => void {
  const latest = useRef(callback);
  // Updated in the commit, before any event can call it.
  useInsertionEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}

/** A load started by startEmojiMap, for the next panel to take over instead of starting its own. */
let startedLoad: Promise<void> | null = null;

/**
 * Starts loading the emoji map for a picker about to open, before its panel renders
 * (startEmojiPickerData in EmojiPickerPanel.tsx); the panel that mounts next takes this load over.
 * Null when the map is loaded.
 */
export function startEmojiMap(options: InitEmojiMapOptions | undefined): Promise<void> | null {
  if (!isEmojiLoading()) return null;
  startedLoad = initEmojiMap(options);
  return startedLoad;
}

const getLoaded = () => !isEmojiLoading();
const getServerLoaded = () => false;

/**
 * The panel once its code is loaded (spec sections 3, 4 and 9): loads the emoji map if no one has
 * (loading and error states), then a search box ranked by the emoji store, one tab per category
 * (frequently used and custom only when there are any), a grid with one row per EMOJIS_PER_ROW
 * emoji in which only the visible rows exist, and a preview of the emoji under focus or pointer
 * (description and `:name:`).
 */
export function EmojiPickerContent({
  onSelect,
  initOptions,
  shouldFocusSearch = false,
  resetKey,
  ref,
  ...rest
}: EmojiPickerPanelProps) {
  const isReady = useSyncExternalStore(subscribeEmojiLoading, getLoaded, getServerLoaded);
  const [loadError, setLoadError] = useState<{ error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const mergedRef = useMergedRefs(rootRef, ref);

  const load = useEffectEvent(() => initEmojiMap(initOptions));
  useEffect(() => {
    // A load a click started for this panel (startEmojiMap) is taken over, done or not, so that it
    // is not left for a later panel. Its failure is this panel's error (no second request); should
    // the map still be missing after it succeeded (reset since), the panel loads it again.
    const started = startedLoad;
    startedLoad = null;
    if (isReady) return;
    let isCurrent = true;
    const request = started ? started.then(() => (isEmojiLoading() ? load() : undefined)) : load();
    request.catch((error: unknown) => {
      if (isCurrent) setLoadError({ error });
    });
    return () => {
      isCurrent = false;
    };
  }, [isReady, attempt]);

  const tryAgain = () => {
    setLoadError(null);
    setAttempt((count) => count + 1);
  };
  const retry = () => {
    // Keep focus in the panel while the button that has it goes away.
    rootRef.current?.focus();
    tryAgain();
  };
  // A reset (the picker was closed) after a failure tries again.
  const isReset = useHasChanged(resetKey);
  if (isReset && loadError) tryAgain();

  const state = isReady ? 'ready' : loadError ? 'error' : 'loading';
  return (
    <EmojiPickerFrame {...rest} ref={mergedRef} state={state}>
      {isReady ? (
        <EmojiPickerReady
          onSelect={onSelect}
          shouldFocusSearch={shouldFocusSearch}
          resetKey={resetKey}
          rootRef={rootRef}
        />
      ) : loadError ? (
        <EmojiPickerError error={loadError.error} onRetry={retry} />
      ) : (
        <EmojiPickerLoading />
      )}
    </EmojiPickerFrame>
  );
}

interface ReadyProps {
  onSelect: (name: string) => void;
  shouldFocusSearch: boolean;
  resetKey: EmojiPickerPanelProps['resetKey'];
  rootRef: RefObject<HTMLDivElement | null>;
}

/** Per layout: the emoji with keyboard focus (or that Tab reaches), the selected tab, the preview. */
interface ViewState {
  layout: EmojiPickerLayout;
  active: number;
  selected: number;
  preview: number | null;
}

/** The ready panel; rendered only once the emoji map is loaded. */
function EmojiPickerReady({ onSelect, shouldFocusSearch, resetKey, rootRef }: ReadyProps) {
  const id = useId();
  const scrollerId = `${id}-scroller`;

  // Read once per showing (again on reset): picking an emoji does not reorder the grid under the pointer.
  const [categories, setCategories] = useState<EmojiCategoryEntry[]>(readCategories);
  const [query, setQuery] = useState('');
  const isSearching = normalizeEmojiQuery(query) !== '';
  // What the search sees ('' when not searching): typing a space does not search again.
  const searchText = isSearching ? query.trim() : '';
  // The categories' layout is kept while searching: clearing the box shows it again unbuilt.
  const categoriesLayout = useMemo(
    () =>
      buildEmojiPickerLayout(
        categories.map((category) => ({ key: category.name, label: category.label, names: category.emojiNames })),
      ),
    [categories],
  );
  const layout = useMemo(
    () =>
      searchText
        ? buildEmojiPickerLayout([
            {
              key: 'search',
              label: EMOJI_PICKER_SEARCH_RESULTS_LABEL,
              names: searchEmoji(searchText).map((result) => result.emoji.name),
            },
          ])
        : categoriesLayout,
    [searchText, categoriesLayout],
  );

  // View state belongs to one layout: a new search (or its end) starts at the top, or at the
  // category whose tab was picked during a search.
  const [pendingSection, setPendingSection] = useState<number | null>(null);
  const [view, setView] = useState<ViewState>({ layout, active: 0, selected: 0, preview: null });
  const [scrollRequest, setScrollRequest] = useState<{
    offset: number;
    section: number;
    isTabPick: boolean;
  } | null>(null);
  if (view.layout !== layout) {
    const section = pendingSection ?? 0;
    setView({ layout, active: layout.sectionFirst[section] ?? 0, selected: section, preview: null });
    setPendingSection(null);
    setScrollRequest({ offset: layout.sectionOffset[section] ?? 0, section, isTabPick: pendingSection !== null });
  }
  const active = Math.min(view.active, Math.max(layout.names.length - 1, 0));
  const update = (patch: Partial<Omit<ViewState, 'layout'>>) =>
    setView((current) => (current.layout === layout ? { ...current, ...patch } : current));

  const [isGridFocused, setIsGridFocused] = useState(false);

  // A reset (the picker was closed): back to the opening state, changing only what differs from it,
  // so a kept panel whose layout the browser cached shows again without a new layout.
  const isReset = useHasChanged(resetKey);
  const [scrollReset, setScrollReset] = useState(0);
  if (isReset) {
    const next = readCategories();
    if (!haveSameEmoji(next, categories)) setCategories(next);
    setQuery('');
    setPendingSection(null);
    setIsGridFocused(false);
    setView((current) =>
      current.active === 0 && current.selected === 0 && current.preview === null
        ? current
        : { ...current, active: 0, selected: 0, preview: null },
    );
    setScrollReset((count) => count + 1);
  }
  const scrollerRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  /** Flat index of the emoji to focus once its row is rendered. */
  const pendingFocus = useRef<number | null>(null);
  /** Section whose tab was picked: it stays selected while the list scrolls there. */
  const scrollLock = useRef<number | null>(null);

  const activeRow = layout.names.length > 0 ? rowOfEmoji(layout, active) : null;
  // Only the visible rows are rendered, plus the row of the focused emoji while focus is in the grid
  // (removing a focused element would drop focus to the page and close the popover).
  const keepRow = isGridFocused ? activeRow : null;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (keepRow === null || keepRow >= range.count || indexes.includes(keepRow)) return indexes;
      return [...indexes, keepRow].sort((a, b) => a - b);
    },
    [keepRow],
  );
  const estimateSize = useCallback((index: number) => layout.rows[index]!.size, [layout]);
  // With the scroller's size known (lastScrollerRect), the first rows render from it and the
  // virtualiser gets the scroller only after the first paint: attaching it reads the scroller's
  // size and scrolls it, which made the browser lay out the new panel in the middle of the opening
  // task, and lay it out again for the frame. Without a known size it attaches at once.
  const [isScrollerAttached, setScrollerAttached] = useState(lastScrollerRect === null);
  /** Where the list was scrolled to before the virtualiser got it (attaching writes its own offset). */
  const offsetBeforeAttach = useRef(0);
  useEffect(() => {
    if (isScrollerAttached) return;
    const frame = requestAnimationFrame(() => {
      offsetBeforeAttach.current = scrollerRef.current?.scrollTop ?? 0;
      setScrollerAttached(true);
    });
    return () => cancelAnimationFrame(frame);
  }, [isScrollerAttached]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is read during render only
  const virtualizer = useVirtualizer({
    count: layout.rows.length,
    getScrollElement: () => (isScrollerAttached ? scrollerRef.current : null),
    estimateSize,
    rangeExtractor,
    overscan: 0,
    initialRect: lastScrollerRect ?? undefined,
  });
  // A scroll made before the virtualiser got the list keeps its place (before the frame is drawn).
  useLayoutEffect(() => {
    if (isScrollerAttached && offsetBeforeAttach.current !== 0) virtualizer.scrollToOffset(offsetBeforeAttach.current);
  }, [isScrollerAttached, virtualizer]);
  useEffect(() => {
    const rect = virtualizer.scrollRect;
    if (rect && rect.height > 0) lastScrollerRect = { width: rect.width, height: rect.height };
  });

  // A new layout (a search, its end) starts at the top, or at the category picked to end a search.
  useEffect(() => {
    if (!scrollRequest) return;
    scrollLock.current = scrollRequest.isTabPick ? scrollRequest.section : null;
    // Not when already there (typing on in the search box): scrolling reads the scroller's size,
    // which lays out the new rows in the middle of the keystroke's task, and again for the frame.
    if (virtualizer.scrollOffset !== scrollRequest.offset) virtualizer.scrollToOffset(scrollRequest.offset);
  }, [scrollRequest, virtualizer]);

  // A reset returns to the top (unless already there, as above).
  useEffect(() => {
    if (scrollReset === 0) return;
    scrollLock.current = null;
    if (virtualizer.scrollOffset !== 0) virtualizer.scrollToOffset(0);
  }, [scrollReset, virtualizer]);

  // Focus follows keyboard moves once the target row exists; the virtualiser then scrolls to it.
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const button = gridRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (!button) return;
    pendingFocus.current = null;
    button.focus({ preventScroll: true });
  });

  // Opened from the toggle: the search box takes focus once there is one, if focus is on the panel
  // or the popover around it (not if the user has moved on, nor on a page where it was open from
  // the start and focus is still on the page). The popover may also take focus itself after the
  // panel is there (it does once it is positioned, and a panel whose code was already loading can
  // mount before that): focus that lands on the popover or the panel, not on a control in them, is
  // handed on to the search box too.
  useEffect(() => {
    const root = rootRef.current;
    const search = searchRef.current;
    if (!shouldFocusSearch || !root || !search) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body && (focused === root || focused.contains(root))) search.focus();
    const holder = root.closest<HTMLElement>('[role="dialog"]') ?? root;
    const onFocusIn = (event: Event) => {
      if (event.target === holder || event.target === root) search.focus();
    };
    holder.addEventListener('focusin', onFocusIn);
    return () => holder.removeEventListener('focusin', onFocusIn);
  }, [shouldFocusSearch, rootRef]);

  const pick = useStableCallback((name: string) => {
    addToFrequentlyUsed(name);
    onSelect(name);
  });

  const focusEmoji = (index: number, from: number) => {
    pendingFocus.current = index;
    update({ active: index, preview: index });
    const row = rowOfEmoji(layout, index);
    // Moving up into a category's first row brings its header into view too.
    const isFirstRow = layout.rows[row - 1]?.kind === 'header';
    virtualizer.scrollToIndex(index < from && isFirstRow ? row - 1 : row, { align: 'auto' });
  };

  const scrollToSection = (section: number) => {
    scrollLock.current = section;
    update({ selected: section, active: layout.sectionFirst[section] ?? 0 });
    virtualizer.scrollToOffset(layout.sectionOffset[section] ?? 0, {
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  };

  const selectTab = useStableCallback((index: number) => {
    if (isSearching) {
      // Leave the search for the category: the new layout scrolls there (see above).
      setPendingSection(index);
      setQuery('');
      return;
    }
    scrollToSection(index);
  });

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && layout.names.length > 0) {
      event.preventDefault();
      setIsGridFocused(true);
      focusEmoji(active, active);
    } else if (event.key === 'Enter' && isSearching && layout.names.length > 0) {
      event.preventDefault();
      pick(layout.names[0]!);
    }
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    scrollLock.current = null;
    const from = Number((event.target as HTMLElement).closest('[data-index]')?.getAttribute('data-index') ?? active);
    const pageRows = Math.max(1, Math.floor((scrollerRef.current?.clientHeight ?? 0) / EMOJI_ROW_HEIGHT) - 1);
    const target = moveInGrid(layout, from, event.key, { isCtrl: event.ctrlKey || event.metaKey, pageRows });
    if (target === null) return;
    event.preventDefault();
    // ArrowUp from the first row goes back to the search box, the way ArrowDown came in.
    if (event.key === 'ArrowUp' && target === from) {
      searchRef.current?.focus();
      return;
    }
    focusEmoji(target, from);
  };

  const onGridFocus = (event: FocusEvent<HTMLDivElement>) => {
    setIsGridFocused(true);
    const index = (event.target as HTMLElement).getAttribute('data-index');
    if (index !== null) update({ active: Number(index), preview: Number(index) });
  };
  // Clicks and hovering for every cell (one handler each instead of two per cell).
  const emojiIndexOf = (target: EventTarget) => {
    const index = (target as Element).closest?.('[data-index]')?.getAttribute('data-index');
    return index == null ? null : Number(index);
  };
  const onGridClick = (event: MouseEvent<HTMLDivElement>) => {
    const index = emojiIndexOf(event.target);
    const name = index === null ? undefined : layout.names[index];
    if (name !== undefined) pick(name);
  };
  const onGridPointerOver = (event: PointerEvent<HTMLDivElement>) => {
    const index = emojiIndexOf(event.target);
    if (index !== null && index !== view.preview) update({ preview: index });
  };
  const onGridBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsGridFocused(false);
  };

  const onScroll = () => {
    const scroller = scrollerRef.current;
    if (!scroller || isSearching) return;
    const maxScrollTop = scroller.scrollHeight - scroller.clientHeight;
    const lock = scrollLock.current;
    if (lock !== null) {
      // A picked tab stays selected while a smooth scroll passes other categories.
      const target = Math.min(layout.sectionOffset[lock] ?? 0, maxScrollTop);
      if (Math.abs(scroller.scrollTop - target) < 1) scrollLock.current = null;
      return;
    }
    const section = sectionAtOffset(layout, scroller.scrollTop, maxScrollTop);
    if (section >= 0 && section !== view.selected) update({ selected: section });
  };
  const releaseScrollLock = () => {
    scrollLock.current = null;
  };

  const items = virtualizer.getVirtualItems();
  // Without an emoji under the pointer or focus, the preview shows the one the keyboard reaches
  // first (the grid's tab stop), rather than an empty strip.
  const previewName = layout.names[view.preview ?? active];
  const previewInfo = previewName ? emojiInfo(previewName) : null;
  const selectedTab = isSearching ? null : view.selected;
  const gridTabStop = tabStopIndex(layout, items, active);

  return (
    <>
      <div className="fk-emoji-picker-panel__search" data-component="EmojiPickerPanel.Search">
        <Icon name="search" className="fk-emoji-picker-panel__search-icon" />
        <input
          ref={searchRef}
          type="search"
          className="fk-emoji-picker-panel__search-input"
          aria-label={EMOJI_PICKER_SEARCH_LABEL}
          placeholder={EMOJI_PICKER_SEARCH_LABEL}
          aria-controls={scrollerId}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onSearchKeyDown}
        />
      </div>
      <EmojiPickerTabs
        idPrefix={id}
        scrollerId={scrollerId}
        categories={categories}
        selectedTab={selectedTab}
        onSelectTab={selectTab}
      />
      <EmojiPickerBody
        ref={scrollerRef}
        id={scrollerId}
        role="tabpanel"
        {...(selectedTab === null
          ? { 'aria-label': EMOJI_PICKER_SEARCH_RESULTS_LABEL }
          : { 'aria-labelledby': tabId(id, categories[selectedTab]?.name ?? '') })}
        className="fk-emoji-picker-panel__scroller"
        onScroll={onScroll}
        onWheel={releaseScrollLock}
        onPointerDown={releaseScrollLock}
      >
        <div role="status" className="fk-emoji-picker-panel__status">
          {isSearching && layout.names.length === 0 ? (
            <p className="fk-emoji-picker-panel__empty" data-component="EmojiPickerPanel.Empty">
              {EMOJI_PICKER_NO_MATCHES}
            </p>
          ) : null}
        </div>
        {layout.names.length > 0 ? (
          // The grid's cells are buttons (one tab stop); the grid itself only routes arrow keys.
          // eslint-disable-next-line jsx-a11y/interactive-supports-focus
          <div
            ref={gridRef}
            role="grid"
            aria-label={EMOJI_PICKER_GRID_LABEL}
            aria-rowcount={layout.emojiRowCount}
            aria-colcount={EMOJIS_PER_ROW}
            className="fk-emoji-picker-panel__grid"
            data-component="EmojiPickerPanel.Grid"
            style={gridStyle(virtualizer.getTotalSize())}
            onKeyDown={onGridKeyDown}
            onFocus={onGridFocus}
            onBlur={onGridBlur}
            onClick={onGridClick}
            onPointerOver={onGridPointerOver}
            onPointerLeave={() => update({ preview: isGridFocused ? active : null })}
          >
            {/* Keyed by section number (rows by index, cells by column): a new search or its end
                updates the rendered rows in place instead of replacing them. */}
            {groupBySection(items.map((item) => ({ item, row: layout.rows[item.index]! }))).map((group) => (
              <GridSection
                key={group.section}
                label={layout.sections[group.section]!.label}
                rows={group.rows}
                layout={layout}
                tabStop={gridTabStop}
              />
            ))}
          </div>
        ) : null}
      </EmojiPickerBody>
      <EmojiPickerPreview info={previewInfo} />
    </>
  );
}

const emojiInfo = (name: string): EmojiInfo => getEmojiInfo(name);

/** The grid's size; its cells are EMOJI_ROW_HEIGHT px squares. */
const gridStyle = (blockSize: number) =>
  ({
    blockSize,
    inlineSize: EMOJI_GRID_WIDTH,
    '--fk-emoji-picker-cell-size': `${EMOJI_ROW_HEIGHT}px`,
  }) as CSSProperties;

/** The categories with emoji, frequently used read now. */
const readCategories = () => getEmojiCategories().filter((category) => category.emojiNames.length > 0);

/** Whether two category lists hold the same emoji in the same order. */
function haveSameEmoji(a: readonly EmojiCategoryEntry[], b: readonly EmojiCategoryEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every((category, i) => {
      const other = b[i]!;
      return (
        category.name === other.name &&
        category.emojiNames.length === other.emojiNames.length &&
        category.emojiNames.every((name, j) => name === other.emojiNames[j])
      );
    })
  );
}

/** The id of a category's tab. */
const tabId = (idPrefix: string, category: string) => `${idPrefix}-tab-${category}`;

interface TabsProps {
  idPrefix: string;
  scrollerId: string;
  categories: EmojiCategoryEntry[];
  /** The selected category; null while searching. */
  selectedTab: number | null;
  onSelectTab: (index: number) => void;
}

/**
 * False until the frame after the tabs first render has been painted: the tabs' icons (a sprite
 * reference per category, about a tenth of a bare-click open's main-thread time in a traced
 * comparison) follow the first paint instead of delaying it. The tabs keep their size without
 * them, and their names are their labels, so nothing moves and nothing is unnamed meanwhile.
 */
function useIconsAfterFirstPaint(): boolean {
  const [isShowing, setIsShowing] = useState(false);
  useEffect(() => {
    if (isShowing) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task after it: a timer alone can run before the frame that paints the panel.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setIsShowing(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isShowing]);
  return isShowing;
}

/** The category tabs; memoised with stable props, so a keystroke in the search box does not re-render them. */
const EmojiPickerTabs = memo(function EmojiPickerTabs({
  idPrefix,
  scrollerId,
  categories,
  selectedTab,
  onSelectTab,
}: TabsProps) {
  const tabListRef = useRef<HTMLDivElement>(null);
  const tabStop = selectedTab ?? 0;
  const isShowingIcons = useIconsAfterFirstPaint();

  const onTabKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = categories.length;
    const tabs = [...(tabListRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const current = tabs.indexOf(event.target as HTMLElement);
    if (current < 0) return;
    const next =
      event.key === 'ArrowRight'
        ? (current + 1) % count
        : event.key === 'ArrowLeft'
          ? (current - 1 + count) % count
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    tabs[next]?.focus();
    onSelectTab(next);
  };

  // The tabs take focus (one tab stop, arrow keys between them); the list only routes keys.
  return (
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus
    <div
      ref={tabListRef}
      role="tablist"
      aria-label={EMOJI_PICKER_CATEGORIES_LABEL}
      className="fk-emoji-picker-panel__tabs"
      data-component="EmojiPickerPanel.Tabs"
      onKeyDown={onTabKeyDown}
    >
      {categories.map((category, index) => (
        <button
          key={category.name}
          type="button"
          role="tab"
          id={tabId(idPrefix, category.name)}
          className="fk-emoji-picker-panel__tab"
          data-component="EmojiPickerPanel.Tab"
          data-category={category.name}
          aria-label={category.label}
          title={category.label}
          aria-selected={selectedTab === index}
          aria-controls={scrollerId}
          tabIndex={index === tabStop ? 0 : -1}
          onClick={() => onSelectTab(index)}
        >
          {isShowingIcons ? <Icon name={category.iconName} /> : null}
        </button>
      ))}
    </div>
  );
});

/** The preview of the emoji under focus or pointer; memoised (re-renders only when it changes). */
const EmojiPickerPreview = memo(function EmojiPickerPreview({ info }: { info: EmojiInfo | null }) {
  return (
    <div className="fk-emoji-picker-panel__preview" data-component="EmojiPickerPanel.Preview">
      {info ? (
        <>
          <EmojiGlyph info={info} className="fk-emoji-picker-panel__preview-emoji" />
          <span className="fk-emoji-picker-panel__preview-text">
            <span className="fk-emoji-picker-panel__preview-description">{info.d}</span>
            <span className="fk-emoji-picker-panel__preview-name">:{info.name}:</span>
          </span>
        </>
      ) : null}
    </div>
  );
});

/**
 * The emoji that Tab reaches in the grid: the active one when its row is rendered, else the first
 * rendered one (focusing it makes it the active one).
 */
function tabStopIndex(layout: EmojiPickerLayout, items: readonly { index: number }[], active: number): number {
  const activeRow = layout.names.length > 0 ? rowOfEmoji(layout, active) : -1;
  if (items.some((item) => item.index === activeRow)) return active;
  for (const item of items) {
    const row = layout.rows[item.index];
    if (row?.kind === 'emoji') return row.first;
  }
  return active;
}

interface RenderedRow {
  item: { index: number; start: number; size: number; key: string | number | bigint };
  row: EmojiPickerRow;
}

/** Rendered rows grouped by section, in order (each group becomes a row group). */
function groupBySection(rows: RenderedRow[]): { section: number; rows: RenderedRow[] }[] {
  const groups: { section: number; rows: RenderedRow[] }[] = [];
  for (const entry of rows) {
    const last = groups[groups.length - 1];
    if (last && last.section === entry.row.section) last.rows.push(entry);
    else groups.push({ section: entry.row.section, rows: [entry] });
  }
  return groups;
}

interface GridSectionProps {
  label: string;
  rows: RenderedRow[];
  layout: EmojiPickerLayout;
  tabStop: number;
}

/**
 * One category's rendered rows: its header (shown, hidden from assistive technology: the row group
 * carries the name) and its emoji rows, each placed at its offset.
 */
function GridSection({ label, rows, layout, tabStop }: GridSectionProps) {
  const header = rows.find((entry) => entry.row.kind === 'header');
  const emojiRows = rows.filter((entry) => entry.row.kind === 'emoji');
  return (
    <>
      {header ? (
        <div
          className="fk-emoji-picker-panel__category"
          data-component="EmojiPickerPanel.Category"
          aria-hidden="true"
          style={{ transform: `translateY(${header.item.start}px)`, blockSize: header.item.size }}
        >
          {label}
        </div>
      ) : null}
      {emojiRows.length > 0 ? (
        <div role="rowgroup" aria-label={label} className="fk-emoji-picker-panel__rowgroup">
          {emojiRows.map(({ item, row }) =>
            row.kind === 'emoji' ? (
              <GridRow
                key={item.index}
                names={layout.names}
                row={row}
                rowIndex={item.index}
                start={item.start}
                tabStop={tabStop >= row.first && tabStop < row.first + row.count ? tabStop : -1}
              />
            ) : null,
          )}
        </div>
      ) : null}
    </>
  );
}

interface GridRowProps {
  /** Every emoji of the layout (the row shows `row.count` of them from `row.first`). */
  names: readonly string[];
  row: Extract<EmojiPickerRow, { kind: 'emoji' }>;
  /** The row's index in the virtual list. */
  rowIndex: number;
  /** Offset in px from the top of the list. */
  start: number;
  /** Flat index of the grid's tab stop when it is in this row, else -1. */
  tabStop: number;
}

/**
 * One row of emoji; memoised, so hovering (the preview) or focus moves re-render only the rows
 * that changed. Each emoji is a grid cell of its own, a button (ARIA in HTML allows `gridcell` on a
 * button, and the WAI-ARIA grid pattern lets cells take focus themselves): one element per emoji
 * with few attributes, since a first open creates about 70 of them (bench/emojiPicker). The grid
 * handles clicks and hovering for every cell, and every column is rendered, so cells need no
 * `aria-colindex` (WAI-ARIA: only when columns are missing from the DOM).
 */
const GridRow = memo(function GridRow({ names, row, rowIndex, start, tabStop }: GridRowProps) {
  const cells = [];
  for (let index = row.first; index < row.first + row.count; index += 1) {
    const info = emojiInfo(names[index]!);
    cells.push(
      <button
        key={index - row.first}
        type="button"
        role="gridcell"
        data-component="EmojiPickerPanel.Emoji"
        data-index={index}
        data-name={info.name}
        aria-label={info.d}
        tabIndex={index === tabStop ? 0 : -1}
      >
        {/* The text itself (the cell's name is aria-label): no element per glyph to create and lay out. */}
        {info.src ? <EmojiImage src={info.src} /> : info.e}
      </button>,
    );
  }
  return (
    <div
      role="row"
      aria-rowindex={row.rowNumber}
      className="fk-emoji-picker-panel__row"
      data-component="EmojiPickerPanel.Row"
      data-row={rowIndex}
      style={{ transform: `translateY(${start}px)`, blockSize: row.size }}
    >
      {cells}
    </div>
  );
});

/** A custom emoji's image (decorative: its button or the preview's text names it). */
function EmojiImage({ src, className }: { src: string; className?: string }) {
  return <img className={clsx('fk-emoji-picker-panel__image', className)} src={src} alt="" decoding="async" />;
}

/** An emoji as text in the emoji font, or a custom emoji's image. */
function EmojiGlyph({ info, className }: { info: EmojiInfo; className?: string }) {
  if (info.src) return <EmojiImage src={info.src} className={className} />;
  return (
    <span className={clsx('fk-emoji-picker-panel__glyph', className)} aria-hidden="true">
      {info.e}
    </span>
  );
}
