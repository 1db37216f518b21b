import clsx from 'clsx';
import { useEffect, useRef, type ComponentPropsWithoutRef, type ReactNode, type Ref } from 'react';
import { useControllableState } from '../../hooks/useControllableState';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { Icon, type IconName } from '../Icon';
import { CloseButton } from './CloseButton';
import { focusTargetAfterRemoval, hasFocusWithin, isFocusLost } from './focus';
import './Alert.css';
import { ActionButton, type ButtonAction } from '../Button/ActionButton';

/** Alert variants (spec section 4: success, warning, danger (default), info, tip). */
export const ALERT_VARIANTS = ['danger', 'warning', 'success', 'info', 'tip'] as const;
export type AlertVariant = (typeof ALERT_VARIANTS)[number];
/** The variant used when none (or an unknown one) is given. */
export const ALERT_DEFAULT_VARIANT: AlertVariant = 'danger';

/** The sprite icon each variant shows. */
export const ALERT_ICONS = {
  danger: 'error',
  warning: 'warning',
  success: 'check-circle',
  info: 'information-o',
  tip: 'bulb',
} as const satisfies Record<AlertVariant, IconName>;

/**
 * The spoken name of each variant's icon, so the meaning is not carried by colour and shape
 * alone (WCAG 1.4.1): a screen reader reads "Error, Pipeline failed".
 */
export const ALERT_VARIANT_LABELS = {
  danger: 'Error',
  warning: 'Warning',
  success: 'Success',
  info: 'Information',
  tip: 'Tip',
} as const satisfies Record<AlertVariant, string>;

/**
 * The live-region role of each variant: `alert` (assertive, interrupts) for danger and warning,
 * which need attention now; `status` (polite) for info, success and tip.
 */
export const ALERT_ROLES = {
  danger: 'alert',
  warning: 'alert',
  success: 'status',
  info: 'status',
  tip: 'status',
} as const satisfies Record<AlertVariant, 'alert' | 'status'>;

/** Accessible name of the dismiss button. */
export const ALERT_DISMISS_LABEL = 'Dismiss';

/** A button (without `href`) or a link (with `href`) in the alert's action row. */
export type AlertAction = ButtonAction;

export interface AlertProps extends Omit<ComponentPropsWithoutRef<'div'>, 'title' | 'role'> {
  /** The message. Links inside it are underlined and focusable. */
  children?: ReactNode;
  /**
   * Colour, icon and live-region role. An unknown value falls back to `danger` (with a
   * `console.warn` outside production).
   * @default 'danger'
   */
  variant?: AlertVariant;
  /**
   * The live-region role, when the variant's default (`ALERT_ROLES`) does not fit: a warning that
   * need not interrupt a screen reader is a polite `status`.
   * @default ALERT_ROLES[variant]
   */
  role?: 'alert' | 'status';
  /**
   * A short bold line above the message.
   * @default undefined
   */
  title?: ReactNode;
  /**
   * Shows a close button named 'Dismiss'.
   * @default false
   */
  isDismissible?: boolean;
  /**
   * Accessible name of the close button.
   * @default 'Dismiss'
   */
  dismissLabel?: string;
  /**
   * Whether the alert is shown (controlled). Leave undefined to let the alert hide itself when
   * dismissed.
   * @default undefined
   */
  open?: boolean;
  /**
   * Whether the alert starts shown (uncontrolled).
   * @default true
   */
  defaultOpen?: boolean;
  /**
   * Called with `false` when the user presses the close button.
   * @default undefined
   */
  onOpenChange?: (open: boolean) => void;
  /**
   * Called when the user presses the close button (after `onOpenChange(false)`). It may move
   * focus itself; otherwise focus moves to the next focusable element after the alert.
   * @default undefined
   */
  onDismiss?: () => void;
  /**
   * The main action, drawn as a filled button (or link).
   * @default undefined
   */
  primaryAction?: AlertAction;
  /**
   * A second action, drawn as an outlined button (or link).
   * @default undefined
   */
  secondaryAction?: AlertAction;
  ref?: Ref<HTMLDivElement>;
}

// Folded to `false` by an app's production build (which defines process.env.NODE_ENV), so the
// warning and its text leave the bundle; a module constant, as bundlers inline only those.
const IS_DEVELOPMENT = typeof process === 'undefined' ? false : process.env.NODE_ENV !== 'production';

