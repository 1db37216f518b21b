export {
  Avatar,
  AVATAR_DEFAULT_ALT,
  resolveAvatarSize,
  type AvatarProps,
  type AvatarSize,
  type AvatarResponsiveSize,
  type AvatarShape,
} from './Avatar';
export { AvatarLink, AVATAR_LINK_DEFAULT_SIZE, type AvatarLinkProps } from './AvatarLink';
export {
  AvatarStack,
  AVATAR_STACK_DEFAULT_MAX_VISIBLE,
  AVATAR_STACK_DEFAULT_SIZE,
  defaultOverflowLabel,
  type AvatarStackItem,
  type AvatarStackProps,
} from './AvatarStack';
