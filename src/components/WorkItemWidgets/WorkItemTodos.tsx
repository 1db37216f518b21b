import clsx from 'clsx';
import { WORK_ITEM_UPDATE_ERROR_MESSAGE, WORK_ITEM_WIDGET_LABELS } from '../../utils/workItems';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { useOptimisticValue } from '../WorkItemAttribute/useOptimisticValue';
import type { WorkItemWidgetBaseProps } from './types';
import './WorkItemWidgets.css';

/** The to-do button's texts, by whether the user has a pending to-do on the item. */
export const WORK_ITEM_TODOS_TEXTS = { add: 'Add a to do', markAsDone: 'Mark as done' } as const;

export interface WorkItemTodosProps extends Omit<WorkItemWidgetBaseProps, 'isLoading' | 'canUpdate'> {
  /** Whether the current user has a pending to-do for the item (GitLab's `currentUserTodos`, state pending). */
  hasPendingTodo: boolean;
  /** Adds the to-do (`true`) or marks it done (`false`), optimistic, reverted on rejection. */
  onChange: (hasPendingTodo: boolean) => Promise<void>;
}

/** The current user's to-do: 'Add a to do' or 'Mark as done', switching at once. */
export function WorkItemTodos({
  hasPendingTodo,
  onChange,
  errorMessage = WORK_ITEM_UPDATE_ERROR_MESSAGE,
  onError,
  className,
}: WorkItemTodosProps) {
  const { value, commit, isSaving, error, clearError } = useOptimisticValue(
    hasPendingTodo,
    onChange,
    errorMessage,
    onError,
  );
  const text = value ? WORK_ITEM_TODOS_TEXTS.markAsDone : WORK_ITEM_TODOS_TEXTS.add;
  return (
    <section
      className={clsx('fk-work-item-attribute', className)}
      aria-label={WORK_ITEM_WIDGET_LABELS.CURRENT_USER_TODOS}
      data-component="WorkItemTodos"
      data-widget="CURRENT_USER_TODOS"
    >
      <div className="fk-work-item-attribute__header">
        <span className="fk-work-item-attribute__heading">{WORK_ITEM_WIDGET_LABELS.CURRENT_USER_TODOS}</span>
        <Button
          className="fk-work-item-attribute__button"
          aria-busy={isSaving || undefined}
          data-state={value ? 'pending' : 'done'}
          onClick={() => void commit(!value)}
        >
          <Icon name={value ? 'todo-done' : 'todo-add'} />
          {text}
        </Button>
      </div>
      {error ? (
        <Alert isDismissible onDismiss={clearError}>
          {error}
        </Alert>
      ) : null}
    </section>
  );
}
