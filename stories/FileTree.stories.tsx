import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FileTree, type FileTreeEntry } from '../src/components/FileTree';
import { manyEntries, REPOSITORY_NOW, ROOT_ENTRIES } from './support/repository';

const PENDING: FileTreeEntry[] = ROOT_ENTRIES.map(({ lastCommit: _lastCommit, ...entry }) => entry);
/** Enough rows to scroll; 1,000 are rendered by the server-render test (axe on 1,000 rows is slow). */
const LARGE_DIRECTORY = 200;

const meta = {
  title: 'Components/FileTree',
  component: FileTree,
  args: { entries: ROOT_ENTRIES, now: REPOSITORY_NOW, timeZone: 'UTC' },
  parameters: {
    docs: {
      description: {
        component:
          "One directory of a repository as a table (GitLab's repository tree): a `..` row leading up, then " +
          'directories, submodules and files, each with its icon and its name as a link, the title of the last ' +
          'commit that changed it (a link to the commit) and when.\n\n' +
          '- **Order:** directories first, then submodules, then files, each group in the order given.\n' +
          '- **Last commits arrive later:** give entries without `lastCommit` and each row shows a grey placeholder ' +
          'while the names are already usable; `lastCommit: null` leaves the cells empty.\n' +
          '- **Times:** pass `now` when the server renders relative times; without it, the UTC date shows until ' +
          'the page hydrates. The exact time is a `title`, shown as a tooltip by `initTooltips()`.\n' +
          '- **Large directories:** rows are plain markup, so 1,000 entries render on the server in a few ' +
          'milliseconds.\n\n' +
          '**Keyboard and screen readers:** a table named "Files" with column headers; Tab moves through the ' +
          'name and commit links. The `..` link is named "Go to parent directory". While entries or last ' +
          'commits load, the table is `aria-busy` and one status region says so (the placeholders are hidden).',
      },
    },
  },
} satisfies Meta<typeof FileTree>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The root of a project: directories, a submodule, files and a symbolic link. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Files' });
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    await expect(names).toEqual(['src', 'docs', 'vendor-icons', 'README.md', 'package.json', 'LICENSE']);
  },
};

export const Playground: Story = { args: { parentHref: '#parent' } };

/** A subdirectory: the `..` row leads to the parent. */
export const WithParent: Story = {
  args: { parentHref: '/forge/forgekit/-/tree/main' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Go to parent directory' })).toHaveTextContent('..');
  },
};

/** The names have arrived, the last commits not yet. */
export const LoadingLastCommits: Story = {
  args: { entries: PENDING, parentHref: '#parent' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading last commits');
  },
};

/** Nothing has arrived yet. */
export const Loading: Story = {
  args: { entries: [], isLoading: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading files');
  },
};

/** An empty directory. */
export const Empty: Story = {
  args: { entries: [], parentHref: '#parent' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This directory is empty.')).toBeVisible();
  },
};

/** Long names and commit titles are cut with an ellipsis in a narrow container. */
export const Narrow: Story = {
  args: {
    entries: [
      {
        ...ROOT_ENTRIES[0]!,
        name: 'a-very-long-file-name-that-does-not-fit-in-the-name-column.config.ts',
        path: 'long.ts',
        lastCommit: {
          title: 'A commit title long enough to be cut with an ellipsis at the end of its cell',
          href: '#commit',
          committedDate: REPOSITORY_NOW - 60_000,
        },
      },
    ],
  },
  decorators: [(Story) => <div style={{ maxWidth: '48rem' }}>{Story()}</div>],
};

/** A large directory (not screenshotted, for its length). */
export const LargeDirectory: Story = {
  args: { entries: manyEntries(LARGE_DIRECTORY) },
  parameters: { visual: { disable: true } },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Files' });
    await expect(within(table).getAllByRole('row')).toHaveLength(LARGE_DIRECTORY + 1);
  },
};
