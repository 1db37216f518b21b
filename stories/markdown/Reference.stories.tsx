import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Markdown, renderMarkdown } from '../../src/markdown';
import { REFERENCE_DOCUMENT, REFERENCE_SECTIONS, STORY_SANDBOX_URL, storyContext } from './referenceDocument';

const meta = {
  title: 'Markdown/Reference',
  component: Markdown,
  args: { html: '' },
  loaders: [async () => ({ html: await renderMarkdown(REFERENCE_DOCUMENT, storyContext) })],
  render: (args, { loaded }) => (
    <Markdown
      {...args}
      html={(loaded.html as string | undefined) ?? args.html}
      options={{ mermaid: { sandboxUrl: STORY_SANDBOX_URL } }}
    />
  ),
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component: [
          'Every feature of GitLab-flavoured Markdown as this package renders it: `renderMarkdown(text, context)` turns',
          'the text into sanitised HTML (references resolved in one batch, emoji, math, diagrams and JSON tables marked',
          'for the browser), and `<Markdown html>` sanitises again and runs the post-processing pipeline',
          '(`renderGfm`): syntax highlighting and copy buttons, KaTeX, Mermaid in a sandboxed iframe, JSON tables, task',
          'list labels, mention and reference popovers, lazy images. KaTeX, Mermaid and highlight.js load only when a',
          "block needs them. GitLab's additions are there too: tables of contents, alerts, multi-line quotes, inline",
          'diffs, colour chips, labels in their colours and inapplicable tasks. The sections below are the same page in',
          'parts, each with its visual baseline.',
        ].join(' '),
      },
    },
  },
} satisfies Meta<typeof Markdown>;

export default meta;
type Story = StoryObj<typeof meta>;

const section = (markdown: string) => [async () => ({ html: await renderMarkdown(markdown, storyContext) })];

/** Resolves once every enhancer present in the canvas has finished, so screenshots show the final page. */
async function enhanced(canvasElement: HTMLElement) {
  await waitFor(
    () => {
      for (const code of canvasElement.querySelectorAll(
        'pre.js-syntax-highlight:not([data-canonical-lang="plaintext"]) code',
      ))
        expect(code).toHaveAttribute('data-highlighted', 'yes');
      for (const math of canvasElement.querySelectorAll('[data-component="Math"]'))
        expect(math).toHaveAttribute('data-state', 'rendered');
      expect(canvasElement.querySelectorAll('code.js-render-math:not([data-component] *)')).toHaveLength(0);
      for (const diagram of canvasElement.querySelectorAll('.fk-mermaid'))
        expect(diagram).toHaveAttribute('data-state', 'rendered');
    },
    { timeout: 15_000 },
  );
}

/**
 * The whole page. Taller than the visual test viewport, so its screenshot is left to the section
 * stories below (the same content in parts).
 */
export const Reference: Story = {
  parameters: { visual: { disable: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: /Markdown reference/ })).toBeVisible();
    await expect(await canvas.findByRole('table', { name: 'Dependencies' }, { timeout: 10_000 })).toBeVisible();
    await enhanced(canvasElement);
  },
};

/** Front matter, inline formatting, autolinks, references (resolved by a fake server), mentions, emoji, a quote with a footnote. */
export const TextAndReferences: Story = {
  loaders: section(REFERENCE_SECTIONS.text),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: '#42' })).toHaveClass('gfm-issue');
    await expect(canvas.getByRole('link', { name: '@ada' })).toHaveClass('gfm-project_member');
  },
};

/** Ordered, nested and task lists (checkboxes named after their item), an aligned table and a details section. */
export const ListsAndTables: Story = {
  loaders: section(REFERENCE_SECTIONS.lists),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('checkbox', { name: 'Write the changelog' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Tag the release' })).not.toBeChecked();
  },
};

/** A highlighted code block with its copy button, inline and display math (KaTeX). */
export const CodeAndMath: Story = {
  loaders: section(REFERENCE_SECTIONS.code),
  play: async ({ canvasElement }) => {
    await enhanced(canvasElement);
    await expect(canvasElement.querySelectorAll('[data-component="Math"][data-state="rendered"]')).toHaveLength(2);
    await expect(within(canvasElement).getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  },
};

/** A Mermaid diagram in its sandboxed frame and a JSON table with a filter and a sortable column. */
export const DiagramsAndJsonTables: Story = {
  loaders: section(REFERENCE_SECTIONS.diagrams),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Dependencies' }, { timeout: 10_000 })).toBeVisible();
    await enhanced(canvasElement);
  },
};

/** Alerts with default and custom titles, a multi-line quote and an inline diff. */
export const AlertsAndQuotes: Story = {
  loaders: section(REFERENCE_SECTIONS.alerts),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Note')).toHaveClass('markdown-alert-title');
    await expect(canvas.getByText('Data deletion').closest('.markdown-alert')).toHaveClass('markdown-alert-warning');
    await expect(canvas.getByText('main')).toHaveClass('addition');
  },
};

/** A table of contents, colour chips, labels in their colours (scoped in two parts) and an inapplicable task. */
export const ContentsAndColours: Story = {
  loaders: section(REFERENCE_SECTIONS.contents),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const contents = await canvas.findByRole('navigation', { name: 'Table of contents' });
    await expect(within(contents).getByRole('link', { name: 'Labels' })).toHaveAttribute('href', '#labels');
    await expect(canvasElement.querySelectorAll('.gfm-color_chip')).toHaveLength(3);
    await expect(canvas.getByText('high').closest('a')).toHaveClass('gfm-label');
    await expect(await canvas.findByRole('checkbox', { name: 'Translate them (not needed)' })).toBeDisabled();
  },
};
