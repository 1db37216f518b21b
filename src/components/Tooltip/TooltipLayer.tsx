import type { Boundary } from '@floating-ui/react';
import { TooltipBubble } from './TooltipBubble';
import type { TooltipPlacement } from './tooltipOptions';

/** One tooltip the delegated manager shows. */
export interface LayerTooltip {
  element: Element;
  id: string;
  content: string;
  placement: TooltipPlacement;
  container: Element | null;
  boundary: Boundary | undefined;
}

export interface TooltipLayerProps {
  tooltips: readonly LayerTooltip[];
  onTargetGone: (element: Element) => void;
  onBubbleHover: (element: Element, isHovered: boolean) => void;
}

/**
 * What the manager's single React root renders: the tooltips shown right now (at most a few),
 * never one component per target on the page.
 */
export function TooltipLayer({ tooltips, onTargetGone, onBubbleHover }: TooltipLayerProps) {
  return tooltips.map((tooltip) => (
    <TooltipBubble
      key={tooltip.id}
      reference={tooltip.element}
      id={tooltip.id}
      content={tooltip.content}
      placement={tooltip.placement}
      container={tooltip.container}
      boundary={tooltip.boundary}
      onTargetGone={() => onTargetGone(tooltip.element)}
      bubbleProps={{
        onMouseEnter: () => onBubbleHover(tooltip.element, true),
        onMouseLeave: () => onBubbleHover(tooltip.element, false),
      }}
    />
  ));
}
