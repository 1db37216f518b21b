// A React root mounted inside rendered Markdown (the copy button, a JSON table), tied to one
// pipeline run: disposing the run removes it. Shared by copyCode.ts and jsonTable.ts.
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { EnhancerContext } from '../types';

/**
 * Renders `node` into a fresh `<tagName>` inserted by `insert` (so a remount never reuses a
 * container an unmounting root still holds). On dispose the host leaves the DOM at once and the
 * root unmounts in a microtask: React refuses a synchronous unmount while it renders or commits,
 * and `<Markdown>` disposes from an effect cleanup.
 */
export function mountIsland(
  context: EnhancerContext,
  insert: (host: HTMLElement) => void,
  node: ReactNode,
  tagName: 'div' | 'span' = 'div',
): HTMLElement {
  const host = context.root.ownerDocument.createElement(tagName);
  insert(host);
  const root = createRoot(host);
  root.render(node);
  context.onDispose(() => {
    host.remove();
    queueMicrotask(() => root.unmount());
  });
  return host;
}
