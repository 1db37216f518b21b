import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  VersionBadge,
  VERSION_BADGE_DEFAULT_HREF,
  VERSION_BADGE_STATUSES,
  VERSION_BADGE_TEXT,
} from '../src/components/VersionBadge';

const row = { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' } as const;

const meta = {
  title: 'Components/VersionBadge',
  component: VersionBadge,
  args: { status: 'success', actionable: false },
  argTypes: {
    status: { control: 'radio', options: VERSION_BADGE_STATUSES },
    href: { control: 'text' },
  },
  parameters: {
    docs: {
      description: {
        component:
          "The version check badge, titled by status: **success** 'Up to date', " +
          "**warning** 'Update available', **danger** 'Update ASAP'. Built on Badge, in the matching feedback " +
          'colour. It links to the update documentation (`href`, default `' +
          VERSION_BADGE_DEFAULT_HREF +
          '`) only when `actionable`; without a status (the check has not answered) it renders nothing.\n\n' +
          '**Keyboard and screen readers:** plain text when not actionable; an actionable badge is a link reached ' +
          'with Tab and named by its text.',
      },
    },
  },
} satisfies Meta<typeof VersionBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = { args: { status: 'warning', actionable: true } };

/** Every status, as text. */
export const AllStatuses: Story = {
  render: (args) => (
    <div style={row}>
      {VERSION_BADGE_STATUSES.map((status) => (
        <VersionBadge key={status} {...args} status={status} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    for (const status of VERSION_BADGE_STATUSES) {
      await expect(canvas.getByText(VERSION_BADGE_TEXT[status])).toBeVisible();
    }
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

/** Actionable: every status links to the update docs. */
export const Actionable: Story = {
  args: { actionable: true },
  render: (args) => (
    <div style={row}>
      {VERSION_BADGE_STATUSES.map((status) => (
        <VersionBadge key={status} {...args} status={status} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Update ASAP' })).toHaveAttribute('href', VERSION_BADGE_DEFAULT_HREF);
    await expect(canvas.getAllByRole('link')).toHaveLength(VERSION_BADGE_STATUSES.length);
  },
};

/** Small, next to a version number, as in the help menu. */
export const InContext: Story = {
  args: { status: 'danger', actionable: true, size: 'sm' },
  render: (args) => (
    <p style={{ margin: 0, display: 'flex', gap: 8, alignItems: 'center' }}>
      Version 17.2.1 <VersionBadge {...args} />
    </p>
  ),
};

/** No status yet: nothing is rendered. */
export const NoStatus: Story = {
  args: { status: undefined },
  render: (args) => (
    <div style={row}>
      <span>Version 17.2.1</span>
      <VersionBadge {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.fk-version-badge')).toBeNull();
  },
};
