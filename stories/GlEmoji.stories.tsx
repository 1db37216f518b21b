import type { Meta, StoryObj } from '@storybook/react-vite';
import { createElement } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import {
  EMOJI_VERSION,
  FALLBACK_EMOJI_NAME,
  GL_EMOJI_IMAGE_CLASS,
  type CustomEmojiFetcher,
  type InitEmojiMapOptions,
} from '../src/emoji';
import { escapeHtml } from '../src/utils/sanitize';
import { emojiStoreLoader, STORY_EMOJI_OPTIONS } from './support/emojiStore';

/** A group's custom emoji: a small inline SVG (no network). */
const CUSTOM_EMOJI_NAME = 'party_tanuki';
const CUSTOM_EMOJI_URL = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    '<path fill="#e24329" d="M16 29 3 19 6 4l4 11h12l4-11 3 15z"/>' +
    '<path fill="#fc6d26" d="M16 29 10 15H3zm0 0 6-14h7z"/><path fill="#fca326" d="m3 19 7-4H3zm26 0-7-4h7z"/></svg>',
)}`;

/** The emoji this "platform" cannot draw (Unicode 17.0, the newest in the data). */
const UNDRAWABLE_EMOJI_NAME = 'trombone';
const UNDRAWABLE_EMOJI_UNICODE = '\u{1FA8A}';
/**
 * Its server-provided image (`data-fallback-src`): an inline PNG, no network. (Only http, https,
 * relative or raster `data:` URLs load: user content can set this attribute.)
 */
const FALLBACK_IMAGE_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAeElEQVR42mNgGAUDBB7s8Po/ch0AsnzAHACzfEAcgGw53R2AbjlBB5ycpfefVEyK5XRzAC7L6eIAfJbTPA0QshzDAeT4GBcmxvJRB4w6YPA5gN5ZcPCVAwPhiAGrBeleHQ+4A8hqDwy7FtGgaBMOilbxaMdkFKADAEtbWqD9ZBIVAAAAAElFTkSuQmCC';

const fetchCustomEmoji: CustomEmojiFetcher = async () => ({
  group: {
    id: 'gid://gitlab/Group/9970',
    customEmoji: {
      pageInfo: { hasNextPage: false, endCursor: null },
      nodes: [{ id: 'gid://gitlab/CustomEmoji/1', name: CUSTOM_EMOJI_NAME, url: CUSTOM_EMOJI_URL }],
    },
  },
});

/**
 * One emoji map for every story of this file (they share the page, and the docs page renders them
 * together): the real data, a group with one custom emoji, and a platform that cannot draw one
 * emoji.
 */
const EMOJI_OPTIONS: InitEmojiMapOptions = {
  ...STORY_EMOJI_OPTIONS,
  groupPath: 'gitlab-org',
  fetchCustomEmoji,
  isEmojiSupported: (unicode) => unicode !== UNDRAWABLE_EMOJI_UNICODE,
};

interface GlEmojiProps {
  /** `data-name`: the emoji's name or an alias. */
  name: string;
  /** `data-fallback-src`: the image to show when the platform cannot draw the emoji. */
  fallbackSrc?: string;
  /** `data-unicode-version`, as the server writes it. */
  unicodeVersion?: string;
  /** What the server put inside the element (text), shown until the element runs. */
  serverText?: string;
}

/**
 * `<gl-emoji>` as a page writes it. The element fills itself in, so React must not own its
 * children: the server's text is set once as markup (never compared on hydration).
 */
function GlEmoji({ name, fallbackSrc, unicodeVersion, serverText = '' }: GlEmojiProps) {
  return createElement('gl-emoji', {
    'data-name': name,
    'data-fallback-src': fallbackSrc,
    'data-unicode-version': unicodeVersion,
    dangerouslySetInnerHTML: { __html: escapeHtml(serverText) },
    suppressHydrationWarning: true,
  });
}

/** Source markup of a story, shown under the emoji. */
function markup({ name, fallbackSrc, unicodeVersion, serverText }: GlEmojiProps): string {
  const attributes = [
    `data-name="${name}"`,
    unicodeVersion ? `data-unicode-version="${unicodeVersion}"` : '',
    fallbackSrc
      ? `data-fallback-src="${fallbackSrc.startsWith('data:') ? 'data:image/png;base64,…' : fallbackSrc}"`
      : '',
  ].filter(Boolean);
  // Characters outside ASCII as the character references a template would write.
  const text = [...(serverText ?? '')]
    .map((c) => (c.codePointAt(0)! > 0x7e ? `&#x${c.codePointAt(0)!.toString(16).toUpperCase()};` : c))
    .join('');
  return `<gl-emoji ${attributes.join(' ')}>${text}</gl-emoji>`;
}

const emojiIn = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('gl-emoji')!;

