import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { buildFilterUrl, FILTER_FORM_RESET_PARAMS, FilterForm } from '../src/components/FilterForm';
import { assignLocation } from '../src/utils/navigation';

// jsdom does not navigate, and its `location` cannot be replaced: the full page load is stood in for.
vi.mock(import('../src/utils/navigation'), () => ({ assignLocation: vi.fn() }));

const BASE = 'https://forge.example/group/project/-/issues?sort=created_date&state=opened&page=3#note_1';

function built(base: string, entries: [string, string][], options?: Parameters<typeof buildFilterUrl>[2]) {
  const url = buildFilterUrl(base, entries, options);
  return `${url.pathname}${url.search}${url.hash}`;
}

describe('buildFilterUrl', () => {
  it.each<[string, [string, string][], string[], string]>([
    [
      'replaces the fields, keeps other params, drops page and the hash',
      [['state', 'closed']],
      ['state'],
      '/group/project/-/issues?sort=created_date&state=closed',
    ],
    [
      'drops empty and blank fields (and their old values)',
      [
        ['search', ''],
        ['state', '   '],
        ['author_username', 'ada'],
      ],
      ['search', 'state', 'author_username'],
      '/group/project/-/issues?sort=created_date&author_username=ada',
    ],
    [
      'keeps repeated names as repeated params, in form order',
      [
        ['label_name[]', 'bug'],
        ['label_name[]', 'frontend'],
        ['state', 'all'],
      ],
      ['label_name[]', 'state'],
      '/group/project/-/issues?sort=created_date&label_name%5B%5D=bug&label_name%5B%5D=frontend&state=all',
    ],
    [
      'drops the param of an unticked checkbox',
      [],
      ['state', 'confidential'],
      '/group/project/-/issues?sort=created_date',
    ],
    [
      'encodes spaces and reserved characters',
      [['search', 'fix & test #12']],
      ['search'],
      '/group/project/-/issues?sort=created_date&state=opened&search=fix+%26+test+%2312',
    ],
    [
      'lets a field set a reset param',
      [['page', '2']],
      ['page'],
      '/group/project/-/issues?sort=created_date&state=opened&page=2',
    ],
    ['drops nameless entries', [['', 'x']], [], '/group/project/-/issues?sort=created_date&state=opened'],
  ])('%s', (_, entries, fieldNames, expected) => {
    expect(built(BASE, entries, { fieldNames })).toBe(expected);
  });

  it('drops every other param with otherParams="drop"', () => {
    expect(built(BASE, [['search', 'crash']], { otherParams: 'drop' })).toBe('/group/project/-/issues?search=crash');
    expect(built(BASE, [], { otherParams: 'drop' })).toBe('/group/project/-/issues');
  });

  it('resets page and cursor by default, or the params given', () => {
    expect(FILTER_FORM_RESET_PARAMS).toEqual(['page', 'cursor']);
    expect(built('https://x.test/a?cursor=abc&page=2&sort=name', [])).toBe('/a?sort=name');
    expect(built('https://x.test/a?cursor=abc&page=2', [], { resetParams: [] })).toBe('/a?cursor=abc&page=2');
  });
});

