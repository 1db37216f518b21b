import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { NavSidebar, type NavSidebarItem } from '../src/components/NavSidebar';

const projectItems: NavSidebarItem[] = [
  { key: 'overview', label: 'Project overview', href: '#overview', icon: 'project' },
  {
    key: 'code',
    label: 'Code',
    href: '#tree',
    icon: 'code',
    items: [
      { key: 'repository', label: 'Repository', href: '#tree' },
      { key: 'branches', label: 'Branches', href: '#branches' },
      { key: 'commits', label: 'Commits', href: '#commits' },
      { key: 'tags', label: 'Tags', href: '#tags' },
    ],
  },
  {
    key: 'plan',
    label: 'Plan',
    href: '#issues',
    icon: 'planning',
    items: [
      { key: 'issues', label: 'Issues', href: '#issues' },
      { key: 'labels', label: 'Labels', href: '#labels' },
      { key: 'milestones', label: 'Milestones', href: '#milestones' },
    ],
  },
  { key: 'members', label: 'Members', href: '#members', icon: 'users' },
  { key: 'settings', label: 'Settings', href: '#settings', icon: 'settings' },
];

const meta = {
  title: 'Components/NavSidebar',
  component: NavSidebar,
  args: {
    context: { id: 7, name: 'API', href: '#overview' },
    items: projectItems,
    currentHref: '#branches',
  },
  argTypes: { items: { control: false }, isCollapsed: { control: 'boolean' } },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', height: 480 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    docs: {
      description: {
        component:
          'The left navigation of a project or group: its avatar and name (linking to its overview), then its ' +
          'pages with icons; a section with nested pages opens with its button, and the section holding the ' +
          'current page (`currentHref`, marked `aria-current="page"`) starts open.\n\n' +
          'It is a `Sidebar` on the start side, with its toggle ("Collapse sidebar" / "Expand sidebar"): on ' +
          'md and smaller screens it starts collapsed, and it collapses when the window shrinks to them; a ' +
          'user who expands it again keeps it expanded.\n\n' +
          '**Do** pass the page’s URL as `currentHref` so the user sees where they are. **Don’t** nest ' +
          'sections more than one level deep.',
      },
    },
  },
} satisfies Meta<typeof NavSidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A project, on its Branches page: the Code section is open. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Branches' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('button', { name: 'Code' })).toHaveAttribute('aria-expanded', 'true');
  },
};

export const Playground: Story = {};

/** Opening a second section with its button. */
export const SectionOpened: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Plan' }));
    await expect(canvas.getByRole('link', { name: 'Milestones' })).toBeVisible();
  },
};

/** A group: its own avatar and pages, on its overview (the context link is current). */
export const Group: Story = {
  args: {
    context: { id: 3, name: 'Acme Corporation', href: '#group' },
    currentHref: '#group',
    items: [
      { key: 'issues', label: 'Issues', href: '#issues', icon: 'issues' },
      { key: 'members', label: 'Members', href: '#members', icon: 'users' },
    ],
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Acme Corporation' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Collapsed: the gutter with the expand button. */
export const Collapsed: Story = {
  args: { defaultCollapsed: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};
