import {
  arrow,
  autoUpdate,
  computePosition,
  flip,
  offset,
  shift,
  type Boundary,
  type Placement,
} from '@floating-ui/dom';
import { useLayoutEffect, useState, type RefObject } from 'react';
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
 * and accessibility stay with react-aria. `null` until the first position is known; that position
 * renders before the browser next paints (positioning starts in a layout effect, and each position
 * renders at once), so an overlay never shows at the page corner.
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

  // Started in the commit that shows the overlay (a layout effect), and rendered with flushSync
  // below: the first position is there before the browser paints, whatever the update's priority.
  useLayoutEffect(() => {
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
    /** The sizes of both elements the last position was computed with. */
    let measured = '';
    const sizes = () =>
      [element, floating]
        .map((node) => node.getBoundingClientRect())
        .map(({ width, height }) => `${width}x${height}`)
        .join();
    const update = () => {
      void computePosition(element, floating, { placement: side, middleware }).then((result) => {
        if (!active) return;
        // The layout computePosition read is still current: reading the sizes costs nothing.
        measured = sizes();
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
            previous && (Object.keys(next) as (keyof FloatingPosition)[]).every((key) => previous[key] === next[key])
              ? previous
              : next,
          ),
        );
      });
    };
    // Resizes are observed here, not by autoUpdate: its observer recomputes on its first report,
    // which only confirms the sizes the first position was computed with (a wasted computation in
    // the frame that shows the overlay). Here only a real change recomputes.
    const stop = autoUpdate(element, floating, update, { elementResize: false });
    const resizeObserver =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            if (sizes() !== measured) update();
          });
    resizeObserver?.observe(element);
    resizeObserver?.observe(floating);
    return () => {
      active = false;
      stop();
      resizeObserver?.disconnect();
    };
  }, [reference, floating, arrowElement, placement, distance, padding, boundary, arrowPadding]);

  return position;
}
