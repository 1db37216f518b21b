/**
 * The library's `confirmAction` with its code (the Modal, its layer stack and its own React root)
 * loaded when a page first asks: a page with delete buttons carries none of it in its first load,
 * and most visits never confirm anything.
 */
import type { confirmAction as libraryConfirmAction } from 'forgekit';

/** `confirmAction(message, options)`: resolves true when the user confirms. */
export const confirmAction: typeof libraryConfirmAction = (message, options) =>
  import('./confirmActionModule.ts').then((module) => module.confirmAction(message, options));
