import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import {
  WorkItemAssignees,
  WorkItemColor,
  WorkItemDates,
  WorkItemHealthStatus,
  WorkItemIteration,
  WorkItemLabels,
  WorkItemMilestone,
  WorkItemNotifications,
  WorkItemParticipants,
  WorkItemProgress,
  WorkItemRolledUpDates,
  WorkItemTimeTracking,
  WorkItemTodos,
  WorkItemWeight,
  type WorkItemLabel,
  type WorkItemUser,
} from '../src/components/WorkItemWidgets';
import { workItemUpdateErrorMessage } from '../src/utils/workItems';

const NOW = '2026-11-25T12:00:00Z';
const HOUR = 3600;
const save = async () => {};
const refuse = () => Promise.reject(new Error('refused'));

const users: WorkItemUser[] = [
  { id: '1', username: 'ada', name: 'Ada Lovelace', webUrl: '#ada' },
  { id: '2', username: 'alan', name: 'Alan Turing', webUrl: '#alan' },
  { id: '3', username: 'grace', name: 'Grace Hopper', webUrl: '#grace' },
  { id: '4', username: 'edsger', name: 'Edsger Dijkstra', webUrl: '#edsger' },
];
const searchUsers = async (query: string) =>
  users.filter((user) => `${user.name} ${user.username}`.toLowerCase().includes(query.toLowerCase()));

const labels: WorkItemLabel[] = [
  { id: 'l1', title: 'frontend', color: '#6699cc' },
  { id: 'l2', title: 'priority::high', color: '#dc143c' },
  { id: 'l3', title: 'priority::low', color: '#8fbc8f' },
  { id: 'l4', title: 'workflow::in review', color: '#9400d3' },
];

const milestones = [
  { id: 'm1', title: 'Sprint 47', startDate: '2026-11-01', dueDate: '2026-11-20', webUrl: '#m1' },
  { id: 'm2', title: 'Sprint 48', startDate: '2026-11-21', dueDate: '2026-12-04', webUrl: '#m2' },
  { id: 'm3', title: 'Sprint 49', startDate: '2026-12-05', dueDate: '2026-12-18', webUrl: '#m3' },
];

const weekly = { id: 'c1', title: 'Weekly planning' };
const iterations = [
  { id: 'i1', startDate: '2026-11-23', dueDate: '2026-11-29', iterationCadence: weekly },
  { id: 'i2', startDate: '2026-11-30', dueDate: '2026-12-06', iterationCadence: weekly },
  {
    id: 'i3',
    title: 'Hardening',
    startDate: '2026-11-16',
    dueDate: '2026-11-29',
    iterationCadence: { id: 'c2', title: 'Releases' },
  },
];

const meta = {
  title: 'Work items/WorkItemWidgets',
  component: WorkItemAssignees,
  args: { assignees: users.slice(0, 2), canUpdate: true, onChange: save, searchUsers, currentUser: users[0] },
  decorators: [(Story) => <div style={{ maxWidth: 300 }}>{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          "The work item sidebar's attribute widgets, each a thin configuration of `WorkItemAttribute`: data comes " +
          'in as props and goes out through async callbacks (`onChange(next): Promise<void>`), so a page backs them ' +
          'with GraphQL. Every edit shows at once and reverts with the error text when the promise rejects. Without ' +
          '`canUpdate` they are read-only. `WorkItemSidebar` stacks them for a work item type.',
      },
    },
  },
} satisfies Meta<typeof WorkItemAssignees>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = {};

/** Nobody assigned: 'Assign yourself'. */
export const AssigneesEmpty: Story = { args: { assignees: [] } };

/** Editing: search users and tick several. */
export const AssigneesEditing: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit assignees' }));
    await userEvent.click(await canvas.findByRole('option', { name: /Grace Hopper/ }));
    await expect(canvas.getByRole('option', { name: /Grace Hopper/ })).toHaveAttribute('aria-selected', 'true');
  },
};

/** A refused save: the assignee goes away again and the error shows. */
export const AssigneesErrorReverts: Story = {
  args: { assignees: [], onChange: refuse, errorMessage: workItemUpdateErrorMessage('Issue') },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Assign yourself' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong while updating the issue.');
  },
};

/** Scoped labels in two parts, removable; one value per scope when editing. */
export const Labels: Story = {
  render: () => (
    <WorkItemLabels
      labels={labels.slice(0, 2)}
      canUpdate
      onChange={save}
      searchLabels={async () => labels}
      createLabelHref="#new"
    />
  ),
};

export const LabelsEditing: Story = {
  render: Labels.render,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit labels' }));
    await userEvent.click(await canvas.findByRole('option', { name: 'priority::low' }));
    await expect(canvas.getByRole('option', { name: 'priority::high' })).toHaveAttribute('aria-selected', 'false');
  },
};

