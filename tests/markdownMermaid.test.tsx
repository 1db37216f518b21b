// The diagram enhancer in jsdom: the sandboxed frame and its URL, the message filter and the
// height, the heavy-diagram limits at each boundary, the pages that lift or skip them, <details>,
// the 'Display' button, dispose and re-runs. A real sandboxed frame and Mermaid: the browser tests.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Markdown,
  mermaidEnhancer,
  renderGfm,
  renderMarkdown,
  type GfmHandle,
  type RenderGfmOptions,
} from '../src/markdown';
import {
  MERMAID_DISPLAY_LABEL,
  MERMAID_FRAME_TITLE,
  MERMAID_IFRAME_HEIGHT_PADDING,
  MERMAID_MAX_AMPERSANDS,
  MERMAID_MAX_BATCH_CHARACTERS,
  MERMAID_MAX_CHARACTERS,
  MERMAID_MAX_DIAGRAMS,
  MERMAID_SANDBOX_ATTRIBUTES,
  MERMAID_SKIPPED_PAGES,
  MERMAID_UNLIMITED_PAGES,
  MERMAID_WARNING_MESSAGE,
  isDarkColorMode,
} from '../src/markdown/pipeline/enhancers/mermaid';

const handles: GfmHandle[] = [];

afterEach(async () => {
  // Warning roots unmount a microtask after dispose: inside act.
  await act(async () => {
    for (const handle of handles.splice(0)) handle.dispose();
    await Promise.resolve();
  });
  document.body.replaceChildren();
  delete document.body.dataset.page;
  document.documentElement.removeAttribute('data-color-mode');
  vi.restoreAllMocks();
});

/** A ```mermaid fence whose rendered `<code>` holds exactly `length` characters (the fence adds a newline). */
function diagram(length: number, body = 'graph TD;\n'): string {
  const text = body + 'A'.repeat(Math.max(0, length - 1 - body.length));
  expect(text.length + 1).toBe(length);
  return '```mermaid\n' + text + '\n```\n\n';
}

/** Markdown rendered by renderMarkdown, in the document, enhanced by the diagram step only. */
async function mount(markdown: string, options: RenderGfmOptions = {}) {
  const container = document.createElement('div');
  container.innerHTML = await renderMarkdown(markdown);
  document.body.append(container);
  let handle!: GfmHandle;
  await act(async () => {
    handle = renderGfm(container, { enhancers: [mermaidEnhancer], ...options });
    await handle.done;
  });
  handles.push(handle);
  return { container, handle };
}

const frames = (root: ParentNode = document) => Array.from(root.querySelectorAll('iframe'));
const warnings = (root: ParentNode = document) => Array.from(root.querySelectorAll('.fk-mermaid-warning'));
const sources = (root: ParentNode) => Array.from(root.querySelectorAll<HTMLElement>('pre.js-render-mermaid'));

/** What each diagram of `root` became, in order: 'frame', 'warning' or 'code'. */
function outcomes(root: ParentNode): string[] {
  return sources(root).map((pre) => {
    if (pre.nextElementSibling?.querySelector('iframe')) return 'frame';
    if (pre.previousElementSibling?.classList.contains('fk-mermaid-warning')) return 'warning';
    return 'code';
  });
}

function postFrom(source: MessageEventSource | null, origin: string, data: unknown) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

