/**
 * The emoji picker's toggle: a button that opens the picker in a click popover. It is light on
 * purpose (spec: "a page that never opens it pays nothing for it or the emoji data"): the popover's
 * panel loads its code (grid, search, the emoji store and the virtualiser) with `import()` the first
 * time the picker opens, and the emoji map only then (EmojiPickerPanel.tsx).
 */
import clsx from 'clsx';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type ReactNode,
  type Ref,
} from 'react';
import { flushSync } from 'react-dom';
import type { InitEmojiMapOptions } from '../../emoji/store';
import { useControllableState } from '../../hooks/useControllableState';
import { useHasChanged } from '../../hooks/useHasChanged';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { Button } from '../Button';
import { useEmojiInitOptions } from '../DataProvider/DataProvider';
import { Icon } from '../Icon';
import { Popover } from '../Popover';
import type { TooltipPlacement } from '../Tooltip/tooltipOptions';
import { EMOJI_PICKER_TOGGLE_LABEL } from './constants';
import { EmojiPickerPanel, startEmojiPickerData } from './EmojiPickerPanel';
import './EmojiPicker.css';

export interface EmojiPickerProps extends Omit<
  ComponentPropsWithoutRef<'button'>,
  'onSelect' | 'children' | 'type' | 'aria-label' | 'content'
