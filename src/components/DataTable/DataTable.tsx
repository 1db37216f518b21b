import clsx from 'clsx';
import type { ComponentPropsWithoutRef, Key, ReactNode, Ref } from 'react';
import { useControllableState } from '../../hooks/useControllableState';
import { SKELETON_DEFAULT_LINES } from '../../tokens';
import { Icon } from '../Icon';
import { SkeletonLoader } from '../SkeletonLoader';
import { VisuallyHidden } from '../VisuallyHidden';
import './DataTable.css';

/** GitLab UI's text for a table with no rows (`GlTable`'s `empty-text`). */
export const DATA_TABLE_EMPTY_TEXT = 'There are no records to show';

/** Horizontal alignment of a column's header and cells. Numbers read best at `end`. */
export const DATA_TABLE_ALIGNMENTS = ['start', 'center', 'end'] as const;
export type DataTableAlignment = (typeof DATA_TABLE_ALIGNMENTS)[number];

/** Sort directions, named as `aria-sort` names them. */
export type DataTableSortDirection = 'ascending' | 'descending';

/** The column the rows are sorted by, and which way. */
export interface DataTableSort {
  columnId: string;
  direction: DataTableSortDirection;
}

export interface DataTableColumn<Row> {
  /** Identifies the column (in `sort`) and keys its cells; unique within the table. */
  id: string;
  /** The header text; also each cell's label when the table is stacked as cards. */
  header: string;
  /** What a row shows in this column. */
  cell: (row: Row, rowIndex: number) => ReactNode;
  /** @default 'start' */
  align?: DataTableAlignment;
  /**
   * Can the user sort by this column? Its header becomes a button; the table calls
   * `onSortChange` and the owner sorts the rows (on the server or in memory).
   * @default false
   */
  isSortable?: boolean;
  /**
   * The direction a first press on the header sorts by (newest first is `descending`).
   * @default 'ascending'
   */
  firstSortDirection?: DataTableSortDirection;
  /**
   * Does this column name the row (`<th scope="row">`)? With `getRowHref`, its content is the
   * row's link. Without any such column, the first column names the row.
   * @default false
   */
  isRowHeader?: boolean;
  /**
   * A CSS width for the column (`'8rem'`, `'20%'`).
   * @default undefined
   */
  width?: string;
}

export interface DataTableProps<Row> extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The columns, in order. */
  columns: readonly DataTableColumn<Row>[];
  /** The rows, already sorted and paged by the owner. */
  rows: readonly Row[];
  /** A stable key for each row (its id). */
  getRowKey: (row: Row, rowIndex: number) => Key;
  /** The table's name: a `<caption>`. */
  caption: ReactNode;
  /**
   * Shows the caption to screen readers only.
   * @default false
   */
  isCaptionHidden?: boolean;
  /**
   * Where a row leads: its row-header cell becomes a link, and the whole row is clickable.
   * @default undefined
   */
  getRowHref?: (row: Row, rowIndex: number) => string | undefined;
  /** The sort (controlled); `null` for none. */
  sort?: DataTableSort | null;
  /**
   * The sort at first (uncontrolled).
   * @default null
   */
  defaultSort?: DataTableSort | null;
  /** Called with the sort the user asks for by pressing a sortable header. */
  onSortChange?: (sort: DataTableSort | null) => void;
  /**
   * Shows skeleton lines in place of the rows, and marks the table busy.
   * @default false
   */
  isLoading?: boolean;
  /**
   * How many skeleton lines stand in for the rows while loading.
   * @default SKELETON_DEFAULT_LINES (3)
   */
  loadingRowCount?: number;
  /**
   * What the table shows with no rows: a message or an `EmptyState`.
   * @default 'There are no records to show'
   */
  empty?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

const SORT_ICONS = { ascending: 'arrow-up', descending: 'arrow-down' } as const;

