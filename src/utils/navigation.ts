/**
 * A full page load of `url` in this tab: the one place the library leaves the page this way, so
 * that tests can stand in for it (jsdom does not navigate, and its `location` cannot be replaced).
 */
export function assignLocation(url: string): void {
  window.location.assign(url);
}
