import { JSDOM } from 'jsdom';

/** Globals Node defines too, replaced by jsdom's while the DOM is installed. */
const REPLACED_GLOBALS = ['AbortController', 'AbortSignal'];

/**
 * Installs a jsdom window's globals (window, document, HTMLElement, ...) on `globalThis` for the
 * length of a callback, then removes them again: server rendering happens with no DOM globals at
 * all, hydration happens in a DOM, in the same Node test.
 */
export async function withDom<T>(html: string, run: (container: HTMLElement) => Promise<T>): Promise<T> {
  const dom = new JSDOM(`<!doctype html><html><body><div id="root">${html}</div></body></html>`, {
    pretendToBeVisual: true,
    url: 'http://localhost/',
  });
  const win = dom.window as unknown as Record<string, unknown>;
  const added: string[] = [];
  for (const key of Object.getOwnPropertyNames(win)) {
    if (key in globalThis || key.startsWith('_')) continue;
    Object.defineProperty(globalThis, key, { configurable: true, writable: true, value: win[key] });
    added.push(key);
  }
  Object.defineProperty(globalThis, 'window', { configurable: true, writable: true, value: win });
  added.push('window');
  // Node has its own; jsdom's addEventListener accepts only jsdom's signals.
  const replaced = REPLACED_GLOBALS.map((key) => [key, (globalThis as Record<string, unknown>)[key]] as const);
  for (const [key] of replaced) (globalThis as Record<string, unknown>)[key] = win[key];
  try {
    return await run(dom.window.document.getElementById('root') as unknown as HTMLElement);
  } finally {
    for (const key of added) delete (globalThis as Record<string, unknown>)[key];
    for (const [key, value] of replaced) (globalThis as Record<string, unknown>)[key] = value;
    dom.window.close();
  }
}

/** The DOM globals a component must not touch while rendering on the server. */
export const DOM_GLOBALS = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'HTMLElement'];
