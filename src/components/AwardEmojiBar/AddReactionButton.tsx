import clsx from 'clsx';
import { useEffect, useRef, type Ref } from 'react';
import type { InitEmojiMapOptions } from '../../emoji/store';
import { lazyModule, useLazyModule } from '../../hooks/useLazyModule';
import { Button } from '../Button';
import type { EmojiPickerProps } from '../EmojiPicker/EmojiPicker';
import { Icon } from '../Icon';

/** The emoji picker's toggle with its popover's and panel's code, loaded on intent. */
const emojiPicker = lazyModule(() =>
  import('../EmojiPicker/EmojiPicker').then(async (module) => {
    await module.loadEmojiPickerCode();
    return module;
  }),
);

export interface AddReactionButtonProps {
  /** The toggle's accessible name ('Add reaction'). */
  label: string;
  onSelect: (name: string) => void;
  initOptions?: InitEmojiMapOptions;
  /** More props of the `EmojiPicker`. */
  pickerProps?: Omit<EmojiPickerProps, 'onSelect' | 'toggleLabel' | 'initOptions'>;
}

/**
 * The add-reaction button of the award bar: the `EmojiPicker`'s toggle, whose code loads when the
 * pointer enters the button or it takes focus (a page of notes carries none of it until then).
 * Until it has arrived the button is drawn with the toggle's own markup; a press before that
 * opens the picker as soon as it arrives, and focus stays on the button.
 */
export function AddReactionButton({ label, onSelect, initOptions, pickerProps }: AddReactionButtonProps) {
  const picker = useLazyModule(emojiPicker);
  // Pressed before the picker's code arrived: the press is replayed on the picker's toggle.
  const pendingPress = useRef(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // Whether the stand-in button has focus: the picker's toggle, which replaces it, then takes it.
  const hasFocus = useRef(false);
  const load = () => {
    emojiPicker.load().catch(() => (pendingPress.current = false)); // the next hover, focus or press tries again
  };
  const isOpenAsked = pickerProps?.open === true || pickerProps?.defaultOpen === true;
  useEffect(() => {
    if (isOpenAsked) load();
  }, [isOpenAsked]);
  useEffect(() => {
    if (!picker) return;
    if (hasFocus.current) toggle.current?.focus();
    hasFocus.current = false;
    if (pendingPress.current) toggle.current?.click();
    pendingPress.current = false;
  }, [picker]);

  const className = clsx('fk-award-emoji-bar__add', pickerProps?.className);
  // Button's ref type covers its link form too; this one is always a <button>.
  const ref = toggle as Ref<HTMLButtonElement & HTMLAnchorElement>;
  if (picker)
    return (
      <picker.EmojiPicker
        {...pickerProps}
        ref={ref}
        className={className}
        onSelect={onSelect}
        toggleLabel={label}
        initOptions={initOptions}
      />
    );
  // The picker toggle's markup, until its code is there.
  return (
    <Button
      ref={ref}
      className={clsx('fk-emoji-picker__toggle', className)}
      aria-label={label}
      aria-expanded={false}
      data-component="EmojiPicker"
      data-state="closed"
      onPointerEnter={load}
      onFocus={() => {
        hasFocus.current = true;
        load();
      }}
      onBlur={() => (hasFocus.current = false)}
      // A press starts on pointer down: should the picker arrive before the button is released,
      // the release lands on another element and no click follows.
      onPointerDown={() => (pendingPress.current = true)}
      onClick={() => {
        pendingPress.current = true;
        load();
      }}
    >
      {pickerProps?.toggleContent ?? <Icon name="slight-smile" />}
    </Button>
  );
}