describe('the frame', () => {
  it('is sandboxed with exactly "allow-scripts allow-popups", titled, and loads the sandbox page', async () => {
    const { container } = await mount(diagram(20));
    const [frame] = frames(container);
    expect(frame).toBeDefined();
    expect(MERMAID_SANDBOX_ATTRIBUTES).toBe('allow-scripts allow-popups');
    expect(frame!.getAttribute('sandbox')).toBe('allow-scripts allow-popups');
    expect(screen.getByTitle(MERMAID_FRAME_TITLE)).toBe(frame);
    expect(MERMAID_FRAME_TITLE).toBe('Mermaid diagram');
    expect(frame!.src).toBe(`${location.origin}/-/sandbox/mermaid?darkMode=false`);
    expect(container.querySelector('.fk-mermaid')).toHaveAttribute('data-state', 'loading');
  });

  it('keeps the source in the DOM, visually hidden, before the frame', async () => {
    const markdown = diagram(30);
    const { container } = await mount(markdown);
    const [pre] = sources(container);
    expect(pre!.textContent).toBe(markdown.slice('```mermaid\n'.length, -'```\n\n'.length));
    expect(pre).toHaveClass('fk-mermaid-source');
    expect(pre!.nextElementSibling).toHaveClass('fk-mermaid');
    expect(pre!.nextElementSibling).toHaveAttribute('data-component', 'Markdown.Mermaid');
  });

  it('posts the source to the frame once it has loaded', async () => {
    const { container } = await mount(diagram(20, 'graph LR;\nX-->Y;\n'));
    const [frame] = frames(container);
    const post = vi.spyOn(frame!.contentWindow!, 'postMessage').mockImplementation(() => {});
    expect(post).not.toHaveBeenCalled();
    frame!.dispatchEvent(new Event('load'));
    expect(post).toHaveBeenCalledWith(sources(container)[0]!.textContent, '*');
  });

  it('takes the reported height plus 10 px from its own frame with origin "null"', async () => {
    const { container } = await mount(diagram(20));
    const [frame] = frames(container);
    expect(MERMAID_IFRAME_HEIGHT_PADDING).toBe(10);
    postFrom(frame!.contentWindow, 'null', { h: 137, w: 400 });
    expect(frame!.style.height).toBe('147px');
    expect(container.querySelector('.fk-mermaid')).toHaveAttribute('data-state', 'rendered');
    postFrom(frame!.contentWindow, 'null', { h: 52.5, w: 400 });
    expect(frame!.style.height).toBe('62.5px');
  });

  it('ignores messages from another window, another origin, or without a height', async () => {
    const { container } = await mount(diagram(20) + diagram(20));
    const [frame, other] = frames(container);
    postFrom(other!.contentWindow, 'null', { h: 500 });
    postFrom(window, 'null', { h: 500 });
    postFrom(null, 'null', { h: 500 });
    postFrom(frame!.contentWindow, location.origin, { h: 500 });
    postFrom(frame!.contentWindow, 'https://evil.example', { h: 500 });
    for (const data of ['500', { h: '500' }, { h: -1 }, { h: Number.NaN }, { h: Infinity }, null, 500]) {
      postFrom(frame!.contentWindow, 'null', data);
    }
    expect(frame!.style.height).toBe('');
    expect(container.querySelector('.fk-mermaid')).toHaveAttribute('data-state', 'loading');
    // The other frame's own report sizes only the other frame.
    postFrom(other!.contentWindow, 'null', { h: 500 });
    expect(other!.style.height).toBe('510px');
    expect(frame!.style.height).toBe('');
  });

  it('builds the sandbox URL from the relative root, or takes sandboxUrl', async () => {
    const { container } = await mount(diagram(20), { mermaid: { relativeRootPath: '/gitlab/' } });
    expect(frames(container)[0]!.src).toBe(
      `${location.origin}/gitlab/-/sandbox/mermaid?darkMode=false&relativeRootPath=%2Fgitlab`,
    );
    const other = await mount(diagram(20), { mermaid: { sandboxUrl: '/sandbox.html?v=1', darkMode: true } });
    expect(frames(other.container)[0]!.src).toBe(`${location.origin}/sandbox.html?v=1&darkMode=true`);
  });
});

