import clsx from 'clsx';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { createPortal } from 'react-dom';
import { UNSAFE_PortalProvider } from 'react-aria/PortalProvider';
import { useControllableState } from '../../hooks/useControllableState';
import { useIsClient } from '../../hooks/useIsClient';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { MODAL_BASE_Z_INDEX } from '../../tokens';
import { motion } from '../../tokens/generated/tokens';
import { useLayer, type UseLayerResult } from './layerStack';
import './Modal.css';
import { BUTTON_VARIANTS, Button, type ButtonVariant } from '../Button';
import { overlayContainer, pageOverlayContainer } from '../PageLayout/overlayContainer';

/** Modal widths: `sm`, `md` and `lg` (`data-size`). */
export const MODAL_SIZES = ['sm', 'md', 'lg'] as const;
export type ModalSize = (typeof MODAL_SIZES)[number];
/** The size used when none (or an unknown one) is given. */
export const MODAL_DEFAULT_SIZE: ModalSize = 'md';

/** Looks of an action button (`data-variant`): neutral, the confirming action, a destructive one. */
/** A modal action's look: the Button variants. */
export const MODAL_ACTION_VARIANTS = BUTTON_VARIANTS;
export type ModalActionVariant = ButtonVariant;

/**
 * The modal's life (spec section 4, "Modal: hidden, opening, visible, closing"), exposed as
 * `data-state`. `hidden` renders nothing; `opening` and `closing` last one motion duration.
 */
export type ModalState = 'hidden' | 'opening' | 'visible' | 'closing';

/**
 * How long (ms) `opening` and `closing` last: the `--fk-motion-duration-normal` token. With
 * `prefers-reduced-motion: reduce` they end at once. `closing` ends on this timer even when no
 * `animationend` event fires.
 */
export const MODAL_TRANSITION_DURATION = motion.duration.normal;

/** The close button's accessible name when none is given. */
export const MODAL_DEFAULT_CLOSE_LABEL = 'Close';

export interface ModalAction {
  /** The button text. */
  text: string;
  /**
   * Look of the button. Defaults: `confirm` for the primary action, `default` for the others.
   */
  variant?: ModalActionVariant;
  /**
   * Called on click, before the modal closes. Call `event.preventDefault()` to keep it open
   * (for example while a request runs).
   */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  /** Disables the button. @default false */
  isDisabled?: boolean;
}

export interface ModalProps extends Omit<ComponentPropsWithoutRef<'dialog'>, 'title' | 'role' | 'children' | 'open'> {
  /**
   * The heading. It names the dialog (`aria-labelledby`); without it, pass `aria-label` or
   * `aria-labelledby`, and the header (with the close button) is not shown.
   */
  title?: ReactNode;
  /** A short paragraph under the title that describes the dialog (`aria-describedby`). */
  description?: ReactNode;
  /** The body. */
  children?: ReactNode;
  /** Whether the modal is shown (controlled). */
  open?: boolean;
  /** Whether the modal is shown at first (uncontrolled). @default false */
  defaultOpen?: boolean;
  /**
   * Called when the modal asks to open or close: its close button, an action, Escape or a click
   * outside while it is the top modal.
   */
  onOpenChange?: (open: boolean) => void;
  /** Called once the closing state has ended and the modal has left the page. */
  onHidden?: () => void;
  /**
   * Width: `sm`, `md` or `lg`. An unknown size renders `md` (with a console warning in
   * development).
   * @default 'md'
   */
  size?: ModalSize;
  /** The primary action (last in the footer). Its variant defaults to `confirm`. */
  actionPrimary?: ModalAction;
  /** A secondary action, between cancel and primary. */
  actionSecondary?: ModalAction;
  /** The cancel action (first in the footer). */
  actionCancel?: ModalAction;
  /**
   * Footer content of your own (links, buttons), placed before any action buttons; use `Button`
   * for controls that should look like the actions.
   */
  footer?: ReactNode;
  /** Accessible name of the close button. @default 'Close' */
  closeLabel?: string;
  /** Hides the close button in the header (Escape and the actions still close). @default false */
  hideCloseButton?: boolean;
  /**
   * `alertdialog` for a dialog that interrupts to ask for a decision (confirmations).
   * @default 'dialog'
   */
  role?: 'dialog' | 'alertdialog';
  /** Where the modal is portalled. @default the page layout's overlay container, else document.body */
  portalContainer?: Element;
  /** The dialog element (a `<dialog>`, shown with `showModal()`). */
  ref?: Ref<HTMLDialogElement>;
}

