import clsx from 'clsx';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import './VisuallyHidden.css';

/** The screen-reader-only class, for markup that is not a React `<VisuallyHidden>` (e.g. enhanced HTML). */
export const VISUALLY_HIDDEN_CLASS = 'fk-visually-hidden';

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
      className={clsx(VISUALLY_HIDDEN_CLASS, className)}
      data-focusable={isFocusable || undefined}
    />
  );
}
