// The sidebar with every widget, rendered on the server (no DOM globals) and hydrated: no
// mismatch, no warning, and the server's section nodes are adopted.
import { describe, expect, it } from 'vitest';
import { WorkItemSidebar, type WorkItemSidebarWidgets } from '../src/components/WorkItemSidebar';
import { renderAndHydrate } from './support/hydration';

const ada = { id: '1', username: 'ada', name: 'Ada Lovelace', webUrl: '/ada' };
const NOW = '2026-11-25T12:00:00Z';
const save = async () => {};

const widgets: WorkItemSidebarWidgets = {
  CURRENT_USER_TODOS: { hasPendingTodo: true, onChange: save },
  ASSIGNEES: { assignees: [ada], onChange: save },
  LABELS: { labels: [{ id: 'l1', title: 'priority::high', color: '#dc143c' }], onChange: save },
  WEIGHT: { weight: 3, onChange: save },
  MILESTONE: { milestone: { id: 'm1', title: 'Sprint 1', dueDate: '2026-11-20' }, now: NOW, onChange: save },
  ITERATION: {
    iteration: {
      id: 'i1',
      startDate: '2026-11-23',
      dueDate: '2026-11-29',
      iterationCadence: { id: 'c', title: 'Weekly' },
    },
    onChange: save,
  },
  START_AND_DUE_DATE: { startDate: '2026-11-01', dueDate: '2026-11-24', now: NOW, onChange: save },
  ROLLEDUP_DATES: { startDate: { date: '2026-11-01', isFixed: true }, dueDate: { date: null, isFixed: false } },
  PROGRESS: { progress: 40, onChange: save },
  HEALTH_STATUS: { healthStatus: 'needsAttention', onChange: save },
  COLOR: { color: '#1068bf', onChange: save },
  TIME_TRACKING: { timeEstimate: 4 * 3600, totalTimeSpent: 3600, onEstimateChange: save },
  NOTIFICATIONS: { subscribed: true, onChange: save },
  PARTICIPANTS: { participants: [ada] },
};

describe('WorkItemSidebar server render', () => {
  it('renders every widget and hydrates without a warning', async () => {
    const html = await renderAndHydrate(
      <WorkItemSidebar widgets={widgets} canUpdate />,
      (container) => {
        expect(container.querySelectorAll('[data-widget]')).toHaveLength(Object.keys(widgets).length);
      },
      { preserves: '[data-widget="ASSIGNEES"]' },
    );
    for (const text of [
      'Ada Lovelace',
      'Sprint 1 (expired)',
      'Past due',
      'Needs attention',
      'Remaining 3h',
      'Mark as done',
    ])
      expect(html).toContain(text);
    expect(html).toContain('role="switch"');
  });
});