/** `value` if it is one of `allowed`, else `fallback`, with a development warning naming `what`. */
export function allowedOr<T extends string>(
  what: string,
  value: unknown,
  allowed: readonly T[],
  fallback: T,
): { value: T; problem?: string } {
  if (value === undefined || (allowed as readonly unknown[]).includes(value))
    return { value: (value ?? fallback) as T };
  return {
    value: fallback,
    problem: `forgekit: ${what} ${JSON.stringify(value)} is not one of ${allowed.join(', ')}; using ${JSON.stringify(fallback)}.`,
  };
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A dialog over the page (GitLab UI `GlModal`): title, optional description, body, close button
 * and up to three actions. Only the top modal of a stack reacts to Escape and outside clicks;
 * focus stays in it and returns to the element that opened it; the page does not scroll behind it.
 */
export function Modal({ open, defaultOpen = false, onOpenChange, onHidden, ...layerProps }: ModalProps) {
  const [isOpen, setOpen] = useControllableState({ value: open, defaultValue: defaultOpen, onChange: onOpenChange });
  const [state, setState] = useState<ModalState>(isOpen ? 'opening' : 'hidden');
  if (isOpen && (state === 'hidden' || state === 'closing')) setState('opening');
  if (!isOpen && (state === 'opening' || state === 'visible')) setState('closing');
  const isClient = useIsClient();

  const finish = useCallback((from: ModalState) => {
    setState((current) => {
      if (current !== from) return current;
      return from === 'opening' ? 'visible' : 'hidden';
    });
  }, []);

  // opening and closing end after one motion duration (at once with reduced motion), or on the
  // dialog's animationend, whichever comes first.
  useEffect(() => {
    if (state !== 'opening' && state !== 'closing') return undefined;
    const timer = setTimeout(() => finish(state), prefersReducedMotion() ? 0 : MODAL_TRANSITION_DURATION);
    return () => clearTimeout(timer);
  }, [state, finish]);

  const wasShown = useRef(false);
  const notifyHidden = useEffectEvent(() => onHidden?.());
  useEffect(() => {
    if (state !== 'hidden') wasShown.current = true;
    else if (wasShown.current) {
      wasShown.current = false;
      notifyHidden();
    }
  }, [state]);

  if (state === 'hidden' || !isClient) return null;
  return (
    <ModalLayer
      {...layerProps}
      state={state}
      onClose={() => setOpen(false)}
      onAnimationEnd={(event) => {
        layerProps.onAnimationEnd?.(event);
        if (event.target === event.currentTarget) finish(state);
      }}
    />
  );
}

interface ModalLayerProps extends Omit<ModalProps, 'open' | 'defaultOpen' | 'onOpenChange' | 'onHidden'> {
  state: Exclude<ModalState, 'hidden'>;
  onClose: () => void;
}

/**
 * The open modal's place in the layer stack: mounted on the client from `opening` until `closing`
 * ends. The dialog itself mounts once the layer is in the stack, so a modal nested in another one
 * opened in the same render appears (and hides the page from assistive technology, and takes
 * focus) after its parent, not before it.
 */
function ModalLayer(props: ModalLayerProps) {
  const layer = useLayer(props.state === 'closing' ? 'closing' : 'open');
  if (layer.depth < 0) return null;
  return <ModalDialog {...props} depth={layer.depth} isTop={layer.isTop} />;
}

interface ModalDialogProps extends ModalLayerProps, Omit<UseLayerResult, 'token'> {}

/** Elements that take part in sequential focus navigation (filtered further in `tabbables`). */
const TABBABLE_SELECTOR =
  'a[href],area[href],button,input,select,textarea,iframe,summary,[tabindex],[contenteditable]:not([contenteditable="false"])';

/** The elements of `root` that Tab reaches, in document order. */
function tabbables(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE_SELECTOR)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.matches(':disabled') &&
      // Not rendered (display: none, hidden ancestors, visibility): not reachable.
      (element.checkVisibility?.({ visibilityProperty: true }) ?? true),
  );
}

/** How many open modals hold the page's scroll lock (the first takes it, the last gives it back). */
let scrollLocks = 0;
let unlockScroll = () => {};

