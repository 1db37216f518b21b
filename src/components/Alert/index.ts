export {
  Alert,
  ALERT_VARIANTS,
  ALERT_DEFAULT_VARIANT,
  ALERT_ICONS,
  ALERT_VARIANT_LABELS,
  ALERT_ROLES,
  ALERT_DISMISS_LABEL,
  resolveAlertVariant,
  type AlertProps,
  type AlertVariant,
  type AlertAction,
} from './Alert';
export {
  createAlert,
  getFlashContainer,
  FLASH_CONTAINER_CLASS,
  type CreateAlertOptions,
  type AlertHandle,
} from './createAlert';
export {
  getGlobalAlerts,
  setGlobalAlerts,
  addGlobalAlert,
  removeGlobalAlert,
  showGlobalAlerts,
  GLOBAL_ALERTS_STORAGE_KEY,
  type GlobalAlert,
  type StoredGlobalAlert,
  type ShowGlobalAlertsOptions,
} from './globalAlerts';
