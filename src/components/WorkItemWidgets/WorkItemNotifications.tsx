import clsx from 'clsx';
import { useRef } from 'react';
import { VisuallyHidden } from 'react-aria/VisuallyHidden';
import { useSwitch } from 'react-aria/useSwitch';
import { useToggleState } from 'react-stately';
import { WORK_ITEM_UPDATE_ERROR_MESSAGE, WORK_ITEM_WIDGET_LABELS } from '../../utils/workItems';
import { Alert } from '../Alert';
import { showToast } from '../Toast';
import { useOptimisticValue } from '../WorkItemAttribute/useOptimisticValue';
import type { WorkItemWidgetBaseProps } from './types';
import './WorkItemWidgets.css';

/** GitLab's notification texts: the toasts after turning them on and off. */
export const WORK_ITEM_NOTIFICATIONS_TEXTS = {
  on: 'Notifications turned on.',
  off: 'Notifications turned off.',
} as const;

export interface WorkItemNotificationsProps extends Omit<WorkItemWidgetBaseProps, 'isLoading'> {
  /** Whether the user is subscribed (GitLab's `subscribed`). */
  subscribed: boolean;
  /** Saves the subscription (optimistic, reverted on rejection); a toast confirms it. */
  onChange?: (subscribed: boolean) => Promise<void>;
}

/**
 * A switch for the user's notifications about the item: it moves at once, a toast says
 * 'Notifications turned on.' or 'Notifications turned off.' once saved, and a refused save moves
 * it back with the error text. Space toggles it.
 */
export function WorkItemNotifications({
  subscribed,
  onChange,
  canUpdate = false,
  errorMessage = WORK_ITEM_UPDATE_ERROR_MESSAGE,
  onError,
  className,
}: WorkItemNotificationsProps) {
  const { value, commit, isSaving, error, clearError } = useOptimisticValue(
    subscribed,
    onChange
      ? async (next: boolean) => {
          await onChange(next);
          showToast(next ? WORK_ITEM_NOTIFICATIONS_TEXTS.on : WORK_ITEM_NOTIFICATIONS_TEXTS.off);
        }
      : undefined,
    errorMessage,
    onError,
  );
  const state = useToggleState({ isSelected: value, onChange: (next) => void commit(next) });
  const ref = useRef<HTMLInputElement>(null);
  const label = WORK_ITEM_WIDGET_LABELS.NOTIFICATIONS;
  const { inputProps } = useSwitch({ 'aria-label': label, isDisabled: !canUpdate || isSaving }, state, ref);
  return (
    <section
      className={clsx('fk-work-item-attribute', className)}
      aria-label={label}
      data-component="WorkItemNotifications"
      data-widget="NOTIFICATIONS"
    >
      <label className="fk-work-item-attribute__header fk-work-item-widgets__switch-row">
        <span className="fk-work-item-attribute__heading" aria-hidden="true">
          {label}
        </span>
        <VisuallyHidden>
          <input {...inputProps} ref={ref} />
        </VisuallyHidden>
        <span
          className="fk-work-item-widgets__switch"
          data-state={state.isSelected ? 'on' : 'off'}
          data-disabled={inputProps.disabled || undefined}
          aria-hidden="true"
        />
      </label>
      {error ? (
        <Alert isDismissible onDismiss={clearError}>
          {error}
        </Alert>
      ) : null}
    </section>
  );
}
