import type { Boundary } from '@floating-ui/react';
import {
  Children,
  useCallback,
  useEffect,
  useState,
  type ReactElement,
  type ElementType,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { mergeProps } from 'react-aria/mergeProps';
import { setInteractionModality } from 'react-aria/useFocusVisible';
import { useObjectRef } from 'react-aria/useObjectRef';
import { useTooltip, useTooltipTrigger } from 'react-aria/useTooltipTrigger';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { TooltipBubble } from './TooltipBubble';
import {
  isEmptyTooltipContent,
  TOOLTIP_DEFAULT_PLACEMENT,
  TOOLTIP_DEFAULT_TRIGGERS,
  TOOLTIP_PRODUCT_DELAY,
  type TooltipDelay,
  type TooltipPlacement,
  type TooltipTrigger,
} from './tooltipOptions';
import { adoptTitle, isLabelledByTitle, restoreTitle } from './tooltipTitle';
import { useDelayedOpenState } from './useDelayedOpenState';
import { useEscapeHandled } from './useEscapeHandled';
import './Tooltip.css';

/** How the tooltip relates to its trigger for assistive technology. */
export const TOOLTIP_TYPES = ['description', 'label'] as const;
export type TooltipType = (typeof TOOLTIP_TYPES)[number];

type TriggerProps = Record<string, unknown> & { ref?: Ref<HTMLElement>; title?: unknown };

export interface TooltipProps {
  /**
   * The tooltip text: a short phrase, no interactive content (use a Popover for that). When empty,
   * the trigger's `title` is used instead (and moved aside so the browser's own title tooltip does
   * not double it); when both are empty there is no tooltip at all (spec section 5).
   */
  content?: ReactNode;
  /**
   * The trigger: exactly one element that accepts `ref` and event props (a DOM element, or a
   * component that passes them on). It is cloned with the tooltip's props merged in, not wrapped.
   */
  children: ReactElement;
  /**
   * Preferred side. `start`/`end` follow the writing direction. It flips to the other side when
   * there is no room within the boundary padding (50 px).
   * @default 'top'
   */
  placement?: TooltipPlacement;
  /**
   * Show and hide delays in ms (a number sets both). Without it: the user's override from local
   * storage (`TOOLTIP_DELAY_STORAGE_KEY`), else the product default show 500, hide 0. Keyboard
   * focus shows the tooltip at once.
   * @default { show: 500, hide: 0 }
   */
  delay?: Partial<TooltipDelay> | number;
  /**
   * What opens the tooltip: `hover` (with keyboard focus, always), `focus` (keyboard focus only),
   * `click` (toggles; Escape or a click elsewhere closes). Never mouse focus alone.
   * @default ['hover', 'focus']
   */
  triggers?: readonly TooltipTrigger[];
  /**
   * `description` (default): the tooltip describes the trigger (`aria-describedby` while shown).
   * `label`: the tooltip repeats the trigger's accessible name, which the trigger carries itself
   * (`aria-label` or its text), so it is not announced twice.
   * @default 'description'
   */
  type?: TooltipType;
  /**
   * No tooltip; the trigger is left as it is.
   * @default false
   */
  isDisabled?: boolean;
  /** Controlled open state. */
  isOpen?: boolean;
  /**
   * Open state at first render when uncontrolled.
   * @default false
   */
  defaultOpen?: boolean;
  /** Called with every requested change of the open state. */
  onOpenChange?: (isOpen: boolean) => void;
  /**
   * Where the tooltip is portalled.
   * @default the page layout's overlay container (inside `<main>`), else document.body
   */
  container?: Element | null;
  /**
   * Clipping boundary for flipping and shifting.
   * @default 'clippingAncestors' (scroll containers and the viewport)
   */
  boundary?: Boundary;
}

/**
 * react-aria counts a hover only when the last input was a pointer, which it learns from
 * `pointermove`; but the browser sends `pointerover` before the first `pointermove` on an element,
 * so a mouse landing on a trigger right after typing would not count. Entering with a mouse is
 * pointer input: say so first.
 */
const POINTER_MODALITY_PROPS = {
  onPointerEnter: () => setInteractionModality('pointer'),
  onMouseEnter: () => setInteractionModality('pointer'),
};

/**
 * A short text label or description for the element it wraps (GitLab UI `GlTooltip`), shown on
 * hover and keyboard focus (never on mouse focus alone), or on click. Escape closes it; it hides
 * when its target is hidden, removed or scrolled out of view. Interaction and ARIA come from
 * react-aria (`role="tooltip"`, `aria-describedby`), geometry from @floating-ui.
 */
export function Tooltip({
  content,
  children,
  placement = TOOLTIP_DEFAULT_PLACEMENT,
  delay,
  triggers = TOOLTIP_DEFAULT_TRIGGERS,
  type = 'description',
  isDisabled = false,
  isOpen,
  defaultOpen = false,
  onOpenChange,
  container,
  boundary,
}: TooltipProps) {
  const child = Children.only(children);
  const childProps = child.props as TriggerProps;
  const childTitle = typeof childProps.title === 'string' ? childProps.title : '';
  const usesTitle = isEmptyTooltipContent(content) && childTitle.trim() !== '';
  const text: ReactNode = usesTitle ? childTitle : content;
  const hasTooltip = !isEmptyTooltipContent(text) && !isDisabled;

  const { isShown, state, showNow, closeNow } = useDelayedOpenState({
    isOpen,
    defaultOpen,
    onOpenChange,
    isEnabled: hasTooltip,
    delay,
    fallback: TOOLTIP_PRODUCT_DELAY,
    useStoredDelay: true,
    isExclusive: true,
  });

  const hover = triggers.includes('hover');
  const focus = hover || triggers.includes('focus');
  const click = triggers.includes('click');

  // Taking over the title happens when the trigger is attached, and is undone when it is detached.
  // (The trigger element itself is not state: the tooltip reads the ref once it is shown, so
  // mounting thousands of tooltips costs no second render.)
  const [isLabelled, setIsLabelled] = useState(false);
  const attach = useCallback(
    (node: HTMLElement | null) => {
      if (!node || !usesTitle) return;
      adoptTitle(node);
      setIsLabelled(isLabelledByTitle(node));
      return () => {
        restoreTitle(node);
        setIsLabelled(false);
      };
    },
    [usesTitle, childTitle], // eslint-disable-line react-hooks/exhaustive-deps -- a new title is adopted again
  );
  // One object ref (react-aria needs an object) that also calls ours and the consumer's.
  const trigger = useObjectRef(useMergedRefs<HTMLElement>(attach, childProps.ref));
  const { triggerProps, tooltipProps } = useTooltipTrigger(
    {
      isDisabled: !hasTooltip || !focus,
      trigger: hover ? undefined : 'focus',
      // A click-triggered tooltip toggles on click instead of closing on press.
      shouldCloseOnPress: !click,
    },
    state,
    trigger,
  );
  const { tooltipProps: bubbleProps } = useTooltip(tooltipProps, state);
  const tooltipId = String(tooltipProps.id);

  useEffect(() => {
    if (hasTooltip && !trigger.current) {
      console.warn(
        'forgekit: Tooltip target not found. Its child must be one element that accepts a ref ' +
          '(a DOM element, or a component that passes `ref` on).',
      );
    }
  }, [hasTooltip, trigger]);

  useEscapeHandled(isShown);

  // A click-opened tooltip closes on a press anywhere else (Escape is handled by react-aria).
  useEffect(() => {
    if (!click || !isShown) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      const bubble = document.getElementById(tooltipId);
      if (trigger.current?.contains(target) || bubble?.contains(target)) return;
      closeNow();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [click, isShown, closeNow, tooltipId, trigger]);

  // The consumer's element again (cloned, not wrapped), in the same place whether or not there is
  // a tooltip, so content that comes and goes (a breadcrumb once truncated) never remounts it.
  const TriggerElement = child.type as ElementType;
  const { ref: _childRef, ...ownChildProps } = childProps;
  if (!hasTooltip) {
    return (
      <>
        <TriggerElement {...ownChildProps} ref={trigger} />
      </>
    );
  }

  // aria-describedby lists the consumer's ids and, for a description tooltip, the tooltip's.
  const { 'aria-describedby': ownDescribedBy, ...ariaTriggerProps } = triggerProps;
  const describes = type === 'description' && !isLabelled;
  const describedBy =
    [childProps['aria-describedby'], describes ? ownDescribedBy : undefined].filter(Boolean).join(' ') || undefined;
  const merged = mergeProps(POINTER_MODALITY_PROPS, ariaTriggerProps, ownChildProps) as TriggerProps;
  merged['aria-describedby'] = describedBy;
  if (click) {
    // Ours first, then the consumer's (the mergeProps rule).
    const consumerOnClick = childProps.onClick as ((event: MouseEvent) => void) | undefined;
    merged.onClick = (event: MouseEvent) => {
      if (isShown) closeNow();
      else showNow();
      consumerOnClick?.(event);
    };
  }

  const onTargetGone = () => state.close(true);
  return (
    <>
      <TriggerElement {...merged} ref={trigger} />
      {isShown ? (
        <TooltipBubble
          reference={trigger}
          id={tooltipId}
          content={text}
          placement={placement}
          container={container}
          boundary={boundary}
          onTargetGone={onTargetGone}
          bubbleProps={bubbleProps}
        />
      ) : null}
    </>
  );
}
