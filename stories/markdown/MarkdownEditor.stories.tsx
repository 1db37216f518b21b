import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { renderMarkdown } from '../../src/markdown/render/renderMarkdown';
import {
  MARKDOWN_PREVIEW_EMPTY_TEXT,
  MARKDOWN_PREVIEW_ERROR_TEXT,
  MARKDOWN_PREVIEW_LOADING_TEXT,
  MarkdownEditor,
  REFERENCED_USERS_THRESHOLD,
  type MarkdownPreviewAdapter,
} from '../../src/markdown/MarkdownEditor';

const frame = { maxWidth: 720 } as const;

const COMMENT = [
  'Thanks for the review! I have **addressed** the comments:',
  '',
  '- Renamed `fetchPipelines` to `loadPipelines`',
  '- Added a test for the _empty_ state',
  '',
  'Still to do:',
  '',
  '- [ ] Update the changelog',
  '',
  '> Should we backport this to 16.11?',
].join('\n');

/** The preview as the product's server answers it, rendered here by `renderMarkdown`. */
const renderedPreview =
  (references?: { users?: string[]; commands?: string }): MarkdownPreviewAdapter =>
  async (text) => ({ body: await renderMarkdown(text), references });

const TEAM = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'mallory', 'niaj'];
const TEAM_MENTION = `Heads up ${TEAM.map((name) => `@${name}`).join(' ')}: the release branch is cut.`;
const COMMANDS_HTML = '<p>Assigns @alice. Adds the <strong>release</strong> label. Sets the due date to Friday.</p>';

const meta = {
  title: 'Markdown/MarkdownEditor',
  component: MarkdownEditor,
  args: {
    label: 'Comment',
    placeholder: 'Write a comment or use Markdown…',
    previewMarkdown: renderedPreview(),
    onChange: fn(),
    onModeChange: fn(),
  },
  argTypes: {
    mode: { control: 'inline-radio', options: ['write', 'preview'] },
    previewMarkdown: { control: false },
    renderOptions: { control: false },
    textareaProps: { control: false },
  },
  render: (args) => (
    <div style={frame}>
      <MarkdownEditor {...args} />
    </div>
  ),
  parameters: {
    docs: {
      description: {
        component:
          "A Markdown text field with a formatting toolbar and a server-rendered preview (GitLab's " +
          '`markdown_field`). Use it wherever people write Markdown: comments, descriptions, wiki pages. For a ' +
          'one-line title use a `TextField`.\n\n' +
          '**Write and preview** (spec section 2): the toggle reads **Preview** in write mode and **Continue ' +
          'editing** in preview mode. Opening the preview hides the write area (the textarea stays in the page, so ' +
          "its undo history survives) and gives the preview the textarea's height; returning restores the " +
          "textarea's earlier height and puts focus back in it.\n\n" +
          '**Preview states** (spec sections 4, 5, 8): idle, **Loading...**, rendered; blank or whitespace-only ' +
          "text shows **Nothing to preview** without asking the server. The last text and the server's answer are " +
          'cached, so previewing the same text again sends nothing. The adapter `previewMarkdown(text)` returns ' +
          '`{ body, references: { users, commands } }`; the default POSTs `{ text }` to `previewUrl`. When ' +
          `${REFERENCED_USERS_THRESHOLD} or more users are referenced a note warns that they will all be notified; ` +
          'referenced commands (quick actions, HTML) show when non-empty. A failure shows the danger alert ' +
          '**An error occurred while fetching Markdown preview.** The body and commands are sanitised by `<Markdown>`; ' +
          'the body also runs the enhancer pipeline with `renderOptions`.\n\n' +
          '**Toolbar**: bold `**text**`, italic `_text_`, strikethrough `~~text~~`, quote `> ` per line, code ' +
          '(`` `text` ``, or a fenced block for several lines), link `[text](url)` with `url` selected, bulleted, ' +
          'numbered and task lists per line, and a 2-column table. Applied again to formatted text, wrapping and ' +
          'list commands remove the formatting. Edits go through the browser (`execCommand`), so **Ctrl+Z** undoes ' +
          'them.\n\n' +
          '**Keyboard**: Tab reaches the toggle, then the toolbar (one stop; **←/→** move between tools, **Home/End** ' +
          'jump to the ends), then the textarea. In the textarea: **Mod+B** bold, **Mod+I** italic, ' +
          '**Mod+Shift+X** strikethrough, **Mod+K** link, where Mod is ⌘ on Apple platforms and Ctrl elsewhere; ' +
          '**Ctrl+Enter** or **⌘+Enter** quick-submits (`onSubmit`, spec section 5). Each tool is named for screen ' +
          'readers ("Add bold text") and its tooltip and `aria-keyshortcuts` give the shortcut.\n\n' +
          "**Do** give it a label (hide it visually with `isLabelHidden` when the page already titles it). **Don't** " +
          'pass `onSubmit` when the editor sits in a `<Form quickSubmit>`: the form already submits on Ctrl+Enter.',
      },
    },
  },
} satisfies Meta<typeof MarkdownEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Write mode, empty, with the placeholder. */
export const Default: Story = {};

