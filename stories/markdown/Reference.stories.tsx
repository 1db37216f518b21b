import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Markdown, renderMarkdown } from '../../src/markdown';
import { REFERENCE_DOCUMENT, storyContext } from './referenceDocument';

const meta = {
  title: 'Markdown/Reference',
  component: Markdown,
  args: { html: '' },
  loaders: [async () => ({ html: await renderMarkdown(REFERENCE_DOCUMENT, storyContext) })],
  render: (args, { loaded }) => <Markdown {...args} html={loaded.html as string} />,
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
          'block needs them.',
        ].join(' '),
      },
    },
  },
} satisfies Meta<typeof Markdown>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The whole reference document, enhanced. The play function waits for each enhancer's result. */
export const Reference: Story = {
  parameters: { visual: { target: 'page' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: /Markdown reference/ })).toBeVisible();
    await expect(canvas.getByRole('link', { name: '#42' })).toHaveClass('gfm-issue');
    // Enhanced: highlighted code, rendered math, the diagram frame and the JSON table.
    await expect(await canvas.findByRole('table', { name: 'Dependencies' }, { timeout: 5000 })).toBeVisible();
    await expect(canvasElement.querySelector('code[data-highlighted="yes"] .hljs-keyword')).not.toBeNull();
  },
};
