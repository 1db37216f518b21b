export {
  CriticalPatchModal,
  criticalPatchCookieName,
  CRITICAL_PATCH_REMIND_DAYS,
  CRITICAL_PATCH_COOKIE_SUFFIX,
  CRITICAL_PATCH_DEFAULT_UPGRADE_URL,
  CRITICAL_PATCH_TEXTS,
  type CriticalPatchModalProps,
  type CriticalPatchVersionData,
} from './CriticalPatchModal';
