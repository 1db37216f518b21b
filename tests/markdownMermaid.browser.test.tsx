// The diagram sandbox's script and the enhancer in real Chromium, without serving the sandbox page:
// real Mermaid (the sandbox's own `import()`) renders and reports sizes; hostile sources (HTML
// labels with handlers, click callbacks, javascript: links, directives and front matter asking for
// 'loose' security or a laxer sanitiser) come out inert; a real second frame and the page itself
// cannot size a diagram's frame; 'Display' moves focus to the new frame.
// A real sandboxed frame serving the sandbox page: markdownMermaidFrame.browser.test.tsx.
import { act } from '@testing-library/react';
import { userEvent } from 'vitest/browser';
import { afterEach, describe, expect, it } from 'vitest';
import { mermaidEnhancer, renderGfm, renderMarkdown, type GfmHandle } from '../src/markdown';
import { MERMAID_DISPLAY_LABEL, MERMAID_SANDBOX_ATTRIBUTES } from '../src/markdown/pipeline/enhancers/mermaid';
import { startMermaidSandbox, type MermaidSandboxHandle } from '../src/markdown/sandbox';

declare global {
  interface Window {
    __fkXss?: unknown;
    __fkXssCall?: () => void;
  }
}

const cleanups: (() => void)[] = [];

afterEach(async () => {
  await act(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
    await Promise.resolve();
  });
  document.body.replaceChildren();
  delete window.__fkXss;
  delete window.__fkXssCall;
});

/** The sandbox run in this page, its parent being this page too: sources in, size reports out. */
function sandboxInPage() {
  const container = document.createElement('div');
  container.style.width = '640px';
  document.body.append(container);
  const reports: { h: number; w: number }[] = [];
  const onMessage = (event: MessageEvent) => {
    if (event.source === window && typeof event.data === 'object' && event.data) reports.push(event.data);
  };
  window.addEventListener('message', onMessage);
  const handle: MermaidSandboxHandle = startMermaidSandbox({ container, parentWindow: window });
  cleanups.push(() => {
    handle.stop();
    window.removeEventListener('message', onMessage);
  });
  /** Posts a source and waits for the report of its render. */
  const draw = async (source: string) => {
    const before = reports.length;
    window.postMessage(source, location.origin);
    await expect.poll(() => reports.length, { timeout: 10_000 }).toBeGreaterThan(before);
    return reports.at(-1)!;
  };
  return { container, draw };
}

/** Every way a rendered diagram could still run script. */
function liveScript(root: Element): string[] {
  const found: string[] = [];
  for (const element of [root, ...root.querySelectorAll('*')]) {
    if (element.localName === 'script') found.push('<script>');
    for (const attribute of element.attributes) {
      if (attribute.name.toLowerCase().startsWith('on')) found.push(`${element.localName}[${attribute.name}]`);
      if (/^\s*(javascript|data|vbscript):/i.test(attribute.value) && /href|src|action/i.test(attribute.name)) {
        found.push(`${element.localName}[${attribute.name}=${attribute.value}]`);
      }
    }
  }
  return found;
}

