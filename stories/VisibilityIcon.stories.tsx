import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { VisibilityIcon, VISIBILITY_DESCRIPTIONS, VISIBILITY_LEVELS } from '../src/components/VisibilityIcon';

const row = { display: 'flex', gap: 16, alignItems: 'center' } as const;

const meta = {
  title: 'Components/VisibilityIcon',
  component: VisibilityIcon,
  args: { level: 'private', entity: 'project' },
  argTypes: {
    level: { control: 'radio', options: VISIBILITY_LEVELS },
    entity: { control: 'radio', options: ['project', 'group'] },
  },
  parameters: {
    docs: {
      description: {
        component:
          'The globe (public), shield (internal) or lock (private) next to a project or group name, as GitLab shows ' +
          "it. Its accessible name is GitLab's explanation of the level, for a project or a group (`entity`); " +
          'pointer users see the same text in a tooltip.\n\n' +
          '**Do** put it right after the name it qualifies. **Don’t** use it as a control: it is an image.',
      },
    },
  },
} satisfies Meta<typeof VisibilityIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = { args: { level: 'public' } };

/** The three levels of a project, then of a group. */
export const AllLevels: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      {(['project', 'group'] as const).map((entity) => (
        <div key={entity} style={row}>
          {VISIBILITY_LEVELS.map((level) => (
            <VisibilityIcon key={level} level={level} entity={entity} />
          ))}
        </div>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('img', { name: VISIBILITY_DESCRIPTIONS.group.internal })).toHaveAttribute(
      'data-visibility',
      'internal',
    );
  },
};