> {
  /**
   * Called with the name of the picked emoji (its skin-tone-neutral name, e.g. `thumbsup`; a group's
   * custom emoji by its own name). The picker then closes, focus returns to the toggle, and the
   * emoji becomes the most recent of the frequently used.
   */
  onSelect: (name: string) => void;
  /**
   * Accessible name of the toggle button; it also names the popover.
   * @default 'Add reaction'
   */
  toggleLabel?: string;
  /**
   * Content of the toggle button instead of the smiley icon (e.g. an icon and a text). The
   * accessible name stays `toggleLabel`.
   * @default <Icon name="slight-smile" />
   */
  toggleContent?: ReactNode;
  /**
   * Options for `initEmojiMap()`, called when the picker first opens (not before). The emoji map is
   * loaded once per page: the first caller's options apply.
   * @default the `DataProvider`'s custom emoji adapter, else {} (the product's data URL, and the
   *   custom emoji of the page's group)
   */
  initOptions?: InitEmojiMapOptions;
  /** Controlled open state. */
  open?: boolean;
  /**
   * Open state at first render when uncontrolled.
   * @default false
   */
  defaultOpen?: boolean;
  /** Called with every requested change of the open state. */
  onOpenChange?: (open: boolean) => void;
  /**
   * Preferred side of the popover; it flips and shifts to stay in the viewport.
   * @default 'bottom'
   */
  placement?: TooltipPlacement;
  /**
   * Where the popover is portalled.
   * @default document.body
   */
  container?: Element | null;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button that opens an emoji picker in a popover (GitLab's award emoji picker): search, category
 * tabs and a virtualised grid operated with the arrow keys. Picking calls `onSelect(name)` and
 * closes the picker; Escape closes it too, and focus returns to the button. `className`, `style`
 * and other button props go on the toggle.
 */
export function EmojiPicker({
  onSelect,
  toggleLabel = EMOJI_PICKER_TOGGLE_LABEL,
  toggleContent,
  initOptions: initOptionsProp,
  open,
  defaultOpen = false,
  onOpenChange,
  placement = 'bottom',
  container,
  className,
  onPointerEnter,
  onFocus,
  ref,
  ...rest
}: EmojiPickerProps) {
  const providerEmojiOptions = useEmojiInitOptions();
  const initOptions = initOptionsProp ?? providerEmojiOptions;
  const [isOpen, setOpen] = useControllableState({ value: open, defaultValue: defaultOpen, onChange: onOpenChange });
  // The popover keeps the panel rendered (hidden, its layout kept by the browser) after it first
  // opens, so opening again only shows it. Every showing still starts afresh (empty search, at the
  // top, frequently used read again): closing resets the panel, in a deferred render after the
  // close has been drawn.
  const [closings, setClosings] = useState(0);
  const hasOpenChanged = useHasChanged(isOpen);
  if (hasOpenChanged && !isOpen) setClosings((count) => count + 1);
  const resetKey = useDeferredValue(closings);
  // The latest onSelect and setter, for a select callback that stays the same: opening or closing
  // re-renders the toggle, not the (memoised) panel.
  const latest = useRef({ onSelect, setOpen });
  useEffect(() => {
    latest.current = { onSelect, setOpen };
  });
  const select = useCallback((name: string) => {
    latest.current.onSelect(name);
    latest.current.setOpen(false);
  }, []);
  // Intent (the pointer on the toggle, or focus on it) renders the panel, hidden: its code, the
  // emoji map and its first layout are ready when the click comes, which then only shows it. Set
  // too once the picker has opened (its popover keeps the panel).
  const [isPrepared, setPrepared] = useState(false);
  if (isOpen && !isPrepared) setPrepared(true);
  const prepare = () => setPrepared(true);
  const panel = useMemo(
    () => <EmojiPickerPanel resetKey={resetKey} initOptions={initOptions} onSelect={select} shouldFocusSearch />,
    [resetKey, initOptions, select],
  );

  // A bare click (no intent before it, no panel yet) starts loading the emoji map in its own task,
  // before React renders, and the picker opens once the map is there (in that same task when the
  // data is cached or in memory) or at the next task, whichever comes first: the panel then renders
  // its grid at once, instead of a loading state first and the grid in a second render.
  const pendingOpen = useRef<(() => void) | null>(null);
  /** Set when the toggle opens the picker: focus moves to the search box as the popover shows. */
  const shouldFocusOnShow = useRef(false);
  const requestOpenChange = (next: boolean) => {
    pendingOpen.current = null;
    shouldFocusOnShow.current = next;
    const loading = next && !isPrepared ? startEmojiPickerData(initOptions) : null;
    if (!loading) {
      setOpen(next);
      return;
    }
    const timer = setTimeout(() => open());
    const open = () => {
      clearTimeout(timer);
      if (pendingOpen.current !== open) return; // closed, or asked again, in the meantime
      pendingOpen.current = null;
      // Rendered now, not at the default priority of an update outside an event (a later task,
      // after the browser may have drawn a frame without the picker).
      flushSync(() => setOpen(true));
    };
    pendingOpen.current = open;
    loading.then(open, open);
  };

  // Focus goes to the search box in the commit that shows the popover, before it is positioned and
  // drawn: the browser's style work for focusing then happens once, with the popover's own (the
  // popover would otherwise move it in a later step and restyle the panel for it). Without a
  // search box yet (the panel's code still loading), the popover and the panel move it later.
  const toggleRef = useRef<HTMLButtonElement>(null);
  const mergedToggleRef = useMergedRefs(toggleRef, ref);
  useLayoutEffect(() => {
    if (!isOpen || !shouldFocusOnShow.current) return;
    shouldFocusOnShow.current = false;
    const toggle = toggleRef.current;
    const popoverId = toggle?.getAttribute('aria-controls');
    const popover = popoverId ? toggle?.ownerDocument.getElementById(popoverId) : null;
    popover?.querySelector<HTMLInputElement>('input[type="search"]')?.focus({ preventScroll: true });
  }, [isOpen]);

  return (
    <Popover
      trigger="click"
      placement={placement}
      isOpen={isOpen}
      onOpenChange={requestOpenChange}
      container={container}
      className="fk-emoji-picker__popover"
      shouldKeepMounted
      prerender={isPrepared}
      content={panel}
    >
      <Button
        {...rest}
        // Button's ref type covers its link form too; this one is always a <button>.
        ref={mergedToggleRef as Ref<HTMLButtonElement & HTMLAnchorElement>}
        className={clsx('fk-emoji-picker__toggle', className)}
        onPointerEnter={(event) => {
          prepare();
          onPointerEnter?.(event);
        }}
        onFocus={(event) => {
          prepare();
          onFocus?.(event);
        }}
        aria-label={toggleLabel}
        data-component="EmojiPicker"
        data-state={isOpen ? 'open' : 'closed'}
      >
        {toggleContent ?? <Icon name="slight-smile" />}
      </Button>
    </Popover>
  );
}
