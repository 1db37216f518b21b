import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import {
  isPageKeptExpanded,
  Sidebar,
  SIDEBAR_COLLAPSE_BREAKPOINTS,
  SIDEBAR_KEEP_EXPANDED_PAGES,
  SIDEBAR_LABELS,
} from '../src/components/Sidebar';

// jsdom has no matchMedia: breakpoints come from innerWidth and resize events.
function resizeTo(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

const initialWidth = window.innerWidth;
afterEach(() => {
  resizeTo(initialWidth);
  delete document.body.dataset.page;
});

function toggle() {
  return screen.getByRole('button', { name: /sidebar$/ });
}

describe('Sidebar', () => {
  it('is a complementary landmark with a toggle that controls its content', () => {
    resizeTo(1300);
    render(
      <Sidebar aria-label="Issue details">
        <p>Assignees</p>
      </Sidebar>,
    );
    const aside = screen.getByRole('complementary', { name: 'Issue details' });
    expect(aside).toHaveAttribute('data-component', 'Sidebar');
    expect(aside).toHaveAttribute('data-side', 'end');
    expect(aside).toHaveAttribute('data-state', 'expanded');
    const button = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const content = document.getElementById(button.getAttribute('aria-controls')!);
    expect(content).toContainElement(screen.getByText('Assignees'));
    expect(content).toBeVisible();
  });

  it('collapses and expands with the toggle, renaming it "Expand sidebar"', async () => {
    resizeTo(1300);
    render(
      <Sidebar aria-label="Issue details">
        <p>Assignees</p>
      </Sidebar>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    const button = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('complementary')).toHaveAttribute('data-state', 'collapsed');
    expect(screen.getByText('Assignees')).not.toBeVisible();
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Assignees')).toBeVisible();
    expect(SIDEBAR_LABELS).toEqual({ collapse: 'Collapse sidebar', expand: 'Expand sidebar' });
  });

  it('can be controlled', async () => {
    resizeTo(1300);
    const onCollapsedChange = vi.fn();
    const { rerender } = render(<Sidebar isCollapsed onCollapsedChange={onCollapsedChange} />);
    await userEvent.click(toggle());
    expect(onCollapsedChange).toHaveBeenCalledWith(false);
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    rerender(<Sidebar isCollapsed={false} onCollapsedChange={onCollapsedChange} />);
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
  });

  it('starts collapsed with defaultCollapsed', () => {
    resizeTo(1300);
    render(<Sidebar defaultCollapsed />);
    expect(toggle()).toHaveAccessibleName('Expand sidebar');
  });

  describe('on load (spec: the right sidebar collapses on small screens, except on boards and merge requests)', () => {
    it.each([
      [1300, 'expanded'],
      [1000, 'expanded'],
      [800, 'collapsed'],
      [600, 'collapsed'],
      [400, 'collapsed'],
    ])('the end sidebar at %i px starts %s', (width, state) => {
      resizeTo(width);
      document.body.dataset.page = 'projects:issues:show';
      render(<Sidebar />);
      expect(screen.getByRole('complementary')).toHaveAttribute('data-state', state);
    });

    it.each([
      ['projects:boards:show', 'expanded'],
      ['groups:boards:show', 'expanded'],
      ['projects:merge_requests:show', 'expanded'],
      ['merge_requests:show', 'expanded'],
      ['merge_requests:diffs', 'expanded'],
      ['merge_requests:rapid_diffs', 'expanded'],
      ['projects:issues:show', 'collapsed'],
      ['epics:show', 'collapsed'],
      ['workItems:show', 'collapsed'],
      ['boards', 'collapsed'],
    ])('on a small screen, page %s starts %s', (page, state) => {
      resizeTo(500);
      document.body.dataset.page = page;
      render(<Sidebar />);
      expect(screen.getByRole('complementary')).toHaveAttribute('data-state', state);
    });

    it('reads the page from the page prop before the body', () => {
      resizeTo(500);
      document.body.dataset.page = 'projects:issues:show';
      render(<Sidebar page="projects:boards:show" />);
      expect(screen.getByRole('complementary')).toHaveAttribute('data-state', 'expanded');
    });

    it('takes its own list of pages', () => {
      resizeTo(500);
      document.body.dataset.page = 'projects:merge_requests:show';
      const { unmount } = render(<Sidebar keepExpandedOnPages={['issues:']} />);
      expect(screen.getByRole('complementary')).toHaveAttribute('data-state', 'collapsed');
      unmount();
      document.body.dataset.page = 'issues:show';
      render(<Sidebar keepExpandedOnPages={['issues:']} />);
      expect(screen.getByRole('complementary')).toHaveAttribute('data-state', 'expanded');
    });

    it('leaves the start sidebar and autoCollapse="off" expanded', () => {
      resizeTo(500);
      render(
        <>
          <Sidebar side="start" aria-label="Start" />
          <Sidebar autoCollapse="off" aria-label="Off" />
        </>,
      );
      expect(screen.getByRole('complementary', { name: 'Start' })).toHaveAttribute('data-state', 'expanded');
      expect(screen.getByRole('complementary', { name: 'Off' })).toHaveAttribute('data-state', 'expanded');
    });

    it('asks a controlled sidebar to collapse', () => {
      resizeTo(500);
      const onCollapsedChange = vi.fn();
      render(<Sidebar isCollapsed={false} onCollapsedChange={onCollapsedChange} />);
      expect(onCollapsedChange).toHaveBeenCalledWith(true);
    });
  });

  describe('on resize (spec: sidebars collapse when the breakpoint shrinks to md, sm or xs)', () => {
    it('uses md, sm and xs', () => {
      expect(SIDEBAR_COLLAPSE_BREAKPOINTS).toEqual(['md', 'sm', 'xs']);
    });

    it.each(['start', 'end'] as const)('collapses the %s sidebar when shrinking from lg to md', (side) => {
      resizeTo(1300);
      render(<Sidebar side={side} />);
      resizeTo(1000);
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      resizeTo(900);
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    });

    it('collapses on boards too, and ignores the page list', () => {
      resizeTo(1300);
      document.body.dataset.page = 'projects:boards:show';
      render(<Sidebar />);
      resizeTo(700);
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    });

    it('keeps a sidebar the user expands again, until the next shrink', async () => {
      resizeTo(1300);
      render(<Sidebar />);
      resizeTo(700);
      await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
      resizeTo(650);
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      resizeTo(800);
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      resizeTo(400);
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    });

    it('does not expand when growing again', () => {
      resizeTo(1300);
      render(<Sidebar />);
      resizeTo(700);
      resizeTo(1300);
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    });

    it('does nothing with autoCollapse="off"', () => {
      resizeTo(1300);
      render(<Sidebar autoCollapse="off" />);
      resizeTo(500);
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    });

    it('tells a controlled owner', () => {
      resizeTo(1300);
      function Owner() {
        const [collapsed, setCollapsed] = useState(false);
        return <Sidebar isCollapsed={collapsed} onCollapsedChange={setCollapsed} />;
      }
      render(<Owner />);
      resizeTo(700);
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    });
  });

  it('matches page prefixes', () => {
    expect(SIDEBAR_KEEP_EXPANDED_PAGES).toEqual([
      'projects:boards:',
      'groups:boards:',
      'projects:merge_requests:',
      'merge_requests:',
    ]);
    expect(isPageKeptExpanded(undefined)).toBe(false);
    expect(isPageKeptExpanded('')).toBe(false);
    expect(isPageKeptExpanded('groups:boards:show')).toBe(true);
    expect(isPageKeptExpanded('projects:issues:show', ['projects:'])).toBe(true);
  });

  it('puts className, style, ref and other props on the aside, and takes translated labels', () => {
    resizeTo(1300);
    const ref = createRef<HTMLElement>();
    render(
      <Sidebar
        ref={ref}
        className="extra"
        style={{ width: 300 }}
        data-testid="sb"
        labels={{ collapse: 'Seitenleiste einklappen', expand: 'Seitenleiste ausklappen' }}
      />,
    );
    const aside = screen.getByTestId('sb');
    expect(aside).toBe(ref.current);
    expect(aside).toHaveClass('fk-sidebar', 'extra');
    expect(aside).toHaveStyle({ width: '300px' });
    expect(screen.getByRole('button', { name: 'Seitenleiste einklappen' })).toBeInTheDocument();
  });
});
