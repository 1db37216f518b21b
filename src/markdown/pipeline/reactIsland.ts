// A React root mounted inside rendered Markdown (a copy button, a JSON table, a warning): the one
// way enhancers put React UI into the content.
import { createElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { IconSpriteProvider } from '../../components/Icon/IconSpriteContext';
import type { EnhancerContext, RenderGfmOptions } from './types';

/**
 * `node` inside the providers a separate React root would otherwise miss (context does not cross
 * roots): the page's icon sprite.
 */
export function withPipelineProviders(node: ReactNode, options: RenderGfmOptions | undefined): ReactNode {
  return options?.iconSpriteHref ? createElement(IconSpriteProvider, { href: options.iconSpriteHref }, node) : node;
}

export interface Island {
  /** The element the root renders into. */
  host: HTMLElement;
  /** Takes the island out now (idempotent); also done by the run's dispose when a context was given. */
  remove(): void;
}

/**
 * Renders `node` into a fresh `<tagName>` that `insert` places (so a remount never reuses a
 * container an unmounting root still holds). On removal the host leaves the DOM at once and the
 * root unmounts in a microtask: React refuses a synchronous unmount while it renders or commits,
 * and `<Markdown>` disposes from an effect cleanup (removal may also come from the island's own
 * click handler). With a `context`, disposing the run removes the island.
 */
export function mountIsland(
  context: EnhancerContext | undefined,
  insert: (host: HTMLElement) => void,
  node: ReactNode,
  tagName: 'div' | 'span' = 'div',
): Island {
  const document = context?.root.ownerDocument ?? globalThis.document;
  const host = document.createElement(tagName);
  insert(host);
  const root = createRoot(host);
  root.render(withPipelineProviders(node, context?.options));
  let removed = false;
  const island: Island = {
    host,
    remove() {
      if (removed) return;
      removed = true;
      host.remove();
      queueMicrotask(() => root.unmount());
    },
  };
  context?.onDispose(island.remove);
  return island;
}
