// Code blocks in rendered Markdown (jsdom): syntax highlighting loaded lazily, only for blocks
// with a known language and near the viewport, never twice; copy buttons on every code block but
// suggestions and diagrams.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIPBOARD_COPIED_MESSAGE } from '../src/components/ClipboardButton';
import { Markdown } from '../src/markdown';
import {
  CODE_BLOCK_WRAPPER_CLASS,
  COPY_CODE_TITLE,
  copyCodeEnhancer,
} from '../src/markdown/pipeline/enhancers/copyCode';
import {
  HIGHLIGHT_LANGUAGES,
  HIGHLIGHT_LANGUAGE_ALIASES,
  HIGHLIGHT_ROOT_MARGIN,
  highlightLoader,
  resolveHighlightLanguage,
  syntaxHighlightEnhancer,
} from '../src/markdown/pipeline/enhancers/highlight';
import { renderGfm } from '../src/markdown/pipeline/renderGfm';
import { enhanceHtml, enhanceMarkdown, FakeIntersectionObserver, renderRootsOutsideAct } from './markdownCode.support';

const highlightOnly = { enhancers: [syntaxHighlightEnhancer] };
const copyOnly = { enhancers: [copyCodeEnhancer] };
const codeBlocks = { enhancers: [copyCodeEnhancer, syntaxHighlightEnhancer] };

const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\`\n`;
const codes = (container: HTMLElement) => Array.from(container.querySelectorAll<HTMLElement>('pre > code'));

renderRootsOutsideAct();

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
  FakeIntersectionObserver.uninstall();
});

