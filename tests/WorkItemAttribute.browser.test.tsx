// Real Chromium: keyboard-only editing of a sidebar attribute (focus into the list, choice,
// Escape, focus back to Edit) and the native date field's bad input ('Invalid date').
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { WorkItemDates, WorkItemLabels } from '../src/components/WorkItemWidgets';
import { INVALID_DATE_MESSAGE } from '../src/utils/date';

const labels = [
  { id: 'l1', title: 'frontend', color: '#6699cc' },
  { id: 'l2', title: 'backend', color: '#8fbc8f' },
  { id: 'l3', title: 'database', color: '#36454f' },
];

describe('WorkItemAttribute in Chromium', () => {
  it('edits with the keyboard alone: Edit, ArrowDown into the list, Space ticks, Apply saves', async () => {
    const onChange = vi.fn(async () => {});
    render(<WorkItemLabels labels={[]} canUpdate onChange={onChange} searchLabels={async () => labels} />);
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Edit labels' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search labels' })).toHaveFocus());
    await screen.findByRole('option', { name: 'frontend' });
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('option', { name: 'frontend' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{Space}');
    expect(screen.getByRole('option', { name: 'backend' })).toHaveAttribute('aria-selected', 'true');
    screen.getByRole('button', { name: 'Apply' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith([labels[1]]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit labels' })).toHaveFocus());
  });

  it('cancels with Escape from inside the list and returns focus to Edit', async () => {
    const onChange = vi.fn(async () => {});
    render(<WorkItemLabels labels={[]} canUpdate onChange={onChange} searchLabels={async () => labels} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit labels' }));
    await screen.findByRole('option', { name: 'frontend' });
    await userEvent.keyboard('{ArrowDown}{Space}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit labels' })).toHaveFocus());
  });

  it("says 'Invalid date' for a day the browser cannot read, and will not apply it", async () => {
    render(<WorkItemDates startDate={null} dueDate={null} canUpdate onChange={async () => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit dates' }));
    const start = screen.getByLabelText('Start');
    await waitFor(() => expect(start).toHaveFocus());
    // Only the month typed: the field is not empty but holds no day.
    await userEvent.keyboard('11');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_DATE_MESSAGE);
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
});
