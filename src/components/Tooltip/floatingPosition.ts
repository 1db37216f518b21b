// The geometry of tooltips and popovers, loaded with `import()` when the first one shows (or the
// pointer or keyboard focus reaches a trigger): @floating-ui is imported from here only, so a page
// that renders tooltips but never shows one does not carry it, with or without code splitting.
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

/** What positioning needs besides the two elements. */
export interface FloatingGeometry {
  /** The side asked for, already physical (`start`/`end` resolved). */
  side: Placement;
  /** Gap in px between the reference and the overlay. */
  distance: number;
  /** Distance in px kept from the clipping boundary when flipping and shifting. */
  padding: number;
  boundary: Boundary;
  arrowElement?: HTMLElement | null;
  arrowPadding: number;
}

/** One computed position, in px, rounded. */
export interface ComputedPosition {
  x: number;
  y: number;
  /** The side actually used after flipping. */
  placement: Placement;
  arrowX?: number;
  arrowY?: number;
}

/**
 * Positions `floating` next to `reference` with `offset`, `flip` and `shift` (with padding) and the
 * arrow, and keeps it positioned (scroll, resize, layout shifts) until the returned function is
 * called. `onPosition` receives each new position.
 */
export function trackFloatingPosition(
  reference: Element,
  floating: HTMLElement,
  { side, distance, padding, boundary, arrowElement, arrowPadding }: FloatingGeometry,
  onPosition: (position: ComputedPosition) => void,
): () => void {
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
    [reference, floating]
      .map((node) => node.getBoundingClientRect())
      .map(({ width, height }) => `${width}x${height}`)
      .join();
  const update = () => {
    void computePosition(reference, floating, { placement: side, middleware }).then((result) => {
      if (!active) return;
      // The layout computePosition read is still current: reading the sizes costs nothing.
      measured = sizes();
      onPosition({
        x: Math.round(result.x),
        y: Math.round(result.y),
        placement: result.placement,
        arrowX: result.middlewareData.arrow?.x,
        arrowY: result.middlewareData.arrow?.y,
      });
    });
  };
  // Resizes are observed here, not by autoUpdate: its observer recomputes on its first report,
  // which only confirms the sizes the first position was computed with (a wasted computation in
  // the frame that shows the overlay). Here only a real change recomputes.
  const stop = autoUpdate(reference, floating, update, { elementResize: false });
  const resizeObserver =
    typeof ResizeObserver === 'undefined'
      ? undefined
      : new ResizeObserver(() => {
          if (sizes() !== measured) update();
        });
  resizeObserver?.observe(reference);
  resizeObserver?.observe(floating);
  return () => {
    active = false;
    stop();
    resizeObserver?.disconnect();
  };
}
