// The diagram sandbox page's script in jsdom, with a stand-in for Mermaid: its parameters, the
// Mermaid configuration (strict, secure keys, theme), which messages it accepts, what it reports,
// errors, and the page template. Real Mermaid and hostile sources: markdownMermaid.browser.test.tsx.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MERMAID_SANDBOX_PARAMS,
  MERMAID_SANDBOX_PATH,
  MERMAID_SECURE_KEYS,
  MERMAID_THEMES,
  mermaidSandboxConfig,
  mermaidSandboxHtml,
  readMermaidSandboxParams,
  startMermaidSandbox,
  type MermaidRenderer,
  type MermaidSandboxHandle,
} from '../src/markdown/sandbox';
import { MERMAID_ERROR_MESSAGE } from '../src/markdown/pipeline/enhancers/mermaid';

const handles: MermaidSandboxHandle[] = [];

afterEach(() => {
  for (const handle of handles.splice(0)) handle.stop();
  document.body.replaceChildren();
  document.head.replaceChildren();
  history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

function fakeMermaid(render?: (id: string, text: string) => Promise<{ svg: string }>) {
  const api = {
    initialize: vi.fn(),
    render: vi.fn(render ?? (async (id: string) => ({ svg: `<svg id="${id}" height="120"><text>ok</text></svg>` }))),
  } satisfies MermaidRenderer;
  const load = vi.fn(async () => api);
  return { api, load };
}

/** Starts the sandbox in this (top-level) jsdom window: its parent is itself. */
function start(render?: (id: string, text: string) => Promise<{ svg: string }>) {
  const mermaid = fakeMermaid(render);
  const reports: unknown[] = [];
  vi.spyOn(window, 'postMessage').mockImplementation((message: unknown) => {
    reports.push(message);
  });
  const handle = startMermaidSandbox({ loadMermaid: mermaid.load });
  handles.push(handle);
  return { ...mermaid, reports, handle, app: () => document.getElementById('app')! };
}

function send(data: unknown, { origin = location.origin, source = window as MessageEventSource | null } = {}) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

describe('parameters', () => {
  it('reads the dark-mode flag and the relative root path', () => {
    expect(MERMAID_SANDBOX_PATH).toBe('/-/sandbox/mermaid');
    expect(MERMAID_SANDBOX_PARAMS).toEqual({ darkMode: 'darkMode', relativeRootPath: 'relativeRootPath' });
    expect(readMermaidSandboxParams('?darkMode=true&relativeRootPath=%2Fgitlab')).toEqual({
      darkMode: true,
      relativeRootPath: '/gitlab',
    });
    expect(readMermaidSandboxParams('?darkMode=false')).toEqual({ darkMode: false, relativeRootPath: '' });
    expect(readMermaidSandboxParams('?darkMode=1')).toEqual({ darkMode: false, relativeRootPath: '' });
    expect(readMermaidSandboxParams('')).toEqual({ darkMode: false, relativeRootPath: '' });
  });
});

describe('Mermaid configuration', () => {
  it("is strict, with the security keys out of the diagram's reach, and themed by the flag", () => {
    const light = mermaidSandboxConfig(false);
    expect(light).toMatchObject({ securityLevel: 'strict', startOnLoad: false, theme: 'neutral' });
    expect(mermaidSandboxConfig(true).theme).toBe('dark');
    expect(MERMAID_THEMES).toEqual({ light: 'neutral', dark: 'dark' });
    expect(light.secure).toEqual(expect.arrayContaining(['secure', 'securityLevel', 'htmlLabels', 'dompurifyConfig']));
    expect(light.secure).toEqual([...MERMAID_SECURE_KEYS]);
  });

  it('loads Mermaid at the first source, once, and initialises it for the page parameters', async () => {
    history.replaceState(null, '', '/-/sandbox/mermaid?darkMode=true&relativeRootPath=%2Fgitlab');
    const { api, load, handle } = start();
    expect(handle.params).toEqual({ darkMode: true, relativeRootPath: '/gitlab' });
    expect(load).not.toHaveBeenCalled();
    send('graph TD;A-->B');
    await vi.waitFor(() => expect(api.render).toHaveBeenCalledTimes(1));
    send('graph TD;B-->C');
    await vi.waitFor(() => expect(api.render).toHaveBeenCalledTimes(2));
    expect(load).toHaveBeenCalledTimes(1);
    expect(api.initialize).toHaveBeenCalledTimes(1);
    expect(api.initialize).toHaveBeenCalledWith(mermaidSandboxConfig(true));
  });
});

describe('messages', () => {
  it('renders a source from the parent and reports the size, in whole pixels rounded up, to the parent origin', async () => {
    const { api, reports, app } = start();
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 639.5, height: 119.25 }),
    );
    send('graph TD;A-->B');
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(api.render).toHaveBeenCalledWith(expect.stringMatching(/^fk-mermaid-\d+$/), 'graph TD;A-->B');
    expect(reports[0]).toEqual({ h: 120, w: 640 });
    expect(window.postMessage).toHaveBeenCalledWith({ h: 120, w: 640 }, location.origin);
    const svg = app().querySelector('svg')!;
    expect(svg.querySelector('text')).toHaveTextContent('ok');
    // Without its fixed height the SVG scales with the frame's width.
    expect(svg).not.toHaveAttribute('height');
  });

  it('replaces the previous diagram with each new source', async () => {
    const { reports, app } = start(async (id, text) => ({ svg: `<svg id="${id}"><text>${text}</text></svg>` }));
    send('one');
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    send('two');
    await vi.waitFor(() => expect(reports).toHaveLength(2));
    expect(app().querySelectorAll('svg')).toHaveLength(1);
    expect(app()).toHaveTextContent('two');
  });

  it('skips a source superseded before its turn', async () => {
    const { api, reports } = start();
    send('first');
    send('second');
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(api.render).toHaveBeenCalledTimes(1);
    expect(api.render).toHaveBeenCalledWith(expect.any(String), 'second');
  });

  it('ignores sources from another window or another origin, and anything but a string', async () => {
    const { api } = start();
    const frame = document.createElement('iframe');
    document.body.append(frame);
    send('graph TD;A-->B', { source: frame.contentWindow });
    send('graph TD;A-->B', { source: null });
    send('graph TD;A-->B', { origin: 'https://evil.example' });
    send('graph TD;A-->B', { origin: 'null' });
    send({ source: 'graph TD;A-->B' });
    send(42);
    await new Promise((resolve) => setTimeout(resolve));
    expect(api.render).not.toHaveBeenCalled();
    send('graph TD;A-->B');
    await vi.waitFor(() => expect(api.render).toHaveBeenCalledTimes(1));
  });

  it('stops listening when stopped', async () => {
    const { api, handle } = start();
    handle.stop();
    send('graph TD;A-->B');
    await new Promise((resolve) => setTimeout(resolve));
    expect(api.render).not.toHaveBeenCalled();
  });

  it('takes its page styles away when stopped, and leaves styles it did not add', () => {
    const pageStyles = () => document.head.querySelectorAll('style[data-fk-mermaid-sandbox]').length;
    const { handle } = start();
    expect(pageStyles()).toBe(1);
    const second = start().handle;
    expect(pageStyles()).toBe(1);
    second.stop();
    expect(pageStyles()).toBe(1);
    handle.stop();
    expect(pageStyles()).toBe(0);
  });

  it("shows an error inside the frame, with Mermaid's message, and reports its size", async () => {
    const { reports, app } = start(async () => {
      throw new Error('Parse error on line 1: <img src=x onerror=alert(1)>');
    });
    send('graph TD;A-->');
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    const box = app().querySelector('[role="alert"]')!;
    expect(box).toHaveTextContent(MERMAID_ERROR_MESSAGE);
    expect(MERMAID_ERROR_MESSAGE).toBe('There was an error rendering this diagram.');
    expect(box.querySelector('pre')).toHaveTextContent('Parse error on line 1: <img src=x onerror=alert(1)>');
    // The message is text, never markup.
    expect(box.querySelector('img')).toBeNull();
  });

  it('draws into the page’s #app, or creates it', () => {
    const app = document.createElement('div');
    app.id = 'app';
    document.body.append(app);
    start();
    expect(document.querySelectorAll('#app')).toHaveLength(1);
    expect(document.getElementById('app')).toBe(app);
  });
});

describe('mermaidSandboxHtml', () => {
  it('is a page with #app and the script, escaped', () => {
    const html = mermaidSandboxHtml({ scriptUrl: '/assets/sandbox.js?a=1&b="2"' });
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('#app')).not.toBeNull();
    const script = doc.querySelector('script')!;
    expect(script.getAttribute('src')).toBe('/assets/sandbox.js?a=1&b="2"');
    expect(script.getAttribute('type')).toBe('module');
    expect(doc.title).toBe('Mermaid diagram');
    expect(doc.documentElement.lang).toBe('en');
  });

  it('takes a classic script, a title and a nonce', () => {
    const html = mermaidSandboxHtml({
      scriptUrl: '/sandbox.js',
      scriptType: 'classic',
      title: 'Diagram <1>',
      nonce: 'abc"def',
    });
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const script = doc.querySelector('script')!;
    expect(script.hasAttribute('type')).toBe(false);
    expect(script.getAttribute('nonce')).toBe('abc"def');
    expect(doc.title).toBe('Diagram <1>');
  });
});
