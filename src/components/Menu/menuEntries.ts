// The menu's entries: shared by the trigger (Menu.tsx) and the open menu (MenuContent.tsx), so the
// lazily loaded menu does not import the trigger's module (no import circle).
import type { ReactNode } from 'react';
import type { IconName } from '../Icon';

/** An entry that does something: a link (`href`) or an action (`onAction`). */
export interface MenuItemEntry {
  type?: 'item';
  /** Unique among the menu's entries; passed to `onAction`. */
  key: string;
  /** What the item shows. A string also serves for typeahead and as the accessible name. */
  label: ReactNode;
  /** Plain text of the label, for typeahead and the accessible name when `label` is not a string. */
  textValue?: string;
  /** A second line under the label, in the subtle text colour. */
  description?: ReactNode;
  /** A decorative icon before the label. */
  icon?: IconName;
  /** Makes the item a link (`<a href>`): Enter or a click follows it like any link. */
  href?: string;
  /** Called when the item is chosen (click, Enter or Space), before the menu closes. */
  onAction?: () => void;
  /** @default false */
  isDisabled?: boolean;
}

/** A line between entries. */
export interface MenuSeparatorEntry {
  type: 'separator';
  key: string;
}

/** Items under a heading (`role="group"`, named by the heading). */
export interface MenuGroupEntry {
  type: 'group';
  key: string;
  /** The group's heading. */
  label: string;
  items: readonly MenuItemEntry[];
}

export type MenuEntry = MenuItemEntry | MenuSeparatorEntry | MenuGroupEntry;
