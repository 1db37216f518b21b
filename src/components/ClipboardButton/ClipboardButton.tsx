import clsx from 'clsx';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type MouseEvent,
  type Ref,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { lazyModule, useLazyModule } from '../../hooks/useLazyModule';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { COPIED_TOOLTIP_DURATION } from '../../tokens';
import { Icon } from '../Icon';
// Types only (erased): the tooltip's code (react-aria's tooltip trigger, floating-ui) loads when the
// pointer first enters a ClipboardButton, one takes focus or is clicked, so a page of commit rows
// and clone URLs carries none of it until then.
import type * as TooltipModule from '../Tooltip';
import type { TooltipPlacement } from '../Tooltip/tooltipOptions';
import { VisuallyHidden } from '../VisuallyHidden';
import './ClipboardButton.css';

/** Default accessible name and tooltip. */
export const CLIPBOARD_BUTTON_TITLE = 'Copy to clipboard';
/** Spec section 4: the tooltip after a successful copy, shown for 1 second. */
export const CLIPBOARD_COPIED_MESSAGE = 'Copied';
/** Spec section 8: the tooltip after a failed copy. */
export const CLIPBOARD_FAILED_MESSAGE = 'Copy failed. Please manually copy the value.';
/** Spec section 8: the event dispatched (bubbling) on the button when copying fails. */
export const CLIPBOARD_ERROR_EVENT = 'clipboard-error';

/** `detail` of the `clipboard-error` event. */
export interface ClipboardErrorDetail {
  /** What could not be copied (empty when the target was not found). */
  text: string;
  error: unknown;
}

export type ClipboardButtonState = 'idle' | 'copied' | 'failed';

export interface ClipboardButtonProps extends Omit<
  ComponentPropsWithoutRef<'button'>,
  'children' | 'title' | 'onCopy'
> {
  /** The text to copy. Takes precedence over `target`. */
  text?: string;
  /**
   * Where to read the text from when `text` is not given: a selector or a ref. A form field gives
   * its value, any other element its text content.
   */
  target?: string | RefObject<Element | null>;
  /**
   * Accessible name of the button and its tooltip.
   * @default 'Copy to clipboard'
   */
  title?: string;
  /**
   * Side of the tooltip.
   * @default 'top'
   */
  tooltipPlacement?: TooltipPlacement;
  /**
   * Where the tooltip is portalled.
   * @default document.body
   */
  tooltipContainer?: Element | null;
  /** Called with the copied text after a successful copy. */
  onCopySuccess?: (text: string) => void;
  /** Called when copying failed (after the `clipboard-error` event). */
  onCopyError?: (detail: ClipboardErrorDetail) => void;
  ref?: Ref<HTMLButtonElement>;
}

const tooltipModule = lazyModule<typeof TooltipModule>(() => import('../Tooltip'));
const noop = () => {};

/** The events the tooltip listens to on its trigger (react-aria's hover, focus and press start). */
const TRIGGER_EVENTS = [
  'onPointerEnter',
  'onPointerLeave',
  'onMouseEnter',
  'onMouseLeave',
  'onPointerDown',
  'onKeyDown',
  'onKeyUp',
  'onFocus',
  'onBlur',
] as const;
type TriggerEvent = (typeof TRIGGER_EVENTS)[number];
type TriggerHandlers = Partial<Record<TriggerEvent, (event: SyntheticEvent) => void>>;

interface TriggerBridgeProps extends TriggerHandlers {
  /** The button, which stays the same element whether or not the tooltip's code has arrived. */
  button: RefObject<HTMLButtonElement | null>;
  /** Where the tooltip's handlers are kept for the button to call. */
  handlersRef: RefObject<TriggerHandlers>;
  onDescribedByChange: (describedBy: string | undefined) => void;
  'aria-describedby'?: string;
  ref?: Ref<HTMLElement>;
}

/**
 * The tooltip's trigger as the tooltip sees it: it clones this element with its props and ref, which
 * are handed to the button beside it. Drawing the button itself through the tooltip once its code
 * arrived would mount a new button, and a press or a test holding the old one would be lost.
 */
function TriggerBridge({ button, handlersRef, onDescribedByChange, ref, ...props }: TriggerBridgeProps) {
  const describedBy = props['aria-describedby'];
  useLayoutEffect(() => {
    handlersRef.current = props;
  });
  useLayoutEffect(() => onDescribedByChange(describedBy), [describedBy, onDescribedByChange]);
  useLayoutEffect(() => {
    if (!ref) return undefined;
    if (typeof ref === 'function') {
      const cleanup = ref(button.current);
      return () => {
        if (typeof cleanup === 'function') cleanup();
        else ref(null);
      };
    }
    ref.current = button.current;
    return () => {
      ref.current = null;
    };
  }, [ref, button]);
  return null;
}

/** The text `target` points at, or undefined when it cannot be found. */
function readTarget(target: ClipboardButtonProps['target']): string | undefined {
  if (target === undefined) return undefined;
  const element = typeof target === 'string' ? document.querySelector(target) : target.current;
  if (!element) return undefined;
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) return element.value;
  return element.textContent ?? '';
}

/**
 * Writes `text` to the clipboard: the asynchronous Clipboard API where the page may use it (secure
 * contexts), otherwise the legacy fallback of selecting a hidden textarea and running the `copy`
 * command (plain-http pages, older embedded browsers). Rejects when neither works.
 */
