import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { AvatarLink } from '../src/components/Avatar';
import { SAMPLE_AVATAR_SRC } from './Avatar.stories';

const meta = {
  title: 'Components/AvatarLink',
  component: AvatarLink,
  args: { href: '#grace', entityId: 2, entityName: 'Grace Hopper', size: 32 },
  argTypes: {
    size: { control: 'select', options: [96, 64, 48, 32, 24, 16] },
    shape: { control: 'radio', options: ['circle', 'rect'] },
    label: { control: 'text' },
    sublabel: { control: 'text' },
  },
  parameters: {
    docs: {
      description: {
        component:
          "An avatar that links to its user's, group's or project's page, optionally with the name beside it " +
          '(`label`) and a second, subtle line (`sublabel`, e.g. `@username`). Takes every `Avatar` prop but `alt` ' +
          'and every anchor prop; the avatar defaults to 32 px.\n\n' +
          '**Accessible name:** with a `label` the link is named by its text ("Grace Hopper @grace") and the ' +
          'avatar is decorative (`alt=""`), so the name is not read twice. Without a label the avatar names the ' +
          'link: its image `alt` (or identicon name) is `entityName`.\n\n' +
          '**Keyboard:** one Tab stop; Enter follows the link. Focus shows a ring in `--fk-color-focus-ring`, ' +
          'drawn around the circle for an avatar-only link. **Do** use it wherever an avatar leads to a profile. ' +
          "**Don't** nest it in another link or button.",
      },
    },
  },
} satisfies Meta<typeof AvatarLink>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An identicon linking to the profile, named by `entityName`. */
export const Default: Story = {};

export const Playground: Story = { args: { src: SAMPLE_AVATAR_SRC, label: 'Grace Hopper', sublabel: '@grace' } };

/** The user's name and username beside the avatar; the text names the link. */
export const WithLabel: Story = {
  args: { src: SAMPLE_AVATAR_SRC, label: 'Grace Hopper', sublabel: '@grace' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Grace Hopper @grace' })).toHaveAttribute('href', '#grace');
  },
};

/** A group: `rect` identicon with its name and path. */
export const Group: Story = {
  args: {
    href: '#compilers',
    entityId: 5,
    entityName: 'Compilers',
    shape: 'rect',
    label: 'Compilers',
    sublabel: 'org/compilers',
  },
};

/** Reached with Tab, the link shows its focus ring around the circle. */
export const Focused: Story = {
  args: { src: SAMPLE_AVATAR_SRC },
  play: async ({ canvas }) => {
    const link = await canvas.findByRole('link', { name: 'Grace Hopper' });
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};

/** Reached with Tab, a labelled link shows its ring around avatar and text. */
export const FocusedWithLabel: Story = {
  args: { label: 'Grace Hopper', sublabel: '@grace' },
  play: async ({ canvas }) => {
    const link = await canvas.findByRole('link', { name: 'Grace Hopper @grace' });
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};
