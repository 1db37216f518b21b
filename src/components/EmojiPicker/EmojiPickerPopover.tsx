/**
 * The emoji picker's popover half: the toggle wired to a click popover (react-aria's overlay, focus
 * scope and dialog, floating-ui's positioning) that holds the panel. Only ever loaded with
 * `import()` by `EmojiPicker` (EmojiPicker.tsx), on the first intent (pointer, focus) or press of
 * its toggle, so a page showing a closed picker carries none of it. The panel's own code (grid,
 * search, the emoji store and the virtualiser) loads later still, when the panel first renders
 * (EmojiPickerPanel.tsx).
 */
import clsx from 'clsx';
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import { flushSync } from 'react-dom';
import { useHasChanged } from '../../hooks/useHasChanged';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { Button } from '../Button';
import { useEmojiInitOptions } from '../DataProvider/DataProvider';
import { Icon } from '../Icon';
import { Popover } from '../Popover';
import type { EmojiPickerProps } from './emojiPickerProps';
import { EmojiPickerPanel, startEmojiPickerData } from './EmojiPickerPanel';
import './EmojiPicker.css';

export { loadEmojiPickerPanel } from './EmojiPickerPanel';

export interface EmojiPickerPopoverProps extends Omit<EmojiPickerProps, 'open' | 'defaultOpen' | 'onOpenChange'> {
  /** The open state, kept by `EmojiPicker` (controlled or its own). */
  isOpen: boolean;
  /** Sets the open state. */
  onOpenChange: (open: boolean) => void;
  /**
   * The user has shown intent already (the pointer entered the toggle or it took focus before this
   * code arrived): the panel is prepared at once, as if it happened now.
   */
  hasIntent: boolean;
}

/** `EmojiPicker` once its popover's code is there: the toggle in a click popover holding the panel. */
export function EmojiPickerPopover({
  onSelect,
  toggleLabel,
  toggleContent,
  initOptions: initOptionsProp,
  isOpen,
  onOpenChange: setOpen,
  hasIntent,
  placement = 'bottom',
  container,
  className,
  onPointerEnter,
  onFocus,
  ref,
  ...rest
}: EmojiPickerPopoverProps) {
  const providerEmojiOptions = useEmojiInitOptions();
  const initOptions = initOptionsProp ?? providerEmojiOptions;
  // The popover keeps the panel rendered (hidden, its layout kept by the browser) after it first
  // opens, so opening again only shows it. Every showing still starts afresh (empty search, at the
  // top, frequently used read again): closing resets the panel, in a deferred render after the
  // close has been drawn.
  const [closings, setClosings] = useState(0);
  const hasOpenChanged = useHasChanged(isOpen);
  if (hasOpenChanged && !isOpen) setClosings((count) => count + 1);
  const deferredClosings = useDeferredValue(closings);
  // Opened again before that deferred render committed (a busy machine): the reset comes with the
  // opening, so a showing never starts from the last one's search or scroll.
  const resetKey = isOpen ? closings : deferredClosings;
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
  const [isPrepared, setPrepared] = useState(hasIntent);
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
