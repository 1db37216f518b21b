// Where overlays (menus, popovers, tooltips, modals) are portalled: into the PageLayout's overlay
// container inside <main> when the page has one, so an open overlay is inside a landmark (axe's
// `region` rule), else into <body>. A leaf module: overlays import it without importing the layout.

/** The attribute marking PageLayout's overlay container (an empty element at the end of `<main>`). */
export const PAGE_LAYOUT_OVERLAYS_ATTRIBUTE = 'data-fk-overlays';

/**
 * The page's own overlay container: the page layout's, else `document.body`. Modals go here (they
 * are shown in the browser's top layer from wherever they are). Browser only.
 */
export function pageOverlayContainer(): HTMLElement {
  return document.querySelector<HTMLElement>(`[${PAGE_LAYOUT_OVERLAYS_ATTRIBUTE}]`) ?? document.body;
}

/**
 * The element overlays are portalled into: the open modal dialog that was opened last, else the
 * page's overlay container. A modal dialog is in the browser's top layer and makes the rest of the
 * page inert, so a menu, popover or tooltip opened from it must be inside it to be seen and used.
 * Call it in the browser only (when an overlay renders open), never on the server.
 */
export function overlayContainer(): HTMLElement {
  const modals = document.querySelectorAll<HTMLElement>('dialog[open][data-component="Modal"]');
  return modals[modals.length - 1] ?? pageOverlayContainer();
}
