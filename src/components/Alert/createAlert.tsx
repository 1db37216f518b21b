import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Alert, type AlertAction, type AlertVariant } from './Alert';
import { SanitizedHtml } from './SanitizedHtml';

/** Class of the element alerts are mounted into (the product's flash container). */
export const FLASH_CONTAINER_CLASS = 'flash-container';

export interface CreateAlertOptions {
  /** The message as text or React content. Give this or `messageHtml`. */
  message?: ReactNode;
  /**
   * The message as HTML, e.g. from the server. Always sanitised (`sanitizeHtml`, inline
   * profile) before it reaches the DOM; the sanitiser loads on first use, showing the plain
   * text meanwhile. Ignored when `message` is given.
   */
  messageHtml?: string;
  /** A short bold line above the message. */
  title?: ReactNode;
  /** @default 'danger' */
  variant?: AlertVariant;
  /**
   * Where to find the flash container: an element that is one (has class `flash-container`),
   * or a document or element to search for the first `.flash-container` inside.
   * @default document
   */
  parent?: ParentNode;
  /**
   * Keep the alerts already in the container. By default a new alert replaces them.
   * @default false
   */
  preservePrevious?: boolean;
  /**
   * Shows the close button. On by default: a flash message the user cannot close would sit on
   * the page until the next navigation (and the spec's global alerts default to dismissible).
   * @default true
   */
  isDismissible?: boolean;
  /** Main action (button, or link with `href`). */
  primaryAction?: AlertAction;
  /** Second action. */
  secondaryAction?: AlertAction;
  /**
   * Called once when the alert is dismissed by the user or by `handle.dismiss()`; not when a
   * later alert replaces it.
   */
  onDismiss?: () => void;
}

/** What createAlert returns. */
export interface AlertHandle {
  /** Removes the alert (and its React root) and calls `onDismiss`. Calling it again does nothing. */
  dismiss(): void;
}

interface MountedAlert {
  /** Unmounts without calling onDismiss (replaced by a newer alert). */
  remove(): void;
}

const mounted = new WeakMap<Element, Set<MountedAlert>>();

function findContainer(parent: ParentNode): Element | null {
  if (parent instanceof Element && parent.classList.contains(FLASH_CONTAINER_CLASS)) return parent;
  return parent.querySelector(`.${FLASH_CONTAINER_CLASS}`);
}

/** The flash container createAlert would use, or null (client-only). */
export function getFlashContainer(parent?: ParentNode): Element | null {
  if (typeof document === 'undefined') return null;
  return findContainer(parent ?? document);
}

/**
 * Shows an alert in the page's flash container (`.flash-container`), each in its own React
 * root that is unmounted on dismissal. Replaces the container's earlier content unless
 * `preservePrevious` is set. Client-only: throws without a DOM or without a flash container.
 */
export function createAlert(options: CreateAlertOptions): AlertHandle {
  if (typeof document === 'undefined') {
    throw new Error('[forgekit] createAlert needs a DOM: call it in the browser (an event handler or effect).');
  }
  const {
    message,
    messageHtml,
    title,
    variant,
    parent,
    preservePrevious = false,
    isDismissible = true,
    primaryAction,
    secondaryAction,
    onDismiss,
  } = options;
  const container = findContainer(parent ?? document);
  if (!container) {
    throw new Error(
      `[forgekit] createAlert: no flash container found. Add an element with class "${FLASH_CONTAINER_CLASS}" ` +
        'to the page, or pass `parent`.',
    );
  }

  let alerts = mounted.get(container);
  if (!alerts) {
    alerts = new Set();
    mounted.set(container, alerts);
  }
  if (!preservePrevious) {
    for (const alert of [...alerts]) alert.remove();
    container.replaceChildren();
  }

  const element = container.ownerDocument.createElement('div');
  element.setAttribute('data-fk-alert-root', '');
  container.append(element);
  let root: Root | null = createRoot(element);

  const entry: MountedAlert = {
    remove() {
      if (!root) return;
      const done = root;
      root = null;
      element.remove();
      alerts.delete(entry);
      // Unmounting synchronously is refused while React renders or commits (dismiss() called from
      // an effect cleanup); the element is already gone, so finish in a microtask.
      queueMicrotask(() => done.unmount());
    },
  };
  alerts.add(entry);

  const handle: AlertHandle = {
    dismiss() {
      if (!root) return;
      entry.remove();
      onDismiss?.();
    },
  };

  const body =
    message !== undefined && message !== null ? (
      message
    ) : (
      // Sanitised by the one sanitiser (loaded on first use): nothing else puts it into the DOM.
      <SanitizedHtml html={messageHtml ?? ''} />
    );

  root.render(
    <Alert
      variant={variant}
      title={title}
      isDismissible={isDismissible}
      primaryAction={primaryAction}
      secondaryAction={secondaryAction}
      onDismiss={handle.dismiss}
    >
      {body}
    </Alert>,
  );
  return handle;
}
