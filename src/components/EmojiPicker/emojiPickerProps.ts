// The props of `EmojiPicker`, apart from its module: the popover (loaded with `import()` by the
// toggle) takes them too, and a module must not import the module that loads it.
import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';
import type { InitEmojiMapOptions } from '../../emoji/store';
import type { TooltipPlacement } from '../Tooltip/tooltipOptions';

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
