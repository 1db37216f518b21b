import clsx from 'clsx';
import { useId, type ComponentPropsWithoutRef, type ReactNode, type Ref } from 'react';
import { useControllableState } from '../../hooks/useControllableState';
import { Alert } from '../Alert';
import { Icon } from '../Icon';
import { SkeletonLoader } from '../SkeletonLoader';
import './WorkItemCard.css';

/** Texts of the card's own controls. */
export const WORK_ITEM_CARD_TEXTS = { collapse: 'Collapse', expand: 'Expand' } as const;

export interface WorkItemCardProps extends Omit<ComponentPropsWithoutRef<'section'>, 'title'> {
  /** The card's heading: also the name of its region and of its collapse button. */
  title: string;
  /**
   * Heading level of the title.
   * @default 2
   */
  headingLevel?: 2 | 3 | 4;
  /** Counts after the title (`Counter`s, a progress). */
  counts?: ReactNode;
  /** Buttons at the end of the header (Add, menus). */
  actions?: ReactNode;
  /** A form shown above the body (add or create). */
  form?: ReactNode;
  /** Shown after the body when there is nothing to list. */
  empty?: ReactNode;
  /** An error above the body (a failed fetch or a reverted edit); dismissible when `onDismissError` is given. */
  error?: string | null;
  onDismissError?: () => void;
  /**
   * A skeleton replaces the body while loading.
   * @default false
   */
  isLoading?: boolean;
  /** Expanded (controlled). */
  open?: boolean;
  /** @default true */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  ref?: Ref<HTMLElement>;
}

/**
 * The collapsible card of the work item's main-column widgets (GitLab's `CrudComponent`): a titled
 * region with counts and actions in its header, a form slot, and loading, empty and error states.
 */
export function WorkItemCard({
  title,
  headingLevel = 2,
  counts,
  actions,
  form,
  empty,
  error,
  onDismissError,
  isLoading = false,
  open,
  defaultOpen = true,
  onOpenChange,
  children,
  className,
  ...rest
}: WorkItemCardProps) {
  const [isOpen, setOpen] = useControllableState({ value: open, defaultValue: defaultOpen, onChange: onOpenChange });
  const headingId = useId();
  const bodyId = useId();
  const Heading = `h${headingLevel}` as const;
  const body: ReactNode = isLoading ? (
    <SkeletonLoader lines={2} />
  ) : (
    <>
      {children}
      {empty ? <p className="fk-work-item-card__empty">{empty}</p> : null}
    </>
  );
  return (
    <section
      aria-labelledby={headingId}
      // Before the rest: a component built on the card (WorkItemChildren, …) keeps its own name.
      data-component="WorkItemCard"
      {...rest}
      className={clsx('fk-work-item-card', className)}
      data-state={isOpen ? 'open' : 'closed'}
    >
      <header className="fk-work-item-card__header">
        <Heading id={headingId} className="fk-work-item-card__title">
          {title}
        </Heading>
        {counts && !isLoading ? <span className="fk-work-item-card__counts">{counts}</span> : null}
        <span className="fk-work-item-card__actions">
          {actions}
          <button
            type="button"
            className="fk-work-item-card__toggle"
            aria-expanded={isOpen}
            aria-controls={bodyId}
            aria-label={`${isOpen ? WORK_ITEM_CARD_TEXTS.collapse : WORK_ITEM_CARD_TEXTS.expand} ${title}`}
            onClick={() => setOpen(!isOpen)}
          >
            <Icon name={isOpen ? 'chevron-lg-up' : 'chevron-lg-down'} />
          </button>
        </span>
      </header>
      <div id={bodyId} className="fk-work-item-card__body" hidden={!isOpen}>
        {form ? <div className="fk-work-item-card__form">{form}</div> : null}
        {error ? (
          <Alert variant="danger" isDismissible={Boolean(onDismissError)} onDismiss={onDismissError}>
            {error}
          </Alert>
        ) : null}
        {body}
      </div>
    </section>
  );
}
