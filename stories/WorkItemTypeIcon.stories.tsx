import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { WorkItemTypeIcon } from '../src/components/WorkItemTypeIcon';
import { WORK_ITEM_TYPE_NAMES } from '../src/utils/workItems';

const meta = {
  title: 'Components/WorkItemTypeIcon',
  component: WorkItemTypeIcon,
  args: { type: 'Issue' },
  argTypes: { type: { control: 'select', options: WORK_ITEM_TYPE_NAMES } },
  parameters: {
    docs: {
      description: {
        component:
          'The icon of a work item type: incident, issue, task, test case, requirement, objective, key result or epic. ' +
          'Alone, the icon is an image named after the type, so screen readers say "Issue"; with `showLabel` the ' +
          'label is written beside it and the icon is decorative.\n\n' +
          "**Do** use it wherever a work item is listed or titled. **Don't** add a tooltip with the same label.",
      },
    },
  },
} satisfies Meta<typeof WorkItemTypeIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An issue's icon: an image named "Issue". */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Issue' })).toBeVisible();
  },
};

export const Playground: Story = { args: { showLabel: true } };

/** All 8 types, with their labels. */
export const AllTypes: Story = {
  render: (args) => (
    <ul style={{ display: 'grid', gap: 'var(--fk-space-3)', margin: 0, padding: 0, listStyle: 'none' }}>
      {WORK_ITEM_TYPE_NAMES.map((type) => (
        <li key={type}>
          <WorkItemTypeIcon {...args} type={type} showLabel />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(WORK_ITEM_TYPE_NAMES.length);
    await expect(canvas.getByText('Key result')).toBeVisible();
  },
};

/** Icons alone, at 24 px. */
export const IconsOnly: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 'var(--fk-space-4)' }}>
      {WORK_ITEM_TYPE_NAMES.map((type) => (
        <WorkItemTypeIcon {...args} key={type} type={type} size={24} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('img')).toHaveLength(WORK_ITEM_TYPE_NAMES.length);
  },
};