/**
 * Stops the page scrolling behind the modals: `overflow: hidden` on the root, and the scrollbar's
 * width as padding so the page does not shift when its scrollbar goes. Returns the release.
 */
function lockScroll(): () => void {
  scrollLocks += 1;
  if (scrollLocks === 1) {
    const { style } = document.documentElement;
    const previous = [style.overflow, style.paddingInlineEnd];
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    style.overflow = 'hidden';
    if (scrollbar > 0) style.paddingInlineEnd = `${scrollbar}px`;
    unlockScroll = () => {
      [style.overflow, style.paddingInlineEnd] = previous as [string, string];
    };
  }
  return () => {
    scrollLocks -= 1;
    if (scrollLocks === 0) unlockScroll();
  };
}

function ModalDialog({
  state,
  onClose,
  depth,
  isTop,
  title,
  description,
  children,
  size: sizeProp,
  actionPrimary,
  actionSecondary,
  actionCancel,
  footer,
  closeLabel = MODAL_DEFAULT_CLOSE_LABEL,
  hideCloseButton = false,
  role = 'dialog',
  portalContainer,
  className,
  ref,
  ...rest
}: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const mergedRef = useMergedRefs(dialogRef, ref);
  const titleId = useId();
  const descriptionId = useId();
  // Whether the press that may end in a click began outside the dialog (on the backdrop).
  const pressedOutside = useRef(false);

  const size = allowedOr('Modal size', sizeProp, MODAL_SIZES, MODAL_DEFAULT_SIZE);
  const problems = [size.problem];
  // Development warnings are written out where they are used (not a module constant): an app's
  // production build (which defines process.env.NODE_ENV) folds the condition to `false` in place,
  // and the texts leave the bundle.
  if (
    (typeof process === 'undefined' ? false : process.env.NODE_ENV !== 'production') &&
    title == null &&
    !rest['aria-label'] &&
    !rest['aria-labelledby']
  ) {
    problems.push(
      'forgekit: a Modal needs a title, aria-label or aria-labelledby: a dialog must have an accessible name.',
    );
  }
  const problemText = problems.filter(Boolean).join('\n');
  useEffect(() => {
    if (problemText && (typeof process === 'undefined' ? false : process.env.NODE_ENV !== 'production'))
      console.warn(problemText);
  }, [problemText]);

  // The browser's modal dialog (`showModal`): the top layer over everything else, the rest of the
  // page inert (no pointer, focus or assistive technology), and focus back on the element that had
  // it when the dialog closes. Shown before the first paint; closed (in the browser's sense) as it
  // leaves the page, after the closing motion. The dialog itself takes focus, as a screen reader
  // then reads its name and description first. Where `showModal` is missing (jsdom) it is only open.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    // An element of the content that took focus as it mounted (autoFocus) keeps it.
    const focused = dialog.contains(document.activeElement) ? (document.activeElement as HTMLElement) : dialog;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    focused.focus();
    const unlock = lockScroll();
    return () => {
      unlock();
      dialog.close?.();
    };
  }, []);

  // Only the top modal closes (a lower one cannot get focus or pointer events anyway; its React
  // handlers still see events bubbling through the React tree from a modal nested in it).
  const requestClose = () => {
    if (isTop) onClose();
  };
  const isOutside = (event: PointerEvent | MouseEvent) => {
    const dialog = dialogRef.current;
    if (!dialog || event.target === event.currentTarget) return true;
    // A press on the dialog's ::backdrop targets the dialog itself, outside its box.
    if (event.target !== dialog) return false;
    const box = dialog.getBoundingClientRect();
    return (
      event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    rest.onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
      // Handled here (not by the browser's `cancel`, which would close the dialog at once).
      event.preventDefault();
      requestClose();
    } else if (event.key === 'Tab' && isTop) {
      // The page behind is inert, so Tab only leaves the dialog past its ends: it wraps instead.
      const dialog = event.currentTarget;
      const items = tabbables(dialog);
      const first = items[0];
      const last = items.at(-1);
      const active = document.activeElement;
      const target = event.shiftKey
        ? active === first || active === dialog
          ? last
          : undefined
        : active === last || !first
          ? (first ?? dialog)
          : undefined;
      if (target) {
        event.preventDefault();
        target.focus();
      }
    }
  };

  const actions: [ModalActionKind, ModalAction, ModalActionVariant][] = [];
  if (actionCancel) actions.push(['cancel', actionCancel, 'default']);
  if (actionSecondary) actions.push(['secondary', actionSecondary, 'default']);
  if (actionPrimary) actions.push(['primary', actionPrimary, 'confirm']);

  return createPortal(
    // A press on the backdrop is the pointer's way to close; Escape (on the dialog) is the keyboard's.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      className="fk-modal"
      data-component="Modal.Backdrop"
      data-state={state}
      data-depth={depth}
      style={{ zIndex: MODAL_BASE_Z_INDEX + depth }}
      onPointerDown={(event) => {
        pressedOutside.current = isOutside(event);
      }}
      onClick={(event) => {
        if (pressedOutside.current && isOutside(event)) requestClose();
        pressedOutside.current = false;
      }}
    >
      <dialog
        {...rest}
        ref={mergedRef}
        role={role}
        aria-labelledby={rest['aria-labelledby'] ?? (title != null ? titleId : undefined)}
        aria-describedby={rest['aria-describedby'] ?? (description != null ? descriptionId : undefined)}
        aria-modal="true"
        tabIndex={-1}
        className={clsx('fk-modal__dialog', className)}
        data-component="Modal"
        data-state={state}
        data-size={size.value}
        onKeyDown={onKeyDown}
        onCancel={(event) => {
          rest.onCancel?.(event);
          // Other close requests (Escape with focus outside any control, a device's back action).
          event.preventDefault();
          requestClose();
        }}
      >
        {/* react-aria's overlays (menus, pickers) opened from the dialog are portalled into it. */}
        <UNSAFE_PortalProvider getContainer={overlayContainer}>
          {title != null ? (
            <div className="fk-modal__header" data-component="Modal.Header">
              <h2 className="fk-modal__title" id={titleId}>
                {title}
              </h2>
              {hideCloseButton ? null : (
                <button
                  type="button"
                  className="fk-modal__close"
                  data-component="Modal.Close"
                  aria-label={closeLabel}
                  onClick={requestClose}
                >
                  <CloseIcon />
                </button>
              )}
            </div>
          ) : null}
          <div className="fk-modal__body" data-component="Modal.Body">
            {description != null ? (
              <p className="fk-modal__description" id={descriptionId}>
                {description}
              </p>
            ) : null}
            {children}
          </div>
          {footer != null || actions.length > 0 ? (
            <div className="fk-modal__footer" data-component="Modal.Footer">
              {footer}
              {actions.map(([kind, action, defaultVariant]) => (
                <ModalActionButton
                  key={kind}
                  kind={kind}
                  action={action}
                  defaultVariant={defaultVariant}
                  onDone={requestClose}
                />
              ))}
            </div>
          ) : null}
        </UNSAFE_PortalProvider>
      </dialog>
    </div>,
    portalContainer ?? pageOverlayContainer(),
  );
}

