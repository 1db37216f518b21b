// Real Chromium: the sidebar follows real viewport resizes (matchMedia), keeps a re-expanded
// sidebar, and its collapsed and expanded widths; keyboard use of the toggle.
import { render, screen, within } from '@testing-library/react';
import { page, userEvent } from 'vitest/browser';
import { Sidebar } from '../src/components/Sidebar';

const VIEWPORT = { width: window.innerWidth, height: window.innerHeight };
// Real resizes drive React here, as on a page; act() cannot wrap a browser event.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(async () => {
  await page.viewport(VIEWPORT.width, VIEWPORT.height);
  delete document.body.dataset.page;
});

function Layout({ page: pageName }: { page?: string }) {
  return (
    <div style={{ display: 'flex', height: 400 }}>
      <Sidebar side="start" aria-label="Navigation" page={pageName}>
        <a href="#projects">Projects</a>
      </Sidebar>
      <main style={{ flex: 1 }}>Content</main>
      <Sidebar aria-label="Issue details" page={pageName}>
        <a href="#assignees">Assignees</a>
      </Sidebar>
    </div>
  );
}

const state = (name: string) => screen.getByRole('complementary', { name }).getAttribute('data-state');
const width = (name: string) => screen.getByRole('complementary', { name }).getBoundingClientRect().width;

describe('Sidebar in Chromium', () => {
  it('collapses both sidebars when the viewport shrinks from lg to md, and not when it grows', async () => {
    await page.viewport(1100, 800);
    render(<Layout page="projects:issues:show" />);
    expect(state('Navigation')).toBe('expanded');
    expect(state('Issue details')).toBe('expanded');
    expect(width('Issue details')).toBe(288);

    await page.viewport(900, 800);
    await expect.poll(() => state('Navigation')).toBe('collapsed');
    await expect.poll(() => state('Issue details')).toBe('collapsed');
    // The collapsed gutter: --fk-space-8 (48px) wide.
    expect(width('Issue details')).toBe(48);

    await page.viewport(1300, 800);
    await expect.poll(() => state('Navigation')).toBe('collapsed');
  });

  it('keeps a sidebar the user re-expands on a small screen, until the breakpoint shrinks again', async () => {
    await page.viewport(1100, 800);
    render(<Layout />);
    await page.viewport(700, 800);
    await expect.poll(() => state('Issue details')).toBe('collapsed');
    const aside = screen.getByRole('complementary', { name: 'Issue details' });
    await userEvent.click(within(aside).getByRole('button', { name: 'Expand sidebar' }));
    expect(state('Issue details')).toBe('expanded');
    // Resizing within sm, then growing to md, keeps the user's choice.
    await page.viewport(620, 800);
    await page.viewport(800, 800);
    await expect.poll(() => window.innerWidth).toBe(800);
    await new Promise(requestAnimationFrame);
    expect(state('Issue details')).toBe('expanded');
    expect(state('Navigation')).toBe('collapsed');
    // Shrinking into xs collapses it again.
    await page.viewport(500, 800);
    await expect.poll(() => state('Issue details')).toBe('collapsed');
  });

  it.each([
    ['projects:issues:show', 'collapsed'],
    ['projects:boards:show', 'expanded'],
    ['groups:boards:show', 'expanded'],
    ['projects:merge_requests:show', 'expanded'],
    ['merge_requests:diffs', 'expanded'],
  ])(
    'loaded on a small screen, page %s: the right sidebar starts %s, the left one expanded',
    async (pageName, right) => {
      await page.viewport(500, 800);
      document.body.dataset.page = pageName;
      render(<Layout />);
      await expect.poll(() => state('Issue details')).toBe(right);
      expect(state('Navigation')).toBe('expanded');
    },
  );

  it('toggles from the keyboard and moves nothing out of the tab order while expanded', async () => {
    await page.viewport(1100, 800);
    render(
      <Sidebar aria-label="Issue details">
        <a href="#assignees">Assignees</a>
      </Sidebar>,
    );
    await userEvent.keyboard('{Tab}');
    const button = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('link', { name: 'Assignees' })).toHaveFocus();
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}{Enter}');
    expect(button).toHaveAccessibleName('Expand sidebar');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    // Collapsed content is out of the tab order.
    await userEvent.keyboard('{Tab}');
    expect(button).not.toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Assignees' })).toBeNull();
    button.focus();
    await userEvent.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });
});
