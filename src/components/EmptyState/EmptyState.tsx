import clsx from 'clsx';
import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';
import { ActionButton, type ButtonAction } from '../Button/ActionButton';
import './EmptyState.css';

/** Layouts: `default` centred with a large illustration; `compact` beside a small one, for panels and lists. */
export const EMPTY_STATE_VARIANTS = ['default', 'compact'] as const;
export type EmptyStateVariant = (typeof EMPTY_STATE_VARIANTS)[number];

/** Heading levels the title can take. */
export type EmptyStateHeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** A button (without `href`) or a link (with `href`): the same shape as an alert's actions. */
export type EmptyStateAction = ButtonAction;

export interface EmptyStateProps extends Omit<ComponentPropsWithoutRef<'div'>, 'title'> {
  /** What is empty, e.g. "There are no issues to show". */
  title: ReactNode;
  /**
   * The title's heading level, so it fits the page's outline (the page title is the `h1`).
   * @default 2
   */
  headingLevel?: EmptyStateHeadingLevel;
  /**
   * Why it is empty and what to do about it.
   * @default undefined
   */
  description?: ReactNode;
  /**
   * A picture above the text (beside it when compact): an `Icon` is enough. Decorative: hide it
   * from assistive technology (an `Icon` without a label is).
   * @default undefined
   */
  illustration?: ReactNode;
  /**
   * The main way out, drawn as a filled button or link ("New project").
   * @default undefined
   */
  primaryAction?: EmptyStateAction;
  /**
   * A second way out, drawn as an outlined button or link ("Import project").
   * @default undefined
   */
  secondaryAction?: EmptyStateAction;
  /**
   * @default 'default'
   */
  variant?: EmptyStateVariant;
  /** Anything else under the description, e.g. a search tip. */
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

/**
 * What a list, a search or a page shows when there is nothing in it (GitLab UI `GlEmptyState`):
 * an illustration, a title (a heading, level 2 unless told) and a description, and up to two
 * actions. `compact` lays it out in a row, for panels, table bodies and lists.
 */
export function EmptyState({
  title,
  headingLevel = 2,
  description,
  illustration,
  primaryAction,
  secondaryAction,
  variant = 'default',
  children,
  className,
  ref,
  ...rest
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  const hasActions = primaryAction !== undefined || secondaryAction !== undefined;
  return (
    <div
      {...rest}
      ref={ref}
      className={clsx('fk-empty-state', className)}
      data-component="EmptyState"
      data-variant={variant}
    >
      {illustration !== undefined ? (
        <div className="fk-empty-state__illustration" data-component="EmptyState.Illustration">
          {illustration}
        </div>
      ) : null}
      <div className="fk-empty-state__content">
        <Heading className="fk-empty-state__title" data-component="EmptyState.Title">
          {title}
        </Heading>
        {description !== undefined ? (
          <div className="fk-empty-state__description" data-component="EmptyState.Description">
            {description}
          </div>
        ) : null}
        {children}
        {hasActions ? (
          <div className="fk-empty-state__actions" data-component="EmptyState.Actions">
            {primaryAction ? <ActionButton action={primaryAction} kind="primary" part="EmptyState.Action" /> : null}
            {secondaryAction ? (
              <ActionButton action={secondaryAction} kind="secondary" part="EmptyState.Action" />
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
