import clsx from 'clsx';
import type { ComponentPropsWithoutRef, MouseEvent, ReactNode, Ref } from 'react';
import { Icon } from '../Icon';
import './Pagination.css';

/** Texts of the pagination controls (spec section 9: Previous, Next, Go to page). */
export const PAGINATION_LABELS = {
  /** Accessible name of the `<nav>` landmark. */
  nav: 'Pagination',
  previous: 'Previous',
  next: 'Next',
  /** Accessible name of a page link or button. */
  goToPage: (page: number) => `Go to page ${page}`,
};
export type PaginationLabels = typeof PAGINATION_LABELS;

/** Pages shown on each side of the current page before an ellipsis. */
export const PAGINATION_SIBLING_COUNT = 1;
/** Pages always shown at the start and at the end of the range. */
export const PAGINATION_BOUNDARY_COUNT = 1;

export type PaginationRangeItem = number | 'ellipsis-start' | 'ellipsis-end';

function range(from: number, to: number): number[] {
  return to < from ? [] : Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/**
 * The pages to show for `page` of `totalPages`: the first and last `boundaryCount` pages, the
 * current page with `siblingCount` neighbours each side, and an ellipsis for each gap of two or
 * more pages (a gap of one page shows that page instead). The list keeps the same length while the
 * current page moves, so the controls do not jump: 7 entries with the defaults once there are 7
 * pages or more.
 */
export function paginationRange(
  page: number,
  totalPages: number,
  { siblingCount = PAGINATION_SIBLING_COUNT, boundaryCount = PAGINATION_BOUNDARY_COUNT } = {},
): PaginationRangeItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return [];
  const current = Math.min(Math.max(1, Math.floor(page)), total);
  const startPages = range(1, Math.min(boundaryCount, total));
  const endPages = range(Math.max(total - boundaryCount + 1, boundaryCount + 1), total);
  const siblingsStart = Math.max(
    Math.min(current - siblingCount, total - boundaryCount - siblingCount * 2 - 1),
    boundaryCount + 2,
  );
  const siblingsEnd = Math.min(
    Math.max(current + siblingCount, boundaryCount + siblingCount * 2 + 2),
    (endPages[0] ?? total + 1) - 2,
  );
  const items: PaginationRangeItem[] = [...startPages];
  if (siblingsStart > boundaryCount + 2) items.push('ellipsis-start');
  else if (boundaryCount + 1 < total - boundaryCount) items.push(boundaryCount + 1);
  items.push(...range(siblingsStart, siblingsEnd));
  if (siblingsEnd < total - boundaryCount - 1) items.push('ellipsis-end');
  else if (total - boundaryCount > boundaryCount) items.push(total - boundaryCount);
  items.push(...endPages);
  return items;
}

interface ControlProps {
  href?: string;
  isDisabled?: boolean;
  isCurrent?: boolean;
  label?: string;
  part: string;
  onPress?: (event: MouseEvent<HTMLElement>) => void;
  children: ReactNode;
}

/**
 * One control: a link when it has an `href`, else a button. A disabled link is a `role="link"`
 * span with `aria-disabled` (out of the tab order, announced as dimmed), a disabled button is `disabled`.
 */
function PaginationControl({ href, isDisabled, isCurrent, label, part, onPress, children }: ControlProps) {
  const common = {
    className: 'fk-pagination__control',
    'data-component': `Pagination.${part}`,
    'aria-label': label,
    'aria-current': isCurrent ? ('page' as const) : undefined,
  };
  if (href !== undefined) {
    if (isDisabled) {
      return (
        <span {...common} role="link" aria-disabled="true" data-disabled="">
          {children}
        </span>
      );
    }
    return (
      <a {...common} href={href} onClick={onPress}>
        {children}
      </a>
    );
  }
  return (
    <button
      {...common}
      type="button"
      disabled={isDisabled}
      data-disabled={isDisabled ? '' : undefined}
      onClick={onPress}
    >
      {children}
    </button>
  );
}

