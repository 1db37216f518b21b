import {
  useEffect,
  type AnchorHTMLAttributes,
  type ElementType,
  type ButtonHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { Icon, type IconName } from '../Icon';
import './Button.css';

/** Button looks: `default`, `confirm` (the primary action) and `danger` (destructive). */
export const BUTTON_VARIANTS = ['default', 'confirm', 'danger'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

/**
 * Emphasis (GitLab UI's `category`): `primary` filled (outlined for `default`), `secondary`
 * outlined in the variant's colour, `tertiary` without border or fill until hovered.
 */
export const BUTTON_CATEGORIES = ['primary', 'secondary', 'tertiary'] as const;
export type ButtonCategory = (typeof BUTTON_CATEGORIES)[number];

/** Heights: `small` 24 px, `medium` 32 px, `large` 40 px. */
export const BUTTON_SIZES = ['small', 'medium', 'large'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

interface ButtonOwnProps {
  /**
   * The look: one primary (`confirm`) or destructive (`danger`) action per group, the rest `default`.
   * @default 'default'
   */
  variant?: ButtonVariant;
  /**
   * Emphasis: `primary` for the main action, `secondary` for a coloured outline, `tertiary` for
   * low-emphasis actions in toolbars and lists.
   * @default 'primary'
   */
  category?: ButtonCategory;
  /**
   * Height and padding.
   * @default 'medium'
   */
  size?: ButtonSize;
  /**
   * An icon from the sprite before the label. Without a label the button is icon-only and needs
   * an `aria-label`.
   * @default undefined
   */
  icon?: IconName;
  /**
   * Shows a spinner over the label and blocks activation, while the button keeps its width, its
   * focus and its accessible name (`aria-busy="true"`, `aria-disabled="true"`).
   * @default false
   */
  loading?: boolean;
  /**
   * Makes the button a toggle: `true` pressed, `false` not pressed (`aria-pressed`). Leave
   * undefined for an ordinary button.
   * @default undefined
   */
  selected?: boolean;
  /**
   * Runs when the button is activated (click, Enter, or Space on a `<button>`); not while `loading`.
   * Call `event.preventDefault()` to stop a link navigating.
   */
  onClick?: (event: MouseEvent<HTMLButtonElement & HTMLAnchorElement>) => void;
  ref?: Ref<HTMLButtonElement & HTMLAnchorElement>;
}

/**
 * The label: text (its accessible name), or none for an icon-only button, which must then be
 * named with `aria-label` (the type requires it, and development builds warn when it is missing).
 */
type ButtonLabelProps =
  | {
      /** The label, shown after the icon; its text is the button's accessible name. */
      children: ReactNode;
    }
  | {
      children?: undefined;
      icon: IconName;
      /** The accessible name of an icon-only button (also shown as its tooltip by screen readers). */
      'aria-label': string;
    };

type NativeButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'children'> & { href?: undefined };
type NativeLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'onClick' | 'children'> & { href: string };

/** A `<button>` (`type="button"` unless given), or an `<a>` when `href` is set. */
export type ButtonProps = ButtonOwnProps & ButtonLabelProps & (NativeButtonProps | NativeLinkProps);

/**
 * The action button of forms, alerts, modals and toolbars. A link that looks like a button when
 * it navigates (`href`), a real button otherwise; both keep their native keyboard behaviour.
 */
export function Button({
  variant = 'default',
  category = 'primary',
  size = 'medium',
  icon,
  loading = false,
  selected,
  className,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  const label = rest['aria-label'] ?? rest['aria-labelledby'];
  const isIconOnly = children === undefined || children === null || children === false;
  useEffect(() => {
    // Written out here, not as a module constant: an app's production build (which defines
    // process.env.NODE_ENV) folds this condition to `false` in place, and the text leaves the bundle.
    if (isIconOnly && !label && (typeof process === 'undefined' ? false : process.env.NODE_ENV !== 'production')) {
      console.warn('[forgekit] Button: a button without a label needs an `aria-label` (its accessible name).');
    }
  }, [isIconOnly, label]);

  // One element for both kinds: an <a> with `href`, else a <button> (type="button" unless given).
  const isLink = rest.href !== undefined;
  const Element: ElementType = isLink ? 'a' : 'button';
  return (
    <Element
      data-component="Button"
      {...(rest as Record<string, unknown>)}
      // (An <a>'s own `type` is a MIME type, kept as given.)
      type={(isLink ? rest.type : (rest.type ?? 'button')) as NativeButtonProps['type']}
      // The base class and the consumer's (a plain join: clsx would be a chunk of its own here).
      className={className ? `fk-button ${className}` : 'fk-button'}
      data-variant={variant}
      data-category={category}
      data-size={size}
      data-icon-only={(isIconOnly && icon !== undefined) || undefined}
      aria-pressed={selected}
      // Loading blocks activation without `disabled`, so focus stays on the button (and is not lost to <body>).
      aria-busy={loading || undefined}
      aria-disabled={loading || rest['aria-disabled'] || undefined}
      onClick={(event: MouseEvent<HTMLButtonElement & HTMLAnchorElement>) => {
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {icon !== undefined && <Icon name={icon} className="fk-button__icon" />}
      {children}
      {loading && <span className="fk-button__spinner" data-component="Button.Spinner" aria-hidden="true" />}
    </Element>
  );
}
