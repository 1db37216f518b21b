import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Markdown, renderMarkdown, type MarkdownReference, type ResolvedReference } from '../../src/markdown';
import {
  CURRENT_USER_MENTION_CLASS,
  USER_POPOVER_TEXTS,
  type MentionedUser,
  type UserPopoverData,
} from '../../src/markdown/pipeline/enhancers/mentions';

const USERS: Record<string, UserPopoverData> = {
  alice: {
    id: 1,
    username: 'alice',
    name: 'Alice Example',
    pronouns: 'she/her',
    bio: 'Maintainer of the Markdown pipeline.',
    workInformation: 'Staff engineer at Example Corp',
    location: 'Lisbon',
    localTime: '9:15 AM',
  },
  bob: {
    id: 2,
    username: 'bob',
    name: 'Bob Builder',
    pronouns: 'he/him',
    bio: 'Builds the runners. Ask me about caching.',
    workInformation: 'Engineer at Example Corp',
    location: 'Berlin',
    localTime: '3:42 PM',
    websiteUrl: 'https://bob.example.com',
    status: { message_html: 'Shipping <b>17.0</b>', availability: 'not_set' },
    isFollowed: false,
  },
  dana: {
    id: 4,
    username: 'dana',
    name: 'Dana Busy',
    bio: 'Release manager this month.',
    location: 'Toronto',
    localTime: '10:42 AM',
    status: { message_html: 'In release meetings all day', availability: 'busy' },
  },
  carol: { id: 3, username: 'carol', name: 'Carol Blocked', state: 'blocked', bio: 'Not shown.' },
  'review-bot': { id: 5, username: 'review-bot', name: 'Review Bot', bot: true, bio: 'Reviews merge requests.' },
};

/** The resolver a server would be: users link to their profile, `@devs` is a group. */
async function resolveReferences(refs: MarkdownReference[]): Promise<(ResolvedReference | null)[]> {
  return refs.map((ref) => {
    if (ref.type !== 'user' || !ref.name) return null;
    if (ref.name === 'devs') return { url: '/groups/devs', type: 'group', id: 9, title: 'Developers' };
    const user = USERS[ref.name];
    return user ? { url: `/${user.username}`, id: user.id, title: user.name } : null;
  });
}

const TEXT = [
  'Thanks @bob for the review! @alice, could you double-check the migration?',
  '',
  '- @dana is running the release',
  '- @carol left the team; @review-bot flagged two issues',
  '- cc @devs',
].join('\n');

const fetchUser = async ({ username }: MentionedUser) => USERS[username ?? '']!;
const follow = async () => {};
/** Never answers: the popover stays in its loading state. */
const fetchUserForever = () => new Promise<UserPopoverData>(() => {});

const ALICE = { id: 1, username: 'alice' };

interface MentionsDemoProps {
  /** Rendered Markdown (from the loader). */
  html: string;
  /** Sign in as @alice: popovers on, her mentions highlighted. Anonymous viewers get plain links. */
  isSignedIn: boolean;
  /** Pass the follow adapter (the popover's follow button needs it). */
  canFollow: boolean;
  /** Use a fetchUser that never answers (loading state). */
  isLoadingForever: boolean;
}

/** `<Markdown>` with the mentions options a page passes. */
function MentionsDemo({ html, isSignedIn, canFollow, isLoadingForever }: MentionsDemoProps) {
  return (
    <Markdown
      // Options are read when the HTML changes: a new key re-runs the pipeline for new controls.
      key={`${isSignedIn}-${canFollow}-${isLoadingForever}`}
      html={html}
      options={{
        currentUser: isSignedIn ? ALICE : null,
        mentions: {
          fetchUser: isLoadingForever ? fetchUserForever : fetchUser,
          follow: canFollow ? follow : undefined,
        },
      }}
    />
  );
}

const page = (context: { canvasElement: HTMLElement }) => within(context.canvasElement.ownerDocument.body);