function PreviousContent({ text }: { text: string }) {
  return (
    <>
      <Icon name="chevron-lg-left" className="fk-pagination__icon" />
      <span className="fk-pagination__text">{text}</span>
    </>
  );
}

function NextContent({ text }: { text: string }) {
  return (
    <>
      <span className="fk-pagination__text">{text}</span>
      <Icon name="chevron-lg-right" className="fk-pagination__icon" />
    </>
  );
}

export interface PaginationProps extends Omit<ComponentPropsWithoutRef<'nav'>, 'onChange' | 'children'> {
  /** The current page, from 1. Values outside 1…`totalPages` are clamped. */
  page: number;
  /**
   * Number of pages (`X-Total-Pages`). Leave it out when the server does not know (it drops the
   * total for very large collections): then only Previous, the current page and Next are shown,
   * and `hasNextPage` says whether Next is enabled. With 1 page or none, nothing is rendered.
   * @default undefined
   */
  totalPages?: number;
  /**
   * Is there a page after this one? Only read when `totalPages` is unknown (`X-Next-Page` not empty).
   * @default false
   */
  hasNextPage?: boolean;
  /**
   * Builds the URL of a page: the controls are links (full page loads, or your router's link
   * handling via `onChange`). Without it they are buttons that call `onChange`.
   * @default undefined
   */
  hrefBuilder?: (page: number) => string;
  /**
   * Called with the chosen page and the click event (links included: call
   * `event.preventDefault()` to route on the client). Not called for the current page.
   * @default undefined
   */
  onChange?: (page: number, event: MouseEvent<HTMLElement>) => void;
  /**
   * Pages shown each side of the current one.
   * @default 1
   */
  siblingCount?: number;
  /**
   * Pages always shown at each end.
   * @default 1
   */
  boundaryCount?: number;
  /**
   * Texts, for translation: `nav` (the landmark name), `previous`, `next` and `goToPage(n)`.
   * @default PAGINATION_LABELS ('Pagination', 'Previous', 'Next', 'Go to page {n}')
   */
  labels?: Partial<PaginationLabels>;
  ref?: Ref<HTMLElement>;
}

/**
 * Numbered pagination (GitLab UI `GlPagination`): Previous, the pages with ellipses for long
 * ranges, Next, in a `<nav aria-label="Pagination">`. The current page has `aria-current="page"`;
 * Previous is disabled on the first page and Next on the last.
 */
export function Pagination({
  page,
  totalPages,
  hasNextPage = false,
  hrefBuilder,
  onChange,
  siblingCount = PAGINATION_SIBLING_COUNT,
  boundaryCount = PAGINATION_BOUNDARY_COUNT,
  labels: labelOverrides,
  className,
  ref,
  ...rest
}: PaginationProps) {
  const labels = { ...PAGINATION_LABELS, ...labelOverrides };
  const isCompact = totalPages === undefined || !Number.isFinite(totalPages);
  if (!isCompact && totalPages <= 1) return null;
  const current = isCompact ? Math.max(1, Math.floor(page)) : Math.min(Math.max(1, Math.floor(page)), totalPages);
  const items: PaginationRangeItem[] = isCompact
    ? [current]
    : paginationRange(current, totalPages, { siblingCount, boundaryCount });
  const hasNext = isCompact ? hasNextPage : current < totalPages;

  // A disabled control never asks hrefBuilder for a page that does not exist.
  const control = (target: number, isEnabled = true) => ({
    href: hrefBuilder && (isEnabled ? hrefBuilder(target) : ''),
    isDisabled: !isEnabled,
    onPress: (event: MouseEvent<HTMLElement>) => {
      if (target !== current) onChange?.(target, event);
    },
  });

  return (
    <nav
      aria-label={labels.nav}
      {...rest}
      ref={ref}
      className={clsx('fk-pagination', className)}
      data-component="Pagination"
      data-variant={isCompact ? 'compact' : 'numbered'}
    >
      <ul className="fk-pagination__list">
        <li className="fk-pagination__item">
          <PaginationControl {...control(current - 1, current > 1)} part="Previous">
            <PreviousContent text={labels.previous} />
          </PaginationControl>
        </li>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item} className="fk-pagination__item">
              <PaginationControl
                {...control(item)}
                part="Page"
                label={labels.goToPage(item)}
                isCurrent={item === current}
              >
                {item}
              </PaginationControl>
            </li>
          ) : (
            <li key={item} className="fk-pagination__item" aria-hidden="true">
              <span className="fk-pagination__ellipsis" data-component="Pagination.Ellipsis">
                …
              </span>
            </li>
          ),
        )}
        <li className="fk-pagination__item">
          <PaginationControl {...control(current + 1, hasNext)} part="Next">
            <NextContent text={labels.next} />
          </PaginationControl>
        </li>
      </ul>
    </nav>
  );
}

