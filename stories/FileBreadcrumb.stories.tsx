import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FileBreadcrumb } from '../src/components/FileBreadcrumb';

const TREE = '/forge/forgekit/-/tree/main';

const meta = {
  title: 'Components/FileBreadcrumb',
  component: FileBreadcrumb,
  args: {
    projectName: 'forgekit',
    path: 'src/components/Button/Button.tsx',
    hrefFor: (path: string) => (path ? `${TREE}/${path}` : TREE),
  },
  argTypes: { hrefFor: { control: false } },
  parameters: {
    docs: {
      description: {
        component:
          'Where a file or directory sits in the repository, above the tree and file views: the project name, ' +
          'then each directory, then the file, each a link (`hrefFor(path)` builds them), the last one the ' +
          'current page. It is a `Breadcrumbs`: long names are cut with a tooltip and a long path collapses ' +
          'behind an expander.\n\n' +
          '**Screen readers:** a navigation landmark named "File path" (so it differs from the page\'s own ' +
          'breadcrumbs), the last link marked as the current page.',
      },
    },
  },
} satisfies Meta<typeof FileBreadcrumb>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A file four levels down. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const nav = await canvas.findByRole('navigation', { name: 'File path' });
    await expect(within(nav).getByRole('link', { name: 'Button.tsx' })).toHaveAttribute('aria-current', 'page');
  },
};

export const Playground: Story = {};

/** The repository root: the project alone. */
export const Root: Story = { args: { path: '' } };

/** A deep path in a narrow column collapses behind the expander. */
export const LongPath: Story = {
  args: { path: 'app/src/pages/projects/repository/tree/components/entries/TreeEntryRow.tsx' },
  decorators: [(Story) => <div style={{ maxWidth: '28rem' }}>{Story()}</div>],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Show all breadcrumbs' })).toBeVisible();
  },
};
