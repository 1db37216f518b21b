import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideAllToasts } from '../src/components/Toast';
import {
  milestoneTimeframe,
  withScopedLabel,
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
import { PAST_DUE_TEXT } from '../src/utils/timeAgo';
import { parseDuration } from '../src/utils/duration';
import { NO_MATCHES_FOUND_MESSAGE, workItemUpdateErrorMessage } from '../src/utils/workItems';

afterEach(() => act(() => hideAllToasts()));

const ada: WorkItemUser = { id: '1', username: 'ada', name: 'Ada Lovelace', webUrl: '/ada' };
const alan: WorkItemUser = { id: '2', username: 'alan', name: 'Alan Turing' };
const grace: WorkItemUser = { id: '3', username: 'grace', name: 'Grace Hopper' };
const searchUsers = async (query: string) =>
  [ada, alan, grace].filter((user) => `${user.name} ${user.username}`.toLowerCase().includes(query.toLowerCase()));

const NOW = '2026-11-25T12:00:00Z';
const rejected = () => Promise.reject(new Error('refused'));

describe('WorkItemAssignees', () => {
  it("offers 'Assign yourself' when nobody is assigned, and assigns the current user", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn(async () => {});
    render(<WorkItemAssignees assignees={[]} currentUser={ada} canUpdate onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Assign yourself' }));
    expect(onChange).toHaveBeenCalledWith([ada]);
    expect(screen.getByRole('link', { name: /Ada Lovelace/ })).toHaveAttribute('href', '/ada');
  });

  it('searches users, ticks several and applies them together', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn(async () => {});
    render(<WorkItemAssignees assignees={[ada]} canUpdate onChange={onChange} searchUsers={searchUsers} />);
    await user.click(screen.getByRole('button', { name: 'Edit assignees' }));
    await user.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith([ada, grace]);
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
  });

  it('shows "No matches found" when the user search finds nobody', async () => {
    const user = userEvent.setup();
    render(<WorkItemAssignees assignees={[]} canUpdate onChange={async () => {}} searchUsers={searchUsers} />);
    await user.click(screen.getByRole('button', { name: 'Edit assignees' }));
    await screen.findByRole('option', { name: /Alan Turing/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(await screen.findByText(NO_MATCHES_FOUND_MESSAGE)).toBeInTheDocument();
  });

  it('reverts an assignment the server refuses, with the type-specific error', async () => {
    const user = userEvent.setup();
    render(
      <WorkItemAssignees
        assignees={[]}
        currentUser={ada}
        canUpdate
        onChange={rejected}
        errorMessage={workItemUpdateErrorMessage('Task')}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Assign yourself' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while updating the task. Please try again.',
    );
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
  });
});

const frontend: WorkItemLabel = { id: 'l1', title: 'frontend', color: '#6699cc' };
const high: WorkItemLabel = { id: 'l2', title: 'priority::high', color: '#dc143c' };
const low: WorkItemLabel = { id: 'l3', title: 'priority::low', color: '#8fbc8f' };

describe('WorkItemLabels', () => {
  it('keeps one label per scope: a scoped label replaces its scope sibling', () => {
    expect(withScopedLabel([frontend, high], low)).toEqual([frontend, low]);
    expect(withScopedLabel([frontend, high], { id: 'l4', title: 'backend', color: '#000' })).toHaveLength(3);
  });

  it('ticks a label of the same scope in the editor and drops the other', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn(async () => {});
    render(
      <WorkItemLabels
        labels={[frontend, high]}
        canUpdate
        onChange={onChange}
        searchLabels={async () => [frontend, high, low]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Edit labels' }));
    await user.click(await screen.findByRole('option', { name: 'priority::low' }));
    expect(screen.getByRole('option', { name: 'priority::high' })).toHaveAttribute('aria-selected', 'false');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith([frontend, low]);
  });

  it('drops the ticked labels on Escape and gives focus back to Edit', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn(async () => {});
    render(
      <WorkItemLabels labels={[frontend]} canUpdate onChange={onChange} searchLabels={async () => [frontend, high]} />,
    );
    await user.click(screen.getByRole('button', { name: 'Edit labels' }));
    await user.click(await screen.findByRole('option', { name: 'priority::high' }));
    await user.keyboard('{Escape}');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByText('priority::high')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit labels' })).toHaveFocus();
  });

  it('removes a label from its chip, and has no remove buttons when read-only', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn(async () => {});
    const { rerender } = render(<WorkItemLabels labels={[frontend, high]} canUpdate onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Remove label frontend' }));
    expect(onChange).toHaveBeenCalledWith([high]);
    rerender(<WorkItemLabels labels={[frontend, high]} onChange={onChange} />);
    expect(screen.queryByRole('button', { name: /Remove label/ })).toBeNull();
  });
});

describe('WorkItemDates', () => {
  it("shows both days, 'None' for a missing one and 'Past due' after the due day on open items", () => {
    const { rerender } = render(<WorkItemDates startDate={null} dueDate="2026-11-24" now={NOW} />);
    expect(screen.getByText('None')).toBeInTheDocument();
    expect(screen.getByText('Nov 24, 2026')).toBeInTheDocument();
    expect(screen.getByText(PAST_DUE_TEXT)).toBeInTheDocument();
    rerender(<WorkItemDates startDate={null} dueDate="2026-11-25" now={NOW} />);
    expect(screen.queryByText(PAST_DUE_TEXT)).toBeNull();
    rerender(<WorkItemDates startDate={null} dueDate="2026-11-24" now={NOW} isClosed />);
    expect(screen.queryByText(PAST_DUE_TEXT)).toBeNull();
  });

  it('moves the due day to a later start day and saves both', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn(async () => {});
    render(<WorkItemDates startDate="2026-11-01" dueDate="2026-11-10" canUpdate onChange={onChange} now={NOW} />);
    await user.click(screen.getByRole('button', { name: 'Edit dates' }));
    const start = screen.getByLabelText('Start');
    await user.clear(start);
    await user.type(start, '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith({ startDate: '2026-11-20', dueDate: '2026-11-20' });
  });
});

describe('WorkItemMilestone', () => {
  const sprint = { id: 'm1', title: 'Sprint 1', startDate: '2026-11-01', dueDate: '2026-11-20' };
  const next = { id: 'm2', title: 'Sprint 2', startDate: '2026-12-01', dueDate: '2026-12-20' };
  const now = { id: 'm3', title: 'Sprint 3', startDate: '2026-11-20', dueDate: '2026-12-10' };

  it('sorts milestones into expired, upcoming and active', () => {
    expect(milestoneTimeframe(sprint, NOW)).toBe('expired');
    expect(milestoneTimeframe(next, NOW)).toBe('upcoming');
    expect(milestoneTimeframe(now, NOW)).toBe('active');
    expect(milestoneTimeframe({ ...now, state: 'closed' }, NOW)).toBe('closed');
  });

  it('marks an expired milestone, and picks one from groups with a single choice that applies at once', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn(async () => {});
    render(
      <WorkItemMilestone
        milestone={sprint}
        now={NOW}
        canUpdate
        onChange={onChange}
        searchMilestones={async () => [sprint, next, now]}
      />,
    );
    expect(screen.getByText('Sprint 1 (expired)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit milestone' }));
    const upcoming = await screen.findByRole('group', { name: 'Upcoming' });
    expect(within(upcoming).getByRole('option', { name: 'Sprint 2' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Expired' })).toHaveTextContent('Sprint 1');
    await user.click(within(upcoming).getByRole('option', { name: 'Sprint 2' }));
    expect(onChange).toHaveBeenCalledWith(next);
    expect(screen.getByText('Sprint 2')).toBeInTheDocument();
  });
});

describe('WorkItemIteration', () => {
  it('shows the cadence and period, and groups the choices by cadence', async () => {
    const user = userEvent.setup();
    const cadence = { id: 'c1', title: 'Weekly' };
    const iterations = [
      { id: 'i1', startDate: '2026-11-02', dueDate: '2026-11-08', iterationCadence: cadence },
      {
        id: 'i2',
        startDate: '2026-11-01',
        dueDate: '2026-11-14',
        iterationCadence: { id: 'c2', title: 'Fortnightly' },
      },
    ];
    render(
      <WorkItemIteration
        iteration={iterations[0]!}
        canUpdate
        onChange={async () => {}}
        searchIterations={async () => iterations}
      />,
    );
    expect(screen.getByText('Weekly')).toBeInTheDocument();
    expect(screen.getByText('Nov 2, 2026 – Nov 8, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit iteration' }));
    expect(await screen.findByRole('group', { name: 'Fortnightly' })).toHaveTextContent('Nov 1, 2026 – Nov 14, 2026');
  });
});

describe('WorkItemWeight and WorkItemProgress', () => {
  it('refuses a negative weight (Apply disabled, the rule shown) and saves a whole number with Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn(async () => {});
    render(<WorkItemWeight weight={null} canUpdate onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Edit weight' }));
    const input = screen.getByRole('spinbutton', { name: 'Enter a number' });
    await user.type(input, '-1');
    expect(screen.getByRole('alert')).toHaveTextContent('Weight must be a whole number, 0 or more.');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, '3{Enter}');
    expect(onChange).toHaveBeenCalledWith(3);
    expect(screen.getByText('3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove weight' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('draws progress as a ProgressBar and refuses more than 100', async () => {
    const user = userEvent.setup();
    render(<WorkItemProgress progress={40} canUpdate onChange={async () => {}} />);
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuetext', '40%');
    await user.click(screen.getByRole('button', { name: 'Edit progress' }));
    await user.clear(screen.getByRole('spinbutton'));
    await user.type(screen.getByRole('spinbutton'), '101');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
});

describe('WorkItemHealthStatus', () => {
  it("shows GitLab's status colours and picks a status", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn(async () => {});
    render(<WorkItemHealthStatus healthStatus="atRisk" canUpdate onChange={onChange} />);
    expect(screen.getByText('At risk').closest('[data-variant]')).toHaveAttribute('data-variant', 'danger');
    await user.click(screen.getByRole('button', { name: 'Edit health status' }));
    await user.click(screen.getByRole('option', { name: 'On track' }));
    expect(onChange).toHaveBeenCalledWith('onTrack');
    expect(screen.getByText('On track').closest('[data-variant]')).toHaveAttribute('data-variant', 'success');
  });
});

describe('WorkItemTimeTracking', () => {
  const hours = (count: number) => parseDuration(`${count}h`)!;

  it('shows spent, estimate, a ProgressBar and what remains, or by how much it is over', () => {
    const { rerender } = render(<WorkItemTimeTracking timeEstimate={hours(4)} totalTimeSpent={hours(1)} />);
    expect(screen.getByText('Remaining 3h')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Time spent' })).toHaveAttribute('aria-valuetext', 'Remaining 3h');
    rerender(<WorkItemTimeTracking timeEstimate={hours(4)} totalTimeSpent={hours(6)} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('data-variant', 'danger');
    expect(screen.getByText('Over by 2h')).toBeInTheDocument();
  });

  it('mentions the /estimate and /spend quick actions when nothing is tracked', () => {
    render(<WorkItemTimeTracking timeEstimate={0} totalTimeSpent={0} />);
    expect(screen.getByText(/\/estimate and \/spend quick actions/)).toBeInTheDocument();
  });

  it('sets the estimate and adds time spent in human durations, refusing text that is not one', async () => {
    const user = userEvent.setup();
    const onEstimateChange = vi.fn(async () => {});
    const onAddTimeSpent = vi.fn(async () => {});
    render(
      <WorkItemTimeTracking
        timeEstimate={hours(4)}
        totalTimeSpent={hours(1)}
        canUpdate
        onEstimateChange={onEstimateChange}
        onAddTimeSpent={onAddTimeSpent}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Edit time tracking' }));
    const estimate = screen.getByRole('textbox', { name: 'Estimate' });
    expect(estimate).toHaveValue('4h');
    await user.clear(estimate);
    await user.type(estimate, '1w 2d');
    await user.type(screen.getByRole('textbox', { name: 'Add time spent' }), 'soon');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Add time spent' }));
    await user.type(screen.getByRole('textbox', { name: 'Add time spent' }), '1h 30m');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onAddTimeSpent).toHaveBeenCalledWith(parseDuration('1h 30m')));
    expect(onEstimateChange).toHaveBeenCalledWith(parseDuration('1w 2d'));
    expect(screen.getByText('2h 30m')).toBeInTheDocument();
  });
});

describe('WorkItemColor', () => {
  it("names GitLab's epic colours and applies only a 3 or 6 digit hex colour", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn(async () => {});
    render(<WorkItemColor color="#1068bf" canUpdate onChange={onChange} />);
    expect(screen.getByText('Blue (#1068bf)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit color' }));
    const field = screen.getByRole('textbox', { name: 'Color' });
    await user.clear(field);
    await user.type(field, '#12345');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.type(field, '6');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith('#123456');
  });
});

describe('WorkItemNotifications and WorkItemTodos', () => {
  it('toggles notifications at once, confirms with a toast, and moves back when refused', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<WorkItemNotifications subscribed={false} canUpdate onChange={async () => {}} />);
    const toggle = screen.getByRole('switch', { name: 'Notifications' });
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(await screen.findByText('Notifications turned on.')).toBeInTheDocument();
    // The toast's region and the widget are two landmarks a screen-reader user tells apart by name.
    const landmarks = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(landmarks).toEqual(expect.arrayContaining(['Notifications', 'Status messages']));
    expect(new Set(landmarks).size).toBe(landmarks.length);
    rerender(<WorkItemNotifications subscribed canUpdate onChange={rejected} />);
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('is a disabled switch for those who may not edit', () => {
    render(<WorkItemNotifications subscribed onChange={async () => {}} />);
    expect(screen.getByRole('switch', { name: 'Notifications' })).toBeDisabled();
  });

  it("switches between 'Add a to do' and 'Mark as done', reverting when refused", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<WorkItemTodos hasPendingTodo={false} onChange={async () => {}} />);
    await user.click(screen.getByRole('button', { name: 'Add a to do' }));
    expect(screen.getByRole('button', { name: 'Mark as done' })).toBeInTheDocument();
    rerender(<WorkItemTodos hasPendingTodo onChange={rejected} />);
    await user.click(screen.getByRole('button', { name: 'Mark as done' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as done' })).toBeInTheDocument();
  });
});

describe('read-only widgets', () => {
  it('counts the participants and stacks their avatars', () => {
    render(<WorkItemParticipants participants={[ada, alan, grace]} />);
    expect(screen.getByRole('region', { name: 'Participants' })).toHaveTextContent('3');
    expect(screen.getByRole('list', { name: 'Participants' }).children).toHaveLength(3);
  });

  it('says where each rolled-up date comes from', () => {
    render(
      <WorkItemRolledUpDates
        startDate={{ date: '2026-11-01', isFixed: true }}
        dueDate={{ date: '2026-12-24', isFixed: false, source: { title: 'Ship it', webUrl: '/ship' } }}
      />,
    );
    expect(screen.getByText(/Fixed/)).toBeInTheDocument();
    expect(screen.getByText(/Inherited from children/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ship it' })).toHaveAttribute('href', '/ship');
    expect(screen.getByText('Dec 24, 2026')).toBeInTheDocument();
  });
});