/** The variables of a keyset page request: GraphQL's `before` a start cursor or `after` an end cursor. */
export type KeysetPageVariables = { before: string; after?: undefined } | { after: string; before?: undefined };

export interface KeysetPaginationProps extends Omit<ComponentPropsWithoutRef<'nav'>, 'onChange' | 'children'> {
  /** Is there a page before this one (GraphQL `pageInfo.hasPreviousPage`)? @default false */
  hasPreviousPage?: boolean;
  /** Is there a page after this one (GraphQL `pageInfo.hasNextPage`)? @default false */
  hasNextPage?: boolean;
  /** Cursor of the first item shown (`pageInfo.startCursor`); Previous asks for the page before it. @default '' */
  startCursor?: string | null;
  /** Cursor of the last item shown (`pageInfo.endCursor`); Next asks for the page after it. @default '' */
  endCursor?: string | null;
  /**
   * Builds the URL of the previous (`{ before }`) or next (`{ after }`) page: the controls are links.
   * Without it they are buttons that call `onChange`.
   * @default undefined
   */
  hrefBuilder?: (variables: KeysetPageVariables) => string;
  /** Called with `{ before: startCursor }` or `{ after: endCursor }` and the click event. @default undefined */
  onChange?: (variables: KeysetPageVariables, event: MouseEvent<HTMLElement>) => void;
  /** Texts, for translation (`nav`, `previous`, `next`). @default PAGINATION_LABELS */
  labels?: Partial<Pick<PaginationLabels, 'nav' | 'previous' | 'next'>>;
  ref?: Ref<HTMLElement>;
}

/**
 * Keyset (cursor) pagination (GitLab UI `GlKeysetPagination`): only Previous and Next, for lists
 * paged by cursor where page numbers do not exist. Previous is disabled without a previous page,
 * Next without a next page.
 */
export function KeysetPagination({
  hasPreviousPage = false,
  hasNextPage = false,
  startCursor,
  endCursor,
  hrefBuilder,
  onChange,
  labels: labelOverrides,
  className,
  ref,
  ...rest
}: KeysetPaginationProps) {
  const labels = { ...PAGINATION_LABELS, ...labelOverrides };
  const previous: KeysetPageVariables = { before: startCursor ?? '' };
  const next: KeysetPageVariables = { after: endCursor ?? '' };
  return (
    <nav
      aria-label={labels.nav}
      {...rest}
      ref={ref}
      className={clsx('fk-pagination', className)}
      data-component="KeysetPagination"
      data-variant="keyset"
    >
      <ul className="fk-pagination__list">
        <li className="fk-pagination__item">
          <PaginationControl
            href={hrefBuilder && (hasPreviousPage ? hrefBuilder(previous) : '')}
            part="Previous"
            isDisabled={!hasPreviousPage}
            onPress={(event) => onChange?.(previous, event)}
          >
            <PreviousContent text={labels.previous} />
          </PaginationControl>
        </li>
        <li className="fk-pagination__item">
          <PaginationControl
            href={hrefBuilder && (hasNextPage ? hrefBuilder(next) : '')}
            part="Next"
            isDisabled={!hasNextPage}
            onPress={(event) => onChange?.(next, event)}
          >
            <NextContent text={labels.next} />
          </PaginationControl>
        </li>
      </ul>
    </nav>
  );
}
