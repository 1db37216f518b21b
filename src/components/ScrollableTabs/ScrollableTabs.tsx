import clsx from 'clsx';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useControllableState } from '../../hooks/useControllableState';
import { TAB_SCROLL_STEP } from '../../tokens';
import { Icon } from '../Icon';
import './ScrollableTabs.css';

/** Accessible names of the scroll buttons (named after the way they scroll on screen). */
export const SCROLLABLE_TABS_LABELS = { scrollLeft: 'Scroll left', scrollRight: 'Scroll right' } as const;

/** Scroll offsets closer than this many px to an end count as at the end (sub-pixel rounding). */
const END_TOLERANCE = 1;

export interface ScrollableTabItem {
  /** Identifies the tab for `selectedKey`; unique within the strip. */
  id: string;
  /** What the tab shows (text, or text and a counter). */
  label: ReactNode;
  /** The panel shown while the tab is selected. */
  content?: ReactNode;
  /** Can it not be selected? Keyboard navigation skips it. @default false */
  isDisabled?: boolean;
}

export interface ScrollableTabsProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'onChange'> {
  /** The tabs, in order. */
  items: readonly ScrollableTabItem[];
  /** Accessible name of the tab list, e.g. "Merge request tabs". */
  label: string;
  /** The selected tab's `id` (controlled). */
  selectedKey?: string;
  /**
   * The tab selected at first (uncontrolled).
   * @default the first tab that is not disabled
   */
  defaultSelectedKey?: string;
  /** Called with the `id` of the tab the user selects. */
  onSelectionChange?: (key: string) => void;
  /**
   * `automatic`: arrow keys select the tab they move to. `manual`: arrow keys only move focus;
   * Enter or Space selects (for panels that are slow to show).
   * @default 'automatic'
   */
  activation?: 'automatic' | 'manual';
  /**
   * Accessible names of the scroll buttons, for translation.
   * @default SCROLLABLE_TABS_LABELS ('Scroll left' / 'Scroll right')
   */
  labels?: { scrollLeft: string; scrollRight: string };
  ref?: Ref<HTMLDivElement>;
}

interface ScrollState {
  canScrollStart: boolean;
  canScrollEnd: boolean;
}

function readScrollState(scroller: HTMLElement): ScrollState {
  // In right-to-left pages scrollLeft runs from 0 to negative values.
  const position = Math.abs(scroller.scrollLeft);
  const max = scroller.scrollWidth - scroller.clientWidth;
  return { canScrollStart: position > END_TOLERANCE, canScrollEnd: max - position > END_TOLERANCE };
}

function isRightToLeft(element: Element): boolean {
  return getComputedStyle(element).direction === 'rtl';
}

/**
 * A tab strip that scrolls sideways (spec section 2: "Tab strips scroll sideways with fade
 * buttons, 200 pixels per click"): when the tabs do not fit, a fading button at each end that has
 * more tabs beyond it scrolls the strip by `TAB_SCROLL_STEP` (200 px). The buttons are re-checked
 * on scroll and resize, and the selected tab is scrolled into view on mount.
 *
 * Tabs follow the WAI-ARIA tabs pattern: `tablist`/`tab`/`tabpanel`, `aria-selected`, one Tab stop
 * (roving tabindex), Left/Right arrows (wrapping) and Home/End. The scroll buttons are for
 * pointers; keyboard focus scrolls the focused tab into view by itself.
 */
