import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavSidebar, type NavSidebarItem } from '../src/components/NavSidebar';

const ITEMS: NavSidebarItem[] = [
  { key: 'overview', label: 'Project overview', href: '/acme/api', icon: 'project' },
  {
    key: 'code',
    label: 'Code',
    href: '/acme/api/-/tree/main',
    icon: 'code',
    items: [
      { key: 'repository', label: 'Repository', href: '/acme/api/-/tree/main' },
      { key: 'branches', label: 'Branches', href: '/acme/api/-/branches' },
    ],
  },
  {
    key: 'plan',
    label: 'Plan',
    href: '/acme/api/-/issues',
    icon: 'planning',
    items: [{ key: 'issues', label: 'Issues', href: '/acme/api/-/issues' }],
  },
];

const context = { id: 7, name: 'API', href: '/acme/api' };

describe('NavSidebar', () => {
  it('is a start-side sidebar holding a navigation named after its project, with the context link first', () => {
    const { container } = render(<NavSidebar context={context} items={ITEMS} />);
    const aside = container.querySelector('aside')!;
    expect(aside).toHaveAttribute('data-side', 'start');
    expect(aside).toHaveClass('fk-sidebar', 'fk-nav-sidebar');
    const nav = screen.getByRole('navigation', { name: 'API navigation' });
    expect(within(nav).getAllByRole('link')[0]).toHaveAccessibleName('API');
    expect(within(nav).getAllByRole('link')[0]).toHaveAttribute('href', '/acme/api');
  });

  it('marks the current page with aria-current and opens the section that holds it', () => {
    render(<NavSidebar context={context} items={ITEMS} currentHref="/acme/api/-/branches" />);
    const current = screen.getByRole('link', { name: 'Branches' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toEqual([current]);
    expect(screen.getByRole('button', { name: 'Code' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Plan' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Issues' })).toBeNull();
  });

  it('opens and closes a section with its button', async () => {
    render(<NavSidebar context={context} items={ITEMS} />);
    const plan = screen.getByRole('button', { name: 'Plan' });
    expect(plan).toHaveAttribute('aria-controls', expect.any(String));
    await userEvent.click(plan);
    expect(plan).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(plan.getAttribute('aria-controls')!)).toContainElement(
      screen.getByRole('link', { name: 'Issues' }),
    );
    await userEvent.click(plan);
    expect(screen.queryByRole('link', { name: 'Issues' })).toBeNull();
  });

  it('collapses with the Sidebar toggle, hiding the navigation', async () => {
    render(<NavSidebar context={context} items={ITEMS} />);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });
});
