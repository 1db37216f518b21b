import type { ComponentPropsWithoutRef, Ref } from 'react';
import type { IconName } from './generated/names';
import { useIconSpriteHref } from './IconSpriteContext';
import './Icon.css';

/** Icon sizes in px. */
export const ICON_SIZES = [12, 14, 16, 24, 32, 48, 72] as const;
export type IconSize = (typeof ICON_SIZES)[number];

export interface IconProps extends Omit<ComponentPropsWithoutRef<'svg'>, 'children' | 'name'> {
  /** Name of the symbol in the sprite, e.g. `branch`, `merge-request`, `pipeline`. */
  name: IconName;
  /**
   * Edge length in px.
   * @default 16
   */
  size?: IconSize;
  /**
   * Accessible name. Without it the icon is decorative and hidden from assistive technology;
   * with it the icon is an image with that name.
   */
  label?: string;
  ref?: Ref<SVGSVGElement>;
}

/**
 * An icon from the sprite (`forgekit/icons.svg`, built from GitLab's MIT-licensed icon set),
 * referenced with `<use>` so each icon costs a few bytes of markup. It takes the text colour.
 */
export function Icon({ name, size = 16, label, className, ...rest }: IconProps) {
  const sprite = useIconSpriteHref();
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg
      {...rest}
      {...a11y}
      // A plain join: clsx would be a chunk of its own in a code-split app (Button's initial load).
      className={className ? `fk-icon ${className}` : 'fk-icon'}
      data-component="Icon"
      data-name={name}
      data-size={size}
      width={size}
      height={size}
      focusable="false"
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
