import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, spyOn, userEvent, waitFor } from 'storybook/test';
import { Avatar, type AvatarSize } from '../src/components/Avatar';
import { AVATAR_SIZES, BREAKPOINTS, IDENTICON_COLOR_COUNT } from '../src/tokens';

const row = { display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'end' } as const;

/** A 96×96 picture as a data: URI, so the stories need no network. */
export const SAMPLE_AVATAR_SRC = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    '<rect width="96" height="96" fill="#1f75cb"/><circle cx="48" cy="38" r="18" fill="#e9f3fc"/>' +
    '<path d="M16 96c4-22 17-32 32-32s28 10 32 32z" fill="#e9f3fc"/></svg>',
)}`;

const meta = {
  title: 'Components/Avatar',
  component: Avatar,
  excludeStories: ['SAMPLE_AVATAR_SRC'],
  args: { entityId: 2, entityName: 'Grace Hopper', size: 64, shape: 'circle', fallbackOnError: false },
  argTypes: {
    entityId: { control: 'number' },
    entityName: { control: 'text' },
    src: { control: 'text' },
    alt: { control: 'text' },
    size: { control: 'select', options: AVATAR_SIZES },
    shape: { control: 'radio', options: ['circle', 'rect'] },
    fallbackOnError: { control: 'boolean' },
  },
  parameters: {
    docs: {
      description: {
        component:
          'The picture of a user, group or project ("Avatar"). **Use** `shape="circle"` (default) ' +
          'for people and `shape="rect"` for groups and projects. Sizes are **96, 64, 48, 32, 24 and 16 px** ' +
          '(default 64), or an object per breakpoint such as `size={{ default: 24, md: 32, lg: 48 }}` (min-width ' +
          'breakpoints sm 576, md 768, lg 992, xl 1200).\n\n' +
          'Without `src`, or when the image fails and `fallbackOnError` is on, an **identicon** shows the first ' +
          'character of `entityName` (upper-cased; a leading emoji stays whole) on one of 7 colours: `entityId % 7 + 1`. ' +
          'Without `fallbackOnError` a failed image stays a broken image, as in the product.\n\n' +
          '**Screen readers:** the image is named by `alt` (default `"avatar"`). The identicon is an ' +
          "image named by `alt` when given, else by `entityName`. **Do** pass the person's name as `alt` when the " +
          'avatar stands alone. **Do** pass `alt=""` when the name is written next to it (it is then decorative). ' +
          "**Don't** make an avatar clickable by itself: use `AvatarLink`. Not focusable; no keyboard behaviour.\n\n" +
          "**Don't** pass other sizes: an avatar size must be an allowed size, otherwise a " +
          'console error is logged and the nearest allowed size is rendered.',
      },
    },
  },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An identicon at the default size 64, circle. */
export const Default: Story = { args: { entityId: 0, entityName: 'Ada Lovelace' } };

export const Playground: Story = { args: { src: SAMPLE_AVATAR_SRC, alt: 'Grace Hopper' } };

/** Every allowed size, largest first: 96, 64, 48, 32, 24, 16. */
export const Sizes: Story = {
  render: (args) => (
    <div style={row}>
      {AVATAR_SIZES.map((size) => (
        <Avatar key={size} {...args} size={size} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const avatars = await canvas.findAllByRole('img', { name: 'Grace Hopper' });
    await expect(avatars.map((avatar) => Number(avatar.dataset.size))).toEqual([96, 64, 48, 32, 24, 16]);
  },
};

/**
 * `size={{ default: 24, md: 32, lg: 48 }}`: 24 px below 768 px, 32 px from 768 px, 48 px from 992 px
 * (the screenshots, at 1024 px wide, show 48). Resize the window to watch it change.
 */
export const ResponsiveSize: Story = {
  args: { size: { default: 24, md: 32, lg: 48 } },
  argTypes: { size: { control: 'object' } },
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Avatar {...args} />
      <span>
        24 px from 0, 32 px from {BREAKPOINTS.md} px, 48 px from {BREAKPOINTS.lg} px wide
      </span>
    </div>
  ),
  play: async ({ canvas }) => {
    const avatar = await canvas.findByRole('img', { name: 'Grace Hopper' });
    await expect(avatar).toHaveAttribute('data-size-md', '32');
    await expect(avatar).toHaveAttribute('data-size-lg', '48');
  },
};

/** `circle` (default) for people, `rect` for groups and projects. */
export const Shapes: Story = {
  render: (args) => (
    <div style={row}>
      <Avatar {...args} entityName="Grace Hopper" shape="circle" />
      <Avatar {...args} entityId={5} entityName="Compilers group" shape="rect" />
      <Avatar {...args} src={SAMPLE_AVATAR_SRC} alt="Grace Hopper" shape="circle" />
      <Avatar {...args} src={SAMPLE_AVATAR_SRC} alt="Compilers group" shape="rect" />
    </div>
  ),
};

const NAMES = ['Ada', 'Brendan', 'Carol', 'Dennis', 'Edsger', 'Frances', 'Grace'];

/** The 7 identicon colours: entityId 0 to 6 give colours 1 to 7 (`entityId % 7 + 1`). */
export const IdenticonColors: Story = {
  render: (args) => (
    <div style={row}>
      {Array.from({ length: IDENTICON_COLOR_COUNT }, (_, id) => (
        <Avatar key={id} {...args} size={48} entityId={id} entityName={NAMES[id]} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const avatars = await canvas.findAllByRole('img');
    await expect(avatars.map((avatar) => avatar.dataset.identicon)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  },
};

/** A leading emoji, even a ZWJ sequence such as 👩‍💻, is the initial as a whole. */
export const EmojiInitial: Story = {
  args: { entityId: 3, entityName: '👩‍💻 Dev team', shape: 'rect' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('img', { name: '👩‍💻 Dev team' })).toHaveTextContent('👩‍💻');
  },
};

/** With `src` the picture shows, named by `alt`. */
export const WithImage: Story = {
  args: { src: SAMPLE_AVATAR_SRC, alt: 'Grace Hopper' },
  play: async ({ canvas }) => {
    const img = await canvas.findByRole<HTMLImageElement>('img', { name: 'Grace Hopper' });
    await waitFor(() => expect(img.naturalWidth).toBe(96));
  },
};

/**
 * `fallbackOnError`: the image at `/does-not-exist.png` fails to load and the identicon takes its
 * place. Without `fallbackOnError` the broken image would stay (the product's behaviour).
 */
export const FallbackOnError: Story = {
  args: { src: '/does-not-exist.png', fallbackOnError: true, entityId: 4, entityName: 'grace hopper' },
  play: async ({ canvas }) => {
    const identicon = await canvas.findByText('G');
    await expect(identicon).toHaveAttribute('data-component', 'Avatar.Identicon');
    await expect(identicon).toHaveAttribute('data-identicon', '5');
    await expect(canvas.getByRole('img', { name: 'grace hopper' })).toBe(identicon);
  },
};

function InvalidSizeDemo(args: Parameters<typeof Avatar>[0]) {
  const [shown, setShown] = useState(false);
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      <button type="button" aria-pressed={shown} onClick={() => setShown(!shown)}>
        Render size={'{30}'}
      </button>
      {shown && <Avatar {...args} size={30 as AvatarSize} />}
    </div>
  );
}

/**
 * An invalid size logs a console error naming the allowed sizes and renders the nearest allowed size:
 * `size={30}` renders 32 (a tie takes the larger size; a non-number takes the default 64). Press the
 * toggle button: the story's check reads the error (kept out of the console here, so a test run
 * prints nothing it expected). The avatar appears on press so that the page itself renders and
 * hydrates without an error.
 */
export const InvalidSize: Story = {
  render: (args) => <InvalidSizeDemo {...args} />,
  beforeEach: () => {
    const passOn = console.error;
    const spy = spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).startsWith('[forgekit] Avatar:')) passOn(...args);
    });
    return () => spy.mockRestore();
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Render size={30}' }));
    const avatar = await canvas.findByRole('img', { name: 'Grace Hopper' });
    await expect(avatar).toHaveAttribute('data-size', '32');
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(
        '[forgekit] Avatar: size=30 is not allowed, rendered as 32. Allowed sizes: 96, 64, 48, 32, 24, 16.',
      ),
    );
  },
};
