import {
  arrow,
  autoUpdate,
  computePosition,
  flip,
  offset,
  shift,
  type Boundary,
  type Placement,
} from '@floating-ui/react';
import { useEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { physicalSide, type TooltipPlacement } from './tooltipOptions';

/** An element, or a ref to one (read when positioning starts, so the trigger needs no state). */
export type ReferenceTarget = Element | RefObject<Element | null> | null;

/** The element of a reference target. */
export function resolveReference(reference: ReferenceTarget): Element | null {
  if (!reference) return null;
  return reference instanceof Element ? reference : reference.current;
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

export interface FloatingPosition {
  x: number;
  y: number;
  /** The side actually used after flipping. */
  placement: Placement;
  /** Arrow offset along the overlay's edge, when there is an arrow. */
  arrowX?: number;
  arrowY?: number;
}

/**
 * Geometry only, from @floating-ui: `offset`, `flip` and `shift` with padding, `arrow`, kept up to
 * date by `autoUpdate` (scroll, resize, layout shifts) while both elements are mounted. Interaction
 * and accessibility stay with react-aria. `null` until the first position is known, so the overlay
 * can stay invisible instead of flashing at the page corner.
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

  useEffect(() => {
    const element = resolveReference(reference);
    if (!element || !floating) return;
    const side: Placement = physicalSide(placement, element);
    let active = true;
    const middleware = [
      offset(distance),
      flip({ padding, boundary }),
      shift({ padding, boundary }),
      ...(arrowElement ? [arrow({ element: arrowElement, padding: arrowPadding })] : []),
    ];
    const stop = autoUpdate(element, floating, () => {
      void computePosition(element, floating, { placement: side, middleware }).then((result) => {
        if (!active) return;
        const next: FloatingPosition = {
          x: Math.round(result.x),
          y: Math.round(result.y),
          placement: result.placement,
          arrowX: result.middlewareData.arrow?.x,
          arrowY: result.middlewareData.arrow?.y,
        };
        // Rendered now, not in a later task: the overlay is shown (or moved) in the frame that
        // positions it, not one frame later (a promise's update otherwise waits for React's
        // scheduler, after the browser has painted).
        flushSync(() =>
          setPosition((previous) =>
            previous &&
            previous.x === next.x &&
            previous.y === next.y &&
            previous.placement === next.placement &&
            previous.arrowX === next.arrowX &&
            previous.arrowY === next.arrowY
              ? previous
              : next,
          ),
        );
      });
    });
    return () => {
      active = false;
      stop();
    };
  }, [reference, floating, arrowElement, placement, distance, padding, boundary, arrowPadding]);

  return position;
}
