// Page info from a real response goes straight into the Pagination component.
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { Pagination, type PaginationProps } from '../../src/components/Pagination';
import { createRestClient, parsePageInfo, type PageInfo } from '../../src/client/rest';
import { startRestServer, type RestServer } from './helpers/restServer';

let server: RestServer;
beforeAll(async () => {
  server = await startRestServer();
});
afterAll(() => server.close());

// Compile-time: a PageInfo is a valid set of Pagination props.
const fits = (info: PageInfo): Pick<PaginationProps, 'page' | 'totalPages' | 'hasNextPage'> => info;

function render(info: PageInfo): string {
  const error = vi.spyOn(console, 'error');
  const html = renderToString(<Pagination {...fits(info)} hrefBuilder={(page) => `?page=${page}`} />);
  expect(error).not.toHaveBeenCalled();
  error.mockRestore();
  return html;
}

it('numbered pages from X-Page and X-Total-Pages', async () => {
  server.handle(() => ({
    body: [],
    headers: {
      'X-Page': '2',
      'X-Per-Page': '20',
      'X-Total': '60',
      'X-Total-Pages': '3',
      'X-Next-Page': '3',
      'X-Prev-Page': '1',
    },
  }));
  const { headers } = await createRestClient({ baseUrl: server.origin }).get('/items');
  const html = render(parsePageInfo(headers));
  expect(html).toContain('data-variant="numbered"');
  expect(html).toMatch(/aria-label="Go to page 2"[^>]*aria-current="page"/);
  expect(html).toContain('href="?page=3"');
});

it('a compact Previous / page / Next when the server skipped the counts', async () => {
  server.handle(() => ({ body: [], headers: { 'X-Page': '4', 'X-Next-Page': '5', 'X-Prev-Page': '3' } }));
  const { headers } = await createRestClient({ baseUrl: server.origin }).get('/items');
  const pageInfo = parsePageInfo(headers);
  expect(pageInfo).toEqual({ page: 4, hasNextPage: true });
  const html = render(pageInfo);
  expect(html).toContain('data-variant="compact"');
  expect(html).toContain('href="?page=5"');
});

it('parsePageInfo reads header records too, page 1 when none is named', () => {
  expect(parsePageInfo({ 'x-total-pages': '1', 'x-next-page': '' })).toEqual({
    page: 1,
    totalPages: 1,
    hasNextPage: false,
  });
});
