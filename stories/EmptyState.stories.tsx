import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { EmptyState, EMPTY_STATE_VARIANTS } from '../src/components/EmptyState';
import { Icon } from '../src/components/Icon';

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  args: {
    title: 'There are no projects to show',
    description: 'Projects are where you store your code, track issues and collaborate on merge requests.',
    illustration: <Icon name="project" size={72} />,
  },
  argTypes: {
    variant: { control: 'radio', options: EMPTY_STATE_VARIANTS },
    headingLevel: { control: 'select', options: [1, 2, 3, 4, 5, 6] },
  },
  parameters: {
    docs: {
      description: {
        component:
          'What a list, a search result or a page shows when there is nothing in it (GitLab UI `GlEmptyState`): an ' +
          'illustration (an `Icon` is enough), a title, a description saying why and what to do, and up to two ' +
          'actions, the first drawn as the primary button. `variant="compact"` puts the illustration beside the ' +
          'text, for panels, table bodies and short lists.\n\n' +
          '**Do** say what is missing and offer the next step ("New project"). **Don’t** use it for errors: use an ' +
          'Alert. **Screen readers:** the title is a heading (level 2 unless `headingLevel` says otherwise, so it ' +
          'fits under the page’s `h1`); the illustration is decorative; actions are ordinary buttons or links.',
      },
    },
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = {
  args: { primaryAction: { text: 'New project', href: '#new' }, secondaryAction: { text: 'Import project' } },
};

/** Two actions: a primary link and a secondary button. */
export const WithActions: Story = {
  args: {
    primaryAction: { text: 'New project', href: '#new' },
    secondaryAction: { text: 'Import project', onClick: fn() },
  },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('heading', { level: 2 })).toHaveTextContent('There are no projects to show');
    await expect(canvas.getByRole('link', { name: 'New project' })).toHaveAttribute('href', '#new');
    await userEvent.click(canvas.getByRole('button', { name: 'Import project' }));
    await expect(args.secondaryAction?.onClick).toHaveBeenCalledOnce();
  },
};

/** A search with no result: no illustration, no action. */
export const NoResults: Story = {
  args: {
    title: 'No results found',
    description: 'Edit your search and try again.',
    illustration: undefined,
  },
};

/** Compact, beside its illustration: inside a panel or a table. */
export const Compact: Story = {
  args: {
    variant: 'compact',
    title: 'No commits yet',
    description: 'Push to the default branch to see its history here.',
    illustration: <Icon name="commit" size={32} />,
    primaryAction: { text: 'View instructions', href: '#help' },
  },
};
