import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

/**
 * The one module-level layer stack for modal overlays (conventions: "One module-level layer stack
 * for modals and popovers: only the top layer handles Escape and outside clicks; z-index is base +
 * depth"). A layer is any object used as a token. It enters the stack when it opens and leaves it
 * when it is removed from the page; while it plays its closing motion it stays in the stack (so
 * its depth, and so its z-index, does not change under it) but no longer counts as the top layer.
 *
 * Import-safe: no DOM access; the stack only changes in effects, never on a server.
 */
interface Entry {
  token: object;
  isClosing: boolean;
}

const entries: Entry[] = [];
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` after every change of the stack; returns the unsubscribe function. */
export function subscribeLayers(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Puts `token` on top of the stack (an already open layer stays where it is). */
export function openLayer(token: object): void {
  const entry = entries.find((e) => e.token === token);
  if (entry) {
    if (!entry.isClosing) return;
    entry.isClosing = false;
  } else {
    entries.push({ token, isClosing: false });
  }
  emit();
}

/** Marks `token` as closing: it keeps its depth but stops being the top layer. */
export function closeLayer(token: object): void {
  const entry = entries.find((e) => e.token === token);
  if (!entry || entry.isClosing) return;
  entry.isClosing = true;
  emit();
}

/** Takes `token` out of the stack. */
export function removeLayer(token: object): void {
  const index = entries.findIndex((e) => e.token === token);
  if (index < 0) return;
  entries.splice(index, 1);
  emit();
}

/** Position of `token` from the bottom (0 is the lowest layer), or -1 when it is not in the stack. */
export function layerDepth(token: object): number {
  return entries.findIndex((e) => e.token === token);
}

/** The open (not closing) layer on top, if any. */
export function topLayer(): object | undefined {
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i];
    if (entry && !entry.isClosing) return entry.token;
  }
  return undefined;
}

/** Number of layers in the stack, closing ones included. */
export function layerCount(): number {
  return entries.length;
}

const serverDepth = () => -1;
const serverTop = () => false;

export interface UseLayerResult {
  /** The layer's token in the stack. */
  token: object;
  /** Position in the stack (0 is the lowest), -1 while not in it. */
  depth: number;
  /** Whether this layer is the open layer on top: only it handles Escape and outside clicks. */
  isTop: boolean;
}

/**
 * Keeps a layer in the stack while `phase` is `open` or `closing` (out of it for `none`). Mount it
 * on the client only: it uses a layout effect so the depth is known before the first paint. Render
 * the layer's content only once `depth >= 0`: a layer nested in it then mounts (and enters the
 * stack) after it, even when both open in the same render (effects run child first).
 */
export function useLayer(phase: 'none' | 'open' | 'closing'): UseLayerResult {
  const [token] = useState(() => ({}));
  const isPresent = phase !== 'none';
  const isClosing = phase === 'closing';

  useLayoutEffect(() => {
    if (!isPresent) return undefined;
    return () => removeLayer(token);
  }, [isPresent, token]);
  useLayoutEffect(() => {
    if (!isPresent) return;
    if (isClosing) closeLayer(token);
    else openLayer(token);
  }, [isPresent, isClosing, token]);

  const depth = useSyncExternalStore(subscribeLayers, () => layerDepth(token), serverDepth);
  const isTop = useSyncExternalStore(subscribeLayers, () => topLayer() === token, serverTop);
  return { token, depth, isTop };
}
