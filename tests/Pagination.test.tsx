import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import {
  KeysetPagination,
  Pagination,
  PAGINATION_LABELS,
  paginationRange,
  type PaginationRangeItem,
} from '../src/components/Pagination';

const E1 = 'ellipsis-start';
const E2 = 'ellipsis-end';

function pageNames() {
  return screen.queryAllByRole('link', { name: /^Go to page/ }).length
    ? screen.getAllByRole('link', { name: /^Go to page/ }).map((el) => el.getAttribute('aria-label'))
    : screen.getAllByRole('button', { name: /^Go to page/ }).map((el) => el.getAttribute('aria-label'));
}

describe('paginationRange', () => {
  it.each<[number, number, PaginationRangeItem[]]>([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 10, [1, 2, 3, 4, 5, E2, 10]],
    [4, 10, [1, 2, 3, 4, 5, E2, 10]],
    [5, 10, [1, E1, 4, 5, 6, E2, 10]],
    [6, 10, [1, E1, 5, 6, 7, E2, 10]],
    [7, 10, [1, E1, 6, 7, 8, 9, 10]],
    [10, 10, [1, E1, 6, 7, 8, 9, 10]],
    [50, 100, [1, E1, 49, 50, 51, E2, 100]],
    [0, 10, [1, 2, 3, 4, 5, E2, 10]],
    [99, 10, [1, E1, 6, 7, 8, 9, 10]],
    [1, 0, []],
  ])('page %i of %i', (page, total, expected) => {
    expect(paginationRange(page, total)).toEqual(expected);
  });

  it('keeps the same length while the current page moves', () => {
    const lengths = new Set(Array.from({ length: 40 }, (_, i) => paginationRange(i + 1, 40).length));
    expect([...lengths]).toEqual([7]);
  });

  it('takes other sibling and boundary counts', () => {
    expect(paginationRange(10, 20, { siblingCount: 2, boundaryCount: 2 })).toEqual([
      1,
      2,
      E1,
      8,
      9,
      10,
      11,
      12,
      E2,
      19,
      20,
    ]);
    expect(paginationRange(10, 20, { siblingCount: 0 })).toEqual([1, E1, 10, E2, 20]);
  });
});

