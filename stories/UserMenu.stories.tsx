import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
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

const TRIGGER_NAME = 'Ada Lovelace user’s menu';

/** How long the menu's code (loaded on demand) may take to arrive from a cold dev server. */
const MENU_CODE = { timeout: 10_000 };

/**
 * Opens the menu as a pointer does. Entering the button loads the menu's code, whose own button
 * (react-aria gives it an id) replaces the stand-in: the click goes to that one, as a real
 * pointer's would (user-event presses the element it was given, which may be gone by then).
 */
async function openMenu(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const trigger = () => canvas.getByRole('button', { name: TRIGGER_NAME });
  await userEvent.hover(await canvas.findByRole('button', { name: TRIGGER_NAME }));
  await waitFor(() => expect(trigger()).toHaveAttribute('id'), MENU_CODE);
  await userEvent.click(trigger());
  return body(canvasElement).findByRole('menu', {}, MENU_CODE);
}

/** Closed: the avatar button. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: TRIGGER_NAME })).toBeInTheDocument();
  },
};

export const Playground: Story = {};

/** Open, without a status. */
export const Open: Story = {
  parameters: { visual: { target: 'page' } },
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement);
    await expect(within(menu).getByRole('menuitem', { name: 'Ada Lovelace @ada' })).toHaveAttribute('href', '#profile');
    await expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  },
};

/** A busy user with a status: the "Busy" badge by the name, the emoji and message under "Edit status". */
export const BusyWithStatus: Story = {
  args: { status: { emoji: 'coffee', message: 'Out for lunch', availability: 'busy' } },
  parameters: { visual: { target: 'page' } },
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement);
    await expect(within(menu).getByText('Busy')).toBeInTheDocument();
    await expect(within(menu).getByRole('menuitem', { name: 'Edit status Out for lunch' })).toBeInTheDocument();
  },
};

/** "Sign out" submits the POST form with the CSRF token (the story stops the navigation). */
export const SignOut: Story = {
  args: { csrfToken: 'story-token' },
  play: async ({ canvasElement }) => {
    const form = canvasElement.querySelector('form')!;
    const onSubmit = fn((event: SubmitEvent) => event.preventDefault());
    form.addEventListener('submit', onSubmit);
    const menu = await openMenu(canvasElement);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
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