export async function copyToClipboard(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.opacity = '0';
  document.body.append(textarea);
  const active = document.activeElement;
  try {
    textarea.select();
    const copied = typeof document.execCommand === 'function' && document.execCommand('copy');
    if (!copied) throw new Error('The browser refused to copy.');
  } finally {
    textarea.remove();
    if (active instanceof HTMLElement) active.focus();
  }
}

/**
 * A button that copies a value (GitLab's `ClipboardButton`, used on code blocks and commit SHAs):
 * `text`, or the content of a `target`. It says 'Copied' in its tooltip for 1 second; on failure
 * it says 'Copy failed. Please manually copy the value.' and dispatches a bubbling
 * `clipboard-error` event. Screen readers hear both through a polite status message. The tooltip's
 * code loads on the first hover, focus or click; the button is the same element before and after.
 */
export function ClipboardButton({
  text,
  target,
  title = CLIPBOARD_BUTTON_TITLE,
  tooltipPlacement = 'top',
  tooltipContainer,
  onCopySuccess,
  onCopyError,
  onClick,
  className,
  type = 'button',
  ref,
  ...rest
}: ClipboardButtonProps) {
  const [status, setStatus] = useState<ClipboardButtonState>('idle');
  const [isHoverOpen, setIsHoverOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const mergedRef = useMergedRefs(button, ref);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const tooltip = useLazyModule(tooltipModule);
  const tooltipHandlers = useRef<TriggerHandlers>({});
  const [describedBy, setDescribedBy] = useState<string | undefined>(undefined);
  // Hovered or focused before the tooltip's code arrived: told again, now that it listens.
  const pending = useRef<'hover' | 'focus' | null>(null);
  useLayoutEffect(() => {
    const element = button.current;
    const interaction = pending.current;
    pending.current = null;
    if (!tooltip || !element || !interaction) return;
    const replay =
      interaction === 'focus'
        ? new FocusEvent('focusin', { bubbles: true })
        : new window.PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' });
    element.dispatchEvent(replay);
  }, [tooltip]);

  /** The consumer's handler first, then the tooltip's (or, before its code is there, the load). */
  const handlerFor = (name: TriggerEvent) => (event: SyntheticEvent) => {
    (rest[name] as ((event: SyntheticEvent) => void) | undefined)?.(event);
    if (tooltip) {
      tooltipHandlers.current[name]?.(event);
      return;
    }
    const interaction = { onPointerEnter: 'hover', onFocus: 'focus' } as const;
    if (name === 'onPointerEnter' || name === 'onFocus') {
      pending.current = interaction[name];
      tooltipModule.load().catch(noop); // without it the button works, with its name and status
    } else if ((name === 'onPointerLeave' || name === 'onBlur') && pending.current) {
      pending.current = null;
    }
  };
  const triggerHandlers = Object.fromEntries(TRIGGER_EVENTS.map((name) => [name, handlerFor(name)]));

  const fail = (copied: string, error: unknown) => {
    setStatus('failed');
    const detail: ClipboardErrorDetail = { text: copied, error };
    button.current?.dispatchEvent(new CustomEvent(CLIPBOARD_ERROR_EVENT, { bubbles: true, detail }));
    onCopyError?.(detail);
  };

  const copy = async (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    // 'Copied' or the failure is shown in the tooltip once its code is there.
    if (!tooltip) tooltipModule.load().catch(noop);
    clearTimeout(timer.current);
    const value = text ?? readTarget(target);
    if (value === undefined) {
      console.warn('forgekit: ClipboardButton target not found:', target);
      fail('', new Error('Clipboard target not found'));
      return;
    }
    try {
      await copyToClipboard(value);
    } catch (error) {
      fail(value, error);
      return;
    }
    setStatus('copied');
    onCopySuccess?.(value);
    timer.current = setTimeout(() => setStatus('idle'), COPIED_TOOLTIP_DURATION);
  };

  const message =
    status === 'copied' ? CLIPBOARD_COPIED_MESSAGE : status === 'failed' ? CLIPBOARD_FAILED_MESSAGE : title;
  const onOpenChange = (isOpen: boolean) => {
    setIsHoverOpen(isOpen);
    // The failure message stays until the user moves away from the button (or presses Escape).
    if (!isOpen && status === 'failed') setStatus('idle');
  };

  return (
    <>
      <button
        {...rest}
        {...triggerHandlers}
        ref={mergedRef}
        type={type}
        aria-label={title}
        aria-describedby={[rest['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined}
        className={clsx('fk-clipboard-button', className)}
        data-component="ClipboardButton"
        data-state={status}
        onClick={copy}
      >
        <Icon name="copy-to-clipboard" />
      </button>
      {tooltip ? (
        <tooltip.Tooltip
          content={message}
          type={status === 'idle' ? 'label' : 'description'}
          placement={tooltipPlacement}
          container={tooltipContainer}
          isOpen={status !== 'idle' || isHoverOpen}
          onOpenChange={onOpenChange}
        >
          <TriggerBridge button={button} handlersRef={tooltipHandlers} onDescribedByChange={setDescribedBy} />
        </tooltip.Tooltip>
      ) : null}
      <VisuallyHidden role="status" data-component="ClipboardButton.Status">
        {status === 'idle' ? '' : message}
      </VisuallyHidden>
    </>
  );
}
