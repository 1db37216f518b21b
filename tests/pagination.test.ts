import { PAGINATION_HEADERS, parseLinkHeader, parsePaginationHeaders } from '../src/utils/pagination';

const NO_LINKS = { next: null, prev: null, first: null, last: null };

describe('parsePaginationHeaders', () => {
  it('reads the spec headers: per-page, page, total, total-pages, next-page, prev-page', () => {
    expect(PAGINATION_HEADERS).toMatchObject({
      perPage: 'X-Per-Page',
      page: 'X-Page',
      total: 'X-Total',
      totalPages: 'X-Total-Pages',
      nextPage: 'X-Next-Page',
      previousPage: 'X-Prev-Page',
      link: 'Link',
    });
  });

  const FULL = {
    'X-Per-Page': '20',
    'X-Page': '2',
    'X-Total': '95',
    'X-Total-Pages': '5',
    'X-Next-Page': '3',
    'X-Prev-Page': '1',
  };
  const FULL_PARSED = { perPage: 20, page: 2, total: 95, totalPages: 5, nextPage: 3, previousPage: 1 };

  it.each<[string, Record<string, string | string[] | number | undefined>, object]>([
    ['a middle page', FULL, FULL_PARSED],
    [
      'the first page (empty X-Prev-Page means none)',
      { ...FULL, 'X-Page': '1', 'X-Next-Page': '2', 'X-Prev-Page': '' },
      { page: 1, nextPage: 2, previousPage: null },
    ],
    [
      'the last page (empty X-Next-Page means none)',
      { ...FULL, 'X-Page': '5', 'X-Next-Page': '', 'X-Prev-Page': '4' },
      { page: 5, nextPage: null, previousPage: 4 },
    ],
    [
      'a large collection without totals',
      { 'X-Per-Page': '20', 'X-Page': '7', 'X-Next-Page': '8', 'X-Prev-Page': '6' },
      { perPage: 20, page: 7, total: null, totalPages: null, nextPage: 8, previousPage: 6 },
    ],
    [
      'names in any case',
      { 'x-per-page': '50', 'X-PAGE': '1', 'x-Total': '0', 'X-TOTAL-PAGES': '1' },
      { perPage: 50, page: 1, total: 0, totalPages: 1 },
    ],
    [
      'non-numeric values as null',
      { 'X-Per-Page': 'twenty', 'X-Page': '2.5', 'X-Total': '-3', 'X-Total-Pages': '1e3', 'X-Next-Page': '0x10' },
      { perPage: null, page: null, total: null, totalPages: null, nextPage: null },
    ],
    ['surrounding spaces trimmed', { 'X-Page': ' 4 ', 'X-Total': '\t12' }, { page: 4, total: 12 }],
    ['numbers as numbers (Node headers)', { 'x-page': 3, 'x-total': 60 }, { page: 3, total: 60 }],
    ['a number too big to be exact as null', { 'X-Total': '9007199254740993' }, { total: null }],
    [
      'no headers at all',
      {},
      { perPage: null, page: null, total: null, totalPages: null, nextPage: null, previousPage: null, links: NO_LINKS },
    ],
    ['undefined values (Node) as missing', { 'x-page': undefined }, { page: null }],
  ])('reads %s from a plain record', (_, headers, expected) => {
    expect(parsePaginationHeaders(headers)).toMatchObject(expected);
  });

  it('reads a Headers object the same way', () => {
    const headers = new Headers({ ...FULL, 'X-Prev-Page': '' });
    expect(parsePaginationHeaders(headers)).toEqual({ ...FULL_PARSED, previousPage: null, links: NO_LINKS });
  });

  it('returns only numbers or null', () => {
    const parsed = parsePaginationHeaders({ ...FULL, 'X-Total': 'n/a' });
    const { links, ...numbers } = parsed;
    expect(links).toEqual(NO_LINKS);
    for (const value of Object.values(numbers)) expect(value === null || Number.isInteger(value)).toBe(true);
  });

  it('reads the Link header into next/prev/first/last URLs', () => {
    const link =
      '<https://forge.example/api/v4/projects?page=3&per_page=20>; rel="next", ' +
      '<https://forge.example/api/v4/projects?page=1&per_page=20>; rel="prev", ' +
      '<https://forge.example/api/v4/projects?page=1&per_page=20>; rel="first", ' +
      '<https://forge.example/api/v4/projects?page=5&per_page=20>; rel="last"';
    expect(parsePaginationHeaders({ link }).links).toEqual({
      next: 'https://forge.example/api/v4/projects?page=3&per_page=20',
      prev: 'https://forge.example/api/v4/projects?page=1&per_page=20',
      first: 'https://forge.example/api/v4/projects?page=1&per_page=20',
      last: 'https://forge.example/api/v4/projects?page=5&per_page=20',
    });
  });
});

describe('parseLinkHeader', () => {
  it.each<[string, string | null, Partial<Record<'next' | 'prev' | 'first' | 'last', string | null>>]>([
    ['nothing', null, NO_LINKS],
    ['an empty header', '', NO_LINKS],
    [
      'keyset pagination (next only)',
      '<https://x.test/a?cursor=eyJpZCI6MX0%3D>; rel="next"',
      { next: 'https://x.test/a?cursor=eyJpZCI6MX0%3D', prev: null },
    ],
    ['an unquoted rel', '</items?page=2>; rel=next', { next: '/items?page=2' }],
    [
      'rel in any case and other parameters first',
      '</items?page=2>; title="Next"; REL="Next"',
      { next: '/items?page=2' },
    ],
    [
      'several relations in one rel',
      '</items?page=1>; rel="prev first"',
      { prev: '/items?page=1', first: '/items?page=1' },
    ],
    ['"previous" as a synonym of prev', '</items?page=1>; rel="previous"', { prev: '/items?page=1' }],
    ['a URL holding commas and semicolons', '</items?labels=a,b;c>; rel="next"', { next: '/items?labels=a,b;c' }],
    ['relations it does not read', '</items>; rel="self", </help>; rel="help"', NO_LINKS],
    ['the first of two links with one relation', '</a>; rel="next", </b>; rel="next"', { next: '/a' }],
    ['a link without rel', '</items?page=2>', NO_LINKS],
  ])('reads %s', (_, header, expected) => {
    expect(parseLinkHeader(header)).toMatchObject(expected);
  });
});
