import clsx from 'clsx';
import { BREADCRUMBS_LABELS, Breadcrumbs, type BreadcrumbItem, type BreadcrumbsProps } from '../Breadcrumbs';

/**
 * Texts: the landmark's name (not 'Breadcrumb', so it differs from the page's own breadcrumbs)
 * and the expander's accessible name.
 */
export const FILE_BREADCRUMB_LABELS = { nav: 'File path', expander: BREADCRUMBS_LABELS.expander } as const;

export interface FileBreadcrumbProps extends Omit<BreadcrumbsProps, 'items'> {
  /** The project's name: the first item, linking to the repository root. */
  projectName: string;
  /** The path shown, from the repository root (`src/components/Button.tsx`); empty at the root. */
  path: string;
  /**
   * The link of a path from the repository root: `''` for the root, then each directory and, last,
   * the file or directory shown (its tree or blob page).
   */
  hrefFor: (path: string) => string;
}

/** The trail of a repository path: the project, then each directory, then the last part of `path`. */
export function fileBreadcrumbItems(
  projectName: string,
  path: string,
  hrefFor: (path: string) => string,
): BreadcrumbItem[] {
  const parts = path.split('/').filter(Boolean);
  return [
    { text: projectName, href: hrefFor('') },
    ...parts.map((part, index) => ({ text: part, href: hrefFor(parts.slice(0, index + 1).join('/')) })),
  ];
}

/**
 * Where a file or directory sits in the repository (the tree and blob pages): project name /
 * directory / … / file, each a link, the last one the current page. Built on Breadcrumbs, so long
 * names are cut with a tooltip and a long trail collapses behind an expander.
 */
export function FileBreadcrumb({
  projectName,
  path,
  hrefFor,
  labels = FILE_BREADCRUMB_LABELS,
  className,
  ...rest
}: FileBreadcrumbProps) {
  return (
    <Breadcrumbs
      {...rest}
      labels={labels}
      className={clsx('fk-file-breadcrumb', className)}
      items={fileBreadcrumbItems(projectName, path, hrefFor)}
    />
  );
}
