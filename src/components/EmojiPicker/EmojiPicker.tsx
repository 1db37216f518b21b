/**
 * The emoji picker's toggle: a button that opens the picker in a click popover. It is light on
 * purpose (spec: "a page that never opens it pays nothing for it or the emoji data"): the popover
 * (react-aria's overlay and focus scope, floating-ui) loads with `import()` on the first intent
 * (the pointer enters the toggle, it takes focus) or press, as RefSelector's list does; the panel's
 * own code (grid, search, the emoji store and the virtualiser) and the emoji map load after that,
 * when the panel first renders (EmojiPickerPopover.tsx, EmojiPickerPanel.tsx).
 */
import clsx from 'clsx';
import { useEffect, useRef, useState, type Ref } from 'react';
import { useControllableState } from '../../hooks/useControllableState';
import { lazyModule, useLazyModule } from '../../hooks/useLazyModule';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { EMOJI_PICKER_TOGGLE_LABEL } from './constants';
import type { EmojiPickerProps } from './emojiPickerProps';
// Types only (erased): the module itself is loaded with import() below.
import type * as PopoverModule from './EmojiPickerPopover';
import './EmojiPicker.css';

export type { EmojiPickerProps } from './emojiPickerProps';

const popoverModule = lazyModule<typeof PopoverModule>(() => import('./EmojiPickerPopover'));

/**
 * Loads the picker's code: its popover, then its panel (once per page). Internal (tests and
 * benches): a toggle loads it itself on intent or press.
 */
export function loadEmojiPickerCode(): Promise<void> {
  return popoverModule.load().then((module) => module.loadEmojiPickerPanel());
}

/**
 * A button that opens an emoji picker in a popover (GitLab's award emoji picker): search, category
 * tabs and a virtualised grid operated with the arrow keys. Picking calls `onSelect(name)` and
 * closes the picker; Escape closes it too, and focus returns to the button. `className`, `style`
 * and other button props go on the toggle. The popover's code loads when the pointer first enters
 * the button, it takes focus or is pressed: a press that comes first opens the picker once it has
 * arrived, with focus in its search box.
 */
export function EmojiPicker({
  toggleLabel = EMOJI_PICKER_TOGGLE_LABEL,
  open,
  defaultOpen = false,
  onOpenChange,
  ref,
  ...props
}: EmojiPickerProps) {
  const [isOpen, setOpen] = useControllableState({ value: open, defaultValue: defaultOpen, onChange: onOpenChange });
  const popover = useLazyModule(popoverModule);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const mergedRef = useMergedRefs(toggleRef, ref);
  // Intent shown on the stand-in: the popover prepares its panel as soon as it renders.
  const [hasIntent, setIntent] = useState(false);
  /** Pressed before the code arrived: the press is replayed on the popover's toggle. */
  const pendingPress = useRef(false);
  /** The stand-in has focus: the popover's toggle, which replaces it, takes it. */
  const hasFocus = useRef(false);

  const load = () => {
    // The next intent or press tries again after a failure (nothing is held then).
    popoverModule.load().catch(() => (pendingPress.current = false));
  };
  // Open from the start (defaultOpen, open): the popover's code loads at once.
  useEffect(() => {
    if (isOpen && !popover) popoverModule.load().catch(() => {});
  }, [isOpen, popover]);
  // Mounted under the pointer or with focus (e.g. in place of another stand-in that had them): that
  // is intent already.
  useEffect(() => {
    const toggle = toggleRef.current;
    if (!toggle || popoverModule.current()) return;
    if (toggle.matches(':hover') || toggle === toggle.ownerDocument.activeElement) {
      setIntent(true);
      load();
    }
  }, []);
  // The code arrived: hand over focus, and replay a press made before (through the popover's own
  // click handling, so it opens as a click would: the emoji map started, focus in the search box).
  useEffect(() => {
    if (!popover) return;
    const toggle = toggleRef.current;
    if (hasFocus.current && toggle && toggle !== toggle.ownerDocument.activeElement) toggle.focus();
    hasFocus.current = false;
    if (pendingPress.current) toggle?.click();
    pendingPress.current = false;
  }, [popover]);

  if (popover) {
    return (
      <popover.EmojiPickerPopover
        {...props}
        ref={mergedRef}
        toggleLabel={toggleLabel}
        isOpen={isOpen}
        onOpenChange={setOpen}
        hasIntent={hasIntent}
      />
    );
  }
  // Until the popover's code is there: the toggle's own markup (closed), without the popover's wiring.
  const {
    onSelect: _onSelect,
    initOptions: _initOptions,
    placement: _placement,
    container: _container,
    toggleContent,
    className,
    onPointerEnter,
    onFocus,
    onBlur,
    onPointerDown,
    onClick,
    ...buttonProps
  } = props;
  return (
    <Button
      {...buttonProps}
      // Button's ref type covers its link form too; this one is always a <button>.
      ref={mergedRef as Ref<HTMLButtonElement & HTMLAnchorElement>}
      className={clsx('fk-emoji-picker__toggle', className)}
      aria-label={toggleLabel}
      aria-haspopup="dialog"
      aria-expanded={false}
      data-component="EmojiPicker"
      data-state="closed"
      onPointerEnter={(event) => {
        setIntent(true);
        load();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        hasFocus.current = true;
        setIntent(true);
        load();
        onFocus?.(event);
      }}
      onBlur={(event) => {
        hasFocus.current = false;
        onBlur?.(event);
      }}
      // A press starts on pointer down: should the code arrive before the button is released, the
      // release lands on the popover's toggle and no click follows.
      onPointerDown={(event) => {
        pendingPress.current = true;
        onPointerDown?.(event);
      }}
      onClick={(event) => {
        pendingPress.current = true;
        load();
        // The panel's code too, at the same time (else it loads once the popover shows): a failure
        // there is the panel's to show, with its retry.
        loadEmojiPickerCode().catch(() => {});
        onClick?.(event);
      }}
    >
      {toggleContent ?? <Icon name="slight-smile" />}
    </Button>
  );
}