const meta = {
  title: 'Emoji/gl-emoji',
  component: GlEmoji,
  args: { name: 'thumbsup' },
  loaders: [emojiStoreLoader],
  render: (args) => (
    <figure style={{ margin: 0, display: 'grid', gap: 'var(--fk-space-3)', justifyItems: 'start' }}>
      <p style={{ margin: 0, fontSize: 'var(--fk-font-size-xl)' }}>
        Looks good to me <GlEmoji {...args} />
      </p>
      <figcaption>
        <code style={{ fontFamily: 'var(--fk-font-family-mono)' }}>{markup(args)}</code>
      </figcaption>
    </figure>
  ),
  parameters: {
    emojiStore: EMOJI_OPTIONS,
    docs: {
      description: {
        component:
          'The `<gl-emoji>` custom element (`forgekit/emoji`): Markdown, server-rendered pages and components such ' +
          'as `AwardEmojiBar` write `<gl-emoji data-name="thumbsup"></gl-emoji>` and the element fills itself in ' +
          'once the emoji map is loaded. Call `defineGlEmoji(options)` once per page; the first element to connect ' +
          'calls `initEmojiMap(options)` (loaded once, shared).\n\n' +
          '**What it does:** resolves aliases (`+1` becomes `thumbsup`, also in `data-name`); writes the unicode ' +
          "text, the description as `title` and `data-unicode-version`; shows a group's **custom emoji** as an " +
          '`<img>` with alt text `:name:`; shows `' +
          FALLBACK_EMOJI_NAME +
          '` for an **unknown name**, unless the server already put something inside; and when ' +
          'the platform **cannot draw** an emoji (a canvas test per Unicode version) shows an image instead: ' +
          '`data-fallback-src`, else `{relativeRoot}/-/emojis/' +
          EMOJI_VERSION +
          '/{name}.png`. Images get the class `' +
          GL_EMOJI_IMAGE_CLASS +
          '`.\n\n' +
          '**Attributes:** `data-name` (required: a name or alias; changing it redraws), `data-fallback-src` ' +
          '(image URL for platforms that cannot draw the emoji, or for a custom emoji of a group not on the page, ' +
          'together with `data-unicode-version="custom"`), `data-unicode-version` (written by the element).\n\n' +
          '**Sanitiser:** in rendered content (`sanitizeHtml`, default profile) `gl-emoji` is one of the extra ' +
          'allowed tags and keeps its data attributes; the strict `inline` profile drops data ' +
          'attributes, so do not rely on `<gl-emoji>` there. The element itself only ever writes text or an ' +
          '`<img>` it creates (URL from the map or `data-fallback-src`, alt and title `:name:`), never markup from ' +
          'its attributes.\n\n' +
          '**In React:** render it without React children (`dangerouslySetInnerHTML` for server text, plus ' +
          '`suppressHydrationWarning`): the element replaces its content, and React must neither compare nor ' +
          'update it.\n\n' +
          "**Screen readers** read the emoji character (or the image's alt text). Where the emoji is the only " +
          'content of a control, give the control its own name and hide the element (`aria-hidden="true"`).\n\n' +
          'These stories load the real emoji data (no network), a group with one custom emoji (`' +
          CUSTOM_EMOJI_NAME +
          '`) and a platform that cannot draw `' +
          UNDRAWABLE_EMOJI_NAME +
          '`.',
      },
    },
  },
} satisfies Meta<typeof GlEmoji>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A standard emoji: the unicode text, its description as title, its unicode version. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const emoji = emojiIn(canvasElement);
    await waitFor(() => expect(emoji).toHaveTextContent('👍'));
    await expect(emoji).toHaveAttribute('title', 'thumbs up');
    await expect(emoji).toHaveAttribute('data-unicode-version', '6.0');
    await expect(emoji.querySelector('img')).toBeNull();
  },
};

/** Any name or alias; change `name` to redraw. */
export const Playground: Story = { args: { name: 'tada' } };

/** An alias (`+1`) resolves to its emoji (`thumbsup`), `data-name` included. */
export const Alias: Story = {
  args: { name: '+1' },
  play: async ({ canvasElement }) => {
    const emoji = emojiIn(canvasElement);
    await waitFor(() => expect(emoji).toHaveAttribute('data-name', 'thumbsup'));
    await expect(emoji).toHaveTextContent('👍');
    await expect(emoji).toHaveAttribute('title', 'thumbs up');
  },
};

/** A custom emoji of the page's group (`groupPath`): an image with alt text `:name:`. */
export const CustomEmoji: Story = {
  args: { name: CUSTOM_EMOJI_NAME },
  play: async ({ canvasElement }) => {
    const image = await within(canvasElement).findByRole<HTMLImageElement>('img', { name: `:${CUSTOM_EMOJI_NAME}:` });
    await expect(image).toHaveAttribute('src', CUSTOM_EMOJI_URL);
    await expect(image).toHaveClass(GL_EMOJI_IMAGE_CLASS);
    await expect(emojiIn(canvasElement)).toHaveAttribute('data-unicode-version', 'custom');
    await image.decode();
  },
};

/** An unknown name shows the fallback emoji, `grey_question`. */
export const UnknownName: Story = {
  args: { name: 'no_such_emoji' },
  play: async ({ canvasElement }) => {
    const emoji = emojiIn(canvasElement);
    await waitFor(() => expect(emoji).toHaveAttribute('data-name', FALLBACK_EMOJI_NAME));
    await expect(emoji).toHaveTextContent('❔');
    await expect(emoji).toHaveAttribute('title', 'white question mark');
  },
};

/**
 * The platform cannot draw the emoji (here: the support test says no for `trombone`), so the
 * element shows the image from `data-fallback-src` instead of the unicode text the server wrote.
 */
export const FallbackImage: Story = {
  args: {
    name: UNDRAWABLE_EMOJI_NAME,
    unicodeVersion: '17.0',
    fallbackSrc: FALLBACK_IMAGE_URL,
    serverText: UNDRAWABLE_EMOJI_UNICODE,
  },
  play: async ({ canvasElement }) => {
    const image = await within(canvasElement).findByRole<HTMLImageElement>('img', {
      name: `:${UNDRAWABLE_EMOJI_NAME}:`,
    });
    await expect(image).toHaveAttribute('src', FALLBACK_IMAGE_URL);
    const emoji = emojiIn(canvasElement);
    await expect(emoji).toHaveAttribute('title', 'trombone');
    await expect(emoji).not.toHaveTextContent(UNDRAWABLE_EMOJI_UNICODE);
    await image.decode();
  },
};
