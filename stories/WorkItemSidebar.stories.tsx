import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { WorkItemSidebar, type WorkItemSidebarWidgets } from '../src/components/WorkItemSidebar';
import { workItemUpdateErrorMessage } from '../src/utils/workItems';

const NOW = '2026-11-25T12:00:00Z';
const HOUR = 3600;
const save = async () => {};
const ada = { id: '1', username: 'ada', name: 'Ada Lovelace', webUrl: '#ada' };
const alan = { id: '2', username: 'alan', name: 'Alan Turing', webUrl: '#alan' };

const widgets: WorkItemSidebarWidgets = {
  CURRENT_USER_TODOS: { hasPendingTodo: false, onChange: save },
  ASSIGNEES: { assignees: [ada], currentUser: ada, onChange: save, searchUsers: async () => [ada, alan] },
  LABELS: {
    labels: [
      { id: 'l1', title: 'frontend', color: '#6699cc' },
      { id: 'l2', title: 'priority::high', color: '#dc143c' },
    ],
    onChange: save,
  },
  WEIGHT: { weight: 3, onChange: save },
  MILESTONE: {
    milestone: { id: 'm2', title: 'Sprint 48', startDate: '2026-11-21', dueDate: '2026-12-04' },
    now: NOW,
    onChange: save,
  },
  ITERATION: {
    iteration: {
      id: 'i1',
      startDate: '2026-11-23',
      dueDate: '2026-11-29',
      iterationCadence: { id: 'c1', title: 'Weekly planning' },
    },
    onChange: save,
  },
  START_AND_DUE_DATE: { startDate: '2026-11-01', dueDate: '2026-11-24', now: NOW, onChange: save },
  ROLLEDUP_DATES: {
    startDate: { date: '2026-11-01', isFixed: true },
    dueDate: { date: '2026-12-18', isFixed: false, source: { title: 'Sprint 49' } },
  },
  PROGRESS: { progress: 40, onChange: save },
  HEALTH_STATUS: { healthStatus: 'needsAttention', onChange: save },
  COLOR: { color: '#1068bf', onChange: save },
  TIME_TRACKING: { timeEstimate: 8 * HOUR, totalTimeSpent: 3 * HOUR, onEstimateChange: save, onAddTimeSpent: save },
  NOTIFICATIONS: { subscribed: true, onChange: save },
  PARTICIPANTS: { participants: [ada, alan] },
};

const meta = {
  title: 'Work items/WorkItemSidebar',
  component: WorkItemSidebar,
  args: {
    widgets,
    widgetTypes: [
      'CURRENT_USER_TODOS',
      'ASSIGNEES',
      'LABELS',
      'WEIGHT',
      'MILESTONE',
      'ITERATION',
      'START_AND_DUE_DATE',
      'HEALTH_STATUS',
      'TIME_TRACKING',
      'NOTIFICATIONS',
      'PARTICIPANTS',
    ],
    canUpdate: true,
    errorMessage: workItemUpdateErrorMessage('Issue'),
  },
  decorators: [(Story) => <div style={{ maxWidth: 300 }}>{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          "The right sidebar of the work item view: the attribute widgets of the item's type (`widgetTypes`, " +
          "GitLab's `widgets[].type`) stacked in GitLab's order from one object of props, with the permission " +
          '(`canUpdate`) and the error text given once. An issue shows weight, milestone, iteration and dates; an epic ' +
          'colour and rolled-up dates; objectives and key results progress.',
      },
    },
  },
} satisfies Meta<typeof WorkItemSidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An issue, editable. */
export const Default: Story = {
  play: async ({ canvas }) => {
    // The widgets in GitLab's order (the landmark around them is WorkItemView's).
    await expect(await canvas.findByRole('region', { name: 'Assignees' })).toBeInTheDocument();
    await expect(canvas.getByText('Past due')).toBeInTheDocument();
  },
};

export const Playground: Story = {};

/** The same issue for someone who may not edit it. */
export const ReadOnly: Story = { args: { canUpdate: false } };

/** An epic: colour and rolled-up dates instead of a start and due date. */
export const Epic: Story = {
  args: {
    widgetTypes: [
      'CURRENT_USER_TODOS',
      'ASSIGNEES',
      'LABELS',
      'ROLLEDUP_DATES',
      'HEALTH_STATUS',
      'COLOR',
      'PARTICIPANTS',
    ],
    errorMessage: workItemUpdateErrorMessage('Epic'),
  },
};

/** A key result: progress. */
export const KeyResult: Story = {
  args: { widgetTypes: ['ASSIGNEES', 'LABELS', 'PROGRESS', 'HEALTH_STATUS', 'PARTICIPANTS'] },
};
