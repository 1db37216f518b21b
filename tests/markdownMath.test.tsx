// The math enhancer in jsdom: timing (fake timers), limits and their messages, 'Display anyway',
// KaTeX options and trust, errors, abort and re-runs. Real layout and long tasks: the browser test.
import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  Markdown,
  mathEnhancer,
  renderGfm,
  renderMarkdown,
  type GfmHandle,
  type RenderGfmOptions,
} from '../src/markdown';
import {
  MATH_DISPLAY_ANYWAY_LABEL,
  MATH_ERROR_MESSAGE,
  MATH_MAX_CHARACTERS,
  MATH_MAX_EXPAND,
  MATH_MAX_SIZE,
  MATH_RENDER_DELAY,
  MATH_RENDER_TIME_BUDGET,
  MATH_TIME_BUDGET_MESSAGE,
  MATH_TOO_LONG_MESSAGE,
  MATH_TOO_MANY_EXPANSIONS_MESSAGE,
  MATH_TRUSTED_COMMANDS,
  MATH_TRUSTED_PROTOCOLS,
  isTrustedMath,
  mathErrorMessage,
  mathKatexOptions,
} from '../src/markdown/pipeline/enhancers/math';

const handles: GfmHandle[] = [];

beforeAll(async () => {
  // Loaded once up front, so the enhancer's own import() resolves within a few microtasks.
  await import('katex');
});

