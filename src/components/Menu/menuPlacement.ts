// Where a menu opens: shared by the trigger (Menu.tsx) and the open menu (MenuContent.tsx), so the
// lazily loaded menu does not import the trigger's module.
import { space } from '../../tokens/generated/tokens';

/** Gap in px between the trigger and the menu (`--fk-space-2`). */
export const MENU_OFFSET = space['2'];
/** Smallest distance in px the menu keeps from the viewport edges (`--fk-space-3`). */
export const MENU_VIEWPORT_PADDING = space['3'];

/** Where the menu opens relative to its trigger; it flips and shifts to stay in the viewport. */
export const MENU_PLACEMENTS = ['bottom-start', 'bottom-end', 'top-start', 'top-end'] as const;
export type MenuPlacement = (typeof MENU_PLACEMENTS)[number];
