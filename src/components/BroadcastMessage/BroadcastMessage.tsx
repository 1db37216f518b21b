import clsx from 'clsx';
import { useEffect, useRef, useState, useSyncExternalStore, type ComponentPropsWithoutRef, type Ref } from 'react';
import { dismissBroadcastMessage } from '../../client/rest/api/general';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { getCookie, setCookie } from '../../utils/storage';
import { focusTargetAfterRemoval, hasFocusWithin } from '../Alert/focus';
import { Icon } from '../Icon';
import { CloseButton } from '../Alert/CloseButton';
import { useDataAdapters } from '../DataProvider/DataProvider';
import { SanitizedHtml } from '../Alert/SanitizedHtml';
import './BroadcastMessage.css';
import { BROADCAST_BANNERS_HEIGHT_PROPERTY } from '../../tokens';
import type { BroadcastMessageDismissal } from './dismissal';

/** Where a broadcast message shows: a full-width banner at the top, or a notification card. */
export const BROADCAST_MESSAGE_TYPES = ['banner', 'notification'] as const;
export type BroadcastMessageType = (typeof BROADCAST_MESSAGE_TYPES)[number];

/** The product's broadcast message themes; each is one fixed colour pair that passes AA in both modes. */
export const BROADCAST_MESSAGE_THEMES = [
  'indigo',
  'light-indigo',
  'blue',
  'light-blue',
  'green',
  'light-green',
  'red',
  'light-red',
  'dark',
  'light',
] as const;
export type BroadcastMessageTheme = (typeof BROADCAST_MESSAGE_THEMES)[number];

/** Accessible name of the dismiss button. */
export const BROADCAST_MESSAGE_DISMISS_LABEL = 'Dismiss';

export type { BroadcastMessageDismissal } from './dismissal';

const BANNER_SELECTOR = '[data-component="BroadcastMessage"][data-type="banner"]';

/**
 * Sums the heights of the broadcast banners now in the document and stores the total in
 * `--fk-broadcast-banners-height` on `<html>`. Client-only; does nothing without a DOM.
 */
export function updateBroadcastBannersHeight(doc: Document | undefined = globalThis.document): number {
  if (!doc) return 0;
  const total = Array.from(doc.querySelectorAll(BANNER_SELECTOR)).reduce(
    (sum, banner) => sum + banner.getBoundingClientRect().height,
    0,
  );
  doc.documentElement.style.setProperty(BROADCAST_BANNERS_HEIGHT_PROPERTY, `${total}px`);
  return total;
}

/**
 * The dismissal path as a same-origin path (`/…`), or null when it points anywhere else
 * (another origin, a protocol-relative `//host`, `javascript:`…). The path comes from
 * configuration only; it is never built from message content.
 */
export function resolveDismissalPath(path: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(path, base);
  } catch {
    return null;
  }
  const origin = new URL(base).origin;
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  return `${url.pathname}${url.search}`;
}

function toIsoString(date: string | Date | undefined): string | undefined {
  if (date === undefined) return undefined;
  return typeof date === 'string' ? date : date.toISOString();
}

const defaultSendDismissal = (path: string, payload: BroadcastMessageDismissal) =>
  dismissBroadcastMessage(path, payload);
const defaultReportError = (error: unknown) => console.error(error);

const noopSubscribe = () => () => {};

