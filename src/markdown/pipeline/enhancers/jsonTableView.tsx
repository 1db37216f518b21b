// The table a ```json:table block becomes (jsonTableEnhancer): GitLab's JSON table, in React.
import { useEffect, useMemo, useState } from 'react';
import { Alert } from '../../../components/Alert/Alert';
import { TextField } from '../../../components/Form/TextField';
import { Icon } from '../../../components/Icon';
import { VisuallyHidden } from '../../../components/VisuallyHidden';

/** Accessible name of the filter box (the label is visually hidden; the placeholder shows). */
export const JSON_TABLE_FILTER_LABEL = 'Filter rows';
/** Placeholder of the filter box (GitLab's). */
export const JSON_TABLE_FILTER_PLACEHOLDER = 'Type to search';
/** The only row of a table without items (GitLab's table default). */
export const JSON_TABLE_EMPTY_TEXT = 'There are no records to show';
/** The only row when the filter matches nothing (GitLab's table default). */
export const JSON_TABLE_EMPTY_FILTERED_TEXT = 'There are no records matching your request';
/** What screen readers hear after filtering. */
export const jsonTableFilterStatus = (shown: number, total: number) =>
  `Showing ${shown} of ${total} ${total === 1 ? 'row' : 'rows'}`;

/** One column: the item key it shows, its header and whether it sorts. */
export interface JsonTableField {
  key: string;
  label: string;
  sortable: boolean;
}

/** A JSON table block, validated. */
export interface JsonTableData {
  fields: JsonTableField[];
  items: Record<string, unknown>[];
  /** Show a filter box. */
  filter: boolean;
  caption?: string;
}

export type JsonTableSortDirection = 'ascending' | 'descending';

/** A cell's text: strings as they are, other values as JSON; never HTML. */
export function jsonTableCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** An item's own value for `key` (never one inherited from Object.prototype, such as `constructor`). */
function cell(item: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(item, key) ? item[key] : undefined;
}

/** Numbers by value; anything else by its text, digits compared as numbers (`item 2` before `item 10`). */
function compareCells(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return jsonTableCellText(a).localeCompare(jsonTableCellText(b), undefined, { numeric: true });
}

function SortIcon({ direction }: { direction: JsonTableSortDirection | undefined }) {
  const name = direction === 'ascending' ? 'arrow-up' : direction === 'descending' ? 'arrow-down' : 'sort-lowest';
  return <Icon name={name} className="fk-json-table__sort-icon" data-state={direction ?? 'none'} />;
}

export interface JsonTableViewProps {
  data: JsonTableData;
  /** Called once the table is in the document. */
  onReady?: () => void;
}

/**
 * The table: a caption, optional filter box (case-insensitive, over the shown columns), headers
 * whose sortable columns hold a button toggling ascending and descending order (`aria-sort` on
 * the sorted column), and the items as text.
 */
export function JsonTableView({ data, onReady }: JsonTableViewProps) {
  const { fields, items, filter, caption } = data;
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ key: string; direction: JsonTableSortDirection } | null>(null);

  useEffect(() => onReady?.(), [onReady]);

  const needle = query.trim().toLowerCase();
  const rows = useMemo(() => {
    const shown = needle
      ? items.filter((item) =>
          fields.some((field) => jsonTableCellText(cell(item, field.key)).toLowerCase().includes(needle)),
        )
      : items.slice();
    if (sort) {
      const sign = sort.direction === 'ascending' ? 1 : -1;
      shown.sort((a, b) => sign * compareCells(cell(a, sort.key), cell(b, sort.key)));
    }
    return shown;
  }, [items, fields, needle, sort]);

  const toggleSort = (key: string) =>
    setSort((current) =>
      current?.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: 'ascending' },
    );

  return (
    <div className="fk-json-table" data-component="Markdown.JsonTable">
      {filter && (
        <>
          <TextField
            className="fk-json-table__filter"
            type="search"
            label={JSON_TABLE_FILTER_LABEL}
            isLabelHidden
            placeholder={JSON_TABLE_FILTER_PLACEHOLDER}
            value={query}
            onChange={setQuery}
            autoComplete="off"
          />
          <VisuallyHidden role="status">
            {needle ? jsonTableFilterStatus(rows.length, items.length) : ''}
          </VisuallyHidden>
        </>
      )}
      <div className="fk-json-table__scroll">
        <table className="fk-json-table__table">
          {caption !== undefined && <caption className="fk-json-table__caption">{caption}</caption>}
          <thead>
            <tr>
              {fields.map((field) => {
                const direction = sort?.key === field.key ? sort.direction : undefined;
                return (
                  <th key={field.key} scope="col" aria-sort={direction}>
                    {field.sortable ? (
                      <button
                        type="button"
                        className="fk-json-table__sort"
                        data-state={direction ?? 'none'}
                        onClick={() => toggleSort(field.key)}
                      >
                        {field.label}
                        <SortIcon direction={direction} />
                      </button>
                    ) : (
                      field.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length > 0 ? (
              rows.map((item, row) => (
                // Items have no identity of their own; the row index within the current order is the key.
                <tr key={row}>
                  {fields.map((field) => (
                    <td key={field.key}>{jsonTableCellText(cell(item, field.key))}</td>
                  ))}
                </tr>
              ))
            ) : (
              <tr>
                <td className="fk-json-table__empty" colSpan={Math.max(fields.length, 1)}>
                  {needle ? JSON_TABLE_EMPTY_FILTERED_TEXT : JSON_TABLE_EMPTY_TEXT}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The warning above a block whose JSON cannot be read (its source stays visible below). */
export function JsonTableError({ message, onReady }: { message: string; onReady?: () => void }) {
  useEffect(() => onReady?.(), [onReady]);
  return (
    <Alert variant="warning" className="fk-json-table__error" data-component="Markdown.JsonTableError">
      {message}
    </Alert>
  );
}
