// Real Chromium: a strip too wide for its box scrolls sideways (not the page), with the current tab in view.
import { render, screen } from '@testing-library/react';
import { NavTabs } from '../src/components/NavTabs';

const ITEMS = [
  'Overview',
  'Activity',
  'Groups',
  'Contributed projects',
  'Personal projects',
  'Starred',
  'Following',
].map((name) => ({ id: name, label: name, href: `#${name}` }));

describe('NavTabs in Chromium', () => {
  it('scrolls the current tab into view inside the strip', () => {
    render(
      <div style={{ width: 300 }}>
        <NavTabs items={ITEMS} label="Profile tabs" currentId="Following" />
      </div>,
    );
    const nav = screen.getByRole('navigation');
    const list = screen.getByRole('list');
    const current = screen.getByRole('link', { current: 'page' });
    expect(list.scrollWidth).toBeGreaterThan(list.clientWidth);
    expect(list.scrollLeft).toBeGreaterThan(0);
    expect(current.getBoundingClientRect().right).toBeLessThanOrEqual(nav.getBoundingClientRect().right + 1);
    expect(nav.getBoundingClientRect().width).toBe(300);
    expect(window.scrollX).toBe(0);
  });

  it('leaves the strip at its start when the current tab is visible', () => {
    render(
      <div style={{ width: 300 }}>
        <NavTabs items={ITEMS} label="Profile tabs" currentId="Overview" />
      </div>,
    );
    expect(screen.getByRole('list').scrollLeft).toBe(0);
  });
});
