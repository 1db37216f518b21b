// MarkdownEditor in jsdom: write and preview modes, the toggle's labels, each preview state and its
// exact text, the cache, the referenced-users threshold, referenced commands, failures, the default
// adapter's request, the toolbar (commands, roving focus, hints), shortcuts and quick submit.
// The textarea height restore, focus and native undo run in real Chromium (MarkdownEditor.browser.test.tsx).
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MARKDOWN_COMMAND_BUTTONS,
  MARKDOWN_COMMANDS,
  MARKDOWN_PREVIEW_EMPTY_TEXT,
  MARKDOWN_PREVIEW_ERROR_TEXT,
  MARKDOWN_PREVIEW_LOADING_TEXT,
  MARKDOWN_PREVIEW_TOGGLE_LABELS,
  MARKDOWN_TOOLBAR_LABEL,
  MarkdownEditor,
  REFERENCED_USERS_THRESHOLD,
  type MarkdownEditorProps,
  type MarkdownPreviewResult,
} from '../src/markdown/MarkdownEditor';
import { LAZY_CODE_TEST_TIMEOUT, LAZY_CODE_TIMEOUT } from './support/lazyCode';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A promise with its resolve and reject exposed. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const users = (count: number) => Array.from({ length: count }, (_, index) => `user${index + 1}`);

/** An adapter answering each text with a paragraph of it (and the given references). */
function answering(references?: MarkdownPreviewResult['references']) {
  return vi.fn(async (text: string): Promise<MarkdownPreviewResult> => ({
    body: `<p>Preview of ${text}</p>`,
    references,
  }));
}

function setup(props: Partial<MarkdownEditorProps> = {}) {
  const user = userEvent.setup();
  const utils = render(<MarkdownEditor label="Description" previewMarkdown={answering()} {...props} />);
  const root = utils.container.querySelector<HTMLElement>('[data-component="MarkdownEditor"]')!;
  const textarea = screen.getByRole('textbox', { name: 'Description', hidden: true }) as HTMLTextAreaElement;
  return { user, root, textarea, ...utils };
}

const toggle = (name: string) => screen.getByRole('button', { name });

