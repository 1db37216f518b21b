import type { Boundary } from '@floating-ui/react';
import { useEffect, useRef, useState, type DOMAttributes, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { TOOLTIP_BOUNDARY_PADDING, TOOLTIP_VISIBILITY_CHECK_INTERVAL } from '../../tokens';
import { radius, space } from '../../tokens/generated/tokens';
import { isTargetShown, type TooltipPlacement } from './tooltipOptions';
import { useIsClient } from '../../hooks/useIsClient';
import { resolveReference, useFloatingPosition, type ReferenceTarget } from './useFloatingPosition';
import { overlayContainer } from '../PageLayout/overlayContainer';

/**
 * Gap between target and tooltip in px: the arrow, an 8 px square (`--fk-space-3`) turned 45°,
 * reaches about 5.7 px past the edge, which leaves a 2 px gap.
 */
export const TOOLTIP_OFFSET = space['3'];
const LOGICAL_SIDE: Record<TooltipPlacement, string> = {
  top: 'top',
  bottom: 'bottom',
  left: 'left',
  right: 'right',
  start: 'left',
  end: 'right',
};

/** Keeps the arrow clear of the rounded corners (`--fk-radius-md`). */
const ARROW_PADDING = radius.md;

export interface TooltipBubbleProps {
  /** The element the tooltip describes and points at, or a ref to it (attached by the time this mounts). */
  reference: ReferenceTarget;
  /** Id of the tooltip element (the target's `aria-describedby` points here). */
  id: string;
  content: ReactNode;
  placement: TooltipPlacement;
  /** Portal target. @default the page layout's overlay container, else document.body */
  container?: Element | null;
  /** Clipping boundary for flip and shift. */
  boundary?: Boundary;
  /** Called when the target is hidden, removed or scrolled out of view. */
  onTargetGone: () => void;
  /** Props from react-aria's useTooltip (role, hover handling) or the manager. */
  bubbleProps?: DOMAttributes<HTMLDivElement>;
}

/**
 * The tooltip box itself, shared by `<Tooltip>` and the delegated manager: portalled (client only),
 * positioned by @floating-ui with the arrow, and closing itself when the target goes away.
 */
export function TooltipBubble({
  reference,
  id,
  content,
  placement,
  container,
  boundary,
  onTargetGone,
  bubbleProps,
}: TooltipBubbleProps) {
  const isClient = useIsClient();
  const [floating, setFloating] = useState<HTMLDivElement | null>(null);
  const [arrowElement, setArrowElement] = useState<HTMLSpanElement | null>(null);
  const position = useFloatingPosition({
    reference,
    floating,
    arrowElement,
    placement,
    distance: TOOLTIP_OFFSET,
    padding: TOOLTIP_BOUNDARY_PADDING,
    boundary,
    arrowPadding: ARROW_PADDING,
  });

  // The latest callback, read by the checks below without restarting them on every render.
  const onTargetGoneRef = useRef(onTargetGone);
  useEffect(() => {
    onTargetGoneRef.current = onTargetGone;
  }, [onTargetGone]);

  useEffect(() => {
    const element = resolveReference(reference);
    if (!element) return;
    const gone = () => onTargetGoneRef.current();
    // Spec section 4: hidden or removed targets, checked every 100 ms while shown.
    const timer = setInterval(() => {
      if (!isTargetShown(element)) gone();
    }, TOOLTIP_VISIBILITY_CHECK_INTERVAL);
    // And targets scrolled out of view (the page or any scroll container), which the check above
    // cannot see: the product's tooltips stayed floating over unrelated content.
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => !entry.isIntersecting)) gone();
      });
      observer.observe(element);
    }
    return () => {
      clearInterval(timer);
      observer?.disconnect();
    };
  }, [reference]);

  if (!isClient) return null;
  // Until positioned (and invisible) the requested side stands in; start/end as in left-to-right.
  const actualSide = (position?.placement ?? LOGICAL_SIDE[placement]).split('-')[0];
  return createPortal(
    <div
      {...bubbleProps}
      ref={setFloating}
      id={id}
      role="tooltip"
      className="fk-tooltip"
      data-component="Tooltip"
      data-placement={actualSide}
      data-state="open"
      style={{
        left: position?.x ?? 0,
        top: position?.y ?? 0,
        visibility: position ? undefined : 'hidden',
      }}
    >
      <span className="fk-tooltip__content" data-component="Tooltip.Content">
        {content}
      </span>
      <span
        ref={setArrowElement}
        className="fk-tooltip__arrow"
        data-component="Tooltip.Arrow"
        aria-hidden="true"
        style={{ left: position?.arrowX, top: position?.arrowY }}
      />
    </div>,
    container ?? overlayContainer(),
  );
}