describe('Pagination', () => {
  it('is a nav landmark named "Pagination"', () => {
    render(<Pagination page={2} totalPages={5} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveAttribute('data-component', 'Pagination');
    expect(PAGINATION_LABELS.nav).toBe('Pagination');
  });

  it('names the controls exactly "Previous", "Next" and "Go to page {n}"', () => {
    render(<Pagination page={2} totalPages={4} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(pageNames()).toEqual(['Go to page 1', 'Go to page 2', 'Go to page 3', 'Go to page 4']);
    expect(screen.getByRole('button', { name: 'Go to page 3' })).toHaveTextContent(/^3$/);
  });

  it('marks the current page with aria-current="page", and only it', () => {
    const { container } = render(<Pagination page={3} totalPages={5} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Go to page 3' })).toHaveAttribute('aria-current', 'page');
    expect(container.querySelectorAll('[aria-current]')).toHaveLength(1);
  });

  it('shows ellipses for long ranges, hidden from assistive technology', () => {
    const { container } = render(<Pagination page={50} totalPages={100} onChange={() => {}} />);
    expect(pageNames()).toEqual(['Go to page 1', 'Go to page 49', 'Go to page 50', 'Go to page 51', 'Go to page 100']);
    const ellipses = container.querySelectorAll('[data-component="Pagination.Ellipsis"]');
    expect(ellipses).toHaveLength(2);
    for (const ellipsis of ellipses) {
      expect(ellipsis).toHaveTextContent('…');
      expect(ellipsis.closest('[aria-hidden="true"]')).not.toBeNull();
    }
  });

  it('disables Previous on the first page and Next on the last (buttons)', () => {
    const { rerender } = render(<Pagination page={1} totalPages={3} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    rerender(<Pagination page={3} totalPages={3} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('calls onChange with the chosen page, not for the current page', async () => {
    const onChange = vi.fn();
    render(<Pagination page={2} totalPages={5} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(onChange.mock.calls.map(([page]) => page)).toEqual([3, 1, 5]);
  });

  it('renders links from hrefBuilder, with disabled ends out of the tab order', () => {
    const hrefBuilder = vi.fn((page: number) => `/issues?page=${page}`);
    render(<Pagination page={1} totalPages={3} hrefBuilder={hrefBuilder} />);
    expect(screen.getByRole('link', { name: 'Go to page 2' })).toHaveAttribute('href', '/issues?page=2');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/issues?page=2');
    const previous = screen.getByRole('link', { name: 'Previous' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(previous).not.toHaveAttribute('href');
    expect(previous).not.toHaveAttribute('tabindex');
    expect(previous.tagName).not.toBe('A');
    // No URL is built for a page that does not exist.
    expect(hrefBuilder).not.toHaveBeenCalledWith(0);
  });

  it('disables Next on the last page as a link', () => {
    render(<Pagination page={3} totalPages={3} hrefBuilder={(page) => `?page=${page}`} />);
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '?page=2');
  });

  it('passes link clicks to onChange so a router can take over', async () => {
    const onChange = vi.fn((_page: number, event: { preventDefault: () => void }) => event.preventDefault());
    render(<Pagination page={1} totalPages={3} hrefBuilder={(page) => `#page-${page}`} onChange={onChange} />);
    await userEvent.click(screen.getByRole('link', { name: 'Go to page 3' }));
    expect(onChange).toHaveBeenCalledWith(3, expect.anything());
  });

  it('clamps the page into range', () => {
    render(<Pagination page={9} totalPages={4} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Go to page 4' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('without totalPages shows Previous, the current page and Next (from hasNextPage)', () => {
    const { rerender } = render(<Pagination page={7} hasNextPage onChange={() => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveAttribute('data-variant', 'compact');
    expect(pageNames()).toEqual(['Go to page 7']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    rerender(<Pagination page={7} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('takes translated labels', () => {
    render(
      <Pagination
        page={2}
        totalPages={3}
        onChange={() => {}}
        labels={{ nav: 'Seiten', previous: 'Zurück', next: 'Weiter', goToPage: (n) => `Seite ${n}` }}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Seiten' });
    expect(within(nav).getByRole('button', { name: 'Zurück' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Seite 3' })).toBeInTheDocument();
  });

  it('puts className, style, ref and other props on the nav', () => {
    const ref = createRef<HTMLElement>();
    render(<Pagination page={1} totalPages={2} className="extra" style={{ margin: 4 }} ref={ref} data-testid="p" />);
    const nav = screen.getByTestId('p');
    expect(nav).toBe(ref.current);
    expect(nav).toHaveClass('fk-pagination', 'extra');
    expect(nav).toHaveStyle({ margin: '4px' });
  });
});

describe('KeysetPagination', () => {
  it('shows only Previous and Next in a nav named "Pagination"', () => {
    render(<KeysetPagination hasPreviousPage hasNextPage onChange={() => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveAttribute('data-variant', 'keyset');
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Previous', 'Next']);
  });

  it.each([
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ])('hasPreviousPage=%s hasNextPage=%s enables the matching buttons', (hasPreviousPage, hasNextPage) => {
    render(<KeysetPagination hasPreviousPage={hasPreviousPage} hasNextPage={hasNextPage} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', !hasPreviousPage);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', !hasNextPage);
  });

  it('asks for the page before the start cursor and after the end cursor', async () => {
    const onChange = vi.fn();
    render(<KeysetPagination hasPreviousPage hasNextPage startCursor="abc" endCursor="xyz" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange.mock.calls.map(([variables]) => variables)).toEqual([{ before: 'abc' }, { after: 'xyz' }]);
  });

  it('builds links with the cursors', () => {
    render(
      <KeysetPagination
        hasNextPage
        startCursor="abc"
        endCursor="xyz"
        hrefBuilder={(v) => (v.after ? `?after=${v.after}` : `?before=${v.before}`)}
      />,
    );
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '?after=xyz');
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
  });
});