function nextSort<Row>(column: DataTableColumn<Row>, current: DataTableSort | null): DataTableSort {
  if (current?.columnId === column.id) {
    return { columnId: column.id, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { columnId: column.id, direction: column.firstSortDirection ?? 'ascending' };
}

/**
 * A semantic `<table>` with typed columns (GitLab UI `GlTable`): headers, cells rendered per row,
 * alignment, sortable columns (a button in the header, `aria-sort` on the sorted one), a
 * skeleton while loading, an empty state, and rows that link to their page (the row-header
 * cell holds the link; the whole row is its click target). On narrow containers (under the sm
 * breakpoint, 576 px) every row is stacked as a card, each cell labelled with its header.
 */
export function DataTable<Row>({
  columns,
  rows,
  getRowKey,
  caption,
  isCaptionHidden = false,
  getRowHref,
  sort: sortProp,
  defaultSort = null,
  onSortChange,
  isLoading = false,
  loadingRowCount = SKELETON_DEFAULT_LINES,
  empty = DATA_TABLE_EMPTY_TEXT,
  className,
  ref,
  ...rest
}: DataTableProps<Row>) {
  const [sort, setSort] = useControllableState<DataTableSort | null>({
    value: sortProp,
    defaultValue: defaultSort,
    onChange: onSortChange,
  });
  const rowHeaderId = (columns.find((column) => column.isRowHeader) ?? columns[0])?.id;
  const state = isLoading ? 'loading' : rows.length === 0 ? 'empty' : 'ready';

  const renderHeader = (column: DataTableColumn<Row>) => {
    const isSorted = sort?.columnId === column.id;
    return (
      <th
        key={column.id}
        scope="col"
        className="fk-data-table__header"
        data-component="DataTable.Header"
        data-align={column.align ?? 'start'}
        aria-sort={column.isSortable ? (isSorted ? sort.direction : 'none') : undefined}
        style={column.width === undefined ? undefined : { width: column.width }}
      >
        {column.isSortable ? (
          <button
            type="button"
            className="fk-data-table__sort"
            data-component="DataTable.SortButton"
            onClick={() => setSort(nextSort(column, sort))}
          >
            {column.header}
            <Icon
              name={SORT_ICONS[isSorted ? sort.direction : 'ascending']}
              size={14}
              className="fk-data-table__sort-icon"
              data-sorted={isSorted || undefined}
            />
          </button>
        ) : (
          column.header
        )}
      </th>
    );
  };

  const renderRow = (row: Row, rowIndex: number) => {
    const href = getRowHref?.(row, rowIndex);
    return (
      <tr
        key={getRowKey(row, rowIndex)}
        className="fk-data-table__row"
        data-component="DataTable.Row"
        data-linked={href === undefined ? undefined : true}
      >
        {columns.map((column) => {
          const common = {
            className: 'fk-data-table__cell',
            'data-align': column.align ?? 'start',
            'data-label': column.header,
          };
          const cell = column.cell(row, rowIndex);
          if (column.id !== rowHeaderId) {
            return (
              <td key={column.id} {...common} data-component="DataTable.Cell">
                {/* One grid item when stacked as a card, whatever the cell renders. */}
                <div className="fk-data-table__value">{cell}</div>
              </td>
            );
          }
          return (
            <th key={column.id} scope="row" {...common} data-component="DataTable.RowHeader">
              <div className="fk-data-table__value">
                {href === undefined ? (
                  cell
                ) : (
                  <a className="fk-data-table__row-link" data-component="DataTable.RowLink" href={href}>
                    {cell}
                  </a>
                )}
              </div>
            </th>
          );
        })}
      </tr>
    );
  };

  const renderFullWidth = (content: ReactNode, part: string) => (
    <tr className="fk-data-table__row" data-component={`DataTable.${part}`}>
      <td className="fk-data-table__cell fk-data-table__cell--full" colSpan={columns.length}>
        {content}
      </td>
    </tr>
  );

  return (
    <div {...rest} ref={ref} className={clsx('fk-data-table', className)} data-component="DataTable" data-state={state}>
      <table className="fk-data-table__table" aria-busy={isLoading || undefined}>
        <caption className="fk-data-table__caption" data-hidden={isCaptionHidden || undefined}>
          {isCaptionHidden ? <VisuallyHidden>{caption}</VisuallyHidden> : caption}
        </caption>
        <thead className="fk-data-table__head">
          <tr>{columns.map(renderHeader)}</tr>
        </thead>
        <tbody className="fk-data-table__body">
          {state === 'loading'
            ? renderFullWidth(<SkeletonLoader lines={loadingRowCount} />, 'Loading')
            : state === 'empty'
              ? renderFullWidth(empty, 'Empty')
              : rows.map(renderRow)}
        </tbody>
      </table>
    </div>
  );
}
