import clsx from 'clsx';
import { useEffect, useRef, type ComponentPropsWithoutRef, type ReactNode, type Ref } from 'react';
import { SKELETON_DEFAULT_LINES } from '../../tokens';
import { Alert } from '../Alert';
import { EmptyState } from '../EmptyState';
import { SkeletonLoader } from '../SkeletonLoader';
import { IssuableListItem, type IssuableListItemData, type IssuableListTimeAgoOptions } from './IssuableListItem';
import './IssuableList.css';

/** The list's own texts: the fetch error, the empty state and the select-all checkbox. */
export const ISSUABLE_LIST_TEXTS = {
  fetchError: 'An error occurred while loading issues',
  emptyTitle: 'No results found',
  emptyDescription: 'To widen your search, change or remove filters above.',
  selectAll: 'Select all',
  selected: (count: number) => `${count} selected`,
} as const;

export interface IssuableListProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The rows, in the order to show (filtered, sorted and paged by the owner). */
  items: readonly IssuableListItemData[];
  /** The list's accessible name, e.g. "Issues". */
  label: string;
  /** Shows skeleton lines instead of the rows and marks the list busy. @default false */
  isLoading?: boolean;
  /** Shows an error alert instead of the rows; a string replaces the default text. @default false */
  error?: boolean | string;
  /** What shows when there are no rows. @default an EmptyState 'No results found' */
  empty?: ReactNode;
  /** Passed to every row's times (a fixed `now` for server renders and tests). */
  timeAgoOptions?: IssuableListTimeAgoOptions;
  /**
   * Bulk editing: a checkbox on every row and a "Select all" checkbox above them.
   * @default false
   */
  selectable?: boolean;
  /** The ids of the ticked rows (controlled). @default [] */
  selectedIds?: readonly number[];
  /** Called with the new set of ticked ids. */
  onSelectionChange?: (ids: number[]) => void;
  ref?: Ref<HTMLDivElement>;
}

function SelectAll({
  items,
  selectedIds,
  onSelectionChange,
}: Required<Pick<IssuableListProps, 'items' | 'selectedIds'>> & Pick<IssuableListProps, 'onSelectionChange'>) {
  const box = useRef<HTMLInputElement>(null);
  const ticked = items.filter((item) => selectedIds.includes(item.id)).length;
  const all = ticked > 0 && ticked === items.length;
  // `indeterminate` is a property only: set it after each render.
  useEffect(() => {
    if (box.current) box.current.indeterminate = ticked > 0 && !all;
  });
  return (
    <div className="fk-issuable-list__select-all" data-component="IssuableList.SelectAll">
      <label>
        <input
          ref={box}
          type="checkbox"
          checked={all}
          onChange={(event) => onSelectionChange?.(event.currentTarget.checked ? items.map((item) => item.id) : [])}
        />
        {ISSUABLE_LIST_TEXTS.selectAll}
      </label>
      <span role="status">{ticked ? ISSUABLE_LIST_TEXTS.selected(ticked) : ''}</span>
    </div>
  );
}

/**
 * A list of issues (or other issuables) as GitLab's issue lists show them. The owner filters,
 * sorts and pages the rows (tabs, filter bar and pagination sit around it). While loading it
 * shows skeleton lines, with no rows an empty state, when fetching failed an error alert. With
 * `selectable` every row gets a checkbox for bulk editing, plus "Select all".
 */
export function IssuableList({
  items,
  label,
  isLoading = false,
  error = false,
  empty,
  timeAgoOptions,
  selectable = false,
  selectedIds = [],
  onSelectionChange,
  className,
  ref,
  ...rest
}: IssuableListProps) {
  const state = error ? 'error' : isLoading ? 'loading' : items.length === 0 ? 'empty' : 'ready';
  let content: ReactNode;
  if (state === 'error') {
    content = <Alert variant="danger">{typeof error === 'string' ? error : ISSUABLE_LIST_TEXTS.fetchError}</Alert>;
  } else if (state === 'loading') {
    content = <SkeletonLoader lines={SKELETON_DEFAULT_LINES} />;
  } else if (state === 'empty') {
    content = empty ?? (
      <EmptyState
        variant="compact"
        title={ISSUABLE_LIST_TEXTS.emptyTitle}
        description={ISSUABLE_LIST_TEXTS.emptyDescription}
      />
    );
  } else {
    const toggle = (id: number, ticked: boolean) =>
      onSelectionChange?.(ticked ? [...selectedIds, id] : selectedIds.filter((other) => other !== id));
    content = (
      <>
        {selectable ? (
          <SelectAll items={items} selectedIds={selectedIds} onSelectionChange={onSelectionChange} />
        ) : null}
        <ul className="fk-issuable-list__items" aria-label={label}>
          {items.map((item) => (
            <IssuableListItem
              key={item.id}
              item={item}
              timeAgoOptions={timeAgoOptions}
              selectable={selectable}
              selected={selectedIds.includes(item.id)}
              onSelectedChange={(ticked) => toggle(item.id, ticked)}
            />
          ))}
        </ul>
      </>
    );
  }
  return (
    <div
      {...rest}
      ref={ref}
      className={clsx('fk-issuable-list', className)}
      data-component="IssuableList"
      data-state={state}
      aria-busy={isLoading || undefined}
    >
      {content}
    </div>
  );
}
