export {
  VersionBadge,
  VERSION_BADGE_STATUSES,
  VERSION_BADGE_TEXT,
  VERSION_BADGE_DEFAULT_HREF,
  type VersionBadgeProps,
  type VersionBadgeStatus,
} from './VersionBadge';
