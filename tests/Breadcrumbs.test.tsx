import { render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { BREADCRUMBS_LABELS, Breadcrumbs, breadcrumbsHiddenCount } from '../src/components/Breadcrumbs';

const TRAIL = [
  { text: 'Forge', href: '/forge' },
  { text: 'Platform', href: '/forge/platform' },
  { text: 'forgekit', href: '/forge/platform/forgekit' },
  { text: 'Issues', href: '/forge/platform/forgekit/-/issues' },
];

describe('breadcrumbsHiddenCount', () => {
  it.each<[string, number[], number, number, number]>([
    ['everything fits', [100, 100, 100], 20, 300, 0],
    ['a sub-pixel excess still fits', [100.2, 100.2, 100], 20, 300, 0],
    ['two items never collapse', [300, 300], 20, 100, 0],
    ['hides the second item first', [100, 100, 100, 100], 20, 330, 1],
    ['hides more from the start until it fits', [100, 100, 100, 100, 100], 20, 330, 2],
    ['keeps the first and the last however narrow', [100, 100, 100, 100, 100], 20, 50, 3],
    ['a wide expander can need one more', [100, 40, 100, 100], 60, 300, 2],
  ])('%s', (_, widths, expander, available, expected) => {
    expect(breadcrumbsHiddenCount(widths, expander, available)).toBe(expected);
  });
});

describe('Breadcrumbs', () => {
  it('is a nav named "Breadcrumb" holding an ordered list, the last item the current page', () => {
    render(<Breadcrumbs items={TRAIL} />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(BREADCRUMBS_LABELS).toEqual({ nav: 'Breadcrumb', expander: 'Show all breadcrumbs' });
    expect(nav).toHaveAttribute('data-component', 'Breadcrumbs');
    const list = within(nav).getByRole('list');
    expect(list.tagName).toBe('OL');
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      TRAIL.map((item) => [item.text, item.href]),
    );
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, null, null, 'page']);
  });

  it('keeps its measuring copy out of the accessibility tree and the tab order', () => {
    const { container } = render(<Breadcrumbs items={TRAIL} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(TRAIL.length);
    const copy = container.querySelector('.fk-breadcrumbs__measure-box')!;
    expect(copy).toHaveAttribute('aria-hidden', 'true');
    expect(copy).toHaveAttribute('inert');
    expect(copy.querySelector('a, button, [tabindex]')).toBeNull();
  });

  it('renders an item without href as text', () => {
    render(<Breadcrumbs items={[TRAIL[0]!, { text: 'New issue' }]} />);
    const current = screen.getByText('New issue', { selector: '[data-component="Breadcrumbs.Link"]' });
    expect(current.tagName).toBe('SPAN');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).not.toHaveAttribute('tabindex');
  });

  it('shows every item and no expander when nothing needs collapsing', () => {
    render(<Breadcrumbs items={TRAIL} />);
    expect(screen.queryByRole('button', { name: 'Show all breadcrumbs' })).toBeNull();
    expect(screen.getByRole('navigation')).toHaveAttribute('data-state', 'expanded');
    expect(screen.getByRole('navigation')).toHaveAttribute('data-collapse', 'auto');
  });

  it('gives no tooltip to an item that is not cut', () => {
    render(<Breadcrumbs items={TRAIL} />);
    for (const link of screen.getAllByRole('link')) {
      expect(link).not.toHaveAttribute('aria-describedby');
      expect(link.closest('li')).not.toHaveAttribute('data-truncated');
    }
  });

  it('takes translated labels and puts className, style, ref and props on the nav', () => {
    const ref = createRef<HTMLElement>();
    render(
      <Breadcrumbs
        items={TRAIL}
        labels={{ nav: 'Brotkrumen', expander: 'Alle anzeigen' }}
        ref={ref}
        className="extra"
        style={{ margin: 3 }}
        data-testid="b"
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Brotkrumen' });
    expect(nav).toBe(ref.current);
    expect(nav).toBe(screen.getByTestId('b'));
    expect(nav).toHaveClass('fk-breadcrumbs', 'extra');
    expect(nav).toHaveStyle({ margin: '3px' });
  });
});