describe('dark mode flag', () => {
  it('follows the nearest theme class, then data-color-mode on <html>, unless set', async () => {
    const markdown = diagram(20);
    const dark = document.createElement('div');
    dark.className = 'fk-theme-dark';
    document.body.append(dark);
    const container = document.createElement('div');
    container.innerHTML = await renderMarkdown(markdown);
    dark.append(container);
    await act(async () => {
      handles.push(renderGfm(container, { enhancers: [mermaidEnhancer] }));
    });
    expect(new URL(frames(container)[0]!.src).searchParams.get('darkMode')).toBe('true');

    document.documentElement.setAttribute('data-color-mode', 'dark');
    const page = await mount(markdown);
    expect(new URL(frames(page.container)[0]!.src).searchParams.get('darkMode')).toBe('true');
    const forced = await mount(markdown, { mermaid: { darkMode: false } });
    expect(new URL(frames(forced.container)[0]!.src).searchParams.get('darkMode')).toBe('false');

    const light = document.createElement('div');
    light.className = 'fk-theme-light';
    document.body.append(light);
    expect(isDarkColorMode(light)).toBe(false);
    document.documentElement.setAttribute('data-color-mode', 'light');
    expect(isDarkColorMode(document.body)).toBe(false);
  });

  it('follows a switch of the page: the frame reloads in the other mode and is busy until it reports', async () => {
    document.documentElement.setAttribute('data-color-mode', 'light');
    const { container, handle } = await mount(diagram(20));
    const forced = await mount(diagram(20), { mermaid: { darkMode: false } });
    const [frame] = frames(container);
    const wrapper = frame!.parentElement!;
    const darkOf = (element: HTMLIFrameElement) => new URL(element.src).searchParams.get('darkMode');
    expect(wrapper).toHaveAttribute('aria-busy', 'true');
    postFrom(frame!.contentWindow, 'null', { h: 100 });
    expect(wrapper).toHaveAttribute('data-state', 'rendered');
    expect(wrapper).not.toHaveAttribute('aria-busy');

    // MutationObserver callbacks run as microtasks.
    await act(async () => document.documentElement.setAttribute('data-color-mode', 'dark'));
    expect(darkOf(frame!)).toBe('true');
    expect(wrapper).toHaveAttribute('data-state', 'loading');
    expect(wrapper).toHaveAttribute('aria-busy', 'true');
    expect(darkOf(frames(forced.container)[0]!)).toBe('false');
    postFrom(frame!.contentWindow, 'null', { h: 120 });
    expect(wrapper).toHaveAttribute('data-state', 'rendered');
    expect(wrapper).not.toHaveAttribute('aria-busy');

    // Another change of <html> that leaves the mode as it is reloads nothing.
    const src = frame!.src;
    await act(async () => document.documentElement.classList.add('something-else'));
    expect(frame!.src).toBe(src);
    expect(wrapper).toHaveAttribute('data-state', 'rendered');

    // Disposed, the run follows no more.
    handle.dispose();
    await act(async () => document.documentElement.setAttribute('data-color-mode', 'light'));
    expect(darkOf(frame!)).toBe('true');
    document.documentElement.classList.remove('something-else');
  });
});

describe('heavy diagrams', () => {
  it('warns instead of rendering a source over 2000 characters (2000 renders)', async () => {
    expect(MERMAID_MAX_CHARACTERS).toBe(2000);
    // The first brings the batch total to exactly 2000 (not over): the second is held back by its own length.
    const { container } = await mount(diagram(2000) + diagram(2001));
    expect(outcomes(container)).toEqual(['frame', 'warning']);
    expect(screen.getByRole('alert')).toHaveTextContent(MERMAID_WARNING_MESSAGE);
    expect(MERMAID_WARNING_MESSAGE).toBe(
      'Warning: Displaying this diagram might cause performance issues on this page.',
    );
    // The held-back source stays visible as code under the warning.
    expect(sources(container)[1]).not.toHaveClass('fk-mermaid-source');
  });

  it('warns on more than 30 ampersands (30 renders)', async () => {
    expect(MERMAID_MAX_AMPERSANDS).toBe(30);
    const chain = (n: number) => 'graph LR;\nA --> ' + Array.from({ length: n + 1 }, (_, i) => `N${i}`).join(' & ');
    expect(chain(30).split('&')).toHaveLength(31);
    const { container } = await mount('```mermaid\n' + chain(30) + '\n```\n\n```mermaid\n' + chain(31) + '\n```\n');
    expect(outcomes(container)).toEqual(['frame', 'warning']);
  });

  it('warns once the diagrams rendered before it in the batch add up to over 2000 characters', async () => {
    expect(MERMAID_MAX_BATCH_CHARACTERS).toBe(2000);
    const atLimit = await mount(diagram(1000) + diagram(1000) + diagram(15) + diagram(15));
    // 1000 + 1000 = 2000 is not over: the third renders; then 2015 is: the fourth waits.
    expect(outcomes(atLimit.container)).toEqual(['frame', 'frame', 'frame', 'warning']);
    const over = await mount(diagram(1000) + diagram(1001) + diagram(15));
    expect(outcomes(over.container)).toEqual(['frame', 'frame', 'warning']);
    // A held-back diagram does not count towards the total.
    const held = await mount(diagram(2001) + diagram(1500) + diagram(15));
    expect(outcomes(held.container)).toEqual(['warning', 'frame', 'frame']);
  });

  it('counts each pipeline run as its own batch', async () => {
    const first = await mount(diagram(1500) + diagram(600));
    const second = await mount(diagram(1500) + diagram(600));
    expect([...outcomes(first.container), ...outcomes(second.container)]).toEqual(['frame', 'frame', 'frame', 'frame']);
  });

  it('warns when 50 or more diagrams are already rendered on the page (49 do not)', async () => {
    expect(MERMAID_MAX_DIAGRAMS).toBe(50);
    const small = diagram(15);
    await mount(small.repeat(49));
    expect(frames()).toHaveLength(49);
    const fiftieth = await mount(small);
    expect(outcomes(fiftieth.container)).toEqual(['frame']);
    expect(frames()).toHaveLength(50);
    const fiftyFirst = await mount(small + small);
    expect(outcomes(fiftyFirst.container)).toEqual(['warning', 'warning']);
  });

  it('applies the page count within one batch too', async () => {
    const { container } = await mount(diagram(15).repeat(51));
    expect(outcomes(container).filter((outcome) => outcome === 'frame')).toHaveLength(50);
    expect(outcomes(container)[50]).toBe('warning');
  });

  it("renders on 'Display': the warning goes, the frame comes, focus follows", async () => {
    const user = userEvent.setup();
    const { container } = await mount(diagram(2001));
    expect(frames(container)).toHaveLength(0);
    const button = await screen.findByRole('button', { name: MERMAID_DISPLAY_LABEL });
    expect(MERMAID_DISPLAY_LABEL).toBe('Display');
    await user.click(button);
    await act(() => Promise.resolve());
    expect(warnings(container)).toHaveLength(0);
    expect(screen.queryByText(MERMAID_WARNING_MESSAGE)).not.toBeInTheDocument();
    expect(outcomes(container)).toEqual(['frame']);
    expect(frames(container)[0]).toHaveAttribute('sandbox', MERMAID_SANDBOX_ATTRIBUTES);
    expect(document.activeElement).toBe(frames(container)[0]);
  });
});