/**
 * GitLab's `close` icon (MIT, the sprite's path) drawn inline: the one icon every modal shows paints
 * with the dialog, without waiting for the sprite.
 */
function CloseIcon() {
  return (
    <svg
      className="fk-modal__close-icon"
      width={16}
      height={16}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fillRule="evenodd"
        clipRule="evenodd"
        d="M4.28 3.22a.75.75 0 0 0-1.06 1.06L6.94 8l-3.72 3.72a.75.75 0 1 0 1.06 1.06L8 9.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L9.06 8l3.72-3.72a.75.75 0 0 0-1.06-1.06L8 6.94 4.28 3.22z"
      />
    </svg>
  );
}

type ModalActionKind = 'cancel' | 'secondary' | 'primary';

function ModalActionButton({
  kind,
  action,
  defaultVariant,
  onDone,
}: {
  kind: ModalActionKind;
  action: ModalAction;
  defaultVariant: ModalActionVariant;
  onDone: () => void;
}) {
  const variant = allowedOr(`Modal ${kind} action variant`, action.variant, MODAL_ACTION_VARIANTS, defaultVariant);
  useEffect(() => {
    if (variant.problem && (typeof process === 'undefined' ? false : process.env.NODE_ENV !== 'production'))
      console.warn(variant.problem);
  }, [variant.problem]);
  return (
    <Button
      className="fk-modal__action"
      data-component="Modal.Action"
      data-action={kind}
      variant={variant.value}
      disabled={action.isDisabled}
      onClick={(event) => {
        action.onClick?.(event);
        if (!event.defaultPrevented) onDone();
      }}
    >
      {action.text}
    </Button>
  );
}
