import type { Boundary, Placement } from '@floating-ui/dom';
import { useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { lazyModule, useLazyModule } from '../../hooks/useLazyModule';
import type { ComputedPosition } from './floatingPosition';
import { physicalSide, type TooltipPlacement } from './tooltipOptions';

/** An element, or a ref to one (read when positioning starts, so the trigger needs no state). */
export type ReferenceTarget = Element | RefObject<Element | null> | null;

/** The element of a reference target. */
export function resolveReference(reference: ReferenceTarget): Element | null {
  if (!reference) return null;
  return reference instanceof Element ? reference : reference.current;
}

/** The positioning code (@floating-ui), loaded when the first overlay shows or a trigger is approached. */
const floatingPosition = lazyModule(() => import('./floatingPosition'));

/**
 * Starts loading the positioning code, so that the overlay a trigger is about to show is positioned
 * in the frame it appears in. Call it on intent (pointer entering a trigger, keyboard focus).
 */
export function preloadFloatingPosition(): void {
  void floatingPosition.load();
}

export interface FloatingPositionOptions {
  /** The element the overlay points at, or a ref to it. */
  reference: ReferenceTarget;
  /** The overlay. */
  floating: HTMLElement | null;
  /** Its arrow, if any. */
  arrowElement?: HTMLElement | null;
  /** Preferred side (`start`/`end` read from the reference's direction); flipped when there is no room. */
  placement: TooltipPlacement;
  /** Gap in px between the reference and the overlay (the arrow sits in it). */
  distance: number;
  /** Distance in px kept from the clipping boundary when flipping and shifting. */
  padding: number;
  /** Clipping boundary. @default 'clippingAncestors' (scroll containers and the viewport) */
  boundary?: Boundary;
  /** Keeps the arrow this far (px) from the overlay's corners. */
  arrowPadding?: number;
}

/** Where the overlay goes: the side actually used after flipping, and the arrow's offset along its edge. */
export type FloatingPosition = ComputedPosition;

/**
 * Geometry only, from @floating-ui (loaded on demand): `offset`, `flip` and `shift` with padding,
 * `arrow`, kept up to date by `autoUpdate` (scroll, resize, layout shifts) while both elements are
 * mounted. Interaction and accessibility stay with the component. `null` until the first position
 * is known; once the positioning code is loaded, that position renders before the browser next
 * paints (positioning starts in a layout effect, and each position renders at once), so an overlay
 * never shows at the page corner.
 */
export function useFloatingPosition({
  reference,
  floating,
  arrowElement,
  placement,
  distance,
  padding,
  boundary = 'clippingAncestors',
  arrowPadding = 0,
}: FloatingPositionOptions): FloatingPosition | null {
  const [position, setPosition] = useState<FloatingPosition | null>(null);
  const positioning = useLazyModule(floatingPosition);
  const isNeeded = floating !== null;

  useLayoutEffect(() => {
    if (isNeeded) preloadFloatingPosition();
  }, [isNeeded]);

  // Started in the commit that shows the overlay (a layout effect), and rendered with flushSync
  // below: the first position is there before the browser paints, whatever the update's priority.
  useLayoutEffect(() => {
    const element = resolveReference(reference);
    if (!element || !floating || !positioning) return;
    const side: Placement = physicalSide(placement, element);
    return positioning.trackFloatingPosition(
      element,
      floating,
      { side, distance, padding, boundary, arrowElement, arrowPadding },
      (next) =>
        // Rendered now, not in a later task: the overlay is shown (or moved) in the frame that
        // positions it, not one frame later (a promise's update otherwise waits for React's
        // scheduler, after the browser has painted).
        flushSync(() =>
          setPosition((previous) =>
            previous && (Object.keys(next) as (keyof FloatingPosition)[]).every((key) => previous[key] === next[key])
              ? previous
              : next,
          ),
        ),
    );
  }, [positioning, reference, floating, arrowElement, placement, distance, padding, boundary, arrowPadding]);

  return position;
}
