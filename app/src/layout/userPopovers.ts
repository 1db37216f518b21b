/**
 * User hover popovers on every user link of the product's pages, for signed-in visitors only
 * (spec sections 2 and 6): the library's `attachUserPopovers` on the document's body, loaded after
 * the browser is idle so a page's first load carries none of it.
 */
import { runWhenIdle } from 'forgekit';
import { useEffect } from 'react';
import { ICON_SPRITE_PATH, type ShellUser } from '../page.ts';

/** Serves the page's user links (`js-user-link`) while `currentUser` is signed in. */
export function useUserPopovers(currentUser: ShellUser | null, relativeUrlRoot: string): void {
  const id = currentUser?.id;
  const username = currentUser?.username;
  useEffect(() => {
    if (id === undefined || username === undefined) return;
    let stop: (() => void) | undefined;
    let isCancelled = false;
    const cancelIdle = runWhenIdle(() => {
      void Promise.all([
        // Only the function is taken from the namespace: a namespace used whole keeps every export
        // of forgekit/markdown (the Markdown parser's too) in the chunk the pages load statically.
        import('forgekit/markdown').then(({ attachUserPopovers }) => attachUserPopovers),
        import('./userPopoverAdapters.ts'),
      ]).then(([attachUserPopovers, { createDefaultAdapters }]) => {
        if (isCancelled) return;
        const { fetchUser, followUser } = createDefaultAdapters();
        stop = attachUserPopovers(document.body, {
          currentUser: { id, username },
          fetchUser,
          follow: followUser,
          iconSpriteHref: `${relativeUrlRoot}${ICON_SPRITE_PATH}`,
        });
      });
    });
    return () => {
      isCancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [id, username, relativeUrlRoot]);
}
