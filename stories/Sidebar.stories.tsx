import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Sidebar, type SidebarProps } from '../src/components/Sidebar';

const frame: CSSProperties = {
  display: 'flex',
  height: 320,
  border: '1px solid var(--fk-color-border-default)',
};
const main: CSSProperties = { flex: 1, minWidth: 0, padding: 'var(--fk-space-5)' };
const term: CSSProperties = { color: 'var(--fk-color-text-subtle)', fontWeight: 600, marginTop: 'var(--fk-space-4)' };

function IssueDetails() {
  return (
    <dl style={{ margin: 0 }}>
      <dt style={term}>Assignees</dt>
      <dd style={{ margin: 0 }}>Ada Lovelace</dd>
      <dt style={term}>Labels</dt>
      <dd style={{ margin: 0 }}>bug, frontend</dd>
      <dt style={term}>Milestone</dt>
      <dd style={{ margin: 0 }}>
        <a href="#milestone">16.0</a>
      </dd>
    </dl>
  );
}

function Page({ children, before }: { children: ReactNode; before?: ReactNode }) {
  return (
    <div style={frame}>
      {before}
      <main style={main}>
        <h2 style={{ marginTop: 0 }}>Login fails with 2FA enabled</h2>
        <p>The issue description and its discussion.</p>
      </main>
      {children}
    </div>
  );
}

const meta = {
  title: 'Components/Sidebar',
  component: Sidebar,
  args: { 'aria-label': 'Issue details', onCollapsedChange: fn() },
  argTypes: {
    side: { control: 'radio', options: ['start', 'end'] },
    autoCollapse: { control: 'radio', options: ['page-aware', 'on-shrink', 'off'] },
  },
  render: (args) => (
    <Page>
      <Sidebar {...args}>
        <IssueDetails />
      </Sidebar>
    </Page>
  ),
  parameters: {
    docs: {
      description: {
        component:
          'A collapsible page sidebar: an `<aside>` landmark (name it with `aria-label`), a toggle button and the ' +
          'content, which is hidden while collapsed (out of the tab order and the accessibility tree; the aside ' +
          'narrows to a 48 px gutter). `side="end"` is the right sidebar of issues and merge requests, ' +
          '`side="start"` a left one. Controlled with `isCollapsed` + `onCollapsedChange`, or uncontrolled with ' +
          '`defaultCollapsed`.\n\n' +
          'It collapses on its own:\n' +
          '- "**The right sidebar collapses automatically on small screens, except on boards and merge requests**": ' +
          'with `autoCollapse="page-aware"` (the default for `side="end"`), a sidebar loaded below 992 px (md, sm ' +
          'or xs) starts collapsed unless the page identifier (`page`, default `<body data-page>`) starts with one ' +
          'of `SIDEBAR_KEEP_EXPANDED_PAGES`: `projects:boards:`, `groups:boards:`, `projects:merge_requests:`, ' +
          '`merge_requests:`. Pass `keepExpandedOnPages` for another list.\n' +
          '- "**Sidebars collapse when the breakpoint shrinks to md, sm or xs**": every sidebar (except ' +
          '`autoCollapse="off"`) collapses when a resize crosses into a narrower breakpoint that is md, sm or xs, ' +
          'and only then: a user who expands it again keeps it expanded, and growing the window never expands it.\n\n' +
          'The first rule runs after hydration (the server does not know the width), so server HTML always shows ' +
          'the sidebar expanded.\n\n' +
          '**Keyboard and screen readers:** the toggle is a button named "Collapse sidebar" or "Expand sidebar" ' +
          'with `aria-expanded` and `aria-controls` pointing at the content; Enter or Space toggles it.',
      },
    },
  },
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The right sidebar of an issue, expanded. */
export const Default: Story = {};

export const Playground: Story = {};

/** Collapsed: a gutter with the "Expand sidebar" button. */
export const Collapsed: Story = {
  args: { defaultCollapsed: true },
  play: async ({ canvas }) => {
    const toggle = await canvas.findByRole('button', { name: 'Expand sidebar' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByText('Assignees')).not.toBeVisible();
  },
};

/** A start (left) sidebar holding navigation: it only collapses when the breakpoint shrinks. */
export const StartSide: Story = {
  args: { side: 'start', 'aria-label': 'Project navigation' },
  render: (args) => (
    <Page
      before={
        <Sidebar {...args}>
          <nav aria-label="Project">
            <ul style={{ margin: 0, paddingInlineStart: 'var(--fk-space-5)' }}>
              <li>
                <a href="#issues">Issues</a>
              </li>
              <li>
                <a href="#merge-requests">Merge requests</a>
              </li>
              <li>
                <a href="#pipelines">Pipelines</a>
              </li>
            </ul>
          </nav>
        </Sidebar>
      }
    >
      {null}
    </Page>
  ),
};

/** Collapsing and expanding with the keyboard; focus stays on the toggle. */
export const KeyboardToggle: Story = {
  play: async ({ canvas }) => {
    const toggle = await canvas.findByRole('button', { name: 'Collapse sidebar' });
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    await expect(toggle).toHaveAccessibleName('Expand sidebar');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Enter}');
  },
};

/** On a board page (`projects:boards:show`) the right sidebar stays expanded on small screens. */
export const OnBoardsPage: Story = { args: { page: 'projects:boards:show' } };

function ControlledSidebar(args: SidebarProps) {
  const [isCollapsed, setCollapsed] = useState(false);
  return (
    <div style={{ display: 'grid', gap: 'var(--fk-space-3)' }}>
      <p style={{ margin: 0 }}>The sidebar is {isCollapsed ? 'collapsed' : 'expanded'}.</p>
      <Page>
        <Sidebar {...args} isCollapsed={isCollapsed} onCollapsedChange={setCollapsed}>
          <IssueDetails />
        </Sidebar>
      </Page>
    </div>
  );
}

/** Controlled: the page owns the state (to remember it, for example). */
export const Controlled: Story = {
  render: (args) => <ControlledSidebar {...args} />,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Collapse sidebar' }));
    await expect(canvas.getByText('The sidebar is collapsed.')).toBeVisible();
  },
};

/**
 * A phone-width page (360 px): on small screens the right sidebar starts collapsed, so the content
 * keeps the width. (Storybook cannot resize the viewport here; the browser tests do.)
 */
export const Narrow: Story = {
  args: { defaultCollapsed: true },
  render: (args) => (
    <div style={{ width: 360 }}>
      <Page>
        <Sidebar {...args}>
          <IssueDetails />
        </Sidebar>
      </Page>
    </div>
  ),
};
