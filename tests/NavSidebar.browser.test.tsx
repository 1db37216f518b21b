// Real Chromium: spec section 2, sidebars collapse at md and below. The project navigation starts
// collapsed on an md screen (whatever the page) and collapses when the window shrinks to md.
import { render, screen } from '@testing-library/react';
import { page } from 'vitest/browser';
import { NavSidebar } from '../src/components/NavSidebar';
import { BREAKPOINTS } from '../src/tokens';

const VIEWPORT = { width: window.innerWidth, height: window.innerHeight };
const HEIGHT = 600;
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(async () => {
  await page.viewport(VIEWPORT.width, VIEWPORT.height);
  delete document.body.dataset.page;
});

const element = (
  <NavSidebar
    context={{ id: 7, name: 'API', href: '#api' }}
    items={[{ key: 'issues', label: 'Issues', href: '#issues', icon: 'issues' }]}
  />
);
const state = () => document.querySelector('aside')!.getAttribute('data-state');

describe('NavSidebar in Chromium', () => {
  it('starts collapsed on an md screen, even on a merge request page', async () => {
    document.body.dataset.page = 'projects:merge_requests:show';
    await page.viewport(BREAKPOINTS.md, HEIGHT);
    render(element);
    await expect.poll(state).toBe('collapsed');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('starts expanded on an lg screen and collapses when the window shrinks to md', async () => {
    await page.viewport(BREAKPOINTS.lg, HEIGHT);
    render(element);
    expect(state()).toBe('expanded');
    expect(screen.getByRole('link', { name: 'Issues' })).toBeVisible();
    await page.viewport(BREAKPOINTS.md, HEIGHT);
    await expect.poll(state).toBe('collapsed');
  });
});
