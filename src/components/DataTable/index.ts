export {
  DataTable,
  DATA_TABLE_ALIGNMENTS,
  DATA_TABLE_EMPTY_TEXT,
  type DataTableAlignment,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSort,
  type DataTableSortDirection,
} from './DataTable';
