import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  ProjectList,
  PROJECT_LIST_EMPTY_TITLES,
  PROJECT_LIST_FETCH_ERROR,
  type ProjectListItemData,
} from '../src/components/ProjectList';
import { VISIBILITY_DESCRIPTIONS } from '../src/components/VisibilityIcon';

const NOW = '2026-11-25T12:00:00Z';
const timeAgoOptions = { now: NOW, timeZone: 'UTC' };

const PROJECTS: ProjectListItemData[] = [
  {
    id: 1,
    name: 'forgekit',
    namespace: 'Forge / Platform',
    href: '#/forge/platform/forgekit',
    visibility: 'public',
    description: 'React design system for code-hosting and collaboration products: tokens, hooks and components.',
    role: 'Maintainer',
    starCount: 1234,
    forksCount: 56,
    updatedAt: '2026-11-25T09:00:00Z',
  },
  {
    id: 2,
    name: 'runner',
    namespace: 'Forge / Infrastructure',
    href: '#/forge/infrastructure/runner',
    visibility: 'internal',
    description:
      'Runs CI jobs on shared and project runners, with autoscaling on virtual machines and containers, caching of ' +
      'dependencies between jobs, artifacts upload, and a long description that is cut after two lines so the list ' +
      'stays scannable however much the maintainers wrote.',
    role: 'Developer',
    starCount: 8,
    forksCount: 2,
    updatedAt: '2026-11-20T08:00:00Z',
  },
  {
    id: 3,
    name: 'handbook',
    namespace: 'Forge',
    href: '#/forge/handbook',
    visibility: 'private',
    starCount: 0,
    forksCount: 0,
    updatedAt: '2026-09-01T10:00:00Z',
  },
];

const GROUPS: ProjectListItemData[] = [
  {
    id: 11,
    name: 'Platform',
    namespace: 'Forge',
    href: '#/forge/platform',
    visibility: 'public',
    description: 'Shared infrastructure, runners and the design system.',
    role: 'Owner',
    subgroupCount: 3,
    projectCount: 12,
    memberCount: 48,
    updatedAt: '2026-11-24T12:00:00Z',
  },
  {
    id: 12,
    name: 'Security',
    href: '#/security',
    visibility: 'private',
    subgroupCount: 0,
    projectCount: 4,
    memberCount: 1500,
    updatedAt: '2026-10-10T12:00:00Z',
  },
];

const meta = {
  title: 'Components/ProjectList',
  component: ProjectList,
  args: { items: PROJECTS, label: 'Your projects', timeAgoOptions },
  argTypes: { kind: { control: 'radio', options: ['project', 'group'] } },
  parameters: {
    docs: {
      description: {
        component:
          'Projects or groups as GitLab lists them on the dashboard and the explore pages. Each item shows its ' +
          'avatar, the namespace and name as a link, the visibility icon, the signed-in user’s role as a badge, ' +
          'the description (plain text, cut after two lines), its counts (stars and forks for projects; ' +
          'subgroups, projects and members for groups) and when it was last updated.\n\n' +
          '- **Loading:** skeleton lines, the list marked busy.\n' +
          '- **Empty:** an EmptyState ("There are no projects to show"), or your own `empty` content.\n' +
          '- **Error:** the alert "Something went wrong while fetching projects".\n' +
          '- **Narrow:** under 576 px of its width, the counts and the time move under the description.\n\n' +
          '**Screen readers:** a named list; each item’s link reads "namespace / name"; the counts are read ' +
          'with their names ("Stars 1,234"); the visibility icon reads GitLab’s explanation of the level.',
      },
    },
  },
} satisfies Meta<typeof ProjectList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dashboard's projects. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Your projects' });
    const link = within(list).getByRole('link', { name: 'Forge / Platform / forgekit' });
    await expect(link).toHaveAttribute('href', '#/forge/platform/forgekit');
    await expect(within(list).getAllByRole('img', { name: 'Stars' })).toHaveLength(PROJECTS.length);
    await expect(within(list).getByRole('img', { name: VISIBILITY_DESCRIPTIONS.project.private })).toBeVisible();
  },
};

export const Playground: Story = {};

/** Explore groups: subgroup, project and member counts. */
export const Groups: Story = {
  args: { items: GROUPS, kind: 'group', label: 'Groups' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Forge / Platform' })).toBeVisible();
    await expect(canvas.getAllByRole('img', { name: 'Subgroups' })).toHaveLength(GROUPS.length);
    await expect(canvas.getByText('1,500')).toBeVisible();
  },
};

export const Loading: Story = { args: { isLoading: true, items: [] } };

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: PROJECT_LIST_EMPTY_TITLES.project })).toBeVisible();
  },
};

/** Fetching failed (spec: "Something went wrong while fetching projects"). */
export const FetchError: Story = {
  args: { error: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(PROJECT_LIST_FETCH_ERROR);
  },
};

/** In a 360 px container (a phone): counts and time under the description. */
export const Narrow: Story = {
  render: (args) => (
    <div style={{ width: 360 }}>
      <ProjectList {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const link = await canvas.findByRole('link', { name: 'Forge / Platform / forgekit' });
    const stars = canvas.getAllByRole('img', { name: 'Stars' })[0]!;
    await expect(stars.getBoundingClientRect().top).toBeGreaterThan(link.getBoundingClientRect().bottom);
  },
};
