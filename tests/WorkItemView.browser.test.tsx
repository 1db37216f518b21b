// Real Chromium: the right sidebar sits beside the main column from lg (992px) and moves under it,
// collapsed, on small screens (spec section 2), except on merge request and board pages.
import { render, screen } from '@testing-library/react';
import { page } from 'vitest/browser';
import { WorkItemView } from '../src/components/WorkItemView';

const VIEWPORT = { width: window.innerWidth, height: window.innerHeight };
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(async () => {
  await page.viewport(VIEWPORT.width, VIEWPORT.height);
});

function View({ pageName }: { pageName: string }) {
  return (
    <WorkItemView
      page={pageName}
      header={<h1>Title</h1>}
      description={<p data-testid="main">Description</p>}
      notes={<p data-testid="notes">Notes</p>}
      sidebar={<a href="#assignees">Assignees</a>}
    />
  );
}

const sidebar = () => screen.getByRole('complementary', { name: 'Attributes' });

describe('WorkItemView in Chromium', () => {
  it('puts the sidebar beside the main column on large screens, expanded', async () => {
    await page.viewport(1200, 800);
    render(<View pageName="projects:issues:show" />);
    const main = screen.getByTestId('main').getBoundingClientRect();
    const aside = sidebar().getBoundingClientRect();
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    expect(aside.left).toBeGreaterThanOrEqual(main.right);
    expect(aside.top).toBeLessThanOrEqual(main.top);
    // The activity stays in the main column, left of the sidebar.
    expect(screen.getByTestId('notes').getBoundingClientRect().right).toBeLessThanOrEqual(aside.left);
  });

  it('moves the sidebar under the main content, full width and collapsed, on small screens', async () => {
    await page.viewport(700, 800);
    const { container } = render(<View pageName="projects:issues:show" />);
    await expect.poll(() => sidebar().getAttribute('data-state')).toBe('collapsed');
    const main = screen.getByTestId('main').getBoundingClientRect();
    const aside = sidebar().getBoundingClientRect();
    expect(aside.top).toBeGreaterThanOrEqual(main.bottom);
    expect(aside.width).toBe(container.firstElementChild!.getBoundingClientRect().width);
    expect(screen.getByTestId('notes').getBoundingClientRect().top).toBeGreaterThanOrEqual(aside.bottom);
    expect(screen.queryByRole('link', { name: 'Assignees' })).toBeNull();
  });

  it('keeps the sidebar expanded on small screens on merge request pages', async () => {
    await page.viewport(700, 800);
    render(<View pageName="projects:merge_requests:show" />);
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    expect(screen.getByRole('link', { name: 'Assignees' })).toBeVisible();
  });
});
