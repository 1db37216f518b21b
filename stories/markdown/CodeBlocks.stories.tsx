import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Markdown, renderMarkdown } from '../../src/markdown';
import { COPY_CODE_TITLE } from '../../src/markdown/pipeline/enhancers/copyCode';

const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;

const LANGUAGES = [
  fence(
    'typescript',
    [
      '// Debounce a callback: only the last call in a burst runs.',
      'export function debounce<T extends unknown[]>(run: (...args: T) => void, wait = 200) {',
      '  let timer: ReturnType<typeof setTimeout> | undefined;',
      '  return (...args: T) => {',
      '    clearTimeout(timer);',
      '    timer = setTimeout(() => run(...args), wait);',
      '  };',
      '}',
    ].join('\n'),
  ),
  fence(
    'python',
    [
      '@dataclass',
      'class Pipeline:',
      '    """A CI pipeline and its jobs."""',
      '    id: int',
      '    status: str = "pending"',
      '',
      '    def is_done(self) -> bool:',
      '        return self.status in {"success", "failed", "canceled"}',
    ].join('\n'),
  ),
  fence('ruby', ['class Issue < ApplicationRecord', '  validates :title, length: { maximum: 255 }', 'end'].join('\n')),
  fence('shell', ['$ git switch -c fix/copy-button', "Switched to a new branch 'fix/copy-button'"].join('\n')),
  fence('yaml', ['test:', '  stage: test', '  script:', '    - npm ci', '    - npm test', '  retry: 2'].join('\n')),
  fence('diff', ['@@ -1,3 +1,3 @@', ' const limit = 10;', '-const delay = 400;', '+const delay = 200;'].join('\n')),
  fence('', 'Plain text: no language, so nothing to load and nothing to colour.'),
].join('\n\n');

const SUGGESTION = [
  'A suggestion is applied to the merge request, not copied: it gets no copy button.',
  '',
  fence('suggestion:-0+0', 'const delay = 200;'),
  '',
  'An ordinary block next to it does:',
  '',
  fence('js', 'const delay = 400;'),
].join('\n');

/** A block the server left plain, as `renderMarkdown` writes it (editable in the Playground). */
const PLAYGROUND_HTML =
  '<pre class="code highlight js-syntax-highlight" data-canonical-lang="go"><code>package main\n\nimport "fmt"\n\n' +
  'func main() {\n\tfmt.Println("Hello, forge")\n}\n</code></pre>';

/** Waits until every block with a known language is highlighted and every copy button is in place. */
async function enhanced(canvasElement: HTMLElement, buttons: number) {
  const canvas = within(canvasElement);
  await waitFor(
    () => {
      for (const code of canvasElement.querySelectorAll(
        'pre:not([data-canonical-lang="plaintext"], [data-canonical-lang="suggestion"]) > code',
      )) {
        expect(code).toHaveAttribute('data-highlighted', 'yes');
      }
      expect(canvas.getAllByRole('button', { name: COPY_CODE_TITLE })).toHaveLength(buttons);
    },
    { timeout: 5000 },
  );
}

const meta = {
  title: 'Markdown/CodeBlocks',
  component: Markdown,
  args: { html: '' },
  loaders: [async () => ({ html: await renderMarkdown(LANGUAGES) })],
  render: (args, { loaded }) => <Markdown {...args} html={(loaded.html as string | undefined) ?? args.html} />,
  parameters: {
    docs: {
      description: {
        component: [
          'Code blocks in rendered Markdown: `syntaxHighlightEnhancer` colours the blocks the server left plain and',
          '`copyCodeEnhancer` gives each block a copy button (spec section 2: "Syntax-highlighted code blocks get a',
          'copy-to-clipboard button (not mermaid, not suggestions)").',
          '\n\n**Highlighting** loads highlight.js with `import()` only when a block with a known language exists: the',
          'core first, then each language used (`HIGHLIGHT_LANGUAGES` and aliases such as `ts`, `sh`, `yml`). A',
          'block with no or an unknown language stays plain and loads nothing. Only blocks within 500 px of the',
          'viewport are highlighted; the rest as they are scrolled near. Highlighted code carries',
          '`data-highlighted="yes"` (as server-highlighted code does) and is never highlighted twice. Colours are the',
          '`--fk-color-syntax-*` tokens, so dark mode follows the theme.',
          '\n\n**Copy button** (the ClipboardButton, named "Copy code") copies the block\'s text: "Copied" for 1',
          'second, or "Copy failed. Please manually copy the value.". It appears when the block is hovered or the',
          'button has keyboard focus, and is always in the tab order (Tab reaches it; Enter or Space copies).',
          'Suggestions (```suggestion) and diagrams get none.',
        ].join(' '),
      },
    },
  },
} satisfies Meta<typeof Markdown>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Several languages, highlighted, each block with its (hidden until hover or focus) copy button. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await enhanced(canvasElement, 7);
    await expect(canvasElement.querySelector('code[data-highlighted] .hljs-keyword')).not.toBeNull();
  },
};

/** Edit `html` (a code block as the server sends it) to try other languages. */
export const Playground: Story = {
  args: { html: PLAYGROUND_HTML },
  loaders: [async () => ({ html: undefined })],
  play: async ({ canvasElement }) => {
    await enhanced(canvasElement, 1);
  },
};

/** Tab to a copy button (past its block, which takes focus first): it shows, with its 'Copy code' tooltip. */
export const CopyButtonFocused: Story = {
  parameters: { visual: { target: 'page' } },
  play: async ({ canvasElement }) => {
    await enhanced(canvasElement, 7);
    await userEvent.tab();
    await expect(canvasElement.querySelector('pre')).toHaveFocus();
    await userEvent.tab();
    const button = within(canvasElement).getAllByRole('button', { name: COPY_CODE_TITLE })[0]!;
    await expect(button).toHaveFocus();
    const tooltip = await within(canvasElement.ownerDocument.body).findByRole('tooltip');
    await expect(tooltip).toHaveTextContent(COPY_CODE_TITLE);
    await waitFor(() => expect(getComputedStyle(button.closest('copy-code')!).opacity).toBe('1'));
  },
};

/** A suggestion block next to an ordinary one: only the ordinary block has a copy button. */
export const Suggestion: Story = {
  loaders: [async () => ({ html: await renderMarkdown(SUGGESTION) })],
  play: async ({ canvasElement }) => {
    await enhanced(canvasElement, 1);
    const suggestion = canvasElement.querySelector('pre[data-canonical-lang="suggestion"]')!;
    await expect(suggestion.closest('.markdown-code-block')).toBeNull();
  },
};
