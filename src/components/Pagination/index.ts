export {
  Pagination,
  KeysetPagination,
  paginationRange,
  PAGINATION_LABELS,
  PAGINATION_SIBLING_COUNT,
  PAGINATION_BOUNDARY_COUNT,
  type PaginationProps,
  type PaginationLabels,
  type PaginationRangeItem,
  type KeysetPaginationProps,
  type KeysetPageVariables,
} from './Pagination';