/** `variant` if it is one of ALERT_VARIANTS, else the default ('danger'). */
export function resolveAlertVariant(variant: unknown): AlertVariant {
  return (ALERT_VARIANTS as readonly unknown[]).includes(variant) ? (variant as AlertVariant) : ALERT_DEFAULT_VARIANT;
}

/**
 * A message about the page or the user's last action (GitLab UI `GlAlert`): `danger` (default),
 * `warning`, `success`, `info` or `tip`, each with its icon; an optional title, actions and a
 * close button. Danger and warning alerts are `role="alert"`, the others `role="status"`.
 * When dismissed with focus inside, focus moves to the next focusable element after the alert.
 */
export function Alert({
  children,
  variant: variantProp = ALERT_DEFAULT_VARIANT,
  title,
  isDismissible = false,
  dismissLabel = ALERT_DISMISS_LABEL,
  open: openProp,
  defaultOpen = true,
  onOpenChange,
  onDismiss,
  primaryAction,
  secondaryAction,
  role,
  className,
  ref,
  ...rest
}: AlertProps) {
  const variant = resolveAlertVariant(variantProp);
  const isUnknownVariant = variant !== variantProp;
  useEffect(() => {
    if (isUnknownVariant && IS_DEVELOPMENT) {
      console.warn(
        `[forgekit] Alert: unknown variant "${String(variantProp)}", showing "${ALERT_DEFAULT_VARIANT}". ` +
          `Variants: ${ALERT_VARIANTS.join(', ')}.`,
      );
    }
  }, [isUnknownVariant, variantProp]);

  const [open, setOpen] = useControllableState({ value: openProp, defaultValue: defaultOpen, onChange: onOpenChange });
  const rootRef = useRef<HTMLDivElement | null>(null);
  const setRoot = useMergedRefs(rootRef, ref);
  // Where focus goes if the alert disappears while holding it: worked out when the close button
  // is pressed, and whenever focus enters (a controlled alert may close later, after a request or
  // through one of its own links, when its DOM is already gone); used once the alert has gone,
  // if focus went with it.
  const pendingFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const root = rootRef.current;
    if (!open || !root) return;
    const onFocusIn = () => {
      pendingFocus.current = focusTargetAfterRemoval(root);
    };
    root.addEventListener('focusin', onFocusIn);
    return () => root.removeEventListener('focusin', onFocusIn);
  }, [open]);
  useEffect(() => {
    const target = pendingFocus.current;
    if (open || !target) return;
    pendingFocus.current = null;
    if (target.isConnected && isFocusLost(target.ownerDocument)) target.focus();
  }, [open]);

  const dismiss = () => {
    const root = rootRef.current;
    // Worked out while the alert is still here; the effect above moves focus once it has gone.
    if (hasFocusWithin(root)) pendingFocus.current = focusTargetAfterRemoval(root);
    setOpen(false);
    onDismiss?.();
  };

  if (!open) return null;
  const hasActions = primaryAction !== undefined || secondaryAction !== undefined;
  return (
    <div
      {...rest}
      ref={setRoot}
      role={role ?? ALERT_ROLES[variant]}
      className={clsx('fk-alert', className)}
      data-component="Alert"
      data-variant={variant}
      data-dismissible={isDismissible || undefined}
    >
      <Icon name={ALERT_ICONS[variant]} label={ALERT_VARIANT_LABELS[variant]} className="fk-alert__icon" />
      <div className="fk-alert__content" data-component="Alert.Content">
        {title !== undefined && title !== null && title !== '' ? (
          <div className="fk-alert__title" data-component="Alert.Title">
            {title}
          </div>
        ) : null}
        <div className="fk-alert__body" data-component="Alert.Body">
          {children}
        </div>
        {hasActions ? (
          <div className="fk-alert__actions" data-component="Alert.Actions">
            {primaryAction ? (
              <ActionButton action={primaryAction} kind="primary" className="fk-alert__action" part="Alert.Action" />
            ) : null}
            {secondaryAction ? (
              <ActionButton
                action={secondaryAction}
                kind="secondary"
                className="fk-alert__action"
                part="Alert.Action"
              />
            ) : null}
          </div>
        ) : null}
      </div>
      {isDismissible ? (
        <CloseButton
          className="fk-alert__dismiss"
          data-component="Alert.Dismiss"
          label={dismissLabel}
          onClick={dismiss}
        />
      ) : null}
    </div>
  );
}
