import clsx from 'clsx';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { Avatar, type AvatarProps } from './Avatar';

/** The avatar size of an `AvatarLink` when none is given. */
export const AVATAR_LINK_DEFAULT_SIZE = 32;

export interface AvatarLinkProps
  extends
    Omit<ComponentPropsWithoutRef<'a'>, 'children'>,
    Pick<AvatarProps, 'entityId' | 'entityName' | 'src' | 'shape' | 'fallbackOnError'> {
  /** Where the link goes: the user's, group's or project's page. */
  href: string;
  /** Avatar size: one of 96, 64, 48, 32, 24, 16, or an object of them per breakpoint. @default 32 */
  size?: AvatarProps['size'];
  /** Name shown next to the avatar, e.g. the user's full name. Without it the avatar names the link. */
  label?: string;
  /** Second, subtle line under the label, e.g. `@username` or a project path. Shown only with a label. */
  sublabel?: string;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * An avatar that links to its entity, optionally with the name (and a second line) beside it.
 * With a label the link is named by its text and the avatar is decorative; without one the link is
 * named by the avatar (`entityName`).
 */
export function AvatarLink({
  entityId,
  entityName,
  src,
  shape,
  fallbackOnError,
  size = AVATAR_LINK_DEFAULT_SIZE,
  label,
  sublabel,
  className,
  ...rest
}: AvatarLinkProps) {
  return (
    <a {...rest} className={clsx('fk-avatar-link', className)} data-component="AvatarLink">
      <Avatar
        entityId={entityId}
        entityName={entityName}
        src={src}
        shape={shape}
        fallbackOnError={fallbackOnError}
        size={size}
        alt={label ? '' : entityName || undefined}
      />
      {label && (
        <span className="fk-avatar-link__text">
          <span className="fk-avatar-link__label">{label}</span>
          {/* The space separates the two lines in the link's accessible name; flex layout drops it. */}
          {sublabel && ' '}
          {sublabel && <span className="fk-avatar-link__sublabel">{sublabel}</span>}
        </span>
      )}
    </a>
  );
}
