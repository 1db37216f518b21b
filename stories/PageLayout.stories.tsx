import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Breadcrumbs } from '../src/components/Breadcrumbs';
import { NavSidebar } from '../src/components/NavSidebar';
import { PageLayout } from '../src/components/PageLayout';
import { Sidebar } from '../src/components/Sidebar';
import { TopBar } from '../src/components/TopBar';

const topBar = <TopBar homeUrl="#home" searchUrl="#search" signInUrl="#sign-in" />;
const navSidebar = (
  <NavSidebar
    context={{ id: 7, name: 'API', href: '#overview' }}
    currentHref="#issues"
    items={[
      { key: 'overview', label: 'Project overview', href: '#overview', icon: 'project' },
      { key: 'issues', label: 'Issues', href: '#issues', icon: 'issues' },
      { key: 'members', label: 'Members', href: '#members', icon: 'users' },
    ]}
  />
);
const breadcrumbs = (
  <Breadcrumbs
    items={[
      { text: 'Acme', href: '#acme' },
      { text: 'API', href: '#overview' },
      { text: 'Issues', href: '#issues' },
    ]}
  />
);

const meta = {
  title: 'Components/PageLayout',
  component: PageLayout,
  args: {
    topBar,
    navSidebar,
    breadcrumbs,
    children: (
      <>
        <h1 style={{ marginBlockStart: 0 }}>Issues</h1>
        <p>The page content goes here.</p>
      </>
    ),
  },
  argTypes: {
    topBar: { control: false },
    navSidebar: { control: false },
    breadcrumbs: { control: false },
    rightSidebar: { control: false },
    children: { control: false },
  },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'The skeleton of a product page: a "Skip to main content" link (visible when focused), the ' +
          '`TopBar` kept at the top while the page scrolls (below any broadcast banners), the `NavSidebar` of ' +
          'the current project or group, the `Breadcrumbs`, the content in `<main id="content-body">` and an ' +
          'optional right `Sidebar`. The sidebars stay in view under the header.\n\n' +
          'Links to an anchor on the page stop just below the header: pass `PAGE_LAYOUT_STICKY_HEADER_OFFSET` ' +
          'to `useScrollToHash` for the page-load scroll, and native jumps use the same offset.\n\n' +
          '**Do** use one `PageLayout` per page, with every slot the page has. **Don’t** add another ' +
          '`<main>` inside it.',
      },
    },
  },
} satisfies Meta<typeof PageLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A project page: top bar, navigation, breadcrumbs and content. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('main')).toHaveAttribute('id', 'content-body');
    await expect(canvas.getByRole('banner')).toBeInTheDocument();
    await expect(canvas.getByRole('navigation', { name: 'API navigation' })).toBeInTheDocument();
  },
};

export const Playground: Story = {};

/** With the right sidebar of an issue. */
export const WithRightSidebar: Story = {
  args: {
    rightSidebar: (
      <Sidebar aria-label="Issue details" autoCollapse="off">
        <p>Assignee: Ada Lovelace</p>
      </Sidebar>
    ),
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('complementary', { name: 'Issue details' })).toBeInTheDocument();
  },
};

/** A page with no project: no navigation sidebar, no breadcrumbs (the dashboard, the sign-in page). */
export const WithoutSidebar: Story = {
  args: { navSidebar: undefined, breadcrumbs: undefined },
};

/** The skip link shows when it takes focus (the first Tab on the page). */
export const SkipLinkFocused: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(await canvas.findByRole('link', { name: 'Skip to main content' })).toHaveFocus();
  },
};
