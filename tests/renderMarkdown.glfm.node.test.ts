// renderMarkdown against GitLab's own GLFM examples (tests/fixtures/glfm-examples.json): the same
// visible text and the same links (heading permalinks included, so slugs too) as GitLab's HTML,
// and the structure each GitLab feature needs.
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../src/markdown';

interface Example {
  markdown: string;
  expected: string;
  source: string;
  selectors?: string[];
}

const { examples } = JSON.parse(readFileSync(new URL('./fixtures/glfm-examples.json', import.meta.url), 'utf8')) as {
  examples: Record<string, Example>;
};
const { document } = new JSDOM('').window;

/** What a reader gets from HTML: its text (white space collapsed) and its links. */
function reading(html: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  return {
    root,
    text: (root.textContent ?? '').replace(/\s+/g, ' ').trim(),
    links: Array.from(root.querySelectorAll('a[href]'), (a) => [a.getAttribute('href'), a.textContent]),
  };
}

describe("GitLab's GLFM examples", () => {
  for (const [name, { markdown, expected, selectors = [] }] of Object.entries(examples)) {
    it(name, async () => {
      const ours = reading(await renderMarkdown(markdown));
      const gitlab = reading(expected);
      expect(ours.text).toBe(gitlab.text);
      expect(ours.links).toEqual(gitlab.links);
      for (const selector of selectors) expect(ours.root.querySelector(selector), selector).not.toBeNull();
    });
  }
});
