import clsx from 'clsx';
import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';
import { SKELETON_DEFAULT_LINES } from '../../tokens';
import { Alert } from '../Alert';
import { EmptyState } from '../EmptyState';
import { SkeletonLoader } from '../SkeletonLoader';
import {
  ProjectListItem,
  type ProjectListItemData,
  type ProjectListKind,
  type ProjectListTimeAgoOptions,
} from './ProjectListItem';
import './ProjectList.css';

/** Spec section 8: the alert when the user's projects could not be fetched. */
export const PROJECT_LIST_FETCH_ERROR = 'Something went wrong while fetching projects';

/** The empty list's title, per kind. */
export const PROJECT_LIST_EMPTY_TITLES = {
  project: 'There are no projects to show',
  group: 'There are no groups to show',
} as const satisfies Record<ProjectListKind, string>;

export interface ProjectListProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The projects or groups, in the order to show (sorted and paged by the owner). */
  items: readonly ProjectListItemData[];
  /**
   * Projects (stars, forks) or groups (subgroups, projects, members).
   * @default 'project'
   */
  kind?: ProjectListKind;
  /** The list's accessible name, e.g. "Your projects". */
  label: string;
  /**
   * Shows skeleton lines instead of the items, and marks the list busy.
   * @default false
   */
  isLoading?: boolean;
  /**
   * Shows the fetch error alert instead of the items; a string replaces the spec's message.
   * @default false
   */
  error?: boolean | string;
  /**
   * What shows when there are no items.
   * @default an EmptyState titled 'There are no projects to show' (or groups)
   */
  empty?: ReactNode;
  /**
   * Passed to every item's updated time (a fixed `now` for server renders and tests).
   * @default undefined
   */
  timeAgoOptions?: ProjectListTimeAgoOptions;
  ref?: Ref<HTMLDivElement>;
}

/**
 * A list of projects or groups as GitLab shows them on the dashboard and explore pages: each with
 * its avatar, namespace and name (a link), visibility, the user's role, description, counts and
 * last update. While loading it shows skeleton lines; with no items an empty state; when fetching
 * failed the spec's error alert.
 */
export function ProjectList({
  items,
  kind = 'project',
  label,
  isLoading = false,
  error = false,
  empty,
  timeAgoOptions,
  className,
  ref,
  ...rest
}: ProjectListProps) {
  const state = error ? 'error' : isLoading ? 'loading' : items.length === 0 ? 'empty' : 'ready';
  let content: ReactNode;
  if (state === 'error') {
    content = <Alert variant="danger">{typeof error === 'string' ? error : PROJECT_LIST_FETCH_ERROR}</Alert>;
  } else if (state === 'loading') {
    content = <SkeletonLoader lines={SKELETON_DEFAULT_LINES} />;
  } else if (state === 'empty') {
    content = empty ?? <EmptyState variant="compact" title={PROJECT_LIST_EMPTY_TITLES[kind]} />;
  } else {
    content = (
      <ul className="fk-project-list__items" aria-label={label}>
        {items.map((item) => (
          <ProjectListItem key={item.id} item={item} kind={kind} timeAgoOptions={timeAgoOptions} />
        ))}
      </ul>
    );
  }
  return (
    <div
      {...rest}
      ref={ref}
      className={clsx('fk-project-list', className)}
      data-component="ProjectList"
      data-kind={kind}
      data-state={state}
      aria-busy={isLoading || undefined}
    >
      {content}
    </div>
  );
}
