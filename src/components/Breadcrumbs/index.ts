export {
  Breadcrumbs,
  breadcrumbsHiddenCount,
  BREADCRUMBS_LABELS,
  type BreadcrumbsProps,
  type BreadcrumbItem,
} from './Breadcrumbs';