describe('syntaxHighlightEnhancer', () => {
  it('highlights a block with a known language and marks it data-highlighted="yes"', async () => {
    const { container, onError } = await enhanceMarkdown(fence('js', 'const answer = 42; // why'), highlightOnly);
    const [code] = codes(container);
    expect(code).toHaveAttribute('data-highlighted', 'yes');
    expect(code!.querySelector('.hljs-keyword')).toHaveTextContent('const');
    expect(code!.querySelector('.hljs-number')).toHaveTextContent('42');
    expect(code!.querySelector('.hljs-comment')).toHaveTextContent('// why');
    expect(code).toHaveTextContent('const answer = 42; // why');
    expect(onError).not.toHaveBeenCalled();
  });

  it('loads nothing when there is no code block, or none in a known language', async () => {
    const core = vi.spyOn(highlightLoader, 'core');
    const language = vi.spyOn(highlightLoader, 'language');
    const markdown =
      'Text with `inline code`.\n\n' +
      fence('', 'no language') +
      fence('brainfuck', '+[-->-[>>+>-----<<]<--<---]>-.') +
      '    indented\n';
    const { container, onError } = await enhanceMarkdown(markdown, highlightOnly);
    expect(codes(container)).toHaveLength(3);
    for (const code of codes(container)) {
      expect(code).not.toHaveAttribute('data-highlighted');
      expect(code.children).toHaveLength(0);
    }
    expect(core).not.toHaveBeenCalled();
    expect(language).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('loads the core once and only the languages used', async () => {
    const core = vi.spyOn(highlightLoader, 'core');
    const language = vi.spyOn(highlightLoader, 'language');
    await enhanceMarkdown(
      fence('python', 'def f(): pass') + fence('py', 'import os') + fence('ruby', 'puts 1'),
      highlightOnly,
    );
    expect(core.mock.calls.length).toBeLessThanOrEqual(1);
    expect(language.mock.calls.map(([name]) => name).sort()).toEqual(['python', 'ruby']);
  });

  it('leaves blocks the server highlighted alone', async () => {
    const core = vi.spyOn(highlightLoader, 'core');
    const { container } = await enhanceMarkdown(fence('js', 'let x'), highlightOnly, {
      highlight: (code) => `<span class="server">${code}</span>`,
    });
    expect(codes(container)[0]!.querySelector('.server')).not.toBeNull();
    expect(core).not.toHaveBeenCalled();
  });

  it('writes only highlight.js markup built from the text: HTML in the code stays text', async () => {
    const source = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const { container } = await enhanceMarkdown(fence('html', source), highlightOnly);
    const [code] = codes(container);
    expect(code).toHaveAttribute('data-highlighted', 'yes');
    expect(code!.querySelector('img, script')).toBeNull();
    expect(code!.textContent).toBe(`${source}\n`);
    for (const element of code!.querySelectorAll('*')) {
      expect(element.tagName).toBe('SPAN');
      expect(element.className).toMatch(/^(hljs-|language-)/);
    }
  });

  it('never highlights a block twice: a second run, or a run after dispose, is a no-op', async () => {
    const { container, handle } = await enhanceMarkdown(fence('ts', 'type A = 1'), highlightOnly);
    const html = codes(container)[0]!.innerHTML;
    const again = renderGfm(container, highlightOnly);
    await again.done;
    handle.dispose();
    const third = renderGfm(container, highlightOnly);
    await third.done;
    expect(codes(container)[0]!.innerHTML).toBe(html);
    expect(codes(container)[0]!.querySelectorAll('.hljs-keyword')).toHaveLength(1);
  });

  it('reports a failed load, leaves the block plain and retries on the next run', async () => {
    vi.spyOn(highlightLoader, 'language').mockRejectedValueOnce(new Error('chunk failed'));
    const { container, handle, onError } = await enhanceMarkdown(fence('go', 'package main'), highlightOnly);
    expect(onError).toHaveBeenCalledWith(new Error('chunk failed'), 'syntaxHighlightEnhancer');
    expect(codes(container)[0]).not.toHaveAttribute('data-highlighted');
    handle.dispose();
    await renderGfm(container, highlightOnly).done;
    expect(codes(container)[0]).toHaveAttribute('data-highlighted', 'yes');
  });

  it('resolves fence names and aliases to loadable languages; anything else stays plain', () => {
    expect(resolveHighlightLanguage('ts')).toBe('typescript');
    expect(resolveHighlightLanguage('C++')).toBe('cpp');
    expect(resolveHighlightLanguage('Shell')).toBe('shell');
    expect(resolveHighlightLanguage('yml')).toBe('yaml');
    expect(resolveHighlightLanguage('plaintext')).toBeUndefined();
    expect(resolveHighlightLanguage('constructor')).toBeUndefined();
    expect(resolveHighlightLanguage('__proto__')).toBeUndefined();
    expect(resolveHighlightLanguage('')).toBeUndefined();
    for (const target of Object.values(HIGHLIGHT_LANGUAGE_ALIASES)) expect(HIGHLIGHT_LANGUAGES).toContain(target);
  });

  describe('near the viewport only', () => {
    beforeEach(() => FakeIntersectionObserver.install());

    it(`highlights blocks within ${HIGHLIGHT_ROOT_MARGIN} px of the viewport; the others when they come near`, async () => {
      expect(HIGHLIGHT_ROOT_MARGIN).toBe(500);
      const language = vi.spyOn(highlightLoader, 'language');
      const { container, handle } = await enhanceMarkdown(
        fence('lua', 'local near = 1') + fence('swift', 'let far = 2'),
        highlightOnly,
        {},
        false,
      );
      const [near, far] = codes(container);
      const observer = FakeIntersectionObserver.instances.at(-1)!;
      expect(observer.rootMargin).toBe(`${HIGHLIGHT_ROOT_MARGIN}px`);
      FakeIntersectionObserver.report([near!.parentElement!], true);
      FakeIntersectionObserver.report([far!.parentElement!], false);
      await handle.done;
      expect(near).toHaveAttribute('data-highlighted', 'yes');
      expect(far).not.toHaveAttribute('data-highlighted');
      expect(language.mock.calls.map(([name]) => name)).toEqual(['lua']);

      FakeIntersectionObserver.report([far!.parentElement!], true);
      await waitFor(() => expect(far).toHaveAttribute('data-highlighted', 'yes'));
      expect(FakeIntersectionObserver.watched()).toHaveLength(0);
    });

    it('stops watching on dispose', async () => {
      const { container, handle } = await enhanceMarkdown(fence('js', 'let far'), highlightOnly, {}, false);
      const pre = container.querySelector('pre')!;
      expect(FakeIntersectionObserver.watched()).toContain(pre);
      handle.dispose();
      await handle.done;
      expect(FakeIntersectionObserver.watched()).not.toContain(pre);
      FakeIntersectionObserver.report([pre], true);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(pre.firstElementChild).not.toHaveAttribute('data-highlighted');
    });
  });
});

describe('copyCodeEnhancer', () => {
  let writeText: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  });
  afterEach(() => {
    delete (navigator as { clipboard?: unknown }).clipboard;
  });

  it(`puts a '${COPY_CODE_TITLE}' button on each code block, in GitLab's wrapper`, async () => {
    expect(COPY_CODE_TITLE).toBe('Copy code');
    const { container } = await enhanceMarkdown(fence('js', 'a()') + fence('', 'plain') + '    indented\n', copyOnly);
    await waitFor(() => expect(within(container).getAllByRole('button', { name: COPY_CODE_TITLE })).toHaveLength(3));
    for (const pre of container.querySelectorAll('pre')) {
      const wrapper = pre.parentElement!;
      expect(wrapper).toHaveClass(CODE_BLOCK_WRAPPER_CLASS);
      expect(wrapper.querySelector(':scope > copy-code')).not.toBeNull();
      expect(within(wrapper).getByRole('button', { name: COPY_CODE_TITLE })).toBeInTheDocument();
    }
  });

  it('puts none on suggestions or diagrams (spec: not mermaid, not suggestions)', async () => {
    const markdown =
      fence('suggestion:-0+1', 'fixed line') +
      fence('mermaid', 'graph TD; A-->B') +
      fence('json:table', '{"items": []}');
    const { container } = await enhanceMarkdown(markdown, copyOnly);
    await act(async () => {});
    expect(within(container).queryAllByRole('button')).toHaveLength(0);
    expect(container.querySelector('copy-code')).toBeNull();
  });

  it('recognises suggestions and diagrams by `lang` or by `data-canonical-lang`, in any case', async () => {
    const html = [
      '<pre class="code highlight js-syntax-highlight" lang="suggestion"><code>a</code></pre>',
      '<pre class="code highlight js-syntax-highlight" data-canonical-lang="Suggestion"><code>b</code></pre>',
      '<pre class="code highlight js-syntax-highlight" lang="MERMAID"><code>graph TD</code></pre>',
      '<pre class="code highlight js-syntax-highlight js-render-mermaid"><code>graph TD</code></pre>',
      '<pre class="code highlight js-syntax-highlight" lang="text"><code>copied</code></pre>',
    ].join('');
    const { container } = await enhanceHtml(html, copyOnly);
    await waitFor(() => expect(within(container).getAllByRole('button', { name: COPY_CODE_TITLE })).toHaveLength(1));
    expect(container.querySelector(`.${CODE_BLOCK_WRAPPER_CLASS} code`)).toHaveTextContent('copied');
  });

  it('copies the code as text, highlighted or not, and says Copied', async () => {
    const source = 'const html = "<b>";\nconsole.log(html);';
    const { container } = await enhanceMarkdown(fence('js', source), codeBlocks);
    expect(codes(container)[0]).toHaveAttribute('data-highlighted', 'yes');
    await userEvent.click(await within(container).findByRole('button', { name: COPY_CODE_TITLE }));
    expect(writeText).toHaveBeenCalledWith(`${source}\n`);
    expect(await screen.findByRole('status')).toHaveTextContent(CLIPBOARD_COPIED_MESSAGE);
  });

  it('removes the buttons on dispose and adds exactly one again on the next run', async () => {
    const { container, handle } = await enhanceMarkdown(fence('js', 'a()'), copyOnly);
    await within(container).findByRole('button', { name: COPY_CODE_TITLE });
    handle.dispose();
    expect(within(container).queryByRole('button')).toBeNull();
    renderGfm(container, copyOnly);
    await within(container).findByRole('button', { name: COPY_CODE_TITLE });
    await act(async () => {});
    expect(within(container).getAllByRole('button')).toHaveLength(1);
    expect(container.querySelectorAll(`.${CODE_BLOCK_WRAPPER_CLASS}`)).toHaveLength(1);
    expect(container.querySelectorAll('copy-code')).toHaveLength(1);
  });

  it("reuses GitLab's server markup (div.markdown-code-block > pre + copy-code)", async () => {
    const container = document.createElement('div');
    container.innerHTML =
      '<div class="markdown-code-block"><pre class="code highlight js-syntax-highlight" lang="plaintext"><code>x</code></pre><copy-code></copy-code></div>';
    document.body.append(container);
    renderGfm(container, copyOnly);
    await within(container).findByRole('button', { name: COPY_CODE_TITLE });
    expect(container.querySelectorAll(`.${CODE_BLOCK_WRAPPER_CLASS}`)).toHaveLength(1);
    expect(container.querySelectorAll('copy-code')).toHaveLength(1);
  });
});

describe('through <Markdown>', () => {
  it('highlights and adds copy buttons with the default enhancers', async () => {
    const { renderMarkdown } = await import('../src/markdown');
    const html = await renderMarkdown(fence('python', 'print("hi")') + fence('suggestion:-0+0', 'x'));
    const { container } = render(<Markdown html={html} />);
    await waitFor(() => expect(screen.getAllByRole('button', { name: COPY_CODE_TITLE })).toHaveLength(1));
    await waitFor(() => expect(codes(container)[0]).toHaveAttribute('data-highlighted', 'yes'));
    expect(codes(container)[0]!.querySelector('.hljs-built_in, .hljs-string')).not.toBeNull();
  });
});
