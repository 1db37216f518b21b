export {
  VisibilityIcon,
  VISIBILITY_DESCRIPTIONS,
  VISIBILITY_ICONS,
  VISIBILITY_LEVELS,
  type VisibilityEntity,
  type VisibilityIconProps,
  type VisibilityLevel,
} from './VisibilityIcon';
