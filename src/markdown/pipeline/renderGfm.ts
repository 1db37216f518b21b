import { DEFAULT_ENHANCERS } from './enhancers';
import type { EnhancerContext, GfmHandle, MarkdownEnhancer, RenderGfmOptions } from './types';

// Which enhancers hold an element: claimed by a live run, released by its dispose(). A WeakMap,
// not a DOM mark: nothing is written into the content, and removed nodes are collected with it.
const claims = new WeakMap<Element, Set<string>>();

function claim(element: Element, enhancer: string): boolean {
  let names = claims.get(element);
  if (!names) claims.set(element, (names = new Set()));
  if (names.has(enhancer)) return false;
  names.add(enhancer);
  return true;
}

/** The page identifier server-rendered pages put on `<body data-page>`. */
function pageOf(root: HTMLElement): string | undefined {
  return root.ownerDocument.body?.dataset.page;
}

/**
 * Enhances rendered Markdown inside `element`: runs each enhancer over the elements no live run
 * holds. Safe to call again after content is added (only new nodes are touched) and never
 * throws: an enhancer's failure is reported and the rest still run. `dispose()` releases the
 * elements, so a later run (a remount) may hand them over again: enhancers leave the DOM so that
 * a second pass is a no-op or finishes what was interrupted. Browser only; call it after the
 * HTML (sanitised: `renderMarkdown` output or `sanitizeHtml`) is in the document.
 */
export function renderGfm(element: HTMLElement, options: RenderGfmOptions = {}): GfmHandle {
  const controller = new AbortController();
  const cleanups: (() => void)[] = [];
  const resolved: RenderGfmOptions = { ...options, page: options.page ?? pageOf(element) };
  const enhancers: readonly MarkdownEnhancer[] = options.enhancers ?? DEFAULT_ENHANCERS;
  const pending: Promise<void>[] = [];

  for (const enhancer of enhancers) {
    const report = (error: unknown) => {
      if (controller.signal.aborted) return;
      if (options.onError) options.onError(error, enhancer.name);
      else console.error(`[forgekit/markdown] ${enhancer.name}:`, error);
    };
    const context: EnhancerContext = {
      root: element,
      options: resolved,
      signal: controller.signal,
      onDispose: (cleanup) => cleanups.push(cleanup),
      reportError: report,
    };
    const elements = Array.from(element.querySelectorAll<HTMLElement>(enhancer.selector)).filter((node) =>
      claim(node, enhancer.name),
    );
    if (elements.length === 0) continue;
    cleanups.push(() => {
      for (const node of elements) claims.get(node)?.delete(enhancer.name);
    });
    try {
      const result = enhancer.enhance(elements, context);
      if (result) pending.push(result.catch(report));
    } catch (error) {
      report(error);
    }
  }

  let disposed = false;
  return {
    done: Promise.all(pending).then(() => undefined),
    dispose() {
      if (disposed) return;
      disposed = true;
      controller.abort();
      for (const cleanup of cleanups.splice(0).reverse()) cleanup();
    },
  };
}