describe('MarkdownEditor: write and preview', () => {
  it('starts in write mode: labelled textarea, the toggle says Preview, the toolbar is there', () => {
    const { root, textarea } = setup({ defaultValue: 'Hello', placeholder: 'Write a comment' });
    expect(MARKDOWN_PREVIEW_TOGGLE_LABELS).toEqual({ write: 'Preview', preview: 'Continue editing' });
    expect(root).toHaveAttribute('data-mode', 'write');
    expect(root).toHaveAttribute('data-preview-state', 'idle');
    expect(textarea).toHaveValue('Hello');
    expect(textarea).toHaveAttribute('placeholder', 'Write a comment');
    expect(toggle('Preview')).toBeVisible();
    expect(screen.getByRole('toolbar', { name: 'Markdown formatting' })).toBeVisible();
    expect(MARKDOWN_TOOLBAR_LABEL).toBe('Markdown formatting');
  });

  it('opening the preview hides the write area and toolbar, and the toggle says Continue editing', async () => {
    const { user, root, textarea } = setup({ defaultValue: 'Hello' });
    await user.click(toggle('Preview'));
    expect(root).toHaveAttribute('data-mode', 'preview');
    expect(textarea).not.toBeVisible();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(toggle('Continue editing')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument();
    expect(await screen.findByText('Preview of Hello')).toBeVisible();
  });

  it('returning shows the textarea again with focus and keeps the text', async () => {
    const { user, root, textarea } = setup({ defaultValue: 'Hello' });
    await user.click(toggle('Preview'));
    await screen.findByText('Preview of Hello');
    await user.click(toggle('Continue editing'));
    expect(root).toHaveAttribute('data-mode', 'write');
    expect(root).toHaveAttribute('data-preview-state', 'idle');
    expect(textarea).toBeVisible();
    expect(textarea).toHaveFocus();
    expect(textarea).toHaveValue('Hello');
    expect(screen.queryByText('Preview of Hello')).not.toBeInTheDocument();
  });

  it('does not focus the textarea on first render', () => {
    const { textarea } = setup();
    expect(textarea).not.toHaveFocus();
  });

  it('takes a controlled mode and reports the requested one', async () => {
    const onModeChange = vi.fn();
    const { user, root } = setup({ mode: 'write', onModeChange });
    await user.click(toggle('Preview'));
    expect(onModeChange).toHaveBeenCalledWith('preview');
    expect(root).toHaveAttribute('data-mode', 'write');
  });
});

describe('MarkdownEditor: preview states', () => {
  it(
    "shows 'Loading...' while the adapter works, then the rendered body",
    { timeout: LAZY_CODE_TEST_TIMEOUT },
    async () => {
      const answer = deferred<MarkdownPreviewResult>();
      const previewMarkdown = vi.fn(() => answer.promise);
      const { user, root } = setup({ defaultValue: '**Hi**', previewMarkdown });
      await user.click(toggle('Preview'));
      expect(root).toHaveAttribute('data-preview-state', 'loading');
      expect(screen.getByRole('status')).toHaveTextContent(/^Loading\.\.\.$/);
      expect(MARKDOWN_PREVIEW_LOADING_TEXT).toBe('Loading...');
      await waitFor(() => expect(previewMarkdown).toHaveBeenCalledWith('**Hi**'));
      await act(async () => answer.resolve({ body: '<p><strong>Hi</strong></p><script>alert(1)</script>' }));
      expect(root).toHaveAttribute('data-preview-state', 'rendered');
      expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
      // The body goes through <Markdown> (its code loaded on demand), which sanitises it.
      const strong = await screen.findByText('Hi', { selector: 'strong' }, LAZY_CODE_TIMEOUT);
      expect(strong.tagName).toBe('STRONG');
      expect(root.querySelector('script')).toBeNull();
    },
  );

  it.each(['', '   ', '\n\t \n'])(
    "blank text %j shows 'Nothing to preview' without calling the adapter",
    async (text) => {
      const previewMarkdown = answering({ users: users(12) });
      const { user, root } = setup({ defaultValue: text, previewMarkdown });
      await user.click(toggle('Preview'));
      expect(root).toHaveAttribute('data-preview-state', 'empty');
      expect(screen.getByText(MARKDOWN_PREVIEW_EMPTY_TEXT)).toBeVisible();
      expect(MARKDOWN_PREVIEW_EMPTY_TEXT).toBe('Nothing to preview');
      await act(async () => {});
      expect(previewMarkdown).not.toHaveBeenCalled();
    },
  );

  it('hides the referenced-users note once the text is blank', async () => {
    const previewMarkdown = answering({ users: users(12) });
    const { user, textarea } = setup({ defaultValue: 'Hi all', previewMarkdown });
    await user.click(toggle('Preview'));
    expect(await screen.findByText(/You are about to add/)).toBeVisible();
    await user.click(toggle('Continue editing'));
    await user.clear(textarea);
    await user.type(textarea, '   ');
    await user.click(toggle('Preview'));
    expect(screen.getByText('Nothing to preview')).toBeVisible();
    expect(screen.queryByText(/You are about to add/)).not.toBeInTheDocument();
    expect(previewMarkdown).toHaveBeenCalledTimes(1);
  });

  it('caches the last text and answer: identical text is not sent again, changed text is', async () => {
    const previewMarkdown = answering();
    const { user, textarea } = setup({ defaultValue: 'one', previewMarkdown });
    await user.click(toggle('Preview'));
    await screen.findByText('Preview of one');
    await user.click(toggle('Continue editing'));
    await user.click(toggle('Preview'));
    // Rendered from the cache at once: no loading state.
    expect(screen.getByText('Preview of one')).toBeVisible();
    expect(previewMarkdown).toHaveBeenCalledTimes(1);

    await user.click(toggle('Continue editing'));
    await user.type(textarea, ' two');
    await user.click(toggle('Preview'));
    expect(await screen.findByText('Preview of one two')).toBeVisible();
    expect(previewMarkdown).toHaveBeenCalledTimes(2);
    expect(previewMarkdown).toHaveBeenLastCalledWith('one two');

    // Only the last text is kept: going back to the first text asks again.
    await user.click(toggle('Continue editing'));
    await user.type(textarea, '{Backspace>4/}');
    await user.click(toggle('Preview'));
    expect(await screen.findByText('Preview of one')).toBeVisible();
    expect(previewMarkdown).toHaveBeenCalledTimes(3);
  });

  it('asks once for a text already on its way (quick toggling, StrictMode)', async () => {
    const answer = deferred<MarkdownPreviewResult>();
    const previewMarkdown = vi.fn(() => answer.promise);
    const user = userEvent.setup();
    render(
      <StrictMode>
        <MarkdownEditor label="Description" defaultValue="text" previewMarkdown={previewMarkdown} />
      </StrictMode>,
    );
    await user.click(toggle('Preview'));
    await user.click(toggle('Continue editing'));
    await user.click(toggle('Preview'));
    await act(async () => answer.resolve({ body: '<p>done</p>' }));
    expect(screen.getByText('done')).toBeVisible();
    expect(previewMarkdown).toHaveBeenCalledTimes(1);
  });

  it('shows only the answer for the latest text', async () => {
    const answers = new Map<string, ReturnType<typeof deferred<MarkdownPreviewResult>>>();
    const previewMarkdown = vi.fn((text: string) => {
      const answer = deferred<MarkdownPreviewResult>();
      answers.set(text, answer);
      return answer.promise;
    });
    const props = { label: 'Description', previewMarkdown, defaultMode: 'preview' } as const;
    const { rerender } = render(<MarkdownEditor {...props} value="old" />);
    await waitFor(() => expect(answers.has('old')).toBe(true));
    rerender(<MarkdownEditor {...props} value="new" />);
    await waitFor(() => expect(answers.has('new')).toBe(true));
    await act(async () => answers.get('new')!.resolve({ body: '<p>new body</p>' }));
    await act(async () => answers.get('old')!.resolve({ body: '<p>old body</p>' }));
    expect(screen.getByText('new body')).toBeVisible();
    expect(screen.queryByText('old body')).not.toBeInTheDocument();
  });

  it('passes renderOptions to the <Markdown> that shows the body', async () => {
    const enhance = vi.fn((elements: HTMLElement[]) =>
      elements.forEach((element) => (element.dataset.enhanced = 'yes')),
    );
    const previewMarkdown = vi.fn(async () => ({ body: '<pre>code</pre>' }));
    setup({
      defaultValue: 'x',
      defaultMode: 'preview',
      previewMarkdown,
      renderOptions: { enhancers: [{ name: 'mark', selector: 'pre', enhance }] },
    });
    // The pipeline runs in an effect after the body is committed: wait for it, not just the text.
    await waitFor(() => expect(screen.getByText('code')).toHaveAttribute('data-enhanced', 'yes'));
  });
});

describe('MarkdownEditor: referenced users and commands', () => {
  it.each([
    [REFERENCED_USERS_THRESHOLD - 1, false],
    [REFERENCED_USERS_THRESHOLD, true],
    [REFERENCED_USERS_THRESHOLD + 5, true],
  ])('%i referenced users: note shown %s', async (count, shown) => {
    expect(REFERENCED_USERS_THRESHOLD).toBe(10);
    const { root } = setup({
      defaultValue: 'Hello everyone',
      defaultMode: 'preview',
      previewMarkdown: answering({ users: users(count) }),
    });
    await screen.findByText('Preview of Hello everyone');
    const note = root.querySelector('[data-component="MarkdownEditor.ReferencedUsers"]');
    if (shown) {
      expect(note).toHaveTextContent(
        `You are about to add ${count} people to the discussion. They will all receive a notification.`,
      );
      expect(within(note as HTMLElement).getByText(String(count)).tagName).toBe('STRONG');
    } else {
      expect(note).toBeNull();
    }
  });

  it('shows referenced commands only when non-empty, sanitised', async () => {
    const { root, unmount } = setup({
      defaultValue: '/assign me',
      defaultMode: 'preview',
      previewMarkdown: answering({ commands: '' }),
    });
    await screen.findByText('Preview of /assign me');
    expect(root.querySelector('[data-component="MarkdownEditor.ReferencedCommands"]')).toBeNull();
    unmount();

    const second = setup({
      defaultValue: '/assign me',
      defaultMode: 'preview',
      previewMarkdown: answering({ commands: '<p>Assigns <strong>@me</strong>.</p><img src=x onerror="alert(1)">' }),
    });
    await screen.findByText('Preview of /assign me');
    const commands = second.root.querySelector('[data-component="MarkdownEditor.ReferencedCommands"]');
    expect(commands).toHaveTextContent('Assigns @me.');
    expect(commands?.querySelector('strong')).toHaveTextContent('@me');
    expect(commands?.querySelector('img')).not.toHaveAttribute('onerror');
  });

  it('shows no commands when the answer has no references at all', async () => {
    const { root } = setup({ defaultValue: 'x', defaultMode: 'preview', previewMarkdown: answering() });
    await screen.findByText('Preview of x');
    expect(root.querySelector('[data-component="MarkdownEditor.ReferencedCommands"]')).toBeNull();
    expect(root.querySelector('[data-component="MarkdownEditor.ReferencedUsers"]')).toBeNull();
  });
});

describe('MarkdownEditor: failures', () => {
  it('shows the danger alert with the exact message, and retries when the preview opens again', async () => {
    const previewMarkdown = vi
      .fn<(text: string) => Promise<MarkdownPreviewResult>>()
      .mockRejectedValueOnce(new Error('Request failed with status code 500'))
      .mockResolvedValueOnce({ body: '<p>Second try</p>' });
    const { user, root } = setup({ defaultValue: 'text', previewMarkdown });
    await user.click(toggle('Preview'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MARKDOWN_PREVIEW_ERROR_TEXT);
    expect(MARKDOWN_PREVIEW_ERROR_TEXT).toBe('An error occurred while fetching Markdown preview.');
    expect(alert).toHaveAttribute('data-variant', 'danger');
    expect(root).toHaveAttribute('data-preview-state', 'error');
    await user.click(toggle('Continue editing'));
    await user.click(toggle('Preview'));
    expect(await screen.findByText('Second try')).toBeVisible();
    expect(previewMarkdown).toHaveBeenCalledTimes(2);
  });

  it('an adapter that throws synchronously is a failure too', async () => {
    const previewMarkdown = vi.fn(() => {
      throw new Error('boom');
    });
    setup({ defaultValue: 'text', defaultMode: 'preview', previewMarkdown });
    expect(await screen.findByRole('alert')).toHaveTextContent(MARKDOWN_PREVIEW_ERROR_TEXT);
  });
});

describe('MarkdownEditor: default preview adapter', () => {
  it('POSTs {text} as JSON to previewUrl with the CSRF token and shows the body', async () => {
    const meta = document.createElement('meta');
    meta.name = 'csrf-token';
    meta.content = 'token-123';
    document.head.append(meta);
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ body: '<p>From server</p>', references: { users: [], commands: '' } }), {
          status: 200,
        }),
    );
    vi.stubGlobal('fetch', fetch);
    try {
      render(<MarkdownEditor label="Description" defaultValue="Hi *there*" previewUrl="/preview_markdown" />);
      await userEvent.click(toggle('Preview'));
      expect(await screen.findByText('From server')).toBeVisible();
      expect(fetch).toHaveBeenCalledTimes(1);
      const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/preview_markdown');
      expect(init.method).toBe('POST');
      expect(JSON.parse(init.body as string)).toEqual({ text: 'Hi *there*' });
      expect(init.headers).toMatchObject({ 'X-CSRF-Token': 'token-123', 'Content-Type': 'application/json' });
    } finally {
      meta.remove();
    }
  });

  it('an HTTP error shows the failure alert', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    render(<MarkdownEditor label="Description" defaultValue="x" previewUrl="/preview" defaultMode="preview" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred while fetching Markdown preview.');
  });
});

