import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Avatar } from '../src/components/Avatar';
import { Badge } from '../src/components/Badge';
import { Button } from '../src/components/Button';
import { Icon } from '../src/components/Icon';
import { PageHeader } from '../src/components/PageHeader';

const actions = (
  <>
    <Button>
      <Icon name="star-o" /> Star
    </Button>
    <Button>
      <Icon name="fork" /> Fork
    </Button>
    <Button variant="confirm">Code</Button>
  </>
);

const meta = {
  title: 'Components/PageHeader',
  component: PageHeader,
  args: {
    title: 'forgekit',
    avatar: <Avatar entityId={7} entityName="forgekit" size={48} shape="rect" />,
    description: 'React design system for code-hosting and collaboration products.',
    visibility: 'public',
  },
  argTypes: {
    visibility: { control: 'radio', options: [undefined, 'public', 'internal', 'private'] },
    visibilityEntity: { control: 'radio', options: ['project', 'group'] },
  },
  parameters: {
    docs: {
      description: {
        component:
          "The top of a page's content, as on GitLab's project, group and user pages: an optional avatar or icon, " +
          "the page's `<h1>` title followed by the visibility icon and badges, a description under it, and the " +
          "page's actions (Star, Fork, New project...) at the end.\n\n" +
          '**Responsive:** the header wraps: when the title block and the actions do not fit side by side the ' +
          'actions move under the title; long titles wrap rather than overflow.\n\n' +
          '**Do** use one per page, for its main heading. **Don’t** put navigation in the actions (use tabs or ' +
          'the sidebar). **Screen readers:** the title is the page’s only `h1`; the visibility icon is an image ' +
          'named with the level’s explanation.',
      },
    },
  },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A project: avatar, title, visibility, description. */
export const Default: Story = {};

export const Playground: Story = { args: { actions, badges: <Badge variant="info">Maintainer</Badge> } };

/** A project header with its actions at the end. */
export const WithActions: Story = {
  args: { actions },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'forgekit' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Star' })).toBeVisible();
  },
};

/** A private group with badges after the title. */
export const GroupWithBadges: Story = {
  args: {
    title: 'Platform',
    avatar: <Avatar entityId={3} entityName="Platform" size={48} shape="rect" />,
    visibility: 'private',
    visibilityEntity: 'group',
    description: 'Shared infrastructure, runners and the design system.',
    badges: (
      <>
        <Badge variant="info">Owner</Badge>
        <Badge>Archived</Badge>
      </>
    ),
  },
};

/** Title only: a settings or list page. */
export const TitleOnly: Story = {
  args: { title: 'Personal access tokens', avatar: undefined, description: undefined, visibility: undefined },
};

/** With an icon instead of an avatar, and a primary action. */
export const WithIcon: Story = {
  args: {
    title: 'Projects',
    avatar: <Icon name="project" size={24} />,
    description: undefined,
    visibility: undefined,
    actions: (
      <Button variant="confirm" href="#new">
        New project
      </Button>
    ),
  },
};

/** On a phone (360 px): the actions move under the title, a long title wraps. */
export const Narrow: Story = {
  args: {
    title: 'infrastructure-and-site-reliability-engineering',
    actions,
    badges: <Badge variant="info">Developer</Badge>,
  },
  render: (args) => (
    <div style={{ width: 360 }}>
      <PageHeader {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const title = await canvas.findByRole('heading', { level: 1 });
    const star = canvas.getByRole('button', { name: 'Star' });
    await expect(star.getBoundingClientRect().top).toBeGreaterThan(title.getBoundingClientRect().bottom);
  },
};