describe('pages', () => {
  it.each(MERMAID_UNLIMITED_PAGES)('does not apply the limits on %s', async (page) => {
    const { container } = await mount(diagram(2001) + diagram(1000) + diagram(20), { page });
    expect(outcomes(container)).toEqual(['frame', 'frame', 'frame']);
  });

  it('lists the pages of the spec: group and project wikis (show, edit, create), project show, file view', () => {
    expect([...MERMAID_UNLIMITED_PAGES].sort()).toEqual(
      [
        'groups:wikis:show',
        'groups:wikis:edit',
        'groups:wikis:create',
        'projects:wikis:show',
        'projects:wikis:edit',
        'projects:wikis:create',
        'projects:show',
        'projects:blob:show',
      ].sort(),
    );
  });

  it('reads the page from <body data-page> when no page is given', async () => {
    document.body.dataset.page = 'projects:wikis:show';
    const { container } = await mount(diagram(2001));
    expect(outcomes(container)).toEqual(['frame']);
  });

  it('applies the limits on other pages', async () => {
    const { container } = await mount(diagram(2001), { page: 'projects:issues:show' });
    expect(outcomes(container)).toEqual(['warning']);
  });

  it('leaves diagrams as code on the search results page', async () => {
    expect(MERMAID_SKIPPED_PAGES).toEqual(['search:show']);
    const { container } = await mount(diagram(20) + diagram(2001), { page: 'search:show' });
    expect(outcomes(container)).toEqual(['code', 'code']);
    expect(sources(container)[0]).not.toHaveClass('fk-mermaid-source');
  });
});