describe('MarkdownEditor: value', () => {
  it('is controlled through value and onChange', async () => {
    const onChange = vi.fn();
    function Controlled() {
      const [value, setValue] = useState('start');
      return (
        <MarkdownEditor
          label="Description"
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      );
    }
    const user = userEvent.setup();
    render(<Controlled />);
    const textarea = screen.getByRole('textbox', { name: 'Description' });
    await user.type(textarea, '!');
    expect(onChange).toHaveBeenLastCalledWith('start!');
    expect(textarea).toHaveValue('start!');
  });

  it('a controlled value that refuses changes stays as it is', async () => {
    const user = userEvent.setup();
    render(<MarkdownEditor label="Description" value="fixed" onChange={() => {}} />);
    const textarea = screen.getByRole('textbox', { name: 'Description' });
    await user.type(textarea, 'x');
    expect(textarea).toHaveValue('fixed');
  });

  it('can hide its label visually and take textarea props', () => {
    setup({ isLabelHidden: true, textareaProps: { name: 'note[body]', rows: 8 } });
    const textarea = screen.getByRole('textbox', { name: 'Description' });
    expect(textarea).toHaveAttribute('name', 'note[body]');
    expect(textarea).toHaveAttribute('rows', '8');
    expect(screen.getByText('Description').closest('[data-component="VisuallyHidden"]')).not.toBeNull();
  });

  it('disabled: the textarea, toggle and tools are disabled and shortcuts do nothing', async () => {
    const onChange = vi.fn();
    const { textarea } = setup({ disabled: true, defaultValue: 'x', onChange });
    expect(textarea).toBeDisabled();
    expect(toggle('Preview')).toBeDisabled();
    for (const button of within(screen.getByRole('toolbar')).getAllByRole('button')) expect(button).toBeDisabled();
    expect(screen.getByRole('toolbar').closest('[data-component="MarkdownEditor"]')).toHaveAttribute(
      'data-disabled',
      'true',
    );
  });
});