describe('the sandbox script with Mermaid', () => {
  it('renders a flowchart and a sequence diagram and reports their size', async () => {
    const { container, draw } = sandboxInPage();
    const flow = await draw('graph TD;\n  A[Start] --> B{Ready?};\n  B -- yes --> C[Ship];\n  B -- no --> A;');
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-roledescription')).toMatch(/flowchart/);
    expect(svg.textContent).toContain('Ship');
    const rect = container.getBoundingClientRect();
    expect(flow.h).toBeGreaterThan(100);
    expect(flow).toEqual({ h: Math.ceil(rect.height), w: Math.ceil(rect.width) });

    const sequence = await draw('sequenceDiagram\n  Alice->>Bob: Hello Bob\n  Bob-->>Alice: Hi Alice');
    expect(container.querySelectorAll('svg')).toHaveLength(1);
    expect(container.querySelector('svg')!.getAttribute('aria-roledescription')).toBe('sequence');
    expect(sequence.h).toBe(Math.ceil(container.getBoundingClientRect().height));
  });

  it('shows a syntax error inside the frame', async () => {
    const { container, draw } = sandboxInPage();
    const report = await draw('graph TD;\n  A -->');
    expect(container.querySelector('[role="alert"]')).toHaveTextContent('There was an error rendering this diagram.');
    expect(report.h).toBeGreaterThan(0);
  });

  const hostile: [string, string][] = [
    ['an HTML label with a handler', 'graph TD;\n  A["<img src=x onerror=window.__fkXss=1>"] --> B'],
    ['an unquoted HTML label', 'graph TD; A[<img src=x onerror=window.__fkXss=2>]'],
    [
      "a directive asking for 'loose'",
      '%%{init: {"securityLevel":"loose"}}%%\ngraph TD;\n  A["<img src=x onerror=window.__fkXss=3>"] --> B',
    ],
    [
      "front matter asking for 'loose'",
      '---\nconfig:\n  securityLevel: loose\n---\ngraph TD;\n  A["<img src=x onerror=window.__fkXss=4>"] --> B',
    ],
    [
      'a directive loosening the sanitiser',
      '%%{init: {"dompurifyConfig": {"ADD_ATTR": ["onerror"], "ADD_TAGS": ["script"]}, "htmlLabels": true}}%%\n' +
        'graph TD;\n  A["<img src=x onerror=window.__fkXss=5><script>window.__fkXss=5</script>"] --> B',
    ],
    [
      'click callbacks and javascript: links',
      '%%{init: {"securityLevel":"loose"}}%%\ngraph TD;\n  A --> B\n  click A call __fkXssCall()\n' +
        '  click B href "javascript:window.__fkXss=6"',
    ],
    ['a javascript: link in a label', 'graph TD;\n  A["<a href=javascript:window.__fkXss=7>x</a>"] --> B'],
    ['a sequence message', 'sequenceDiagram\n  Alice->>Bob: <img src=x onerror=window.__fkXss=8>'],
  ];

  it.each(hostile)('neutralises %s', async (_name, source) => {
    window.__fkXssCall = () => {
      window.__fkXss = 'callback';
    };
    const { container, draw } = sandboxInPage();
    await draw(source);
    // Rendered (not refused as an error), and nothing in it can run script.
    expect(container.querySelector('svg')).not.toBeNull();
    expect(liveScript(container)).toEqual([]);
    for (const node of container.querySelectorAll<SVGElement>('.node, a')) {
      node.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    }
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    expect(window.__fkXss).toBeUndefined();
  });
});

describe('the enhancer in Chromium', () => {
  async function mount(markdown: string) {
    const container = document.createElement('div');
    container.innerHTML = await renderMarkdown(markdown);
    document.body.append(container);
    let handle!: GfmHandle;
    await act(async () => {
      // A page without the sandbox script: nothing in these frames ever reports.
      handle = renderGfm(container, { enhancers: [mermaidEnhancer], mermaid: { sandboxUrl: '/__no-sandbox__' } });
    });
    cleanups.push(() => handle.dispose());
    return container;
  }

  it('sizes a frame only from its own messages: not from another sandboxed frame, nor the page', async () => {
    const container = await mount('```mermaid\ngraph TD;A-->B\n```\n');
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('sandbox')).toBe(MERMAID_SANDBOX_ATTRIBUTES);
    // Opaque origin: the page cannot reach into the frame.
    expect(frame.contentDocument).toBeNull();

    // Another sandboxed frame (origin "null" too) claims a height; so does the page itself.
    const received: string[] = [];
    const onMessage = (event: MessageEvent) => received.push(event.origin);
    window.addEventListener('message', onMessage);
    cleanups.push(() => window.removeEventListener('message', onMessage));
    const intruder = document.createElement('iframe');
    intruder.setAttribute('sandbox', 'allow-scripts');
    intruder.srcdoc = '<script>parent.postMessage({ h: 900, w: 900 }, "*")</script>';
    document.body.append(intruder);
    window.postMessage({ h: 800, w: 800 }, '*');
    await expect.poll(() => received.slice().sort()).toEqual(['null', location.origin].sort());
    expect(frame.style.height).toBe('');
    expect(container.querySelector('.fk-mermaid')).toHaveAttribute('data-state', 'loading');
  });

  it('ignores a message without a source once its frame has left the page', async () => {
    const container = await mount('```mermaid\ngraph TD;A-->B\n```\n');
    const frame = container.querySelector('iframe')!;
    frame.remove();
    // A removed frame has no window: a message without a source must not pass as its own.
    expect(frame.contentWindow).toBeNull();
    window.dispatchEvent(new MessageEvent('message', { data: { h: 500 }, origin: 'null', source: null }));
    expect(frame.style.height).toBe('');
  });

  it("moves focus to the new frame after 'Display'", async () => {
    const container = await mount('```mermaid\ngraph LR;\n' + 'A-->B;\n'.repeat(400) + '```\n');
    await expect.poll(() => container.querySelector('.fk-mermaid-warning button')).not.toBeNull();
    const button = container.querySelector<HTMLButtonElement>('.fk-mermaid-warning button')!;
    expect(button).toHaveTextContent(MERMAID_DISPLAY_LABEL);
    await act(async () => {
      await userEvent.click(button);
    });
    await expect.poll(() => container.querySelector('iframe')).not.toBeNull();
    expect(document.activeElement).toBe(container.querySelector('iframe'));
    expect(container.querySelector('.fk-mermaid-warning')).toBeNull();
  });
});