describe('FilterForm', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  function Fields() {
    return (
      <>
        <label>
          Search
          <input name="search" defaultValue="" />
        </label>
        <label>
          State
          <select name="state" defaultValue="opened">
            <option value="opened">Open</option>
            <option value="closed">Closed</option>
            <option value="all">All</option>
          </select>
        </label>
        <fieldset>
          <legend>Labels</legend>
          <label>
            <input type="checkbox" name="label_name[]" value="bug" defaultChecked /> bug
          </label>
          <label>
            <input type="checkbox" name="label_name[]" value="ux" /> ux
          </label>
          <label>
            <input type="checkbox" name="label_name[]" value="backend" defaultChecked /> backend
          </label>
        </fieldset>
        <button type="submit">Filter</button>
      </>
    );
  }

  it('rewrites the current URL query from the fields and hands it to navigate', async () => {
    window.history.replaceState(null, '', '/group/project/-/issues?sort=updated_desc&label_name[]=old&page=4');
    const navigate = vi.fn();
    render(
      <FilterForm navigate={navigate} aria-label="Filter issues">
        <Fields />
      </FilterForm>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'login bug');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(
      '/group/project/-/issues?sort=updated_desc&search=login+bug&state=opened&label_name%5B%5D=bug&label_name%5B%5D=backend',
    );
  });

  it('drops emptied fields from the query', async () => {
    window.history.replaceState(null, '', '/issues?search=old&state=closed');
    const navigate = vi.fn();
    render(
      <FilterForm navigate={navigate}>
        <Fields />
      </FilterForm>,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'bug' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'backend' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'all');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(navigate).toHaveBeenCalledWith('/issues?state=all');
  });

  it('counts the submit button that was pressed, not the others', async () => {
    const navigate = vi.fn();
    render(
      <FilterForm navigate={navigate} action="/search">
        <input aria-label="Search" name="search" defaultValue="tanuki" />
        <button type="submit" name="scope" value="projects">
          Projects
        </button>
        <button type="submit" name="scope" value="issues">
          Issues
        </button>
      </FilterForm>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Issues' }));
    expect(navigate).toHaveBeenLastCalledWith('/search?search=tanuki&scope=issues');
  });

  it('starts from the action URL and its query', () => {
    window.history.replaceState(null, '', '/elsewhere?ignored=1');
    const navigate = vi.fn();
    render(
      <FilterForm navigate={navigate} action="/group/-/merge_requests?scope=all" data-testid="form">
        <input aria-label="Author" name="author_username" defaultValue="ada" />
      </FilterForm>,
    );
    fireEvent.submit(screen.getByTestId('form'));
    expect(navigate).toHaveBeenCalledWith('/group/-/merge_requests?scope=all&author_username=ada');
  });

  it('keeps only the fields with otherParams="drop"', () => {
    window.history.replaceState(null, '', '/issues?sort=name&scope=all');
    const navigate = vi.fn();
    render(
      <FilterForm navigate={navigate} otherParams="drop" data-testid="form">
        <input aria-label="Search" name="search" defaultValue="x" />
      </FilterForm>,
    );
    fireEvent.submit(screen.getByTestId('form'));
    expect(navigate).toHaveBeenCalledWith('/issues?search=x');
  });

  it('gives the full URL for another origin', () => {
    const navigate = vi.fn();
    render(
      <FilterForm navigate={navigate} action="https://other.example/search" data-testid="form">
        <input aria-label="Search" name="q" defaultValue="x" />
      </FilterForm>,
    );
    fireEvent.submit(screen.getByTestId('form'));
    expect(navigate).toHaveBeenCalledWith('https://other.example/search?q=x');
  });

  it('loads the page in this tab by default (window.location.assign)', () => {
    window.history.replaceState(null, '', '/issues?sort=name');
    render(
      <FilterForm data-testid="form">
        <input aria-label="Search" name="search" defaultValue="x" />
      </FilterForm>,
    );
    fireEvent.submit(screen.getByTestId('form'));
    expect(assignLocation).toHaveBeenCalledWith('/issues?sort=name&search=x');
  });

  it('is a GET form (the no-JavaScript fallback) and runs the consumer onSubmit', () => {
    const onSubmit = vi.fn();
    const ref = createRef<HTMLFormElement>();
    render(
      <FilterForm
        navigate={() => {}}
        onSubmit={onSubmit}
        action="/issues"
        ref={ref}
        className="extra"
        data-testid="form"
      >
        <input aria-label="Search" name="search" />
      </FilterForm>,
    );
    const form = screen.getByTestId('form');
    expect(form).toBe(ref.current);
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/issues');
    expect(form).toHaveAttribute('data-component', 'FilterForm');
    expect(form).toHaveClass('fk-filter-form', 'extra');
    const event = fireEvent.submit(form);
    expect(event).toBe(false); // default prevented: no native submission
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
