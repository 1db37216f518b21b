import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  IssuableList,
  ISSUABLE_LIST_ITEM_TEXTS,
  ISSUABLE_LIST_TEXTS,
  type IssuableListItemData,
} from '../src/components/IssuableList';

const NOW = '2026-11-25T12:00:00Z';
const author = { id: 2, name: 'Amara Okafor', username: 'amara', href: '/amara' };

function issue(overrides: Partial<IssuableListItemData> = {}): IssuableListItemData {
  return {
    id: 1,
    reference: '#7',
    title: 'A <b>bold</b> title',
    href: '/forge/app/-/issues/7',
    state: 'opened',
    author,
    createdAt: '2026-11-20T12:00:00Z',
    ...overrides,
  };
}

function Controlled({ items }: { items: IssuableListItemData[] }) {
  const [selected, setSelected] = useState<number[]>([]);
  return (
    <IssuableList items={items} label="Issues" selectable selectedIds={selected} onSelectionChange={setSelected} />
  );
}

describe('IssuableList', () => {
  it('shows a row: title link as text, reference, author link marked for user popovers, labels, milestone, counts', () => {
    render(
      <IssuableList
        label="Issues"
        timeAgoOptions={{ now: NOW }}
        items={[
          issue({
            labels: [{ title: 'bug', color: '#dc143c' }],
            milestone: { title: '1.2', href: '/m/1' },
            userNotesCount: 3,
            upvotes: 2,
            assignees: [{ id: 5, name: 'Lin Wei', username: 'lin' }],
          }),
        ]}
      />,
    );
    const row = within(screen.getByRole('list', { name: 'Issues' })).getByRole('listitem', {
      name: 'A <b>bold</b> title',
    });
    expect(within(row).getByRole('link', { name: 'A <b>bold</b> title' })).toHaveAttribute(
      'href',
      '/forge/app/-/issues/7',
    );
    expect(row).toHaveTextContent('#7');
    const authorLink = within(row).getByRole('link', { name: 'Amara Okafor' });
    expect(authorLink).toHaveClass('js-user-link');
    expect(authorLink).toHaveAttribute('data-username', 'amara');
    expect(within(row).getByText('bug')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '1.2' })).toHaveAttribute('href', '/m/1');
    expect(within(row).getByRole('img', { name: ISSUABLE_LIST_ITEM_TEXTS.comments }).parentElement).toHaveTextContent(
      '3',
    );
    expect(within(row).getByRole('img', { name: ISSUABLE_LIST_ITEM_TEXTS.upvotes }).parentElement).toHaveTextContent(
      '2',
    );
    expect(within(row).queryByRole('img', { name: ISSUABLE_LIST_ITEM_TEXTS.downvotes })).toBeNull();
    expect(within(row).queryByText(ISSUABLE_LIST_ITEM_TEXTS.closed)).toBeNull();
  });

  it('marks confidential and closed items, and the type of non-issues', () => {
    render(
      <IssuableList
        label="Issues"
        items={[issue({ id: 1, confidential: true }), issue({ id: 2, state: 'closed', type: 'Task', title: 'T' })]}
      />,
    );
    expect(screen.getByRole('img', { name: ISSUABLE_LIST_ITEM_TEXTS.confidential })).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'T' })).getByText(ISSUABLE_LIST_ITEM_TEXTS.closed),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Task' })).toBeInTheDocument();
  });

  it('reads Past due only for an open item whose due day is before today', () => {
    render(
      <IssuableList
        label="Issues"
        timeAgoOptions={{ now: NOW }}
        items={[
          issue({ id: 1, title: 'late', dueDate: '2026-11-01' }),
          issue({ id: 2, title: 'closed late', state: 'closed', dueDate: '2026-11-01' }),
          issue({ id: 3, title: 'on time', dueDate: '2026-12-01' }),
        ]}
      />,
    );
    const pastDue = `(${ISSUABLE_LIST_ITEM_TEXTS.pastDue})`;
    expect(within(screen.getByRole('listitem', { name: 'late' })).getByText(pastDue)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'late' })).toHaveTextContent('Nov 01, 2026');
    expect(within(screen.getByRole('listitem', { name: 'closed late' })).queryByText(pastDue)).toBeNull();
    expect(within(screen.getByRole('listitem', { name: 'on time' })).queryByText(pastDue)).toBeNull();
  });

  it('selects rows one by one and all at once, with an indeterminate Select all in between', () => {
    render(<Controlled items={[issue({ id: 1, reference: '#1' }), issue({ id: 2, reference: '#2' })]} />);
    const all = screen.getByRole('checkbox', { name: ISSUABLE_LIST_TEXTS.selectAll }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('checkbox', { name: ISSUABLE_LIST_ITEM_TEXTS.select('#2') }));
    expect(all.indeterminate).toBe(true);
    expect(all.checked).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent('1 selected');
    fireEvent.click(all);
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);
    expect(screen.getByRole('checkbox', { name: ISSUABLE_LIST_ITEM_TEXTS.select('#1') })).toBeChecked();
    fireEvent.click(all);
    expect(screen.getByRole('checkbox', { name: ISSUABLE_LIST_ITEM_TEXTS.select('#1') })).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows loading, empty and error states instead of rows', () => {
    const { container, rerender } = render(<IssuableList label="Issues" items={[issue()]} isLoading />);
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('list', { name: 'Issues' })).toBeNull();
    rerender(<IssuableList label="Issues" items={[]} />);
    expect(screen.getByRole('heading', { name: ISSUABLE_LIST_TEXTS.emptyTitle })).toBeInTheDocument();
    rerender(<IssuableList label="Issues" items={[issue()]} error />);
    expect(screen.getByRole('alert')).toHaveTextContent(ISSUABLE_LIST_TEXTS.fetchError);
    expect(screen.queryByRole('list', { name: 'Issues' })).toBeNull();
  });
});