describe('MarkdownEditor: toolbar', () => {
  it('has the ten commands in order, each named, with its icon', () => {
    setup();
    const buttons = within(screen.getByRole('toolbar')).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Add bold text',
      'Add italic text',
      'Add strikethrough text',
      'Insert a quote',
      'Insert code',
      'Add a link',
      'Add a bullet list',
      'Add a numbered list',
      'Add a checklist',
      'Add a table',
    ]);
    expect(buttons.map((button) => button.querySelector('svg')?.getAttribute('data-name'))).toEqual([
      'bold',
      'italic',
      'strikethrough',
      'quote',
      'code',
      'link',
      'list-bulleted',
      'list-numbered',
      'list-task',
      'table',
    ]);
  });

  it.each([
    ['bold', 'a **word**', [4, 8]],
    ['italic', 'a _word_', [3, 7]],
    ['strikethrough', 'a ~~word~~', [4, 8]],
    ['quote', '> a word', [0, 8]],
    ['code', 'a `word`', [3, 7]],
    ['link', 'a [word](url)', [9, 12]],
    ['bulletList', '- a word', [0, 8]],
    ['numberedList', '1. a word', [0, 9]],
    ['taskList', '- [ ] a word', [0, 12]],
    ['table', 'a word\n\n| header | header |\n| ------ | ------ |\n| cell | cell |\n| cell | cell |', [10, 16]],
  ] as const)('%s button formats the selection and selects the result', async (command, expected, selection) => {
    const onChange = vi.fn();
    const { user, textarea } = setup({ defaultValue: 'a word', onChange });
    textarea.setSelectionRange(2, 6);
    await user.click(screen.getByRole('button', { name: MARKDOWN_COMMAND_BUTTONS[command].label }));
    expect(textarea).toHaveValue(expected);
    expect(onChange).toHaveBeenLastCalledWith(expected);
    expect([textarea.selectionStart, textarea.selectionEnd]).toEqual(selection);
    expect(textarea).toHaveFocus();
  });

  it.each([
    ['{Control>}b{/Control}', 'a **word**'],
    ['{Control>}i{/Control}', 'a _word_'],
    ['{Control>}{Shift>}X{/Shift}{/Control}', 'a ~~word~~'],
    ['{Control>}k{/Control}', 'a [word](url)'],
  ])('shortcut %s formats the selection', async (keys, expected) => {
    const { user, textarea } = setup({ defaultValue: 'a word' });
    textarea.focus();
    textarea.setSelectionRange(2, 6);
    await user.keyboard(keys);
    expect(textarea).toHaveValue(expected);
  });

  it('other Ctrl keys type or do what the browser does', async () => {
    const { user, textarea } = setup({ defaultValue: 'a word' });
    textarea.focus();
    textarea.setSelectionRange(2, 6);
    await user.keyboard('{Control>}u{/Control}');
    await user.keyboard('{Control>}{Alt>}b{/Alt}{/Control}');
    expect(textarea).toHaveValue('a word');
  });

  it('runs the consumer textarea onKeyDown after its own', async () => {
    const onKeyDown = vi.fn();
    const { user, textarea } = setup({ defaultValue: 'x', textareaProps: { onKeyDown } });
    textarea.focus();
    await user.keyboard('{Control>}b{/Control}');
    expect(onKeyDown).toHaveBeenCalled();
    expect(onKeyDown.mock.calls.at(-1)![0].defaultPrevented).toBe(true);
  });

  it('is one Tab stop between the toggle and the textarea, with roving focus on the arrow keys', async () => {
    const { user, textarea } = setup();
    const buttons = within(screen.getByRole('toolbar')).getAllByRole('button');
    await user.tab();
    expect(toggle('Preview')).toHaveFocus();
    await user.tab();
    expect(buttons[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(buttons[2]).toHaveFocus();
    expect(buttons.map((button) => button.tabIndex)).toEqual(buttons.map((_, index) => (index === 2 ? 0 : -1)));
    await user.keyboard('{End}');
    expect(buttons[MARKDOWN_COMMANDS.length - 1]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(buttons[0]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(buttons[MARKDOWN_COMMANDS.length - 1]).toHaveFocus();
    await user.keyboard('{Home}{ArrowRight}');
    expect(buttons[1]).toHaveFocus();
    await user.tab();
    expect(textarea).toHaveFocus();
    // Back into the toolbar: the last focused button.
    await user.tab({ shift: true });
    expect(buttons[1]).toHaveFocus();
  });

  it('Enter on a focused tool applies it and returns focus to the textarea', async () => {
    const { user, textarea } = setup({ defaultValue: 'word' });
    textarea.setSelectionRange(0, 4);
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(textarea).toHaveValue('**word**');
    expect(textarea).toHaveFocus();
  });

  it('shows each shortcut in the tooltip and in aria-keyshortcuts', async () => {
    const { user } = setup();
    const bold = screen.getByRole('button', { name: 'Add bold text' });
    expect(bold).toHaveAttribute('aria-keyshortcuts', 'Control+B');
    expect(screen.getByRole('button', { name: 'Add strikethrough text' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Control+Shift+X',
    );
    expect(screen.getByRole('button', { name: 'Insert a quote' })).not.toHaveAttribute('aria-keyshortcuts');
    await user.tab();
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Add bold text (Ctrl+B)');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Add strikethrough text (Ctrl+Shift+X)');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Add a link (Ctrl+K)');
  });

  it('on Apple platforms uses ⌘ in hints and Meta as the modifier', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    const { user, textarea } = setup({ defaultValue: 'a word' });
    expect(screen.getByRole('button', { name: 'Add italic text' })).toHaveAttribute('aria-keyshortcuts', 'Meta+I');
    textarea.focus();
    textarea.setSelectionRange(2, 6);
    await user.keyboard('{Control>}b{/Control}');
    expect(textarea).toHaveValue('a word');
    await user.keyboard('{Meta>}b{/Meta}');
    expect(textarea).toHaveValue('a **word**');
  });
});

describe('MarkdownEditor: quick submit', () => {
  it.each(['{Control>}{Enter}{/Control}', '{Meta>}{Enter}{/Meta}'])('%s calls onSubmit with the text', async (keys) => {
    const onSubmit = vi.fn();
    const { user, textarea } = setup({ defaultValue: 'Ship it', onSubmit });
    expect(textarea).toHaveAttribute('aria-keyshortcuts', 'Control+Enter Meta+Enter');
    textarea.focus();
    await user.keyboard(keys);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('Ship it');
    expect(textarea).toHaveValue('Ship it');
  });

  it('Enter alone types a newline; Shift+Ctrl+Enter does not submit', async () => {
    const onSubmit = vi.fn();
    const { user, textarea } = setup({ defaultValue: 'a', onSubmit });
    await user.type(textarea, '{Enter}b');
    await user.keyboard('{Control>}{Shift>}{Enter}{/Shift}{/Control}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(textarea).toHaveValue('a\nb');
  });

  it('uses the latest text and onSubmit', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<MarkdownEditor label="Description" defaultValue="a" onSubmit={first} />);
    const textarea = screen.getByRole('textbox', { name: 'Description' });
    rerender(<MarkdownEditor label="Description" defaultValue="a" onSubmit={second} />);
    await user.type(textarea, 'b');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('ab');
  });

  it('inside a form, onSubmit takes the key press and the form does not submit as well', async () => {
    const onSubmit = vi.fn();
    const onFormKeyDown = vi.fn((event: KeyboardEvent) => event.defaultPrevented);
    const user = userEvent.setup();
    render(
      <form>
        <MarkdownEditor label="Description" defaultValue="x" onSubmit={onSubmit} />
      </form>,
    );
    document.querySelector('form')!.addEventListener('keydown', (event) => onFormKeyDown(event));
    screen.getByRole('textbox', { name: 'Description' }).focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const enter = onFormKeyDown.mock.results.find((_, index) => onFormKeyDown.mock.calls[index]![0].key === 'Enter');
    expect(enter?.value).toBe(true);
  });

  it('does nothing when disabled or without onSubmit', async () => {
    const onSubmit = vi.fn();
    const { user, textarea, unmount } = setup({ defaultValue: 'x' });
    textarea.focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    unmount();
    const disabled = setup({ defaultValue: 'x', onSubmit, disabled: true });
    disabled.textarea.focus();
    await disabled.user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('MarkdownEditor: hydration', () => {
  it('hydrates the server HTML without mismatch, then shows the platform hints (⌘ on Apple)', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    const errors = vi.spyOn(console, 'error');
    const element = <MarkdownEditor label="Description" defaultValue="Hello" previewMarkdown={answering()} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.append(container);
    expect(container.querySelector('[aria-label="Add bold text"]')).toHaveAttribute('aria-keyshortcuts', 'Control+B');
    const root = await act(async () => hydrateRoot(container, element));
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('[aria-label="Add bold text"]')).toHaveAttribute('aria-keyshortcuts', 'Meta+B');
    act(() => root.unmount());
    container.remove();
  });
});
