/**
 * Client-side navigation for every plain link in the document: library components render `<a
 * href>`, not the router's `<Link>`, so a click on a product link is taken over here (same
 * origin, under the relative root, a plain left click, no `target` or `download`), and the
 * router loads the next page without reloading the document. Anything else is left to the browser.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Links that must reload the document (sign out, raw files, downloads) carry this attribute. */
export const RELOAD_DOCUMENT_ATTRIBUTE = 'data-reload-document';

export function useLinkNavigation(relativeUrlRoot: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement)) return;
      if (link.target || link.hasAttribute('download') || link.hasAttribute(RELOAD_DOCUMENT_ATTRIBUTE)) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      if (relativeUrlRoot && url.pathname !== relativeUrlRoot && !url.pathname.startsWith(`${relativeUrlRoot}/`))
        return;
      // Same page, other anchor: the browser scrolls.
      if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
      event.preventDefault();
      navigate(`${url.pathname.slice(relativeUrlRoot.length) || '/'}${url.search}${url.hash}`);
    }
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate, relativeUrlRoot]);
}
