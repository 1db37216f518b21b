import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { NavTabs, type NavTabItem } from '../src/components/NavTabs';

const PROFILE_TABS: NavTabItem[] = [
  { id: 'overview', label: 'Overview', href: '#/ada' },
  { id: 'activity', label: 'Activity', href: '#/users/ada/activity' },
  { id: 'groups', label: 'Groups', href: '#/users/ada/groups', count: 3 },
  { id: 'projects', label: 'Personal projects', href: '#/users/ada/projects', count: 12 },
  { id: 'starred', label: 'Starred projects', href: '#/users/ada/starred', count: 1500 },
  { id: 'followers', label: 'Followers', href: '#/users/ada/followers', count: 248 },
  { id: 'following', label: 'Following', href: '#/users/ada/following', count: 31 },
];

const meta = {
  title: 'Components/NavTabs',
  component: NavTabs,
  args: { items: PROFILE_TABS, label: 'Profile tabs', currentId: 'overview' },
  parameters: {
    docs: {
      description: {
        component:
          'Tabs that are links to pages, as on GitLab’s user profile ("Overview", "Activity", "Followers"...) or ' +
          'above a filtered list ("Open", "Merged", "All"). The current page’s tab is underlined and marked ' +
          '`aria-current="page"`; a tab can show a count ("1,000+" above 1000, the exact count for screen ' +
          'readers). When the tabs do not fit, the strip scrolls sideways and the current tab is scrolled into ' +
          'view.\n\n' +
          '**Do** use it when each tab is its own URL. **Don’t** use it to switch panels within a page: use ' +
          '`ScrollableTabs` (the WAI-ARIA tabs pattern with arrow keys). **Keyboard and screen readers:** a ' +
          'named `<nav>` landmark with a list of links; Tab moves between them, Enter follows one.',
      },
    },
  },
} satisfies Meta<typeof NavTabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const nav = await canvas.findByRole('navigation', { name: 'Profile tabs' });
    await expect(nav).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  },
};

export const Playground: Story = { args: { currentId: 'followers' } };

/** Above a list: state tabs with counts. */
export const WithCounts: Story = {
  args: {
    label: 'Merge request states',
    currentId: 'merged',
    items: [
      { id: 'opened', label: 'Open', href: '#?state=opened', count: 12 },
      { id: 'merged', label: 'Merged', href: '#?state=merged', count: 1024 },
      { id: 'closed', label: 'Closed', href: '#?state=closed', count: 7 },
      { id: 'all', label: 'All', href: '#?state=all', count: 1043 },
    ],
  },
};

/** In a 360 px container: the strip scrolls, the current tab (Following, last) is in view. */
export const Overflowing: Story = {
  args: { currentId: 'following' },
  render: (args) => (
    <div style={{ width: 360 }}>
      <NavTabs {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const nav = await canvas.findByRole('navigation', { name: 'Profile tabs' });
    const current = canvas.getByRole('link', { current: 'page' });
    await expect(current.getBoundingClientRect().right).toBeLessThanOrEqual(nav.getBoundingClientRect().right + 1);
  },
};