/** Hovers a mention and waits for its popover (and, unless loading, its content). */
async function openPopover(context: { canvasElement: HTMLElement }, mention: string, name: string) {
  const link = await within(context.canvasElement).findByRole('link', { name: mention });
  await userEvent.hover(link);
  const dialog = await page(context).findByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

const meta = {
  title: 'Markdown/Mentions',
  component: MentionsDemo,
  args: { html: '', isSignedIn: false, canFollow: true, isLoadingForever: false },
  argTypes: { html: { control: false } },
  // The server-render story test does not run loaders: the story then renders empty Markdown.
  loaders: [async () => ({ html: await renderMarkdown(TEXT, { resolveReferences }) })],
  render: (args, { loaded }) => <MentionsDemo {...args} html={(loaded as { html?: string }).html ?? ''} />,
  parameters: {
    docs: {
      description: {
        component:
          'User mentions in rendered Markdown (`a.gfm-project_member` links; group mentions carry `data-group` and ' +
          'are left alone). The `mentionsEnhancer` of `renderGfm` / `<Markdown>`:\n\n' +
          "- highlights the signed-in viewer's own mentions (class `current-user`, background " +
          '`--fk-color-mention-current-background`), matched by `data-user` id or username;\n' +
          '- gives every user mention the **user popover**, fetched through `options.mentions.fetchUser` once per ' +
          'user per page: avatar, name, pronouns, @username, status (emoji and sanitised message), bio, work ' +
          "information, location, local time, website, 'Busy' and 'Bot' badges, 'User is blocked', a loading " +
          'skeleton and an error message; plus a Follow / Unfollow button through `options.mentions.follow` ' +
          "(hidden on the viewer's own popover and for blocked users, spec section 6).\n\n" +
          '**Signed-in viewers only** (spec section 6: "User popovers are active only for signed-in users"): pass ' +
          '`currentUser`; anonymous viewers get plain links and no highlight. Without `fetchUser` there is no popover.\n\n' +
          '**Pointer:** the popover opens 200 ms after the pointer reaches a mention (spec section 9: "Popover hover ' +
          'delay 200 ms (mouseover debounced 200 ms)") and closes 150 ms after it has left the mention and the ' +
          'popover, so the follow button can be reached.\n\n' +
          '**Keyboard and screen readers:** keyboard focus on a mention opens it at once; Tab moves into the popover ' +
          '(its follow button and website link), Tab past the last one goes on to what follows the mention, ' +
          'Shift+Tab from the first returns to the mention; Escape closes it. While shown, the mention is described ' +
          "by the popover (`aria-describedby`), a dialog named by the user's name.\n\n" +
          '**Cost:** listeners are delegated to the Markdown container and one React root is created on the first ' +
          'hover or focus; a thread with thousands of mentions costs nothing up front. The popover code is a separate ' +
          'chunk loaded when the pipeline runs.',
      },
    },
  },
} satisfies Meta<typeof MentionsDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An anonymous viewer: plain links, no highlight, no popovers. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const link = await within(canvasElement).findByRole('link', { name: '@alice' });
    await expect(link).not.toHaveClass(CURRENT_USER_MENTION_CLASS);
  },
};

/** Every control. Sign in to see the highlight and hover a mention for its popover. */
export const Playground: Story = { args: { isSignedIn: true } };

/** Signed in as @alice: her own mention is highlighted; the group mention @devs is not a user. */
export const SignedIn: Story = {
  args: { isSignedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: '@alice' })).toHaveClass(CURRENT_USER_MENTION_CLASS);
    await expect(canvas.getByRole('link', { name: '@bob' })).not.toHaveClass(CURRENT_USER_MENTION_CLASS);
  },
};

/** Hovering @bob: the full profile and the Follow button. */
export const UserPopover: Story = {
  args: { isSignedIn: true },
  parameters: { visual: { target: 'page' } },
  play: async (context) => {
    const dialog = await openPopover(context, '@bob', 'Bob Builder');
    await expect(await within(dialog).findByRole('button', { name: USER_POPOVER_TEXTS.follow })).toBeVisible();
    await expect(within(dialog).getByText('Berlin')).toBeVisible();
  },
};

/** A busy user: the 'Busy' badge next to the name (status availability `busy`). */
export const BusyUser: Story = {
  args: { isSignedIn: true },
  parameters: { visual: { target: 'page' } },
  play: async (context) => {
    const dialog = await openPopover(context, '@dana', 'Dana Busy');
    await expect(within(dialog).getByText(USER_POPOVER_TEXTS.busy)).toBeVisible();
  },
};

/** A blocked user: 'User is blocked' instead of the profile, and no follow button. */
export const BlockedUser: Story = {
  args: { isSignedIn: true },
  parameters: { visual: { target: 'page' } },
  play: async (context) => {
    const dialog = await openPopover(context, '@carol', 'Carol Blocked');
    await expect(within(dialog).getByText(USER_POPOVER_TEXTS.blocked)).toBeVisible();
    await expect(within(dialog).queryByRole('button')).toBeNull();
  },
};

/** A bot account, marked 'Bot'. */
export const BotUser: Story = {
  args: { isSignedIn: true },
  parameters: { visual: { target: 'page' } },
  play: async (context) => {
    const dialog = await openPopover(context, '@review-bot', 'Review Bot');
    await expect(within(dialog).getByText(USER_POPOVER_TEXTS.bot)).toBeVisible();
  },
};

/** The viewer's own popover: no follow button. */
export const OwnPopover: Story = {
  args: { isSignedIn: true },
  parameters: { visual: { target: 'page' } },
  play: async (context) => {
    const dialog = await openPopover(context, '@alice', 'Alice Example');
    await expect(within(dialog).getByText('Lisbon')).toBeVisible();
    await expect(within(dialog).queryByRole('button')).toBeNull();
  },
};

/** Until `fetchUser` answers: a skeleton, announced as 'Loading'. */
export const Loading: Story = {
  args: { isSignedIn: true, isLoadingForever: true },
  parameters: { visual: { target: 'page' } },
  play: async (context) => {
    const dialog = await openPopover(context, '@bob', '@bob');
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Loading');
  },
};
