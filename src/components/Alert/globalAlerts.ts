import { readStorage, removeStorage, writeStorage } from '../../utils/storage';
import type { AlertVariant } from './Alert';
import { createAlert, getFlashContainer, type AlertHandle } from './createAlert';

/**
 * The one session-storage key global alerts live under (spec section 9: "The session-storage
 * key for alerts is fixed; its name is not shown").
 */
export const GLOBAL_ALERTS_STORAGE_KEY = 'forgekit:global-alerts';

/** A global alert to show on a later page load (spec section 3, "Global alert (session storage)"). */
export interface GlobalAlert {
  /** Identifies the alert: dismissing it removes this id from storage. */
  id: string;
  /** The message, shown as text. */
  message: string;
  /** A short bold line above the message. */
  title?: string;
  /** @default 'danger' */
  variant?: AlertVariant;
  /** Whether the user can close it. @default true */
  dismissible?: boolean;
  /**
   * Page identifiers (`document.body.dataset.page`, e.g. 'projects:show') the alert stays on
   * until dismissed. Empty: shown once, on the next page, then forgotten.
   * @default []
   */
  persistOnPages?: readonly string[];
}

/** A global alert as stored, defaults filled in. */
export type StoredGlobalAlert = GlobalAlert & { dismissible: boolean; persistOnPages: string[] };

function normalise(alert: GlobalAlert): StoredGlobalAlert {
  const { dismissible = true, persistOnPages = [], ...rest } = alert;
  return { ...rest, dismissible, persistOnPages: [...persistOnPages] };
}

function isGlobalAlert(value: unknown): value is GlobalAlert {
  if (typeof value !== 'object' || value === null) return false;
  const { id, message, persistOnPages } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof message === 'string' &&
    (persistOnPages === undefined ||
      (Array.isArray(persistOnPages) && persistOnPages.every((page) => typeof page === 'string')))
  );
}

/** The stored global alerts (defaults filled in); entries that are not valid alerts are skipped. */
export function getGlobalAlerts(): StoredGlobalAlert[] {
  const stored = readStorage<unknown>('session', GLOBAL_ALERTS_STORAGE_KEY);
  return Array.isArray(stored) ? stored.filter(isGlobalAlert).map(normalise) : [];
}

/**
 * Replaces the stored global alerts. Returns false when session storage is unavailable or full
 * (the alerts are then not shown later).
 */
export function setGlobalAlerts(alerts: readonly GlobalAlert[]): boolean {
  if (alerts.length === 0) {
    removeStorage('session', GLOBAL_ALERTS_STORAGE_KEY);
    return true;
  }
  return writeStorage('session', GLOBAL_ALERTS_STORAGE_KEY, alerts.map(normalise));
}

/** Adds an alert to the stored ones, replacing a stored alert with the same id. */
export function addGlobalAlert(alert: GlobalAlert): boolean {
  return setGlobalAlerts([...getGlobalAlerts().filter(({ id }) => id !== alert.id), alert]);
}

/** Removes the stored alert with this id (spec section 4: a dismissed alert is removed by id). */
export function removeGlobalAlert(id: string): void {
  const alerts = getGlobalAlerts();
  const remaining = alerts.filter((alert) => alert.id !== id);
  if (remaining.length !== alerts.length) setGlobalAlerts(remaining);
}

export interface ShowGlobalAlertsOptions {
  /** The current page identifier. @default document.body.dataset.page */
  page?: string;
  /** Where to find the flash container (see createAlert). @default document */
  parent?: ParentNode;
}

/**
 * Shows the stored global alerts; call it once when a page starts. Alerts without
 * `persistOnPages` are shown and removed from storage; alerts with pages are shown only on those
 * pages and stay stored until dismissed. Dismissing removes the alert from the container and
 * from storage. Without a DOM it does nothing; without a flash container it warns and leaves
 * storage untouched, so the alerts show on the next page that has one.
 */
export function showGlobalAlerts(options: ShowGlobalAlertsOptions = {}): AlertHandle[] {
  if (typeof document === 'undefined') return [];
  const alerts = getGlobalAlerts();
  if (alerts.length === 0) return [];
  if (!getFlashContainer(options.parent)) {
    console.warn('[forgekit] showGlobalAlerts: no flash container on this page; the alerts stay stored.');
    return [];
  }
  const page = options.page ?? document.body?.dataset.page ?? '';
  const toShow = alerts.filter(({ persistOnPages }) => persistOnPages.length === 0 || persistOnPages.includes(page));
  setGlobalAlerts(alerts.filter(({ persistOnPages }) => persistOnPages.length > 0));

  return toShow.map((alert) =>
    createAlert({
      message: alert.message,
      title: alert.title,
      variant: alert.variant,
      isDismissible: alert.dismissible,
      parent: options.parent,
      preservePrevious: true,
      onDismiss: () => removeGlobalAlert(alert.id),
    }),
  );
}
