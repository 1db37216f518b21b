import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { BlobViewer } from '../src/components/BlobViewer';
import { highlightCodeLines, Markdown, renderMarkdown } from '../src/markdown';
import { SAMPLE_AVATAR_SRC } from './Avatar.stories';
import { REPOSITORY_NOW, SOURCE_BLAME, SOURCE_FILE } from './support/repository';

const README = `# forgekit

A design system for code-hosting products.

- Tokens, hooks and components
- GitLab-flavoured Markdown
`;

/** A small picture as a data URL, so the story needs no server. */
const IMAGE_SRC =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="16" fill="#6b4fbb"/><circle cx="48" cy="48" r="24" fill="#fff"/></svg>',
  );

const FILE_LINKS = {
  blameHref: '/forge/forgekit/-/blame/main/src/utils/size.ts',
  historyHref: '/forge/forgekit/-/commits/main/src/utils/size.ts',
  rawHref: '/forge/forgekit/-/raw/main/src/utils/size.ts',
  downloadHref: '/forge/forgekit/-/raw/main/src/utils/size.ts?inline=false',
};

/** Waits until the code has been highlighted (highlight.js loads on demand). */
async function highlighted(canvasElement: HTMLElement) {
  await waitFor(() =>
    expect(canvasElement.querySelector('[data-component="BlobViewer.Code"]')).toHaveAttribute(
      'data-highlighted',
      'yes',
    ),
  );
}

const meta = {
  title: 'Components/BlobViewer',
  component: BlobViewer,
  args: {
    fileName: 'size.ts',
    path: 'src/utils/size.ts',
    size: SOURCE_FILE.length,
    content: SOURCE_FILE,
    highlighter: highlightCodeLines,
    ...FILE_LINKS,
  },
  argTypes: { highlighter: { control: false }, blame: { control: false } },
  // Each story starts without a line hash (a play function's clicks write one into the URL).
  // Nothing to reset where there is no window (the server-render tests run stories in Node).
  beforeEach: () => {
    if (typeof window === 'undefined') return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  },
  parameters: {
    docs: {
      description: {
        component:
          "One file of a repository (GitLab's blob view): a header with the file name, a copy-path button, the size " +
          'and one group of Blame / History / Open raw / Download links (`actions` adds more after it), then the file.\n\n' +
          '- **Code** (`mode="code"`): numbered lines. Pass `highlighter={highlightCodeLines}` from `forgekit/markdown` ' +
          'to colour the code: highlight.js and the language load only in the browser, after the page has hydrated; ' +
          'the server sends plain text. The language comes from `language` or the file extension.\n' +
          '- **Line links:** every line number links to `#L12`. Clicking selects that line, Shift-clicking another ' +
          'selects the range (`#L12-20`); the URL follows without the page jumping, and a shared link opens with its ' +
          'lines selected and in view.\n' +
          '- **Blame** (`mode="blame"`, `blame` in the shape of GitLab\'s blame API): the commit that last changed ' +
          'each group of lines beside it, with author and time.\n' +
          '- **Markdown** (`mode="markdown"`): pass the rendered `<Markdown>` as children. **Image**: the picture. ' +
          '**binary** / **too-large**: a message with a download link.\n\n' +
          '**Keyboard and screen readers:** the header links and the copy button are in tab order; each line number ' +
          'is a link named by its number. Copying code never copies the line numbers or blame cells.',
      },
    },
  },
} satisfies Meta<typeof BlobViewer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A TypeScript file, highlighted once highlight.js has loaded. */
export const Default: Story = {
  play: async ({ canvasElement }) => highlighted(canvasElement),
};

export const Playground: Story = {};

/** Click a line number, Shift-click another: the range is selected and written to the URL. */
export const SelectedLines: Story = {
  play: async ({ canvas, canvasElement }) => {
    await highlighted(canvasElement);
    // One session, so the held Shift applies to the second click.
    const user = userEvent.setup();
    await user.click(await canvas.findByRole('link', { name: '3' }));
    await user.keyboard('{Shift>}');
    await user.click(canvas.getByRole('link', { name: '6' }));
    await user.keyboard('{/Shift}');
    await expect(window.location.hash).toBe('#L3-6');
    await expect(canvasElement.querySelectorAll('tr[data-selected]')).toHaveLength(4);
  },
};

/** Before highlighting (the server's render, or without a highlighter). */
export const Plain: Story = { args: { highlighter: undefined } };

/**
 * Blame with author avatars: Ada Lovelace has one (a local picture, as GitLab's
 * `GET /avatar?email=` would answer); Grace Hopper has none and shows her initial.
 */
const BLAME_WITH_AVATARS = SOURCE_BLAME.map((range) =>
  range.commit.authorName === 'Ada Lovelace'
    ? { ...range, commit: { ...range.commit, authorAvatarUrl: SAMPLE_AVATAR_SRC } }
    : range,
);

/** Who last changed which lines: each commit's author avatar, title, author and time. */
export const Blame: Story = {
  args: { mode: 'blame', blame: BLAME_WITH_AVATARS, now: REPOSITORY_NOW, blameHref: '#blame' },
  play: async ({ canvas, canvasElement }) => {
    await highlighted(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'One decimal place' })).toBeVisible();
    const cells = canvasElement.querySelectorAll('[data-component="BlobViewer.Blame"]');
    // Decorative (the name is beside it), so found by its source rather than a role.
    await expect(cells[0]!.querySelector('img')).toHaveAttribute('src', SAMPLE_AVATAR_SRC);
    await expect(cells[1]!.querySelector('[data-component="Avatar.Identicon"]')).toHaveTextContent('G');
  },
};

/** A README, rendered through the Markdown component. */
export const RenderedMarkdown: Story = {
  args: { mode: 'markdown', fileName: 'README.md', path: 'README.md', size: README.length },
  loaders: [async () => ({ html: await renderMarkdown(README) })],
  render: (args, { loaded }) => (
    <BlobViewer {...args}>
      <Markdown html={loaded.html as string} />
    </BlobViewer>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'forgekit' })).toBeVisible();
  },
};

/** An image file. */
export const Image: Story = {
  args: { mode: 'image', fileName: 'logo.svg', path: 'img/logo.svg', size: 180, imageSrc: IMAGE_SRC },
};

/** A binary file cannot be shown: download it instead. */
export const Binary: Story = {
  args: { mode: 'binary', fileName: 'app.wasm', path: 'dist/app.wasm', size: 2_400_000 },
};

/** A file too large to show. */
export const TooLarge: Story = {
  args: { mode: 'too-large', fileName: 'data.json', path: 'fixtures/data.json', size: 12_000_000 },
};

/** An empty file. */
export const EmptyFile: Story = { args: { content: '', fileName: '.gitkeep', path: 'logs/.gitkeep', size: 0 } };
