import clsx from 'clsx';
import { Badge, type BadgeProps } from '../Badge';

/** Version check statuses (spec section 3: version check data severity). */
export const VERSION_BADGE_STATUSES = ['success', 'warning', 'danger'] as const;
export type VersionBadgeStatus = (typeof VERSION_BADGE_STATUSES)[number];

/** Spec section 4: the badge's text for each status. */
export const VERSION_BADGE_TEXT = {
  success: 'Up to date',
  warning: 'Update available',
  danger: 'Update ASAP',
} as const satisfies Record<VersionBadgeStatus, string>;

/** Where the update documentation lives (spec section 2: help pages at /help/{path}). */
export const VERSION_BADGE_DEFAULT_HREF = '/help/update/index';

export interface VersionBadgeProps extends Omit<BadgeProps, 'children' | 'variant' | 'href'> {
  /** The version check's status. Without one the badge renders nothing. */
  status?: VersionBadgeStatus | null;
  /**
   * Whether the badge links to the update documentation (spec section 4: only when actionable).
   * @default false
   */
  actionable?: boolean;
  /**
   * The update documentation, used when `actionable`.
   * @default '/help/update/index'
   */
  href?: string;
}

/**
 * The version check badge (spec sections 2 and 4): 'Up to date' (success), 'Update available'
 * (warning) or 'Update ASAP' (danger), built on Badge, linking to the update docs only when
 * actionable. Renders nothing without a status.
 */
export function VersionBadge({
  status,
  actionable = false,
  href = VERSION_BADGE_DEFAULT_HREF,
  className,
  ...rest
}: VersionBadgeProps) {
  if (!status || !VERSION_BADGE_STATUSES.includes(status)) return null;
  return (
    <Badge
      {...rest}
      variant={status}
      href={actionable ? href : undefined}
      className={clsx('fk-version-badge', className)}
      data-version-status={status}
      data-actionable={actionable || undefined}
    >
      {VERSION_BADGE_TEXT[status]}
    </Badge>
  );
}
