// Where overlays (menus, popovers, tooltips, modals) are portalled: into the PageLayout's overlay
// container inside <main> when the page has one, so an open overlay is inside a landmark (axe's
// `region` rule), else into <body>. A leaf module: overlays import it without importing the layout.

/** The attribute marking PageLayout's overlay container (an empty element at the end of `<main>`). */
export const PAGE_LAYOUT_OVERLAYS_ATTRIBUTE = 'data-fk-overlays';

/**
 * The element overlays are portalled into: the page layout's overlay container, else
 * `document.body`. Call it in the browser only (when an overlay renders open), never on the server.
 */
export function overlayContainer(): HTMLElement {
  return document.querySelector<HTMLElement>(`[${PAGE_LAYOUT_OVERLAYS_ATTRIBUTE}]`) ?? document.body;
}
