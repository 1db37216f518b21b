import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AvatarStack, type AvatarStackItem } from '../src/components/Avatar';
import { SAMPLE_AVATAR_SRC } from './Avatar.stories';

const PEOPLE: AvatarStackItem[] = [
  { entityId: 1, entityName: 'Ada Lovelace', src: SAMPLE_AVATAR_SRC },
  { entityId: 2, entityName: 'Brendan Eich' },
  { entityId: 3, entityName: 'Carol Shaw' },
  { entityId: 4, entityName: 'Dennis Ritchie' },
  { entityId: 5, entityName: 'Edsger Dijkstra' },
  { entityId: 6, entityName: 'Frances Allen' },
];

const meta = {
  title: 'Components/AvatarStack',
  component: AvatarStack,
  args: { avatars: PEOPLE.slice(0, 3), label: 'Assignees', maxVisible: 3, size: 24 },
  argTypes: {
    maxVisible: { control: { type: 'number', min: 0 } },
    size: { control: 'select', options: [96, 64, 48, 32, 24, 16] },
    shape: { control: 'radio', options: ['circle', 'rect'] },
  },
  parameters: {
    docs: {
      description: {
        component:
          'A row of small overlapping avatars: assignees, reviewers, participants, approvers (GitLab UI ' +
          '`GlAvatarsInline`). It shows the first `maxVisible` avatars (default **3**) and, when there are ' +
          'more, a "+N" badge for the rest. Default size 24 px; each avatar overlaps the next by a quarter of ' +
          'its size and is ringed in the page colour (`--fk-avatar-stack-overlap`, `--fk-avatar-stack-ring-width`, ' +
          '`--fk-avatar-stack-ring-color` customise it).\n\n' +
          '**Screen readers** hear a list (name it with `label`, e.g. "Assignees") with one item per avatar, each ' +
          'named by its `entityName`; the badge is an image named "3 more: Dana, Eve, Finn" (translate with ' +
          '`formatOverflowLabel`), and its tooltip lists the hidden names for mouse users. Avatars with an `href` ' +
          "are links (one Tab stop each); the rest are not focusable. **Don't** use it where every name matters " +
          'to the task: list the names instead.',
      },
    },
  },
} satisfies Meta<typeof AvatarStack>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three assignees, no overflow. */
export const Default: Story = {};

export const Playground: Story = { args: { avatars: PEOPLE } };

/** Six people, three visible: "+3" stands for the rest and is named "3 more: …". */
export const WithOverflow: Story = {
  args: { avatars: PEOPLE },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Assignees' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    const badge = await canvas.findByRole('img', { name: '3 more: Dennis Ritchie, Edsger Dijkstra, Frances Allen' });
    await expect(badge).toHaveTextContent('+3');
  },
};

/** Avatars with `href` are links to the profiles. */
export const WithLinks: Story = {
  args: {
    label: 'Reviewers',
    avatars: PEOPLE.map((person) => ({ ...person, href: `#user-${person.entityId}` })),
    maxVisible: 4,
    size: 32,
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '#user-1');
    await expect(canvas.getByRole('img', { name: '2 more: Edsger Dijkstra, Frances Allen' })).toHaveTextContent('+2');
  },
};

/** The stack at each small size, with overflow. */
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16, justifyItems: 'start' }}>
      {([16, 24, 32, 48] as const).map((size) => (
        <AvatarStack key={size} {...args} avatars={PEOPLE} size={size} label={`Assignees at ${size} px`} />
      ))}
    </div>
  ),
};

/** Groups and projects use `shape="rect"`. */
export const RectShapes: Story = {
  args: {
    label: 'Groups',
    shape: 'rect',
    size: 32,
    avatars: [
      { entityId: 10, entityName: 'Compilers' },
      { entityId: 11, entityName: 'Kernels' },
      { entityId: 12, entityName: 'Databases' },
      { entityId: 13, entityName: 'Networks' },
    ],
  },
};
