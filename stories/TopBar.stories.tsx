import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Avatar } from '../src/components/Avatar';
import { TOP_BAR_LOGO_ANIMATING_CLASS, TopBar } from '../src/components/TopBar';

const meta = {
  title: 'Components/TopBar',
  component: TopBar,
  args: { homeUrl: '#home', searchUrl: '#search', signInUrl: '#sign-in' },
  argTypes: {
    isLogoAnimating: { control: 'boolean' },
    user: { control: false },
    links: { control: false },
    logo: { control: false },
  },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'The header row of every product page: the logo linking home and any extra links (a navigation ' +
          'landmark named "Main"), a search box and, at the end, the `UserMenu` of the signed-in user or a ' +
          '"Sign in" link.\n\n' +
          'The search box is a plain form that GETs `searchUrl` with the text in the `search` parameter (plus any ' +
          '`searchParams`, such as a project scope), so it works before scripts load and Enter submits it. ' +
          'While the page unloads, the logo plays a short animation (its `fk-top-bar__logo--animating` class) ' +
          'that tells the user the next page is on its way; it stops when the page comes back from the ' +
          'back/forward cache, and never plays with reduced motion.\n\n' +
          '**Do** put it at the top of `PageLayout`, which keeps it in view while the page scrolls. ' +
          "**Don't** put page actions in it: they belong to the page header.",
      },
    },
  },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed out: logo, search and "Sign in". */
export const Default: Story = {
  play: async ({ canvas }) => {
    const banner = await canvas.findByRole('banner');
    await expect(within(banner).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await expect(within(banner).getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    await expect(within(banner).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '#sign-in');
  },
};

export const Playground: Story = {};

/** Signed in, with extra links: the end slot holds the user's menu (here a stand-in avatar button). */
export const SignedInWithLinks: Story = {
  args: {
    links: (
      <>
        <a href="#projects">Projects</a>
        <a href="#groups">Groups</a>
      </>
    ),
    searchDefaultValue: 'pipeline',
    user: (
      <button type="button" aria-label="Ada Lovelace user’s menu" style={{ all: 'unset', cursor: 'pointer' }}>
        <Avatar entityName="Ada Lovelace" entityId={1} size={24} alt="" />
      </button>
    ),
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Projects' })).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Sign in' })).toBeNull();
    await expect(canvas.getByRole('searchbox', { name: 'Search' })).toHaveValue('pipeline');
  },
};

/** Without search (a page with no searchable context, like the sign-in page). */
export const WithoutSearch: Story = {
  args: { searchUrl: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('search')).toBeNull();
  },
};

/** The logo's unload animation, forced on (the screenshot freezes it on its first frame). */
export const LogoAnimating: Story = {
  args: { isLogoAnimating: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Homepage' })).toHaveClass(TOP_BAR_LOGO_ANIMATING_CLASS);
  },
};

/** On a phone-sized screen the search box shrinks to fit. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
};
