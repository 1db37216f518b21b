import { useCallback, useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { POPOVER_BOUNDARY_PADDING, POPOVER_OFFSET } from '../../../components/Popover';
import { useFloatingPosition } from '../../../components/Tooltip/useFloatingPosition';
import { radius } from '../../../tokens/generated/tokens';
import type { PopoverResource } from './popoverResource';
import './referencePopover.css';

/** Keeps the arrow clear of the rounded corners, as in Popover. */
const ARROW_PADDING = radius.lg;

export interface ReferencePopoverCardProps {
  /** The link the card describes and points at. */
  link: HTMLElement;
  /** Id of the card (the link's `aria-describedby` points here); `${id}-title` names it. */
  id: string;
  /** `user` or `reference`. */
  kind: string;
  children: ReactNode;
  onHoverChange: (isHovered: boolean) => void;
  /** Focus left the card for `to` (null: the page). */
  onFocusLeave: (to: Element | null) => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
}

/**
 * The hover card: Popover's look (`fk-popover` classes), portalled to the body and positioned
 * above the link (flipped and shifted to stay in view) with an arrow. A non-modal dialog named by
 * its heading; it never takes focus by itself.
 */
export function ReferencePopoverCard({
  link,
  id,
  kind,
  children,
  onHoverChange,
  onFocusLeave,
  onKeyDown,
}: ReferencePopoverCardProps) {
  const [floating, setFloating] = useState<HTMLDivElement | null>(null);
  const [arrowElement, setArrowElement] = useState<HTMLSpanElement | null>(null);
  const position = useFloatingPosition({
    reference: link,
    floating,
    arrowElement,
    placement: 'top',
    distance: POPOVER_OFFSET,
    padding: POPOVER_BOUNDARY_PADDING,
    arrowPadding: ARROW_PADDING,
  });
  const side = position?.placement.split('-')[0] ?? 'top';
  return createPortal(
    // A non-modal dialog: the pointer handlers keep it open while hovered, the key handler keeps
    // Tab order running from the link through the card; its own controls are real buttons and links.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={setFloating}
      id={id}
      role="dialog"
      aria-labelledby={`${id}-title`}
      className="fk-popover fk-reference-popover"
      data-component="ReferencePopover"
      data-kind={kind}
      data-placement={side}
      data-state="open"
      style={{ left: position?.x ?? 0, top: position?.y ?? 0, visibility: position ? undefined : 'hidden' }}
      onMouseEnter={() => onHoverChange(true)}
      onMouseLeave={() => onHoverChange(false)}
      onBlur={(event) => {
        const to = event.relatedTarget;
        if (to instanceof Node && event.currentTarget.contains(to)) return;
        onFocusLeave(to instanceof Element ? to : null);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="fk-popover__body fk-reference-popover__body" data-component="ReferencePopover.Body">
        {children}
      </div>
      <span
        ref={setArrowElement}
        className="fk-popover__arrow"
        data-component="ReferencePopover.Arrow"
        aria-hidden="true"
        style={{ left: position?.arrowX, top: position?.arrowY }}
      />
    </div>,
    link.ownerDocument.body,
  );
}

export type ResourceState<T> =
  { status: 'pending' } | { status: 'fulfilled'; value: T } | { status: 'rejected'; error: unknown };

function snapshot<T>(resource: PopoverResource<T>): ResourceState<T> {
  if (resource.status === 'fulfilled') return { status: 'fulfilled', value: resource.value as T };
  if (resource.status === 'rejected') return { status: 'rejected', error: resource.error };
  return { status: 'pending' };
}

/**
 * The state of fetched card data: settled data shows at once (no loading flash when cached),
 * pending data re-renders when it settles. `setValue` changes the shown value (follow toggling).
 */
export function usePopoverResource<T>(resource: PopoverResource<T>) {
  const [state, setState] = useState<ResourceState<T>>(() => snapshot(resource));
  useEffect(() => {
    if (resource.status !== 'pending') return;
    let isCurrent = true;
    const settle = () => {
      if (isCurrent) setState(snapshot(resource));
    };
    resource.promise.then(settle, settle);
    return () => {
      isCurrent = false;
    };
  }, [resource]);
  const setValue = useCallback((value: T) => setState({ status: 'fulfilled', value }), []);
  return [state, setValue] as const;
}
