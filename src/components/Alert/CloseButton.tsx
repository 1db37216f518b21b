import clsx from 'clsx';
import type { ComponentPropsWithoutRef } from 'react';
import { Icon } from '../Icon';
import './CloseButton.css';

export interface CloseButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'children' | 'type'> {
  /** The accessible name ('Dismiss', 'Close'). */
  label: string;
}

/**
 * The icon-only close button of alerts, broadcast messages and toasts: a real button named by
 * `label`, drawn in the surrounding text colour (so it contrasts wherever its parent does).
 */
export function CloseButton({ label, className, ...rest }: CloseButtonProps) {
  return (
    <button {...rest} type="button" className={clsx('fk-close-button', className)} aria-label={label}>
      <Icon name="close" />
    </button>
  );
}