export interface BroadcastMessageProps extends Omit<ComponentPropsWithoutRef<'div'>, 'id' | 'children'> {
  /** The broadcast message id (sent as `broadcast_message_id`). */
  id: number | string;
  /** The message as HTML from the server; sanitised before it reaches the DOM. */
  messageHtml: string;
  /**
   * Cookie set to `true` when the message is dismissed; while it is set the message renders
   * nothing.
   */
  cookieKey: string;
  /**
   * When the message stops showing: the dismissal cookie expires then, and it is sent as
   * `expires_at`. Without it the cookie lasts the default 365 days.
   * @default undefined
   */
  expireDate?: string | Date;
  /**
   * Where the dismissal is POSTed, from configuration (never from the message). Must be a
   * same-origin path; anything else is refused with a console error and nothing is sent.
   * Without it nothing is sent (the cookie alone remembers the dismissal).
   * @default undefined
   */
  dismissalPath?: string;
  /** @default 'banner' */
  type?: BroadcastMessageType;
  /** @default 'indigo' */
  theme?: BroadcastMessageTheme;
  /**
   * Shows the close button.
   * @default false
   */
  isDismissible?: boolean;
  /**
   * Accessible name of the close button.
   * @default 'Dismiss'
   */
  dismissLabel?: string;
  /**
   * Sends the dismissal. The default POSTs JSON with the CSRF token (`dismissBroadcastMessage`).
   * @default the `DataProvider`'s `dismissBroadcastMessage`, else dismissBroadcastMessage(path, payload)
   */
  sendDismissal?: (path: string, payload: BroadcastMessageDismissal) => Promise<unknown>;
  /**
   * Receives a failed dismissal request (spec section 8: reported to error tracking, never
   * shown to the user).
   * @default the `DataProvider`'s `reportError`, else console.error
   */
  reportError?: (error: unknown) => void;
  /**
   * Called after the message is dismissed and removed.
   * @default undefined
   */
  onDismiss?: () => void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * An instance-wide announcement from the administrators: a full-width `banner` at the top of the
 * page or a `notification` card, in one of the product's themes, with the message as sanitised
 * HTML. Dismissing it sets the message's cookie (until its expire date), POSTs the dismissal to
 * the configured path, removes it and updates `--fk-broadcast-banners-height`.
 */
export function BroadcastMessage({
  id,
  messageHtml,
  cookieKey,
  expireDate,
  dismissalPath,
  type = 'banner',
  theme = 'indigo',
  isDismissible = false,
  dismissLabel = BROADCAST_MESSAGE_DISMISS_LABEL,
  sendDismissal: sendDismissalProp,
  reportError: reportErrorProp,
  onDismiss,
  className,
  ref,
  ...rest
}: BroadcastMessageProps) {
  const adapters = useDataAdapters();
  const sendDismissal = sendDismissalProp ?? adapters.dismissBroadcastMessage ?? defaultSendDismissal;
  const reportError = reportErrorProp ?? adapters.reportError ?? defaultReportError;
  // The cookie is only readable in the browser: the server (and hydration) render the message;
  // a dismissed one goes right after hydration. Servers that know the cookie should skip it.
  const hasCookie = useSyncExternalStore(
    noopSubscribe,
    () => getCookie(cookieKey) === 'true',
    () => false,
  );
  const [isDismissed, setDismissed] = useState(false);
  const isShown = !hasCookie && !isDismissed;
  const rootRef = useRef<HTMLDivElement | null>(null);
  const setRoot = useMergedRefs(rootRef, ref);

  // Keep the banners' total height current: on mount, on resize (text wrapping) and once this
  // banner has left the DOM (the cleanup runs after the removal).
  useEffect(() => {
    const element = rootRef.current;
    if (!isShown || type !== 'banner' || !element) return;
    const doc = element.ownerDocument;
    updateBroadcastBannersHeight(doc);
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => updateBroadcastBannersHeight(doc));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      updateBroadcastBannersHeight(doc);
    };
  }, [isShown, type]);

  if (!isShown) return null;

  const dismiss = () => {
    const expiresAt = toIsoString(expireDate);
    setCookie(cookieKey, 'true', expireDate === undefined ? {} : { expires: new Date(expireDate) });
    if (dismissalPath !== undefined) {
      const path = resolveDismissalPath(dismissalPath, window.location.href);
      if (path === null) {
        console.error(
          `[forgekit] BroadcastMessage: refusing to send the dismissal to "${dismissalPath}": not a same-origin path.`,
        );
      } else {
        // The banner goes at once; a failed request is only reported.
        try {
          Promise.resolve(sendDismissal(path, { broadcast_message_id: id, expires_at: expiresAt })).catch(reportError);
        } catch (error) {
          reportError(error);
        }
      }
    }
    const element = rootRef.current;
    if (hasFocusWithin(element)) focusTargetAfterRemoval(element)?.focus();
    setDismissed(true);
    onDismiss?.();
  };

  return (
    <div
      {...rest}
      ref={setRoot}
      className={clsx('fk-broadcast-message', className)}
      data-component="BroadcastMessage"
      data-type={type}
      data-theme={theme}
    >
      <Icon name="bullhorn" className="fk-broadcast-message__icon" />
      <SanitizedHtml html={messageHtml} className="fk-broadcast-message__text" data-component="BroadcastMessage.Text" />
      {isDismissible ? (
        <CloseButton
          className="fk-broadcast-message__dismiss"
          data-component="BroadcastMessage.Dismiss"
          label={dismissLabel}
          onClick={dismiss}
        />
      ) : null}
    </div>
  );
}
