import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import {
  IssuableList,
  ISSUABLE_LIST_ITEM_TEXTS,
  ISSUABLE_LIST_TEXTS,
  type IssuableListItemData,
} from '../src/components/IssuableList';

const NOW = '2026-11-25T12:00:00Z';
const timeAgoOptions = { now: NOW, timeZone: 'UTC' };

const amara = { id: 2, name: 'Amara Okafor', username: 'amara', href: '#/amara' };
const lin = { id: 3, name: 'Lin Wei', username: 'lin', href: '#/lin' };
const sofia = { id: 4, name: 'Sofía Reyes', username: 'sofia', href: '#/sofia' };

const ISSUES: IssuableListItemData[] = [
  {
    id: 101,
    reference: '#42',
    title: 'Tooltips flicker when the pointer crosses two triggers quickly',
    href: '#/forge/forgekit/-/issues/42',
    state: 'opened',
    labels: [
      { title: 'bug', color: '#dc143c' },
      { title: 'priority::1', color: '#ed9121' },
    ],
    milestone: { title: '1.2', href: '#/milestones/3' },
    author: amara,
    assignees: [lin, sofia],
    createdAt: '2026-11-22T10:00:00Z',
    updatedAt: '2026-11-25T11:00:00Z',
    dueDate: '2026-11-30',
    userNotesCount: 12,
    upvotes: 4,
  },
  {
    id: 102,
    reference: '#41',
    title: 'Security review of the Markdown sanitiser',
    href: '#/forge/forgekit/-/issues/41',
    state: 'opened',
    confidential: true,
    labels: [{ title: 'security', color: '#8fbc8f' }],
    author: lin,
    assignees: [amara],
    createdAt: '2026-11-10T09:00:00Z',
    updatedAt: '2026-11-24T09:00:00Z',
    dueDate: '2026-11-20',
    userNotesCount: 3,
  },
  {
    id: 103,
    reference: '#40',
    title: 'Write the release notes for the emoji picker',
    href: '#/forge/forgekit/-/issues/40',
    state: 'opened',
    type: 'Task',
    author: sofia,
    createdAt: '2026-11-01T09:00:00Z',
    updatedAt: '2026-11-02T09:00:00Z',
  },
  {
    id: 104,
    reference: '#38',
    title: 'Dark mode shadows are identical to light mode',
    href: '#/forge/forgekit/-/issues/38',
    state: 'closed',
    labels: [{ title: 'design', color: '#6699cc' }],
    author: amara,
    createdAt: '2026-10-01T09:00:00Z',
    updatedAt: '2026-10-20T09:00:00Z',
    dueDate: '2026-10-15',
    upvotes: 1,
    downvotes: 2,
  },
];

const meta = {
  title: 'Components/IssuableList',
  component: IssuableList,
  args: { items: ISSUES, label: 'Issues', timeAgoOptions },
  parameters: {
    docs: {
      description: {
        component:
          'Issues (or other issuables) as GitLab lists them. Each row shows the title as a link with the ' +
          'confidential icon and its labels; under it the reference, when and by whom it was created, the ' +
          'milestone and the due date ("Past due" in red once an open item passes it); on the right the ' +
          'Closed badge, the assignees, the vote and comment counts and the last update. The page around it ' +
          'owns the state tabs (Open, Closed, All with counts), the filter bar, the sort order and pagination.\n\n' +
          '- **Bulk edit:** `selectable` adds a checkbox per row and "Select all" (indeterminate when some ' +
          'are ticked); `selectedIds` and `onSelectionChange` make the selection controlled.\n' +
          '- **Loading:** skeleton lines, the list marked busy. **Empty:** "No results found". **Error:** ' +
          '"An error occurred while loading issues".\n' +
          '- **Narrow:** under 576 px of its width the right column moves under the meta line.\n\n' +
          '**Screen readers:** a named list; each row is named by its title; icons carry names ' +
          '("Confidential", "Milestone", "Due date", "Comments", "Upvotes"); the selected count is a status.',
      },
    },
  },
} satisfies Meta<typeof IssuableList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A project's issues: labels, milestone, assignees, counts, a confidential and a closed one. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Issues' });
    await expect(list.querySelectorAll(':scope > li')).toHaveLength(ISSUES.length);
    await expect(within(list).getByRole('link', { name: ISSUES[0]!.title })).toHaveAttribute('href', ISSUES[0]!.href);
    await expect(within(list).getByRole('img', { name: ISSUABLE_LIST_ITEM_TEXTS.confidential })).toBeVisible();
    await expect(within(list).getByText(ISSUABLE_LIST_ITEM_TEXTS.closed)).toBeVisible();
  },
};

export const Playground: Story = {};

/** An open issue past its due date reads "Past due"; a closed one does not. */
export const PastDue: Story = {
  args: { items: [ISSUES[1]!, ISSUES[3]!] },
  play: async ({ canvas }) => {
    await expect(await canvas.findAllByText(`(${ISSUABLE_LIST_ITEM_TEXTS.pastDue})`)).toHaveLength(1);
  },
};

function BulkEdit(args: Parameters<typeof IssuableList>[0]) {
  const [selected, setSelected] = useState<number[]>([]);
  return <IssuableList {...args} selectable selectedIds={selected} onSelectionChange={setSelected} />;
}

/** Bulk editing: a checkbox per row and "Select all", indeterminate while some are ticked. */
export const BulkEditing: Story = {
  render: (args) => <BulkEdit {...args} />,
  play: async ({ canvas }) => {
    const all = await canvas.findByRole('checkbox', { name: ISSUABLE_LIST_TEXTS.selectAll });
    await userEvent.click(canvas.getByRole('checkbox', { name: ISSUABLE_LIST_ITEM_TEXTS.select('#42') }));
    await expect(all).toHaveProperty('indeterminate', true);
    await expect(canvas.getByRole('status')).toHaveTextContent(ISSUABLE_LIST_TEXTS.selected(1));
    await userEvent.click(all);
    await expect(all).toBeChecked();
    await expect(canvas.getByRole('status')).toHaveTextContent(ISSUABLE_LIST_TEXTS.selected(ISSUES.length));
    await userEvent.click(all);
    await expect(canvas.getByRole('checkbox', { name: ISSUABLE_LIST_ITEM_TEXTS.select('#42') })).not.toBeChecked();
  },
};

export const Loading: Story = { args: { isLoading: true, items: [] } };

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: ISSUABLE_LIST_TEXTS.emptyTitle })).toBeVisible();
  },
};

export const FetchError: Story = {
  args: { error: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(ISSUABLE_LIST_TEXTS.fetchError);
  },
};

/** In a 360 px container (a phone): the counts and time move under the meta line. */
export const Narrow: Story = {
  render: (args) => (
    <div style={{ width: 360 }}>
      <IssuableList {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const title = await canvas.findByRole('link', { name: ISSUES[0]!.title });
    const comments = canvas.getAllByRole('img', { name: ISSUABLE_LIST_ITEM_TEXTS.comments })[0]!;
    await expect(comments.getBoundingClientRect().top).toBeGreaterThan(title.getBoundingClientRect().bottom);
  },
};
