import clsx from 'clsx';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { Avatar, resolveAvatarSize, type AvatarProps } from './Avatar';
import { AvatarLink } from './AvatarLink';

/** How many avatars an `AvatarStack` shows before the rest collapse into "+N". */
export const AVATAR_STACK_DEFAULT_MAX_VISIBLE = 3;
/** The avatar size of an `AvatarStack` when none is given. */
export const AVATAR_STACK_DEFAULT_SIZE = 24;

/** One entity in an `AvatarStack`. */
export interface AvatarStackItem extends Pick<AvatarProps, 'entityId' | 'src' | 'fallbackOnError'> {
  /** The entity's name: the avatar's accessible name and identicon initial. */
  entityName: string;
  /** Makes the avatar a link to the entity's page. */
  href?: string;
}

/** The accessible name of the "+N" badge: `3 more: Dana, Eve, Finn`. */
export function defaultOverflowLabel(count: number, hidden: readonly AvatarStackItem[]): string {
  return `${count} more: ${hidden.map((item) => item.entityName).join(', ')}`;
}

export interface AvatarStackProps extends Omit<ComponentPropsWithoutRef<'ul'>, 'children'> {
  /** The entities, in display order. */
  avatars: readonly AvatarStackItem[];
  /**
   * How many avatars to show; when there are more, these many show and a "+N" badge stands for the
   * rest.
   * @default 3
   */
  maxVisible?: number;
  /** Avatar size: one of 96, 64, 48, 32, 24, 16, or an object of them per breakpoint. @default 24 */
  size?: AvatarProps['size'];
  /** @default 'circle' */
  shape?: AvatarProps['shape'];
  /** Accessible name of the list, e.g. "Assignees". */
  label?: string;
  /**
   * Accessible name of the "+N" badge (translate here).
   * @default (count, hidden) => `${count} more: ${names}`
   */
  formatOverflowLabel?: (count: number, hidden: readonly AvatarStackItem[]) => string;
  ref?: Ref<HTMLUListElement>;
}

/**
 * A row of small overlapping avatars (assignees, reviewers, participants) as a list. Past
 * `maxVisible` the rest collapse into a "+N" badge named by `formatOverflowLabel`.
 */
export function AvatarStack({
  avatars,
  maxVisible = AVATAR_STACK_DEFAULT_MAX_VISIBLE,
  size = AVATAR_STACK_DEFAULT_SIZE,
  shape = 'circle',
  label,
  formatOverflowLabel = defaultOverflowLabel,
  className,
  ...rest
}: AvatarStackProps) {
  const visibleCount = Math.max(0, Math.min(maxVisible, avatars.length));
  const hidden = avatars.slice(visibleCount);
  // The badge reuses the avatar's size rules (including responsive ones) through its attributes.
  const { attributes: sizeAttributes } = resolveAvatarSize(size);
  return (
    <ul {...rest} aria-label={label} className={clsx('fk-avatar-stack', className)} data-component="AvatarStack">
      {avatars.slice(0, visibleCount).map(({ href, ...item }, index) => (
        <li key={`${item.entityId ?? ''}:${index}`} className="fk-avatar-stack__item">
          {href ? (
            <AvatarLink {...item} href={href} size={size} shape={shape} />
          ) : (
            <Avatar {...item} alt={item.entityName} size={size} shape={shape} />
          )}
        </li>
      ))}
      {hidden.length > 0 && (
        <li className="fk-avatar-stack__item">
          <span
            {...sizeAttributes}
            role="img"
            aria-label={formatOverflowLabel(hidden.length, hidden)}
            title={hidden.map((item) => item.entityName).join(', ')}
            className="fk-avatar fk-avatar-stack__badge"
            data-component="AvatarStack.Overflow"
            data-shape={shape}
          >
            +{hidden.length}
          </span>
        </li>
      )}
    </ul>
  );
}
