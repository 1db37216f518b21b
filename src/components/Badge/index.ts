export {
  Badge,
  BADGE_VARIANTS,
  BADGE_SIZES,
  BADGE_ICON_SIZE,
  type BadgeProps,
  type BadgeVariant,
  type BadgeSize,
} from './Badge';
