import clsx from 'clsx';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import './VisuallyHidden.css';

export interface VisuallyHiddenProps extends ComponentPropsWithoutRef<'span'> {
  /**
   * Show the content again when it (or something inside it) has keyboard focus, as a skip link
   * does.
   * @default false
   */
  isFocusable?: boolean;
  ref?: Ref<HTMLSpanElement>;
}

/**
 * Content for screen readers only: in the accessibility tree, not on screen, taking no space.
 * For exact counts behind a shortened counter, status labels, extra context for a link.
 */
export function VisuallyHidden({ isFocusable = false, className, ...rest }: VisuallyHiddenProps) {
  return (
    <span
      data-component="VisuallyHidden"
      {...rest}
      className={clsx('fk-visually-hidden', className)}
      data-focusable={isFocusable || undefined}
    />
  );
}
