// The panel's props: shared by the panel (EmojiPickerPanel.tsx) and its lazily loaded content
// (EmojiPickerContent.tsx), so the content does not import the panel's module (no import circle).
import type { ComponentPropsWithoutRef, Ref } from 'react';
import type { InitEmojiMapOptions } from '../../emoji/store';

export interface EmojiPickerPanelProps extends Omit<ComponentPropsWithoutRef<'div'>, 'onSelect' | 'children'> {
  /**
   * Called with the name of the picked emoji (its skin-tone-neutral name from the emoji map, e.g.
   * `thumbsup`; a group's custom emoji by its own name). The emoji also becomes the most recent of
   * the frequently used.
   */
  onSelect: (name: string) => void;
  /**
   * Options for `initEmojiMap()`, called when the panel first shows and the emoji map is not loaded
   * yet. The map is loaded once per page: the first caller's options apply.
   * @default {} (the product's data URL, and the custom emoji of the page's group)
   */
  initOptions?: InitEmojiMapOptions;
  /**
   * Move focus to the search box once the emoji are shown, if focus is on the panel, around it (the
   * popover) or nowhere. `EmojiPicker` sets it; an embedded panel usually should not take focus.
   * @default false
   */
  shouldFocusSearch?: boolean;
  /**
   * Changing it resets the panel to its opening state (empty search, at the top, frequently used
   * read again, another try after a loading error), keeping its elements. `EmojiPicker` changes it
   * each time it closes.
   */
  resetKey?: number;
  ref?: Ref<HTMLDivElement>;
}
