import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import {
  CommitList,
  CommitRow,
  COMMIT_LIST_EMPTY_TITLE,
  COMMIT_ROW_LABELS,
  PIPELINE_STATUS_TEXT,
  type CommitRowData,
  type PipelineStatus,
} from '../src/components/CommitRow';

const NOW = '2026-11-25T12:00:00Z';
const timeAgoOptions = { now: NOW, timeZone: 'UTC' };

const COMMITS: CommitRowData[] = [
  {
    id: '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b',
    title: 'DataTable: stack rows as cards on small screens',
    href: '#/-/commit/1a2b3c4d',
    authorName: 'Ada Lovelace',
    authorHref: '#/ada',
    authorId: 3,
    authorUsername: 'ada',
    authoredDate: '2026-11-25T09:00:00Z',
    pipelineStatus: 'success',
    pipelineHref: '#/-/pipelines/42',
  },
  {
    id: '9f8e7d6c5b4a39281706f5e4d3c2b1a098765432',
    title: 'Fix the hydration warning of TimeAgo in server-rendered lists',
    href: '#/-/commit/9f8e7d6c',
    authorName: 'Grace Hopper',
    authorId: 5,
    authoredDate: '2026-11-25T07:30:00Z',
    pipelineStatus: 'failed',
  },
  {
    id: '0123456789abcdef0123456789abcdef01234567',
    title: 'Merge branch "feature/project-list" into "main"',
    href: '#/-/commit/01234567',
    authorName: 'Linus Torvalds',
    authorId: 8,
    authoredDate: '2026-11-23T18:00:00Z',
    pipelineStatus: 'running',
  },
  {
    id: 'fedcba9876543210fedcba9876543210fedcba98',
    title: 'Initial commit',
    href: '#/-/commit/fedcba98',
    authorName: 'Ada Lovelace',
    authorId: 3,
    authoredDate: '2026-11-23T08:00:00Z',
  },
];

const meta = {
  title: 'Components/CommitRow',
  component: CommitList,
  args: { commits: COMMITS, timeAgoOptions },
  parameters: {
    docs: {
      description: {
        component:
          "A project's commits as GitLab lists them, grouped by the day they were authored on (`CommitList`), each " +
          'a `CommitRow`: the author’s avatar, the title linking to the commit, "author authored 3 hours ago", the ' +
          'last pipeline’s status when there is one, and the short SHA (8 characters) with a button that copies ' +
          'the full SHA ("Copied" for 1 second).\n\n' +
          '- **Days** are counted in `timeZone` (UTC unless given), the same on the server and in the browser, ' +
          'so the page hydrates without a mismatch.\n' +
          '- **Loading:** skeleton lines; **empty:** "There are no commits to show" or your own `empty`.\n' +
          '- **Narrow:** the pipeline and the SHA move under the title.\n\n' +
          '**Keyboard and screen readers:** each day is a heading ("Nov 25, 2026") followed by its count and a ' +
          'list; Tab reaches the title link, the author, the pipeline link and the copy button ("Copy commit ' +
          'SHA"). The pipeline icon is named "Pipeline: passed", "Pipeline: failed"...',
      },
    },
  },
} satisfies Meta<typeof CommitList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Commits of two days. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const days = await canvas.findAllByRole('heading', { level: 2 });
    await expect(days.map((day) => day.textContent)).toEqual(['Nov 25, 2026', 'Nov 23, 2026']);
    await expect(canvas.getAllByText('2 commits')).toHaveLength(2);
    const first = canvas.getAllByRole('listitem')[0]!;
    await expect(within(first).getByRole('link', { name: COMMITS[0]!.title })).toHaveAttribute(
      'href',
      COMMITS[0]!.href,
    );
    await expect(within(first).getByText('1a2b3c4d')).toBeVisible();
    await expect(within(first).getByRole('img', { name: 'Pipeline: passed' })).toBeVisible();
  },
};

export const Playground: Story = {};

/** One row, and every pipeline status. */
export const PipelineStatuses: Story = {
  render: () => (
    <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {(Object.keys(PIPELINE_STATUS_TEXT) as PipelineStatus[]).map((status, index) => (
        <CommitRow
          key={status}
          commit={{ ...COMMITS[0]!, id: `${index}${COMMITS[0]!.id.slice(1)}`, pipelineStatus: status, title: status }}
          timeAgoOptions={timeAgoOptions}
        />
      ))}
    </ul>
  ),
};

/** Pressing the copy button copies the full SHA (the clipboard is stubbed: the test page may not hold the permission). */
export const CopySha: Story = {
  args: { commits: COMMITS.slice(0, 1) },
  parameters: { visual: { disable: true } },
  beforeEach: () => {
    // The server-render tests run stories in Node, where there is no clipboard to stand in for.
    if (typeof navigator === 'undefined') return;
    const writeText = fn(async (_text: string) => {});
    // An own property shadows the prototype's getter; deleting it restores the real API.
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    return () => {
      delete (navigator as { clipboard?: unknown }).clipboard;
    };
  },
  play: async ({ canvas, userEvent }) => {
    const copy = await canvas.findByRole('button', { name: COMMIT_ROW_LABELS.copySha });
    await userEvent.click(copy);
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(COMMITS[0]!.id);
    await waitFor(() => expect(copy).toHaveAttribute('data-state', 'copied'));
  },
};

export const Loading: Story = { args: { isLoading: true, commits: [] } };

export const Empty: Story = {
  args: { commits: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: COMMIT_LIST_EMPTY_TITLE })).toBeVisible();
  },
};

/** In a 360 px container (a phone): pipeline and SHA under the title. */
export const Narrow: Story = {
  render: (args) => (
    <div style={{ width: 360 }}>
      <CommitList {...args} />
    </div>
  ),
};
