export {
  FileBreadcrumb,
  fileBreadcrumbItems,
  FILE_BREADCRUMB_LABELS,
  type FileBreadcrumbProps,
} from './FileBreadcrumb';
