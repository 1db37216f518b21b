import clsx from 'clsx';
import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';
import {
  WORK_ITEM_NOT_AVAILABLE_MESSAGE,
  WORK_ITEM_NOT_FOUND_MESSAGE,
  WORK_ITEM_SKELETON_LINES,
} from '../../utils/workItems';
import { Alert } from '../Alert';
import { Sidebar } from '../Sidebar';
import { SkeletonLoader } from '../SkeletonLoader';
import './WorkItemView.css';

/** Why a work item cannot be shown: GitLab's fetch error, or the item does not exist. */
export type WorkItemViewError = 'not-available' | 'not-found';

/** The message of each error (spec sections 6 and 8). */
export const WORK_ITEM_VIEW_ERRORS: Readonly<Record<WorkItemViewError, string>> = {
  'not-available': WORK_ITEM_NOT_AVAILABLE_MESSAGE,
  'not-found': WORK_ITEM_NOT_FOUND_MESSAGE,
};

/** Accessible name of the right sidebar (the attribute widgets). */
export const WORK_ITEM_VIEW_SIDEBAR_LABEL = 'Attributes';

export interface WorkItemViewProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The header: a `WorkItemHeader`. @default undefined */
  header?: ReactNode;
  /** The description: a `WorkItemDescription` (from `forgekit/markdown`). @default undefined */
  description?: ReactNode;
  /** The child items tree (hierarchy widget). @default undefined */
  childItems?: ReactNode;
  /** The linked items. @default undefined */
  linkedItems?: ReactNode;
  /** Other main-column widgets (designs, development, award emoji), after the linked items. @default undefined */
  children?: ReactNode;
  /** The activity: notes and the comment form, under the main column. @default undefined */
  notes?: ReactNode;
  /** The attribute widgets of the right sidebar. @default undefined */
  sidebar?: ReactNode;
  /**
   * Shows the placeholder of 4 skeleton lines (spec section 9) instead of the content.
   * @default false
   */
  isLoading?: boolean;
  /**
   * Shows the error instead of the content: `not-available` ("This work item is not available...")
   * or `not-found` ("Work item not found").
   * @default undefined
   */
  error?: WorkItemViewError;
  /**
   * The page identifier (`area:controller:action`) the right sidebar reads to decide whether it
   * starts collapsed on small screens (spec section 2: not on boards and merge requests).
   * @default document.body.dataset.page
   */
  page?: string;
  /** Collapsed state of the right sidebar (controlled); leave undefined to let it manage itself. @default undefined */
  isSidebarCollapsed?: boolean;
  /** Called when the right sidebar asks to collapse or expand. @default undefined */
  onSidebarCollapsedChange?: (isCollapsed: boolean) => void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The body of a work item's page (GitLab's work item detail): the header across the top, the main
 * column (description, child items, linked items, other widgets, then the activity) and the right
 * sidebar with the attribute widgets. From the lg breakpoint the sidebar sits beside the main
 * column; below it, it moves under the main content (before the activity) and starts collapsed
 * (spec section 2). While loading it shows a 4-line skeleton; an error replaces the content.
 */
export function WorkItemView({
  header,
  description,
  childItems,
  linkedItems,
  children,
  notes,
  sidebar,
  isLoading = false,
  error,
  page,
  isSidebarCollapsed,
  onSidebarCollapsedChange,
  className,
  ref,
  ...rest
}: WorkItemViewProps) {
  const state = error ? 'error' : isLoading ? 'loading' : 'ready';
  return (
    <div
      {...rest}
      ref={ref}
      className={clsx('fk-work-item-view', className)}
      data-component="WorkItemView"
      data-state={state}
    >
      {state === 'error' && error ? (
        <Alert variant="danger" className="fk-work-item-view__error" data-component="WorkItemView.Error">
          {WORK_ITEM_VIEW_ERRORS[error]}
        </Alert>
      ) : state === 'loading' ? (
        <SkeletonLoader
          lines={WORK_ITEM_SKELETON_LINES}
          className="fk-work-item-view__skeleton"
          data-component="WorkItemView.Skeleton"
        />
      ) : (
        <>
          {header !== undefined ? (
            <div className="fk-work-item-view__header" data-component="WorkItemView.Header">
              {header}
            </div>
          ) : null}
          <div className="fk-work-item-view__main" data-component="WorkItemView.Main">
            {description}
            {childItems}
            {linkedItems}
            {children}
          </div>
          {sidebar !== undefined ? (
            <Sidebar
              side="end"
              page={page}
              isCollapsed={isSidebarCollapsed}
              onCollapsedChange={onSidebarCollapsedChange}
              aria-label={WORK_ITEM_VIEW_SIDEBAR_LABEL}
              className="fk-work-item-view__sidebar"
            >
              {sidebar}
            </Sidebar>
          ) : null}
          {notes !== undefined ? (
            <div className="fk-work-item-view__notes" data-component="WorkItemView.Notes">
              {notes}
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
