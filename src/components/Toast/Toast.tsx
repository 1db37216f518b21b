import clsx from 'clsx';
import {
  useEffect,
  useRef,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { CloseButton } from '../Alert/CloseButton';
import './Toast.css';

/** Accessible name of a toast's close button. */
export const TOAST_CLOSE_LABEL = 'Close';
/**
 * Accessible name of the toast region (a landmark screen-reader users can jump to). Not
 * "Notifications": a work item's sidebar has a Notifications widget, and two landmarks of one name
 * cannot be told apart.
 */
export const TOAST_REGION_LABEL = 'Status messages';

/** A button in the toast, e.g. Undo. */
export interface ToastAction {
  /** The visible label. */
  text: string;
  /**
   * Runs on activation. The toast then closes, unless the handler calls `event.preventDefault()`.
   */
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
}

export interface ToastProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'role'> {
  /** The message: one short sentence. */
  message: ReactNode;
  /**
   * An optional action button.
   * @default undefined
   */
  action?: ToastAction;
  /**
   * Called when the user closes the toast (close button, Escape, or after the action).
   * @default undefined
   */
  onClose?: () => void;
  /**
   * Accessible name of the close button.
   * @default 'Close'
   */
  closeLabel?: string;
  ref?: Ref<HTMLDivElement>;
}

/**
 * One toast: a short message about something that just happened, an optional action and a close
 * button. Usually shown with `showToast()`, which stacks toasts in a polite live region and
 * hides them after a delay; render `<Toast>` directly only for a static display.
 */
export function Toast({ message, action, onClose, closeLabel = TOAST_CLOSE_LABEL, className, ...rest }: ToastProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    rest.onKeyDown?.(event);
    if (event.key === 'Escape' && !event.defaultPrevented && onClose) {
      event.preventDefault();
      onClose();
    }
  };
  return (
    // Escape closes the toast while focus is on one of its buttons; not an interactive element itself.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div {...rest} className={clsx('fk-toast', className)} data-component="Toast" onKeyDown={onKeyDown}>
      <div className="fk-toast__message" data-component="Toast.Message">
        {message}
      </div>
      {action ? (
        <button
          type="button"
          className="fk-toast__action"
          data-component="Toast.Action"
          onClick={(event) => {
            action.onClick(event);
            if (!event.defaultPrevented) onClose?.();
          }}
        >
          {action.text}
        </button>
      ) : null}
      <CloseButton
        className="fk-toast__close"
        data-component="Toast.Close"
        label={closeLabel}
        onClick={() => onClose?.()}
      />
    </div>
  );
}

/**
 * Hides the toast after `delay` ms of unpaused time: pausing keeps the time left, resuming
 * continues from it. A delay that is not a positive finite number never hides.
 */
export function useAutoHide(delay: number, isPaused: boolean, hide: () => void): void {
  const remaining = useRef(delay);
  const hideRef = useRef(hide);
  useEffect(() => {
    hideRef.current = hide;
  }, [hide]);
  useEffect(() => {
    if (isPaused || !(delay > 0 && Number.isFinite(delay))) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => hideRef.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [delay, isPaused]);
}