/** Every prop as a control. */
export const Playground: Story = {
  args: { defaultValue: COMMENT, disabled: false, isLabelHidden: false },
};

/** Write mode with text: the textarea keeps its Markdown as typed. */
export const WriteWithText: Story = {
  args: { defaultValue: COMMENT },
};

/**
 * Preview loading: the adapter has not answered yet, so the preview says 'Loading...' (spec
 * section 4) and is `aria-busy`.
 */
export const PreviewLoading: Story = {
  args: { defaultValue: COMMENT, previewMarkdown: () => new Promise(() => {}) },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Preview' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(MARKDOWN_PREVIEW_LOADING_TEXT);
    await expect(canvas.getByRole('button', { name: 'Continue editing' })).toBeVisible();
  },
};

/**
 * Preview rendered, with the referenced commands and the note shown when 10 or more users are
 * referenced (spec sections 5 and 9).
 */
export const PreviewRendered: Story = {
  args: {
    defaultValue: `${COMMENT}\n\n${TEAM_MENTION}\n\n/assign @alice`,
    previewMarkdown: renderedPreview({ users: TEAM, commands: COMMANDS_HTML }),
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Preview' }));
    // The preview's <Markdown> (the sanitiser) loads on demand (seconds on a cold, busy dev server):
    // its text stands in until then.
    await expect(await canvas.findByText('addressed', {}, { timeout: 10_000 })).toBeVisible();
    await waitFor(
      () => expect(canvas.getByText('addressed').closest('[data-state]')).toHaveAttribute('data-state', 'rendered'),
      { timeout: 10_000 },
    );
    const note = canvas.getByText(/You are about to add/);
    await expect(note).toBeVisible();
    await expect(note).toHaveTextContent(
      `You are about to add ${TEAM.length} people to the discussion. They will all receive a notification.`,
    );
    await expect(canvas.getByText(/Adds the/)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Comment', hidden: true })).not.toBeVisible();
  },
};

/** Blank or whitespace-only text: 'Nothing to preview', and the server is not asked. */
export const NothingToPreview: Story = {
  args: { defaultValue: '   \n  ', previewMarkdown: fn(renderedPreview({ users: TEAM })) },
  play: async ({ canvas, args }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Preview' }));
    await expect(await canvas.findByText(MARKDOWN_PREVIEW_EMPTY_TEXT)).toBeVisible();
    await expect(canvas.queryByText(/You are about to add/)).toBeNull();
    await expect(args.previewMarkdown).not.toHaveBeenCalled();
  },
};

/** The server failed: the danger alert 'An error occurred while fetching Markdown preview.' (spec section 8). */
export const PreviewError: Story = {
  args: {
    defaultValue: COMMENT,
    previewMarkdown: () => Promise.reject(new Error('Request failed with status code 500')),
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Preview' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(MARKDOWN_PREVIEW_ERROR_TEXT);
  },
};

/**
 * The toolbar in use: the word "addressed" is selected and the Bold tool wraps it in `**`,
 * keeping it selected, with focus back in the textarea.
 */
export const ToolbarInUse: Story = {
  args: { defaultValue: 'Thanks for the review! I have addressed the comments.' },
  play: async ({ canvas }) => {
    const textarea = (await canvas.findByRole('textbox', { name: 'Comment' })) as HTMLTextAreaElement;
    const start = textarea.value.indexOf('addressed');
    textarea.focus();
    textarea.setSelectionRange(start, start + 'addressed'.length);
    const bold = canvas.getByRole('button', { name: 'Add bold text' });
    await userEvent.click(bold);
    // Move the pointer away so no hover tooltip is pending for the screenshot.
    await userEvent.unhover(bold);
    await expect(textarea).toHaveValue('Thanks for the review! I have **addressed** the comments.');
    await expect(textarea).toHaveFocus();
    await expect(textarea.value.slice(textarea.selectionStart, textarea.selectionEnd)).toBe('addressed');
  },
};

/** Disabled: the textarea, the toggle and every tool. */
export const Disabled: Story = {
  args: { defaultValue: COMMENT, disabled: true },
};

function QuickSubmitDemo(args: Story['args']) {
  const [submitted, setSubmitted] = useState<string | null>(null);
  return (
    <div style={{ ...frame, display: 'grid', gap: 12 }}>
      <MarkdownEditor label="Comment" {...args} onSubmit={(text) => setSubmitted(text)} />
      <p role="status" style={{ margin: 0 }}>
        {submitted === null ? 'Not submitted yet.' : `Submitted: ${submitted}`}
      </p>
    </div>
  );
}

/** Quick submit (spec section 5): Ctrl+Enter (⌘+Enter on Apple keyboards) in the textarea calls `onSubmit`. */
export const QuickSubmit: Story = {
  args: { defaultValue: 'Looks good to me.' },
  render: (args) => <QuickSubmitDemo {...args} />,
  play: async ({ canvas }) => {
    const textarea = await canvas.findByRole('textbox', { name: 'Comment' });
    await userEvent.click(textarea);
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Submitted: Looks good to me.'));
  },
};
