import clsx from 'clsx';
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, Ref } from 'react';
import './Button.css';

/** Button looks: `default`, `confirm` (the primary action) and `danger` (destructive). */
export const BUTTON_VARIANTS = ['default', 'confirm', 'danger'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

interface ButtonOwnProps {
  /**
   * The look: one primary (`confirm`) or destructive (`danger`) action per group, the rest `default`.
   * @default 'default'
   */
  variant?: ButtonVariant;
  ref?: Ref<HTMLButtonElement & HTMLAnchorElement>;
}

/** A `<button>` (`type="button"` unless given), or an `<a>` when `href` is set. */
export type ButtonProps = ButtonOwnProps &
  (
    | (ButtonHTMLAttributes<HTMLButtonElement> & { href?: undefined })
    | (AnchorHTMLAttributes<HTMLAnchorElement> & { href: string })
  );

/**
 * The action button of forms, alerts and modals. A link that looks like a button when it navigates
 * (`href`), a real button otherwise; both keep their native keyboard behaviour.
 */
export function Button({ variant = 'default', className, children, ...rest }: ButtonProps) {
  const common = { className: clsx('fk-button', className), 'data-variant': variant };
  if (rest.href !== undefined) {
    return (
      <a data-component="Button" {...(rest as AnchorHTMLAttributes<HTMLAnchorElement>)} {...common}>
        {children}
      </a>
    );
  }
  const { type = 'button', ...buttonProps } = rest as ButtonHTMLAttributes<HTMLButtonElement>;
  return (
    <button data-component="Button" type={type} {...buttonProps} {...common}>
      {children}
    </button>
  );
}
