import type { Boundary } from '@floating-ui/react';
import clsx from 'clsx';
import {
  Children,
  useCallback,
  useEffect,
  useId,
  useState,
  type CSSProperties,
  type DOMAttributes,
  type ElementType,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { FocusScope, useFocusManager } from 'react-aria/FocusScope';
import { mergeProps } from 'react-aria/mergeProps';
import { useDialog } from 'react-aria/useDialog';
import { setInteractionModality } from 'react-aria/useFocusVisible';
import { useObjectRef } from 'react-aria/useObjectRef';
import { useOverlay } from 'react-aria/useOverlay';
import { useOverlayTrigger } from 'react-aria/useOverlayTrigger';
import { useTooltip, useTooltipTrigger } from 'react-aria/useTooltipTrigger';
import { useEscapeHandled } from '../Tooltip/useEscapeHandled';
import { POPOVER_DELAY } from '../../tokens';
import { radius, space } from '../../tokens/generated/tokens';
import type { TooltipDelay, TooltipPlacement } from '../Tooltip/tooltipOptions';
import { useDelayedOpenState } from '../Tooltip/useDelayedOpenState';
import { useIsClient } from '../../hooks/useIsClient';
import { useFloatingPosition } from '../Tooltip/useFloatingPosition';
import './Popover.css';
import { overlayContainer } from '../PageLayout/overlayContainer';

/** What opens a popover. */
export const POPOVER_TRIGGERS = ['click', 'hover'] as const;
export type PopoverTrigger = (typeof POPOVER_TRIGGERS)[number];

/** Spec section 9: popover delay show 50 ms, hide 150 ms (hover popovers). */
export const POPOVER_DEFAULT_DELAY: TooltipDelay = { show: POPOVER_DELAY.show, hide: POPOVER_DELAY.hide };
/** Gap between trigger and popover in px: room for the arrow (a 12 px square turned 45°). */
export const POPOVER_OFFSET = space['4'];
/** Distance kept from the viewport edges when flipping and shifting, in px (our choice: the spec gives none). */
export const POPOVER_BOUNDARY_PADDING = space['3'];
/** Keeps the arrow clear of the rounded corners. */
const ARROW_PADDING = radius.lg;

type TriggerProps = Record<string, unknown> & { ref?: Ref<HTMLElement>; id?: string };

export interface PopoverProps {
  /** The body: text, or interactive content for a click popover (links, buttons, a form). */
  content: ReactNode;
  /** A title above the body; it also names the popover for assistive technology. */
  title?: ReactNode;
  /**
   * The trigger: exactly one element that accepts `ref` and event props (for a click popover, a
   * button). It is cloned with the popover's props merged in, not wrapped.
   */
  children: ReactElement;
  /**
   * `click`: a click (or Enter/Space on the button) toggles it and focus moves into it; Tab and
   * Shift+Tab cycle inside it; Escape or a click outside closes it and focus returns to the trigger.
   * `hover`: pointer hover or keyboard focus shows it after 50 ms; it hides 150 ms after the
   * pointer leaves both the trigger and the popover, so its content can be hovered. Keep hover
   * popovers to previews: keyboard users read them as the trigger's description.
   * @default 'click'
   */
  trigger?: PopoverTrigger;
  /**
   * Preferred side; it flips and shifts to stay inside the viewport.
   * @default 'top'
   */
  placement?: TooltipPlacement;
  /**
   * Hover delays in ms (a number sets both).
   * @default { show: 50, hide: 150 }
   */
  delay?: Partial<TooltipDelay> | number;
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
   * Where the popover is portalled.
   * @default the page layout's overlay container (inside `<main>`), else document.body
   */
  container?: Element | null;
  /**
   * Clipping boundary for flipping and shifting.
   * @default 'clippingAncestors' (scroll containers and the viewport)
   */
  boundary?: Boundary;
  /** Accessible name when there is no `title` (otherwise the trigger's text names it). */
  'aria-label'?: string;
  /**
   * Keep the popover rendered after it first opens: closing hides it instead of unmounting it, and
   * opening it again only shows it, with its content's state kept. Hidden, it is `visibility:
   * hidden` (its content cannot take focus and is out of the accessibility tree) and
   * `content-visibility: hidden` (no size, no rendering work, and the browser keeps its layout, so
   * showing it again costs a paint, not a layout). Its content stays mounted, effects included.
   * For heavy content that reopens often (a picker). Nothing is rendered before the first opening.
   * @default false
   */
  shouldKeepMounted?: boolean;
  /**
   * With `shouldKeepMounted`: render the content, hidden, before the first opening, so that
   * opening only shows it. Set it when the user shows intent (the pointer enters the trigger, the
   * trigger takes focus): the content's work then happens before the click, not in response to it.
   * @default false
   */
  prerender?: boolean;
  /** Class of the popover element. */
  className?: string;
  /** Style of the popover element (yours wins). */
  style?: CSSProperties;
}

/**
 * Rich content anchored to a trigger (GitLab UI `GlPopover`): a title and a body, with an arrow,
 * flipping and shifting at the viewport edges. Click popovers are non-modal dialogs with focus
 * management; hover popovers are previews. Only the top layer reacts to Escape and outside clicks
 * (react-aria's overlay stack, shared with modals).
 */
export function Popover({
  content,
  title,
  children,
  trigger = 'click',
  placement = 'top',
  delay,
  isOpen,
  defaultOpen = false,
  onOpenChange,
  container,
  boundary,
  'aria-label': ariaLabel,
  shouldKeepMounted = false,
  prerender = false,
  className,
  style,
}: PopoverProps) {
  const child = Children.only(children);
  const childProps = child.props as TriggerProps;
  const isHover = trigger === 'hover';
  const { isShown, state, closeNow } = useDelayedOpenState({
    isOpen,
    defaultOpen,
    onOpenChange,
    isEnabled: true,
    delay,
    fallback: POPOVER_DEFAULT_DELAY,
    useStoredDelay: false,
    isExclusive: false,
  });

  // A popover open from the first render (page load) leaves focus where it is; every later
  // opening moves focus into it.
  const [isOpenFromStart, setIsOpenFromStart] = useState(isShown);
  if (isOpenFromStart && !isShown) setIsOpenFromStart(false);
  // shouldKeepMounted: rendered from the first opening (or prerender) on.
  const [hasOpened, setHasOpened] = useState(isShown);
  if ((isShown || (shouldKeepMounted && prerender)) && !hasOpened) setHasOpened(true);

  // An object ref that also sets the consumer's; the popover reads it once open (no state, no
  // second render at mount).
  const triggerObject = useObjectRef<HTMLElement>(childProps.ref ?? null);
  const generatedId = useId();
  const triggerId = childProps.id ?? `${generatedId}-trigger`;

  // Click: aria-expanded / aria-controls. Hover: hover, keyboard focus, Escape and delays as a
  // tooltip trigger has them (react-aria), the popover describing the trigger while shown.
  const { triggerProps: overlayTriggerProps, overlayProps: overlayIdProps } = useOverlayTrigger(
    { type: 'dialog' },
    state,
    triggerObject,
  );
  // A click popover gives the tooltip hook a state that is never open, so its document-wide
  // Escape handler stays off and Escape goes through the overlay stack instead.
  const { triggerProps: hoverTriggerProps, tooltipProps: hoverIdProps } = useTooltipTrigger(
    { isDisabled: !isHover },
    isHover ? state : CLOSED_STATE,
    triggerObject,
  );
  const { tooltipProps: hoverPopoverProps } = useTooltip(hoverIdProps, state);
  useEscapeHandled(isHover && state.isOpen);

  const { onPress: _onPress, ...clickTriggerProps } = overlayTriggerProps;
  const { ref: _childRef, ...ownChildProps } = childProps;
  const popoverId = String(isHover ? hoverIdProps.id : overlayIdProps.id);
  const merged = (
    isHover
      ? mergeProps(POINTER_MODALITY_PROPS, hoverTriggerProps, ownChildProps)
      : mergeProps(clickTriggerProps, ownChildProps)
  ) as TriggerProps;
  merged.id = triggerId;
  if (!isHover) {
    const consumerOnClick = childProps.onClick as ((event: MouseEvent) => void) | undefined;
    merged.onClick = (event: MouseEvent) => {
      state.toggle();
      consumerOnClick?.(event);
    };
  }

  // shouldKeepMounted: a hidden popover's focus scope does not get focus back to the trigger (the
  // browser drops focus from the hidden element only later), so closing does it here, as unmounting
  // would: only when focus was in the popover (not when it was closed by moving on elsewhere).
  useEffect(() => {
    if (!shouldKeepMounted || isShown) return;
    const trigger = triggerObject.current;
    const active = trigger?.ownerDocument.activeElement;
    if (active && active !== trigger && trigger?.ownerDocument.getElementById(popoverId)?.contains(active)) {
      trigger.focus();
    }
  }, [shouldKeepMounted, isShown, triggerObject, popoverId]);

  const TriggerElement = child.type as ElementType;
  const isRendered = shouldKeepMounted ? hasOpened : isShown;
  const overlay = (
    <PopoverOverlay
      isShown={isShown}
      triggerRef={triggerObject}
      id={popoverId}
      triggerId={triggerId}
      title={title}
      content={content}
      isHover={isHover}
      placement={placement}
      container={container}
      boundary={boundary}
      ariaLabel={ariaLabel}
      className={className}
      style={style}
      hoverProps={hoverPopoverProps}
      shouldMoveFocus={!isOpenFromStart}
      onClose={closeNow}
    />
  );
  return (
    <>
      <TriggerElement {...merged} ref={triggerObject} />
      {isRendered ? overlay : null}
    </>
  );
}

const CLOSED_STATE = { isOpen: false, shouldSkipAnimation: false, open() {}, close() {} };

/** See Tooltip: a mouse entering the trigger is pointer input, before react-aria hears of it. */
const POINTER_MODALITY_PROPS = {
  onPointerEnter: () => setInteractionModality('pointer'),
  onMouseEnter: () => setInteractionModality('pointer'),
};

interface PopoverOverlayProps {
  /** False while a kept popover (shouldKeepMounted) is closed: hidden, out of the overlay stack, not positioned. */
  isShown: boolean;
  triggerRef: RefObject<HTMLElement | null>;
  id: string;
  triggerId: string;
  title: ReactNode;
  content: ReactNode;
  isHover: boolean;
  placement: TooltipPlacement;
  container: Element | null | undefined;
  boundary: Boundary | undefined;
  ariaLabel: string | undefined;
  className: string | undefined;
  style: CSSProperties | undefined;
  hoverProps: DOMAttributes<HTMLElement>;
  /** False when the popover was open from the first render: focus stays where it is. */
  shouldMoveFocus: boolean;
  onClose: () => void;
}

/** Moves focus to the first tabbable element in the popover (the popover itself counts as outside). */
function FocusFirst({ isReady, popover }: { isReady: boolean; popover: RefObject<HTMLDivElement | null> }) {
  const focusManager = useFocusManager();
  useEffect(() => {
    const element = popover.current;
    const active = document.activeElement;
    if (!isReady || !element || (active !== element && element.contains(active))) return;
    focusManager?.focusFirst({ tabbable: true });
  }, [isReady, popover, focusManager]);
  return null;
}

/** A kept popover while closed (see shouldKeepMounted); inline, so it holds without the stylesheet. */
const HIDDEN_STYLE: CSSProperties = { visibility: 'hidden', contentVisibility: 'hidden' };

const hasTitle = (title: ReactNode) => title != null && title !== false && title !== '';

/**
 * The open popover: portalled, positioned, in react-aria's overlay stack (Escape and outside clicks
 * reach the top layer only). A click popover is a dialog: focus moves in once it is positioned (a
 * hidden element cannot take focus): to its first tabbable element, else to the popover itself.
 * A hover popover never takes focus.
 */
function PopoverOverlay({
  isShown,
  triggerRef,
  id,
  triggerId,
  title,
  content,
  isHover,
  placement,
  container,
  boundary,
  ariaLabel,
  className,
  style,
  hoverProps,
  shouldMoveFocus,
  onClose,
}: PopoverOverlayProps) {
  const isClient = useIsClient();
  const [floating, setFloating] = useState<HTMLDivElement | null>(null);
  const popover = useObjectRef(useCallback((node: HTMLDivElement | null) => setFloating(node), []));
  const [arrowElement, setArrowElement] = useState<HTMLSpanElement | null>(null);
  const position = useFloatingPosition({
    reference: triggerRef,
    // Hidden: not positioned (the last position is kept for the next showing, and corrected then).
    floating: isShown ? floating : null,
    arrowElement,
    placement,
    distance: POPOVER_OFFSET,
    padding: POPOVER_BOUNDARY_PADDING,
    boundary,
    arrowPadding: ARROW_PADDING,
  });
  const titleId = `${id}-title`;
  const labelling = ariaLabel
    ? { 'aria-label': ariaLabel }
    : { 'aria-labelledby': hasTitle(title) ? titleId : triggerId };
  const canTakeFocus = isShown && !isHover && shouldMoveFocus && position !== null;
  // role dialog, tabIndex -1; focuses the popover itself once "entered" if nothing inside took focus.
  const { dialogProps } = useDialog({ ...labelling, role: 'dialog', isEntering: !canTakeFocus }, popover);
  const { overlayProps } = useOverlay(
    {
      isOpen: isShown,
      onClose,
      isDismissable: true,
      shouldCloseOnBlur: isShown && !isHover,
      // The trigger toggles the popover itself: a press on it is not an outside click. (Focus or a
      // press in a popover opened from this one is not either: react-aria's focus scope tree and
      // overlay stack know it is nested.)
      shouldCloseOnInteractOutside: (element) => !triggerRef.current?.contains(element),
    },
    popover,
  );

  if (!isClient) return null;
  const rootProps = isHover ? mergeProps(hoverProps, { role: 'dialog', ...labelling }) : dialogProps;
  const actualSide = position?.placement.split('-')[0];
  const body = (
    <>
      {hasTitle(title) ? (
        <div id={titleId} className="fk-popover__title" data-component="Popover.Title">
          {title}
        </div>
      ) : null}
      <div className="fk-popover__body" data-component="Popover.Body">
        {content}
      </div>
    </>
  );
  const element = (
    <div
      {...mergeProps(rootProps, overlayProps)}
      ref={popover}
      id={id}
      className={clsx('fk-popover', className)}
      data-component="Popover"
      data-placement={actualSide}
      data-state={isShown ? 'open' : 'closed'}
      data-trigger={isHover ? 'hover' : 'click'}
      style={{
        // Not hidden until positioned: the first position renders before the first paint
        // (useFloatingPosition), and un-hiding would lay the whole content out again.
        left: position?.x ?? 0,
        top: position?.y ?? 0,
        ...(isShown ? null : HIDDEN_STYLE),
        ...style,
      }}
    >
      {body}
      <span
        ref={setArrowElement}
        className="fk-popover__arrow"
        data-component="Popover.Arrow"
        aria-hidden="true"
        style={{ left: position?.arrowX, top: position?.arrowY }}
      />
    </div>
  );
  return createPortal(
    isHover ? (
      element
    ) : (
      // Focus returns to the trigger when the popover closes (the popover itself is in the scope,
      // for when it holds focus itself). While open, Tab and Shift+Tab cycle inside it, as Primer's
      // anchored overlays do: portalled at the end of the page, a popover has no place of its own in
      // the tab order, so leaving it would reach <body> or skip the trigger. Escape leaves.
      <FocusScope restoreFocus contain={isShown}>
        <FocusFirst isReady={canTakeFocus} popover={popover} />
        {element}
      </FocusScope>
    ),
    container ?? overlayContainer(),
  );
}
