import { render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { NavTabs } from '../src/components/NavTabs';

const ITEMS = [
  { id: 'open', label: 'Open', href: '/issues?state=opened', count: 1234 },
  { id: 'closed', label: 'Closed', href: '/issues?state=closed', count: 5 },
  { id: 'all', label: 'All', href: '/issues?state=all' },
];

describe('NavTabs', () => {
  it('is a named nav with a list of links, the current one aria-current="page"', () => {
    const ref = createRef<HTMLElement>();
    render(<NavTabs ref={ref} items={ITEMS} label="Issue states" currentId="closed" className="extra" />);
    const nav = screen.getByRole('navigation', { name: 'Issue states' });
    expect(ref.current).toBe(nav);
    expect(nav).toHaveClass('fk-nav-tabs', 'extra');
    const links = within(within(nav).getByRole('list')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(ITEMS.map((item) => item.href));
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, 'page', null]);
  });

  it('shows counts shortened on screen, exact for screen readers, and none without a count', () => {
    render(<NavTabs items={ITEMS} label="Issue states" />);
    const open = screen.getByRole('link', { name: 'Open 1,234' });
    expect(open.querySelector('[data-component="Counter.Text"]')).toHaveTextContent('1,000+');
    expect(screen.getByRole('link', { name: 'All' }).querySelector('[data-component="Counter"]')).toBeNull();
    // Without a current id no tab is marked.
    expect(screen.queryByRole('link', { current: 'page' })).toBeNull();
  });
});
