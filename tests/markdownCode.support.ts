// Shared by the jsdom tests of the code, image, task-list and JSON-table enhancers: rendered
// Markdown in the document, run through renderGfm, and an IntersectionObserver the test drives.
import { beforeEach, vi } from 'vitest';
import { renderMarkdown, type MarkdownContext } from '../src/markdown';
import { renderGfm } from '../src/markdown/pipeline/renderGfm';
import type { GfmHandle, RenderGfmOptions } from '../src/markdown/pipeline/types';

export interface Rendered {
  container: HTMLElement;
  handle: GfmHandle;
  onError: ReturnType<typeof vi.fn>;
}

/**
 * `html` in a container attached to the document, enhanced by `renderGfm`; awaits `done` unless
 * `awaitDone` is false (a test that reports visibility first).
 */
export async function enhanceHtml(html: string, options: RenderGfmOptions = {}, awaitDone = true): Promise<Rendered> {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const onError = vi.fn();
  const handle = renderGfm(container, { onError, ...options });
  if (awaitDone) await handle.done;
  return { container, handle, onError };
}

/** `markdown` rendered by renderMarkdown (sanitised), then enhanced as above. */
export async function enhanceMarkdown(
  markdown: string,
  options: RenderGfmOptions = {},
  context: MarkdownContext = {},
  awaitDone = true,
): Promise<Rendered> {
  return enhanceHtml(await renderMarkdown(markdown, context), options, awaitDone);
}

/**
 * An IntersectionObserver whose reports the test sends: `FakeIntersectionObserver.report(element,
 * true)` tells every observer watching `element` that it is near. `install()` puts it on
 * `globalThis` until `uninstall()`.
 */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  disconnected = false;
  readonly rootMargin: string;

  constructor(
    private readonly callback: IntersectionObserverCallback,
    options: IntersectionObserverInit = {},
  ) {
    this.rootMargin = options.rootMargin ?? '0px';
    FakeIntersectionObserver.instances.push(this);
  }

  observe(target: Element) {
    this.targets.add(target);
  }

  unobserve(target: Element) {
    this.targets.delete(target);
  }

  disconnect() {
    this.targets.clear();
    this.disconnected = true;
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Sends one report per observer watching any of `elements`. */
  static report(elements: Element[], isIntersecting: boolean) {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = elements
        .filter((element) => observer.targets.has(element))
        .map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
      if (entries.length > 0) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }

  /** Elements some observer is watching. */
  static watched(): Element[] {
    return FakeIntersectionObserver.instances.flatMap((observer) => [...observer.targets]);
  }

  static install() {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  }

  /** Removes the global. Instances stay listed: the shared lazy loader keeps its observer for the file. */
  static uninstall() {
    vi.unstubAllGlobals();
  }
}

/**
 * Enhancers mount (and, in a microtask after dispose, unmount) React roots of their own, outside
 * any act() scope, as on a page; the tests wait for the result with findBy/waitFor. So React is
 * told this file is not an act() environment (Testing Library's own act() still switches it on
 * for render() and restores it afterwards).
 */
export function renderRootsOutsideAct() {
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  });
}