/** A due day before today: 'Past due'. */
export const DatesPastDue: Story = {
  render: () => <WorkItemDates startDate="2026-11-01" dueDate="2026-11-24" now={NOW} canUpdate onChange={save} />,
};

export const DatesEditing: Story = {
  render: () => <WorkItemDates startDate="2026-11-01" dueDate={null} now={NOW} canUpdate onChange={save} />,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit dates' }));
    await waitFor(() => expect(canvas.getByLabelText('Start')).toHaveFocus());
  },
};

/** Milestones grouped Upcoming, Active and Expired. */
export const MilestoneEditing: Story = {
  render: () => (
    <WorkItemMilestone
      milestone={milestones[0]!}
      now={NOW}
      canUpdate
      onChange={save}
      searchMilestones={async () => milestones}
    />
  ),
  play: async ({ canvas }) => {
    await canvas.findByText('Sprint 47 (expired)');
    await userEvent.click(canvas.getByRole('button', { name: 'Edit milestone' }));
    await expect(await canvas.findByRole('group', { name: 'Upcoming' })).toHaveTextContent('Sprint 49');
  },
};

/** Iterations grouped by cadence. */
export const IterationEditing: Story = {
  render: () => (
    <WorkItemIteration iteration={iterations[0]!} canUpdate onChange={save} searchIterations={async () => iterations} />
  ),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit iteration' }));
    await expect(await canvas.findByRole('group', { name: 'Releases' })).toBeInTheDocument();
  },
};

export const WeightAndHealth: Story = {
  render: () => (
    <>
      <WorkItemWeight weight={5} canUpdate onChange={save} />
      <WorkItemHealthStatus healthStatus="needsAttention" canUpdate onChange={save} />
    </>
  ),
};

/** A negative weight is refused before it is saved. */
export const WeightInvalid: Story = {
  render: () => <WorkItemWeight weight={null} canUpdate onChange={save} />,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit weight' }));
    await userEvent.type(canvas.getByRole('spinbutton'), '-2');
    await expect(canvas.getByRole('button', { name: 'Apply' })).toBeDisabled();
  },
};

/** Spent against the estimate, under it. */
export const TimeTracking: Story = {
  render: () => (
    <WorkItemTimeTracking
      timeEstimate={8 * HOUR}
      totalTimeSpent={3 * HOUR}
      canUpdate
      onEstimateChange={save}
      onAddTimeSpent={save}
    />
  ),
};

/** Over the estimate: a red bar and 'Over by'. */
export const TimeTrackingOver: Story = {
  render: () => <WorkItemTimeTracking timeEstimate={2 * HOUR} totalTimeSpent={5 * HOUR} />,
};

/** Nothing tracked: where the quick actions are. */
export const TimeTrackingEmpty: Story = {
  render: () => <WorkItemTimeTracking timeEstimate={0} totalTimeSpent={0} />,
};

export const TimeTrackingEditing: Story = {
  render: () => (
    <WorkItemTimeTracking
      timeEstimate={8 * HOUR}
      totalTimeSpent={3 * HOUR}
      canUpdate
      onEstimateChange={save}
      onAddTimeSpent={save}
    />
  ),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit time tracking' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Add time spent' }), '1h 30m');
    await expect(canvas.getByRole('button', { name: 'Apply' })).toBeEnabled();
  },
};

/** Objectives and key results: progress and, for epics, the colour. */
export const ProgressAndColor: Story = {
  render: () => (
    <>
      <WorkItemProgress progress={65} canUpdate onChange={save} />
      <WorkItemColor color="#217645" canUpdate onChange={save} />
    </>
  ),
};

export const NotificationsAndTodos: Story = {
  render: () => (
    <>
      <WorkItemTodos hasPendingTodo={false} onChange={save} />
      <WorkItemNotifications subscribed canUpdate onChange={save} />
    </>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a to do' }));
    await expect(await canvas.findByRole('button', { name: 'Mark as done' })).toBeInTheDocument();
  },
};

/** Read-only widgets: participants and an epic's rolled-up dates. */
export const ParticipantsAndRolledUpDates: Story = {
  render: () => (
    <>
      <WorkItemParticipants participants={[...users, ...users.map((user) => ({ ...user, id: `${user.id}b` }))]} />
      <WorkItemRolledUpDates
        startDate={{ date: '2026-11-01', isFixed: true }}
        dueDate={{ date: '2026-12-18', isFixed: false, source: { title: 'Sprint 49', webUrl: '#m3' } }}
      />
    </>
  ),
};

/** Long names and many labels wrap inside the sidebar. */
export const LongContent: Story = {
  args: {
    assignees: [{ id: '9', username: 'long', name: 'Maximiliana Theodora Featherstonehaugh-Cholmondeley' }, ...users],
  },
};
