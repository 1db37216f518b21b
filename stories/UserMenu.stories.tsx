import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TopBar } from '../src/components/TopBar';
import { UserMenu } from '../src/components/UserMenu';
import { emojiStoreLoader } from './support/emojiStore';

const meta = {
  title: 'Components/UserMenu',
  component: UserMenu,
  loaders: [emojiStoreLoader],
  args: {
    user: { id: 1, name: 'Ada Lovelace', username: 'ada' },
    csrfToken: 'story-token',
    profileUrl: '#profile',
    editStatusUrl: '#status',
    editProfileUrl: '#profile-settings',
    preferencesUrl: '#preferences',
    signOutUrl: '#sign-out',
  },
  argTypes: { status: { control: 'object' }, user: { control: 'object' } },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-end', minHeight: 320 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    docs: {
      description: {
        component:
          'The signed-in user’s menu at the end of the `TopBar`: an avatar button ("Ada Lovelace user’s menu") ' +
          'opening a menu with the user’s name and @username (a link to the profile, with a **Busy** badge ' +
          'when the status says so), **Edit status** (showing the current status emoji and message), **Edit ' +
          'profile**, **Preferences** and **Sign out**.\n\n' +
          '**Sign out** submits a real form: a POST to `signOutUrl` carrying the session’s CSRF token ' +
          '(`csrfToken`, from the page’s `csrf-token` meta) in `authenticity_token`. The form is in the server ' +
          'HTML, and without JavaScript a plain "Sign out" button replaces the menu, so signing out never ' +
          'depends on scripts.\n\n' +
          '**Keyboard**: as `Menu` (Enter, Space or ArrowDown open it; arrows, Home/End and typing move; ' +
          'Escape closes and returns focus to the avatar).',
      },
    },
  },
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Closed: the avatar button. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Ada Lovelace user’s menu' })).toBeInTheDocument();
  },
};

export const Playground: Story = {};

/** Open, without a status. */
export const Open: Story = {
  parameters: { visual: { target: 'page' } },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Ada Lovelace user’s menu' }));
    const menu = await body(canvasElement).findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: 'Ada Lovelace @ada' })).toHaveAttribute('href', '#profile');
    await expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  },
};

/** A busy user with a status: the "Busy" badge by the name, the emoji and message under "Edit status". */
export const BusyWithStatus: Story = {
  args: { status: { emoji: 'coffee', message: 'Out for lunch', availability: 'busy' } },
  parameters: { visual: { target: 'page' } },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Ada Lovelace user’s menu' }));
    const menu = await body(canvasElement).findByRole('menu');
    await expect(within(menu).getByText('Busy')).toBeInTheDocument();
    await expect(within(menu).getByRole('menuitem', { name: 'Edit status Out for lunch' })).toBeInTheDocument();
  },
};

/** "Sign out" submits the POST form with the CSRF token (the story stops the navigation). */
export const SignOut: Story = {
  args: { csrfToken: 'story-token' },
  play: async ({ canvas, canvasElement }) => {
    const form = canvasElement.querySelector('form')!;
    const onSubmit = fn((event: SubmitEvent) => event.preventDefault());
    form.addEventListener('submit', onSubmit);
    await userEvent.click(await canvas.findByRole('button', { name: 'Ada Lovelace user’s menu' }));
    await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: 'Sign out' }));
    await expect(onSubmit).toHaveBeenCalledOnce();
    await expect(new FormData(form).get('authenticity_token')).toBe('story-token');
    form.removeEventListener('submit', onSubmit);
  },
};

/** In its place at the end of the top bar. */
export const InTopBar: Story = {
  decorators: [
    (Story) => (
      <TopBar homeUrl="#home" searchUrl="#search" user={<Story />} style={{ alignSelf: 'flex-start', flex: 1 }} />
    ),
  ],
};