afterEach(async () => {
  // Alert roots unmount a microtask after dispose: inside act, as every React update here.
  await dispose(...handles.splice(0));
  document.body.replaceChildren();
  // Stubs first: they may sit on top of the fake timers' own requestAnimationFrame.
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Markdown rendered and sanitised by renderMarkdown, in the document, enhanced by the math enhancer only. */
async function mount(markdown: string, options: RenderGfmOptions = {}) {
  const container = document.createElement('div');
  container.innerHTML = await renderMarkdown(markdown);
  document.body.append(container);
  vi.useFakeTimers();
  const handle = renderGfm(container, { enhancers: [mathEnhancer], ...options });
  handles.push(handle);
  // KaTeX and its stylesheet, imported by the enhancer at the scan: loaded before the clock moves.
  await vi.dynamicImportSettled();
  return { container, handle };
}

/** Moves the fake clock, letting React flush the alert roots mounted meanwhile. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Disposes runs inside act (their alert roots unmount a microtask later). */
const dispose = (...list: GfmHandle[]) =>
  act(async () => {
    for (const handle of list) handle.dispose();
    await flushMicrotasks();
  });

/** Lets promise continuations run without moving the clock. */
async function flushMicrotasks() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/**
 * Frames on demand: `requestAnimationFrame` callbacks wait until the test calls `next()`, which
 * runs the frame and then the task the enhancer posts after it (the next block's turn). Call it
 * after `mount`, which installs the fake timers and their own fake frames.
 */
function controlledFrames() {
  const pending = new Map<number, FrameRequestCallback>();
  let id = 0;
  const frameSpy = vi.fn((callback: FrameRequestCallback) => {
    pending.set(++id, callback);
    return id;
  });
  vi.stubGlobal('requestAnimationFrame', frameSpy);
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => pending.delete(handle));
  return {
    frameSpy,
    pending: () => pending.size,
    next: () =>
      act(async () => {
        const [first] = pending;
        if (first) {
          pending.delete(first[0]);
          first[1](performance.now());
        }
        await vi.advanceTimersByTimeAsync(0);
      }),
  };
}

/** Runs every pending timer: the whole queue. */
const finish = () => act(() => vi.runAllTimersAsync());

const wrappers = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[data-component="Math"]')];
const states = (container: HTMLElement) => wrappers(container).map((wrapper) => wrapper.dataset.state);
const rendered = (container: HTMLElement) => container.querySelectorAll('.fk-math__output .katex').length;

/** `n` inline formulas in one paragraph. */
const inlineFormulas = (n: number) => Array.from({ length: n }, (_, i) => `$x_{${i}}$`).join(' ');
/** A display block holding exactly `tex`. */
const displayBlock = (tex: string) => `$$\n${tex}\n$$`;
/** TeX of exactly `length` characters. */
const texOfLength = (length: number) => 'x'.repeat(length);
/**
 * TeX that takes exactly `count` macro expansions (KaTeX counts each macro use; `\b` is itself
 * one and its nine `\a` nine more), in a few hundred characters.
 */
const expansions = (count: number) =>
  `\\def\\a{x}\\def\\b{${'\\a'.repeat(9)}}${'\\b'.repeat(Math.floor(count / 10))}${'\\a'.repeat(count % 10)}`;

/** A clock that moves `step` ms each time it is read: every render then measures exactly `step`. */
function steppingClock(step: number) {
  let time = 0;
  return () => (time += step);
}

describe('constants (spec sections 4, 5, 8, 9)', () => {
  it('names the spec numbers', () => {
    expect(MATH_RENDER_DELAY).toBe(400);
    expect(MATH_RENDER_TIME_BUDGET).toBe(2000);
    expect(MATH_MAX_CHARACTERS).toBe(1000);
    expect(MATH_MAX_SIZE).toBe(20);
    expect(MATH_MAX_EXPAND).toBe(1000);
    expect(MATH_TRUSTED_COMMANDS).toEqual(['\\url', '\\href']);
    expect(MATH_TRUSTED_PROTOCOLS).toEqual(['http', 'https', 'mailto', '_relative']);
  });

  it('names the spec texts', () => {
    expect(MATH_TOO_LONG_MESSAGE).toBe(
      'This math block exceeds 1000 characters, and may cause performance issues on this page.',
    );
    expect(MATH_TIME_BUDGET_MESSAGE).toBe('Displaying this math block may cause performance issues on this page.');
    expect(MATH_DISPLAY_ANYWAY_LABEL).toBe('Display anyway');
    expect(MATH_TOO_MANY_EXPANSIONS_MESSAGE).toBe('Too many expansions. Consider using multiple math blocks.');
    expect(MATH_ERROR_MESSAGE).toBe('There was an error rendering this math block.');
  });
});

describe('timing', () => {
  it('renders nothing before 400 ms after the scan, then starts', async () => {
    const { container } = await mount(`Euler: $e^{i\\pi} + 1 = 0$`);
    await advance(MATH_RENDER_DELAY - 1);
    expect(container.querySelector('.katex')).toBeNull();
    expect(wrappers(container)).toHaveLength(0);
    await advance(1);
    expect(rendered(container)).toBe(1);
  });

  it('renders one block per frame, in a task of its own after the frame', async () => {
    const { container, handle } = await mount(inlineFormulas(3));
    const { frameSpy, pending, next } = controlledFrames();
    await advance(MATH_RENDER_DELAY);
    expect(rendered(container)).toBe(1);
    expect(frameSpy).toHaveBeenCalledTimes(1);
    // No timer moves the queue on: only the frame does.
    await act(() => vi.runAllTimersAsync());
    expect(rendered(container)).toBe(1);
    await next();
    expect(rendered(container)).toBe(2);
    expect(frameSpy).toHaveBeenCalledTimes(2);
    await next();
    expect(rendered(container)).toBe(3);
    await act(() => handle.done);
    expect(frameSpy).toHaveBeenCalledTimes(2);
    expect(pending()).toBe(0);
  });

  it('with fake frames: waits for the frame, then a zero-delay task', async () => {
    const { container } = await mount(inlineFormulas(2));
    await advance(MATH_RENDER_DELAY - 1);
    // The 400 ms timer alone (synchronously), then its promise continuations: the first block only.
    vi.advanceTimersByTime(1);
    await flushMicrotasks();
    expect(rendered(container)).toBe(1);
    vi.advanceTimersByTime(0);
    await flushMicrotasks();
    expect(rendered(container)).toBe(1);
    // The frame only posts the task; the block renders in that task, after the frame.
    vi.advanceTimersToNextFrame();
    await flushMicrotasks();
    expect(rendered(container)).toBe(1);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersToNextTimer();
    await flushMicrotasks();
    expect(rendered(container)).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('settles done when the last block is rendered', async () => {
    const { container, handle } = await mount(inlineFormulas(3));
    const { next } = controlledFrames();
    let settled = false;
    void handle.done.then(() => (settled = true));
    await advance(MATH_RENDER_DELAY);
    await next();
    expect(settled).toBe(false);
    await next();
    expect(settled).toBe(true);
    expect(rendered(container)).toBe(3);
  });
});

describe('rendering', () => {
  it('writes no <mstyle> (forbidden in rendered content): styled parts become <mrow> with the same attributes', async () => {
    const { container } = await mount('Colour $\\color{red}{x} \\displaystyle y$ here.');
    await finish();
    const [inline] = wrappers(container);
    expect(inline).toHaveAttribute('data-state', 'rendered');
    expect(inline!.querySelector('mstyle')).toBeNull();
    expect(inline!.querySelector('mrow[mathcolor="red"]')).toHaveTextContent('x');
  });

  it('renders inline and display math in their style, keeping the source', async () => {
    const { container } = await mount(`Inline $a^2$ here.\n\n${displayBlock('\\sum_{i=1}^n i')}`);
    await finish();
    const [inline, display] = wrappers(container);
    expect(inline).toHaveAttribute('data-math-style', 'inline');
    expect(inline).toHaveAttribute('data-state', 'rendered');
    expect(inline!.localName).toBe('span');
    expect(inline!.closest('p')).not.toBeNull();
    expect(inline!.querySelector('.katex-display')).toBeNull();
    expect(display).toHaveAttribute('data-math-style', 'display');
    expect(display!.localName).toBe('div');
    expect(display!.querySelector('.fk-math__output .katex-display .katex')).not.toBeNull();
    // The source stays in the DOM, hidden, and in KaTeX's MathML annotation (copying, screen readers).
    const inlineCode = inline!.querySelector('code.js-render-math')!;
    expect(inlineCode).toHaveTextContent('a^2');
    expect(inlineCode).not.toBeVisible();
    const displayPre = display!.querySelector('pre')!;
    expect(displayPre.hidden).toBe(true);
    expect(displayPre.textContent).toBe('\\sum_{i=1}^n i');
    expect(display!.querySelector('annotation[encoding="application/x-tex"]')?.textContent).toBe('\\sum_{i=1}^n i');
    expect(inline!.querySelector('.katex-html')).toHaveAttribute('aria-hidden', 'true');
  });

  it('renders ```math fences as display math', async () => {
    const { container } = await mount('```math\na+b\n```');
    await finish();
    expect(wrappers(container)[0]).toHaveAttribute('data-math-style', 'display');
    expect(container.querySelector('.katex-display')).not.toBeNull();
  });

  it('passes maxSize 20 and maxExpand 1000 (Infinity without limits), throwOnError and the display mode', () => {
    expect(mathKatexOptions('display', true)).toMatchObject({
      displayMode: true,
      throwOnError: true,
      maxSize: 20,
      maxExpand: 1000,
      trust: isTrustedMath,
    });
    expect(mathKatexOptions('inline', false)).toMatchObject({ displayMode: false, maxSize: 20, maxExpand: Infinity });
  });

  it('caps user sizes at 20 em', async () => {
    const { container } = await mount(displayBlock('\\rule{100em}{1em}'));
    await finish();
    expect(container.querySelector('mspace')?.getAttribute('width')).toBe(`${MATH_MAX_SIZE}em`);
  });
});

describe('limits', () => {
  it(`withholds a block over 1000 characters with the warning and 'Display anyway'`, async () => {
    const { container } = await mount(`${displayBlock(texOfLength(MATH_MAX_CHARACTERS + 1))}\n\n$ok$`);
    await finish();
    const [long, short] = wrappers(container);
    expect(long).toHaveAttribute('data-state', 'warning');
    expect(long).toHaveAttribute('data-warning', 'too-long');
    // A limit warning is a polite status: only errors interrupt (role alert).
    expect(screen.queryByRole('alert')).toBeNull();
    const alert = screen.getByRole('status');
    expect(long).toContainElement(alert);
    expect(alert).toHaveAttribute('data-variant', 'warning');
    expect(alert.querySelector('.fk-alert__body')).toHaveTextContent(
      /^This math block exceeds 1000 characters, and may cause performance issues on this page\.$/,
    );
    expect(screen.getByRole('button', { name: 'Display anyway' })).toBeInTheDocument();
    // Still plain code, visible.
    expect(long!.querySelector('pre')).toBeVisible();
    expect(long!.querySelector('.katex')).toBeNull();
    // Later blocks still render.
    expect(short).toHaveAttribute('data-state', 'rendered');
  });

  it('renders a block of exactly 1000 characters', async () => {
    const { container } = await mount(displayBlock(texOfLength(MATH_MAX_CHARACTERS)));
    await finish();
    expect(states(container)).toEqual(['rendered']);
  });

  it('withholds every block once cumulative render time reaches 2000 ms', async () => {
    // Each render measures 500 ms: four blocks spend 2000 ms, the fifth and sixth are withheld.
    const { container } = await mount(inlineFormulas(6), { math: { now: steppingClock(500) } });
    await finish();
    expect(states(container)).toEqual(['rendered', 'rendered', 'rendered', 'rendered', 'warning', 'warning']);
    const warned = wrappers(container).slice(4);
    for (const wrapper of warned) {
      expect(wrapper).toHaveAttribute('data-warning', 'time-budget');
      expect(wrapper.querySelector('.fk-alert__body')).toHaveTextContent(
        /^Displaying this math block may cause performance issues on this page\.$/,
      );
      expect(wrapper.querySelector('code')).toBeVisible();
    }
    expect(screen.getAllByRole('button', { name: 'Display anyway' })).toHaveLength(2);
  });

  it('keeps rendering while the budget is not reached', async () => {
    // 499.5 ms each: four blocks spend 1998 ms, so the fifth still renders.
    const { container } = await mount(inlineFormulas(5), { math: { now: steppingClock(499.5) } });
    await finish();
    expect(states(container)).toEqual(['rendered', 'rendered', 'rendered', 'rendered', 'rendered']);
  });

  it(`'Display anyway' renders that block with limits off`, async () => {
    const tex = `${expansions(MATH_MAX_EXPAND + 1)}+${texOfLength(MATH_MAX_CHARACTERS)}`;
    const { container } = await mount(`${displayBlock(tex)}\n\n$a$`);
    await finish();
    const [long] = wrappers(container);
    expect(long).toHaveAttribute('data-state', 'warning');
    await act(async () => screen.getByRole('button', { name: 'Display anyway' }).click());
    await finish();
    expect(long).toHaveAttribute('data-state', 'rendered');
    expect(long).not.toHaveAttribute('data-warning');
    expect(screen.queryByRole('status')).toBeNull();
    expect(long!.querySelector('pre')!.hidden).toBe(true);
    expect(long!.querySelector('annotation')?.textContent).toBe(tex);
  });

  it(`'Display anyway' moves focus to the rendered formula`, async () => {
    const { container } = await mount(displayBlock(texOfLength(MATH_MAX_CHARACTERS + 1)));
    await finish();
    const button = screen.getByRole('button', { name: 'Display anyway' });
    button.focus();
    await act(async () => button.click());
    await finish();
    expect(document.activeElement).toBe(container.querySelector('.fk-math__output'));
  });

  it('with limits off renders long blocks, ignores the time budget and lifts the expansion limit', async () => {
    const markdown = [
      displayBlock(texOfLength(MATH_MAX_CHARACTERS + 1)),
      displayBlock(expansions(MATH_MAX_EXPAND + 1)),
      inlineFormulas(6),
    ].join('\n\n');
    const { container } = await mount(markdown, { math: { limits: false, now: steppingClock(1000) } });
    await finish();
    expect(states(container).every((state) => state === 'rendered')).toBe(true);
    expect(states(container)).toHaveLength(8);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stops at 1000 macro expansions with limits on', async () => {
    const { container } = await mount(
      [displayBlock(expansions(MATH_MAX_EXPAND)), displayBlock(expansions(MATH_MAX_EXPAND + 1))].join('\n\n'),
    );
    await finish();
    expect(states(container)).toEqual(['rendered', 'error']);
    expect(screen.getByRole('alert')).toHaveTextContent(MATH_TOO_MANY_EXPANSIONS_MESSAGE);
  });

  it('stops expansion bombs', async () => {
    const bombs = [
      '\\def\\a{\\a}\\a',
      '\\def\\a{xxxxxxxxxx}\\def\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}\\def\\c{\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b}\\def\\d{\\c\\c\\c\\c\\c\\c\\c\\c\\c\\c}\\d\\d\\d\\d',
      '\\newcommand\\x[1]{#1#1}\\x{\\x{\\x{\\x{\\x{\\x{\\x{\\x{\\x{\\x{\\x{y}}}}}}}}}}}',
    ];
    const { container } = await mount(bombs.map(displayBlock).join('\n\n'));
    await finish();
    expect(states(container)).toEqual(['error', 'error', 'error']);
    for (const alert of screen.getAllByRole('alert')) {
      expect(alert.querySelector('.fk-alert__body')).toHaveTextContent(
        /^Too many expansions\. Consider using multiple math blocks\.$/,
      );
    }
  });
});

describe('errors', () => {
  it(`shows 'There was an error rendering this math block.' and KaTeX's message above the source`, async () => {
    const { container } = await mount(displayBlock('\\frac{1}{'));
    await finish();
    const [wrapper] = wrappers(container);
    expect(wrapper).toHaveAttribute('data-state', 'error');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('data-variant', 'danger');
    expect(alert.querySelector('.fk-alert__body')?.textContent).toMatch(
      /^There was an error rendering this math block\. KaTeX parse error: .+/,
    );
    expect(wrapper!.querySelector('pre')).toBeVisible();
    expect(wrapper!.querySelector('pre')).toHaveTextContent('\\frac{1}{');
    expect(wrapper!.querySelector('.katex')).toBeNull();
  });

  it('maps errors to the spec texts', () => {
    expect(mathErrorMessage(new Error('KaTeX parse error: Undefined control sequence: \\foo'))).toBe(
      'There was an error rendering this math block. KaTeX parse error: Undefined control sequence: \\foo',
    );
    expect(
      mathErrorMessage(
        new Error('KaTeX parse error: Too many expansions: infinite loop or need to increase maxExpand setting'),
      ),
    ).toBe('Too many expansions. Consider using multiple math blocks.');
  });

  it('shows the message as text, never as markup', async () => {
    const { container } = await mount(displayBlock('x}<img src=x onerror=alert(1)>'));
    await finish();
    expect(states(container)).toEqual(['error']);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('<img src=x on');
  });
});

describe('trust: only \\url and \\href to http, https, mailto or relative URLs', () => {
  it.each([
    ['\\href', 'https://example.com', true],
    ['\\href', 'http://example.com', true],
    ['\\url', 'mailto:a@example.com', true],
    ['\\href', '/relative/path', true],
    ['\\href', 'javascript:alert(1)', false],
    ['\\url', 'data:text/html,x', false],
    ['\\href', 'vbscript:x', false],
    ['\\href', 'ftp://example.com', false],
    ['\\includegraphics', 'https://example.com/a.png', false],
  ])('%s{%s}: %s', (command, url, trusted) => {
    const protocol = /^([a-z]+):/.exec(url)?.[1] ?? '_relative';
    expect(isTrustedMath({ command, url, protocol } as never)).toBe(trusted);
  });

  it('refuses the HTML extensions and a link without a protocol worked out', () => {
    expect(isTrustedMath({ command: '\\htmlClass', class: 'x' })).toBe(false);
    expect(isTrustedMath({ command: '\\htmlId', id: 'x' })).toBe(false);
    expect(isTrustedMath({ command: '\\htmlStyle', style: 'color:red' })).toBe(false);
    expect(isTrustedMath({ command: '\\htmlData', attributes: { a: 'b' } })).toBe(false);
    expect(isTrustedMath({ command: '\\href', url: 'https://example.com' })).toBe(false);
  });

  it('lets the visual HTML speak in formulas with links (a link inside aria-hidden is unreachable)', async () => {
    const { container } = await mount(`$\\href{https://example.com}{\\text{docs}}$ and $x^2$`);
    await finish();
    const [linked, plain] = wrappers(container);
    expect(linked!.querySelector('.katex-html')).not.toHaveAttribute('aria-hidden');
    expect(linked!.querySelector('.katex-mathml')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('link', { name: 'docs' })).toHaveAttribute('href', 'https://example.com');
    expect(plain!.querySelector('.katex-html')).toHaveAttribute('aria-hidden', 'true');
    expect(plain!.querySelector('.katex-mathml')).not.toHaveAttribute('aria-hidden');
  });

  it('renders trusted links and no active content from hostile math', async () => {
    const hostile = [
      '\\href{https://example.com/ok}{ok}',
      '\\url{/docs/ok}',
      '\\href{javascript:alert(1)}{x}',
      '\\href{JaVaScRiPt:alert(1)}{x}',
      '\\href{ javascript:alert(1)}{x}',
      '\\href{java\tscript:alert(1)}{x}',
      '\\href{javascript&#58;alert(1)}{x}',
      '\\href{javascript&colon;alert(1)}{x}',
      '\\url{javascript:alert(1)}',
      '\\href{data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==}{x}',
      '\\href{vbscript:msgbox(1)}{x}',
      '\\includegraphics{https://example.com/a.png}',
      '\\htmlData{onclick=alert(1), foo=bar}{x}',
      '\\htmlClass{evil}{x}',
      '\\htmlId{evil}{x}',
      '\\htmlStyle{background:url(javascript:alert(1))}{x}',
    ];
    const { container } = await mount(hostile.map(displayBlock).join('\n\n'));
    await finish();
    expect(states(container).every((state) => state === 'rendered' || state === 'error')).toBe(true);
    const hrefs = [...container.querySelectorAll('[href]')].map((node) => node.getAttribute('href'));
    expect([...new Set(hrefs)].sort()).toEqual(['/docs/ok', 'https://example.com/ok']);
    expect(container.querySelector('img, [data-foo], [onclick], .evil, #evil, [style*="javascript"]')).toBeNull();
    expect(container.innerHTML).not.toMatch(/(?:href|src)="\s*(?:javascript|vbscript|data)/i);
  });
});

describe('abort and re-runs', () => {
  it('renders nothing after dispose during the delay, and settles done', async () => {
    const { container, handle } = await mount(inlineFormulas(2));
    await advance(MATH_RENDER_DELAY - 1);
    await dispose(handle);
    await finish();
    await handle.done;
    expect(container.querySelector('.katex')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops between blocks on dispose', async () => {
    const { container, handle } = await mount(inlineFormulas(5));
    const { next } = controlledFrames();
    await advance(MATH_RENDER_DELAY);
    await next();
    expect(rendered(container)).toBe(2);
    await dispose(handle);
    await next();
    await finish();
    await handle.done;
    expect(rendered(container)).toBe(2);
  });

  it('removes alerts on dispose and shows exactly one again on the next run', async () => {
    const { container, handle } = await mount(
      `${displayBlock(texOfLength(MATH_MAX_CHARACTERS + 1))}\n\n${displayBlock('\\frac{')}\n\n$a$`,
    );
    await finish();
    const output = container.querySelector('.fk-math__output');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    await dispose(handle);
    expect(container.querySelector('.fk-math__alert')).toBeNull();
    const again = await act(async () => renderGfm(container, { enhancers: [mathEnhancer] }));
    handles.push(again);
    await finish();
    await act(() => again.done);
    expect(states(container)).toEqual(['warning', 'error', 'rendered']);
    expect(container.querySelectorAll('.fk-math__alert')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Display anyway' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MATH_ERROR_MESSAGE);
    expect(screen.getByRole('status')).toHaveTextContent(MATH_TOO_LONG_MESSAGE);
    // The rendered block was left alone: same output node, one output, still one wrapper each.
    expect(container.querySelector('.fk-math__output')).toBe(output);
    expect(container.querySelectorAll('.fk-math__output')).toHaveLength(1);
    expect(wrappers(container)).toHaveLength(3);
    // The re-mounted button works.
    await act(async () => screen.getByRole('button', { name: 'Display anyway' }).click());
    await finish();
    expect(states(container)).toEqual(['rendered', 'error', 'rendered']);
  });

  it('finishes blocks an interrupted run had not reached', async () => {
    const { container, handle } = await mount(inlineFormulas(4));
    await advance(MATH_RENDER_DELAY);
    await dispose(handle);
    const again = renderGfm(container, { enhancers: [mathEnhancer] });
    handles.push(again);
    await finish();
    expect(states(container)).toEqual(['rendered', 'rendered', 'rendered', 'rendered']);
    expect(container.querySelectorAll('.katex')).toHaveLength(4);
  });

  it(`ignores 'Display anyway' after dispose`, async () => {
    const { container, handle } = await mount(displayBlock(texOfLength(MATH_MAX_CHARACTERS + 1)));
    await finish();
    const button = screen.getByRole('button', { name: 'Display anyway' });
    await dispose(handle);
    await act(async () => button.click());
    await finish();
    expect(container.querySelector('.katex')).toBeNull();
  });
});

describe('<Markdown>', () => {
  it('renders math 400 ms after mounting, once under StrictMode', async () => {
    const html = await renderMarkdown(`Area: $\\pi r^2$\n\n${displayBlock('\\frac{1}{')}`);
    vi.useFakeTimers();
    // StrictMode mounts, disposes and mounts again: the first run stops during the delay.
    const { container, unmount } = render(
      <StrictMode>
        <Markdown html={html} />
      </StrictMode>,
    );
    await advance(MATH_RENDER_DELAY - 1);
    expect(container.querySelector('.katex')).toBeNull();
    await advance(1);
    await finish();
    expect(container.querySelectorAll('[data-component="Math"][data-state="rendered"] .katex')).toHaveLength(1);
    expect(container.querySelectorAll('[data-component="Math"]')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent(MATH_ERROR_MESSAGE);
    await act(async () => {
      unmount();
      await flushMicrotasks();
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
