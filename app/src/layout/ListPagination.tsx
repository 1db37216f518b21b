/** Pagination of a list page from its REST answer's headers: each page is the same URL with `?page=N`. */
import { Pagination } from 'forgekit';
import type { PageInfo } from 'forgekit/client';
import { useLocation } from 'react-router';

export function ListPagination({ pageInfo }: { pageInfo: PageInfo }) {
  const location = useLocation();
  const pageHref = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set('page', String(page));
    return `?${params}`;
  };
  return (
    <Pagination
      page={pageInfo.page}
      totalPages={pageInfo.totalPages}
      hasNextPage={pageInfo.hasNextPage}
      hrefBuilder={pageHref}
    />
  );
}

/** The `page` a list page asks for (from 1). */
export function requestedPage(request: Request): number {
  return Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1);
}
