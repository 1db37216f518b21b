import type { Boundary } from '@floating-ui/dom';
import {
  Children,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactElement,
  type ElementType,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { isFocusVisible, setPointerModality, trackFocusModality } from './focusModality';
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
import { preloadFloatingPosition } from './useFloatingPosition';
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
 * A short text label or description for the element it wraps (GitLab UI `GlTooltip`), shown on
 * hover and keyboard focus (never on mouse focus alone), or on click. Escape closes it; it hides
 * when its target is hidden, removed or scrolled out of view. The trigger's part is a few event
 * handlers (`aria-describedby` while shown); the bubble's geometry (@floating-ui) loads with
 * `import()` when a pointer or keyboard focus first reaches a trigger, so a page that only renders
 * tooltips does not carry it.
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
  // The trigger element, for the bubble (positioning) and the checks below, plus ours and the consumer's refs.
  const trigger = useRef<HTMLElement | null>(null);
  const ownRef = useCallback(
    (node: HTMLElement | null) => {
      trigger.current = node;
      const detach = attach(node);
      return () => {
        trigger.current = null;
        detach?.();
      };
    },
    [attach],
  );
  const triggerRef = useMergedRefs<HTMLElement>(ownRef, childProps.ref);
  const tooltipId = useId();

  // What the pointer and keyboard focus ask for; shown while either holds (as react-aria's tooltip
  // trigger, which this follows: a press closes it, and leaving the trigger ends both).
  const isHovered = useRef(false);
  const isFocused = useRef(false);
  const showIfWanted = () => {
    if (isHovered.current || isFocused.current) state.open(isFocused.current);
  };
  const hideUnlessWanted = (immediate?: boolean) => {
    if (!isHovered.current && !isFocused.current) state.close(immediate);
  };
  const forget = () => {
    isHovered.current = false;
    isFocused.current = false;
  };
  useEffect(trackFocusModality, []);

  useEffect(() => {
    if (hasTooltip && !trigger.current) {
      console.warn(
        'forgekit: Tooltip target not found. Its child must be one element that accepts a ref ' +
          '(a DOM element, or a component that passes `ref` on).',
      );
    }
  }, [hasTooltip, trigger]);

  // Escape closes a shown tooltip, and only it: stopped before anything else hears it (a dialog's
  // own Escape handling), and marked handled, so a modal <dialog> underneath does not take it as its
  // close request. On the window, capturing: the first listener the key reaches.
  useEffect(() => {
    if (!isShown) return undefined;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      forget();
      closeNow();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [isShown, closeNow]);

  // A click-opened tooltip closes on a press anywhere else (Escape is handled above).
  useEffect(() => {
    if (!click || !isShown) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
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
        <TriggerElement {...ownChildProps} ref={triggerRef} />
      </>
    );
  }

  // A pointer entering is pointer input (a focus that follows is not keyboard focus); touch never hovers.
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return;
    setPointerModality();
    if (!hover) return;
    preloadFloatingPosition();
    isHovered.current = true;
    showIfWanted();
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'touch' || !hover) return;
    forget();
    hideUnlessWanted();
  };
  const onFocus = (event: FocusEvent) => {
    if (!focus || event.target !== event.currentTarget || !isFocusVisible()) return;
    preloadFloatingPosition();
    isFocused.current = true;
    showIfWanted();
  };
  const onBlur = (event: FocusEvent) => {
    if (!focus || event.target !== event.currentTarget) return;
    forget();
    hideUnlessWanted(true);
  };
  // A press closes the tooltip; a click-triggered one toggles on click instead.
  const onPress = () => {
    if (click || !focus) return;
    forget();
    hideUnlessWanted(true);
  };
  const onClick = () => {
    if (!click) return;
    if (isShown) closeNow();
    else {
      preloadFloatingPosition();
      showNow();
    }
  };
  // Ours run first, then the consumer's (the mergeProps rule).
  const theirs = childProps as Record<string, ((event: never) => void) | undefined>;
  const merged: TriggerProps = {
    ...ownChildProps,
    onPointerEnter: (event: PointerEvent) => {
      onPointerEnter(event);
      theirs.onPointerEnter?.(event as never);
    },
    onPointerLeave: (event: PointerEvent) => {
      onPointerLeave(event);
      theirs.onPointerLeave?.(event as never);
    },
    onFocus: (event: FocusEvent) => {
      onFocus(event);
      theirs.onFocus?.(event as never);
    },
    onBlur: (event: FocusEvent) => {
      onBlur(event);
      theirs.onBlur?.(event as never);
    },
    onPointerDown: (event: PointerEvent) => {
      onPress();
      theirs.onPointerDown?.(event as never);
    },
    onKeyDown: (event: KeyboardEvent) => {
      onPress();
      theirs.onKeyDown?.(event as never);
    },
    onClick: (event: MouseEvent) => {
      onClick();
      theirs.onClick?.(event as never);
    },
  };
  // aria-describedby lists the consumer's ids and, for a description tooltip, the tooltip's.
  const describes = type === 'description' && !isLabelled && isShown;
  merged['aria-describedby'] =
    [childProps['aria-describedby'], describes ? tooltipId : undefined].filter(Boolean).join(' ') || undefined;
  // The bubble keeps the tooltip open while the pointer is on it (with a hide delay, it can be reached).
  const bubbleProps = {
    onPointerEnter: () => state.open(true),
    onPointerLeave: () => state.close(),
  };

  const onTargetGone = () => state.close(true);
  return (
    <>
      <TriggerElement {...merged} ref={triggerRef} />
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
