import clsx from 'clsx';
import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';
import { Icon, type IconName, type IconSize } from '../Icon';
import './Badge.css';

/** Badge colour variants: feedback colours, then the issuable status colours. */
export const BADGE_VARIANTS = [
  'neutral',
  'info',
  'success',
  'warning',
  'danger',
  'tip',
  'open',
  'closed',
  'merged',
] as const;
export type BadgeVariant = (typeof BADGE_VARIANTS)[number];

/** Badge sizes. */
export const BADGE_SIZES = ['sm', 'md'] as const;
export type BadgeSize = (typeof BADGE_SIZES)[number];

/** Edge length of the leading icon for each badge size. */
export const BADGE_ICON_SIZE = { sm: 12, md: 14 } as const satisfies Record<BadgeSize, IconSize>;

export interface BadgeProps extends Omit<ComponentPropsWithoutRef<'span'>, 'children'> {
  /** The label. Keep it to a word or two. */
  children: ReactNode;
  /**
   * Colour and meaning. `open`, `closed` and `merged` are the issuable status colours.
   * @default 'neutral'
   */
  variant?: BadgeVariant;
  /**
   * @default 'md'
   */
  size?: BadgeSize;
  /**
   * A leading icon from the sprite. It is decorative (hidden from assistive technology), so the
   * label must say everything on its own.
   * @default undefined
   */
  icon?: IconName;
  /**
   * Makes the badge a link (`<a href>`), focusable and with a focus ring.
   * @default undefined
   */
  href?: string;
  /**
   * Link target; only used with `href`.
   * @default undefined
   */
  target?: ComponentPropsWithoutRef<'a'>['target'];
  /**
   * Link relationship; only used with `href`.
   * @default undefined
   */
  rel?: string;
  /** The root element: a `<span>`, or an `<a>` when `href` is set. */
  ref?: Ref<HTMLElement>;
}

/**
 * A small label for a status or a category (GitLab UI `GlBadge`): a feedback colour (`info`,
 * `success`, `warning`, `danger`, `tip`), an issuable status (`open`, `closed`, `merged`) or
 * `neutral`; optionally with a leading icon, optionally a link.
 */
export function Badge({
  children,
  variant = 'neutral',
  size = 'md',
  icon,
  href,
  target,
  rel,
  className,
  ref,
  ...rest
}: BadgeProps) {
  const content = (
    <>
      {icon ? <Icon name={icon} size={BADGE_ICON_SIZE[size]} className="fk-badge__icon" /> : null}
      <span className="fk-badge__text" data-component="Badge.Text">
        {children}
      </span>
    </>
  );
  const common = {
    ...rest,
    className: clsx('fk-badge', className),
    'data-component': 'Badge',
    'data-variant': variant,
    'data-size': size,
  };
  if (href !== undefined) {
    return (
      <a {...common} ref={ref as Ref<HTMLAnchorElement>} href={href} target={target} rel={rel}>
        {content}
      </a>
    );
  }
  return (
    <span {...common} ref={ref as Ref<HTMLSpanElement>}>
      {content}
    </span>
  );
}