export function ScrollableTabs({
  items,
  label,
  selectedKey: selectedProp,
  defaultSelectedKey,
  onSelectionChange,
  activation = 'automatic',
  labels = SCROLLABLE_TABS_LABELS,
  className,
  ref,
  ...rest
}: ScrollableTabsProps) {
  const firstEnabled = items.find((item) => !item.isDisabled)?.id ?? '';
  const [selectedKey, setSelectedKey] = useControllableState({
    value: selectedProp,
    defaultValue: defaultSelectedKey ?? firstEnabled,
    onChange: onSelectionChange,
  });
  const selectedIndex = Math.max(
    0,
    items.findIndex((item) => item.id === selectedKey),
  );
  const baseId = useId();
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = (index: number) => `${baseId}-panel-${index}`;

  const scrollerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const startButtonRef = useRef<HTMLButtonElement>(null);
  const [scroll, setScroll] = useState<ScrollState>({ canScrollStart: false, canScrollEnd: false });
  const [isRtl, setRtl] = useState(false);

  const update = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const next = readScrollState(scroller);
    setScroll((previous) =>
      previous.canScrollStart === next.canScrollStart && previous.canScrollEnd === next.canScrollEnd ? previous : next,
    );
  }, []);

  // Re-check on scroll (once per frame) and whenever the strip or the tabs change size.
  useEffect(() => {
    const scroller = scrollerRef.current;
    const list = listRef.current;
    if (!scroller || !list) return;
    setRtl(isRightToLeft(scroller));
    update();
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    let observer: ResizeObserver | undefined;
    if (typeof ResizeObserver === 'function') {
      observer = new ResizeObserver(update);
      observer.observe(scroller);
      observer.observe(list);
    } else {
      window.addEventListener('resize', update);
    }
    return () => {
      cancelAnimationFrame(frame);
      scroller.removeEventListener('scroll', onScroll);
      observer?.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [update]);

  /** Scrolls the strip, at once, so `tab` is whole and clear of the fade buttons. */
  const reveal = useCallback(
    (tab: HTMLElement) => {
      const scroller = scrollerRef.current;
      if (!scroller) return;
      const inset = startButtonRef.current?.offsetWidth ?? 0;
      const box = scroller.getBoundingClientRect();
      const rect = tab.getBoundingClientRect();
      let delta = 0;
      if (rect.left < box.left + inset) delta = rect.left - box.left - inset;
      else if (rect.right > box.right - inset) delta = rect.right - box.right + inset;
      if (delta !== 0) scroller.scrollTo({ left: scroller.scrollLeft + delta, behavior: 'instant' });
      update();
    },
    [update],
  );

  // The selected tab comes into view on mount and whenever the selection changes.
  useLayoutEffect(() => {
    const tab = listRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (tab) reveal(tab);
  }, [selectedIndex, reveal]);

  const scrollByStep = (direction: 'start' | 'end') => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const towardsEnd = direction === 'end' ? 1 : -1;
    // Smooth unless the user prefers reduced motion: the stylesheet sets scroll-behavior.
    scroller.scrollBy({ left: towardsEnd * (isRightToLeft(scroller) ? -1 : 1) * TAB_SCROLL_STEP });
  };

  const focusTab = (index: number) => {
    const tab = listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[index];
    if (!tab) return;
    tab.focus({ preventScroll: true });
    reveal(tab);
    if (activation === 'automatic') setSelectedKey(items[index]!.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, current: number) => {
    const enabled = items.flatMap((item, index) => (item.isDisabled ? [] : [index]));
    if (enabled.length === 0) return;
    const position = enabled.indexOf(current);
    const forward = isRightToLeft(event.currentTarget) ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
    let target: number | undefined;
    if (event.key === forward) target = enabled[(position + 1) % enabled.length];
    else if (event.key === backward) target = enabled[(position - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') target = enabled[0];
    else if (event.key === 'End') target = enabled[enabled.length - 1];
    if (target === undefined) return;
    event.preventDefault();
    focusTab(target);
  };

  // A click on a scroll button leaves focus where it was (on a tab, or nowhere).
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  const startLabel = isRtl ? labels.scrollRight : labels.scrollLeft;
  const endLabel = isRtl ? labels.scrollLeft : labels.scrollRight;

  return (
    <div {...rest} ref={ref} className={clsx('fk-scrollable-tabs', className)} data-component="ScrollableTabs">
      <div className="fk-scrollable-tabs__bar">
        <div ref={scrollerRef} className="fk-scrollable-tabs__scroller" data-component="ScrollableTabs.Scroller">
          <div
            ref={listRef}
            role="tablist"
            aria-label={label}
            aria-orientation="horizontal"
            className="fk-scrollable-tabs__list"
          >
            {items.map((item, index) => {
              const isSelected = index === selectedIndex;
              return (
                <button
                  key={item.id}
                  type="button"
                  role="tab"
                  id={tabId(index)}
                  className="fk-scrollable-tabs__tab"
                  data-component="ScrollableTabs.Tab"
                  data-key={item.id}
                  aria-selected={isSelected}
                  aria-controls={panelId(index)}
                  aria-disabled={item.isDisabled || undefined}
                  tabIndex={isSelected ? 0 : -1}
                  onFocus={(event) => reveal(event.currentTarget)}
                  onKeyDown={(event) => onKeyDown(event, index)}
                  onClick={() => {
                    if (!item.isDisabled) setSelectedKey(item.id);
                  }}
                >
                  {item.label}
                </button>
              );
            })}
          </div>
        </div>
        {/* Pointer helpers, out of the tab order (focusing a tab scrolls it into view); while there is
            nothing to scroll that way they are `visibility: hidden`, so also out of the accessibility tree. */}
        <button
          ref={startButtonRef}
          type="button"
          tabIndex={-1}
          className="fk-scrollable-tabs__scroll"
          data-component="ScrollableTabs.ScrollButton"
          data-direction="start"
          data-visible={scroll.canScrollStart}
          aria-label={startLabel}
          onMouseDown={keepFocus}
          onClick={() => scrollByStep('start')}
        >
          <Icon name="chevron-lg-left" className="fk-scrollable-tabs__scroll-icon" />
        </button>
        <button
          type="button"
          tabIndex={-1}
          className="fk-scrollable-tabs__scroll"
          data-component="ScrollableTabs.ScrollButton"
          data-direction="end"
          data-visible={scroll.canScrollEnd}
          aria-label={endLabel}
          onMouseDown={keepFocus}
          onClick={() => scrollByStep('end')}
        >
          <Icon name="chevron-lg-right" className="fk-scrollable-tabs__scroll-icon" />
        </button>
      </div>
      {items.map((item, index) => (
        <div
          key={item.id}
          role="tabpanel"
          id={panelId(index)}
          aria-labelledby={tabId(index)}
          className="fk-scrollable-tabs__panel"
          data-component="ScrollableTabs.Panel"
          tabIndex={0}
          hidden={index !== selectedIndex}
        >
          {index === selectedIndex ? item.content : null}
        </div>
      ))}
    </div>
  );
}
