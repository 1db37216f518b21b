import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { WorkItemHeader } from '../src/components/WorkItemHeader';
import { WorkItemView } from '../src/components/WorkItemView';

const header = (
  <WorkItemHeader
    type="Issue"
    title="Pipeline editor crashes when the file has a BOM"
    reference="#42"
    state="OPEN"
    author={{ name: 'Ada Lovelace', webUrl: '#ada' }}
    createdAt="2026-11-22T09:30:00Z"
    now="2026-11-25T12:00:00Z"
  />
);

const block = (label: string, lines = 2) => (
  <section aria-label={label} style={{ display: 'grid', gap: 'var(--fk-space-2)' }}>
    <h2 style={{ margin: 0, fontSize: 'var(--fk-font-size-md)' }}>{label}</h2>
    {Array.from({ length: lines }, (_, index) => (
      <p key={index} style={{ margin: 0 }}>
        {label} content, line {index + 1}.
      </p>
    ))}
  </section>
);

const meta = {
  title: 'Components/WorkItemView',
  component: WorkItemView,
  args: {
    page: 'projects:issues:show',
    header,
    description: block('Description', 3),
    childItems: block('Child items'),
    linkedItems: block('Linked items'),
    notes: block('Activity', 4),
    sidebar: (
      <div style={{ display: 'grid', gap: 'var(--fk-space-4)', padding: 'var(--fk-space-3)' }}>
        {block('Assignees', 1)}
        {block('Labels', 1)}
        {block('Milestone', 1)}
      </div>
    ),
  },
  argTypes: {
    header: { control: false },
    description: { control: false },
    childItems: { control: false },
    linkedItems: { control: false },
    notes: { control: false },
    sidebar: { control: false },
    children: { control: false },
  },
  parameters: {
    docs: {
      description: {
        component:
          'The body of a work item page. Pass the pieces as slots: `header` (a WorkItemHeader), `description`, ' +
          '`childItems`, `linkedItems`, other widgets as children, `notes` (the activity) and `sidebar` (the ' +
          'attribute widgets). From 992 px the sidebar sits on the right; on smaller screens it moves under the ' +
          'content, before the activity, and starts collapsed (except on boards and merge requests).\n\n' +
          'While the item loads, `isLoading` shows a 4-line placeholder; `error` shows "This work item is not ' +
          'available…" (`not-available`) or "Work item not found" (`not-found`).',
      },
    },
  },
} satisfies Meta<typeof WorkItemView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Header, main column, sidebar and activity. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('complementary', { name: 'Attributes' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
  },
};

export const Playground: Story = {};

/** Loading: the 4-line skeleton (spec section 9). */
export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveAttribute('data-lines', '4');
  },
};

/** The item cannot be read: GitLab's fetch error. */
export const NotAvailable: Story = {
  args: { error: 'not-available' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('This work item is not available.');
  },
};

/** The item does not exist. */
export const NotFound: Story = {
  args: { error: 'not-found' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Work item not found');
  },
};

/** Only a header and an empty description: no sidebar, no activity. */
export const Empty: Story = {
  args: { description: undefined, childItems: undefined, linkedItems: undefined, notes: undefined, sidebar: undefined },
};

/** The sidebar collapsed by the user. */
export const SidebarCollapsed: Story = {
  args: { isSidebarCollapsed: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  },
};
