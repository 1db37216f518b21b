export { Icon, ICON_SIZES, type IconProps, type IconSize } from './Icon';
export {
  IconSpriteProvider,
  useIconSpriteHref,
  DEFAULT_ICON_SPRITE_HREF,
  type IconSpriteProviderProps,
} from './IconSpriteContext';
export { ICON_NAMES, type IconName } from './generated/names';