describe('<details>', () => {
  const inDetails = (inner: string, open = false) =>
    `<details${open ? ' open' : ''}>\n<summary>Diagram</summary>\n\n${inner}\n</details>\n\n`;

  it('renders a diagram in a closed <details> when it is first opened, not before', async () => {
    const { container } = await mount(diagram(20) + inDetails(diagram(20)));
    expect(outcomes(container)).toEqual(['frame', 'code']);
    const details = container.querySelector('details')!;
    await act(async () => {
      details.open = true;
      await new Promise((resolve) => details.addEventListener('toggle', resolve, { once: true }));
    });
    expect(outcomes(container)).toEqual(['frame', 'frame']);
    // Closing and opening again renders nothing more.
    for (const open of [false, true]) {
      await act(async () => {
        details.open = open;
        await new Promise((resolve) => details.addEventListener('toggle', resolve, { once: true }));
      });
    }
    expect(frames(container)).toHaveLength(2);
  });

  it('renders at once in an open <details>', async () => {
    const { container } = await mount(inDetails(diagram(20), true));
    expect(outcomes(container)).toEqual(['frame']);
  });

  it('waits for every closed <details> around it', async () => {
    const { container } = await mount(inDetails(inDetails(diagram(20))));
    const [outer, inner] = Array.from(container.querySelectorAll('details'));
    const toggle = (details: HTMLDetailsElement) =>
      act(async () => {
        details.open = true;
        await new Promise((resolve) => details.addEventListener('toggle', resolve, { once: true }));
      });
    await toggle(inner!);
    expect(outcomes(container)).toEqual(['code']);
    await toggle(outer!);
    expect(outcomes(container)).toEqual(['frame']);
  });

  it('applies the limits to the diagrams of one opening as a batch', async () => {
    const { container } = await mount(inDetails(diagram(1500) + diagram(600) + diagram(20)));
    const details = container.querySelector('details')!;
    await act(async () => {
      details.open = true;
      await new Promise((resolve) => details.addEventListener('toggle', resolve, { once: true }));
    });
    expect(outcomes(container)).toEqual(['frame', 'frame', 'warning']);
  });

  it('stops waiting when the run is disposed', async () => {
    const { container, handle } = await mount(inDetails(diagram(20)));
    handle.dispose();
    const details = container.querySelector('details')!;
    details.open = true;
    await new Promise((resolve) => details.addEventListener('toggle', resolve, { once: true }));
    expect(frames(container)).toHaveLength(0);
  });
});

describe('dispose and re-runs', () => {
  it('removes frames and warnings and restores the source; a new run enhances once more', async () => {
    const { container, handle } = await mount(diagram(20) + diagram(2001));
    const [frame] = frames(container);
    await act(async () => {
      handle.dispose();
      await Promise.resolve();
    });
    expect(frames(container)).toHaveLength(0);
    expect(warnings(container)).toHaveLength(0);
    expect(sources(container)).toHaveLength(2);
    expect(sources(container)[0]).not.toHaveClass('fk-mermaid-source');
    // A late message from the removed frame changes nothing.
    postFrom(frame!.contentWindow, 'null', { h: 10 });

    await act(async () => {
      handles.push(renderGfm(container, { enhancers: [mermaidEnhancer] }));
    });
    expect(outcomes(container)).toEqual(['frame', 'warning']);
    expect(frames(container)).toHaveLength(1);
    expect(warnings(container)).toHaveLength(1);
  });

  it('does nothing more when run again over the same container while the first run lives', async () => {
    const { container } = await mount(diagram(20));
    await act(async () => {
      handles.push(renderGfm(container, { enhancers: [mermaidEnhancer] }));
    });
    expect(frames(container)).toHaveLength(1);
  });

  it('enhances each diagram once under <Markdown> in StrictMode', async () => {
    const html = await renderMarkdown(diagram(20) + diagram(2001));
    // In act until the microtask in which the first (StrictMode) run's warning root unmounts.
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(
        <StrictMode>
          <Markdown html={html} options={{ enhancers: [mermaidEnhancer] }} />
        </StrictMode>,
      );
      await Promise.resolve();
    });
    const { container, unmount } = view;
    await screen.findByRole('button', { name: MERMAID_DISPLAY_LABEL });
    expect(frames(container)).toHaveLength(1);
    expect(warnings(container)).toHaveLength(1);
    expect(frames(container)[0]).toHaveAttribute('sandbox', MERMAID_SANDBOX_ATTRIBUTES);
    await act(async () => {
      unmount();
      await Promise.resolve();
    });
    expect(frames()).toHaveLength(0);
    expect(warnings()).toHaveLength(0);
  });

  it('is part of the default pipeline', async () => {
    const html = await renderMarkdown(diagram(20));
    const { container } = render(<Markdown html={html} />);
    await vi.waitFor(() => expect(frames(container)).toHaveLength(1));
  });
});
