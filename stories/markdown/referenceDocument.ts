// The Markdown reference page's source and the fake product data behind it (stories only).
import type { MarkdownContext, MarkdownReference, ResolvedReference } from '../../src/markdown';

const fence = '```';

/** Where Storybook serves the diagram sandbox page (a staticDirs entry; the product's is {root}/-/sandbox/mermaid). */
export const STORY_SANDBOX_URL = '/-/sandbox/mermaid.html';

/**
 * Every feature renderMarkdown and the pipeline support, section by section (each fits the visual
 * test viewport; the whole page is `REFERENCE_DOCUMENT`).
 */
export const REFERENCE_SECTIONS = {
  text: `---
title: Release checklist
labels: [release]
---

# Markdown reference

Text can be **bold**, _italic_, ~~struck through~~, \`inline code\` and <kbd>Ctrl</kbd> + <kbd>Enter</kbd>.
Links: [the handbook](https://handbook.example.com), autolinked https://gitlab.example.com and www.example.com.

## References and mentions

Fixes #42 and follows up on !17 in group/project#7. Part of epic &3, scheduled for %"16.0", labelled ~bug and ~"needs review".
Thanks @ada and @design-team; see commit 1a2b3c4d. :tada: :thumbsup:

> Quoted text with a footnote.[^1]

[^1]: Footnotes are collected at the end.
`,
  lists: `## Lists

1. Ordered
2. Items
   - nested bullet
   - another

- [x] Write the changelog
- [ ] Tag the release

## Table

| Stage | Status | Duration |
| :---- | :----: | -------: |
| build | passed | 1m 20s |
| test | failed | 4m 02s |

<details>
<summary>Details</summary>

Hidden until opened.

</details>
`,
  code: `## Code

${fence}ts
export function greet(name: string): string {
  // Comments, keywords, strings and numbers are highlighted.
  return \`Hello, \${name}\` + '!'.repeat(1);
}
${fence}

## Math

Inline $a^2 + b^2 = c^2$ and display:

$$
\\int_0^\\infty e^{-x^2} dx = \\frac{\\sqrt{\\pi}}{2}
$$
`,
  diagrams: `## Diagram

${fence}mermaid
graph LR
  A[Commit] --> B[Pipeline] --> C[Deploy]
${fence}

## JSON table

${fence}json:table
{
  "fields": [{ "key": "name", "label": "Package", "sortable": true }, { "key": "version", "label": "Version" }],
  "items": [{ "name": "forgekit", "version": "0.1.0" }, { "name": "katex", "version": "0.19.1" }],
  "filter": true,
  "caption": "Dependencies"
}
${fence}
`,
  alerts: `## Alerts and quotes

> [!note]
> Useful information that readers should know, even when skimming.

> [!warning] Data deletion
> Removing the project deletes its issues too.

>>>
A multi-line quote holds any Markdown: **paragraphs**,

- lists
- and more.
>>>

Inline diff: the default branch was {- master -} and is {+ main +}.
`,
  contents: `## Contents and colours

[[_TOC_]]

### Colours

Brand blue \`#1f75cb\`, green \`RGB(108,212,112)\`, a translucent \`HSLA(14,80%,50%,0.5)\`.

### Labels

Labelled ~bug, ~"needs review" and ~"priority::high", in their own colours.

### Tasks

- [x] Draft the notes
- [~] Translate them (not needed)
`,
};

/** The whole reference page. */
export const REFERENCE_DOCUMENT = Object.values(REFERENCE_SECTIONS).join('\n---\n\n');

const RESOLVED: Record<string, Partial<ResolvedReference>> = {
  '#42': { title: 'Crash on empty pipeline', state: 'opened', id: 42 },
  '!17': { title: 'Add release checklist', state: 'merged', id: 17 },
  'group/project#7': { title: 'Flaky test in CI', state: 'closed', id: 7 },
  '&3': { title: 'Release 16.0', state: 'opened', id: 3 },
  '%"16.0"': { title: '16.0', id: 160 },
  '~bug': { title: 'bug', id: 1, color: '#dc143c' },
  '~"needs review"': { title: 'needs review', id: 2, color: '#8fbc8f' },
  '~"priority::high"': { title: 'priority::high', id: 3, color: '#5843ad' },
  '@ada': { title: 'Ada Lovelace', id: 1 },
  '@design-team': { title: 'Design team', id: 9, type: 'group' },
  '1a2b3c4d': { title: 'Fix the build', id: '1a2b3c4d' },
};

/** Resolves the document's references like the product's server would, without one. */
export async function storyResolver(references: MarkdownReference[]): Promise<(ResolvedReference | null)[]> {
  return references.map((reference) => {
    const known = RESOLVED[reference.text];
    return known ? { url: `#${encodeURIComponent(reference.text)}`, ...known } : null;
  });
}

const EMOJI: Record<string, { unicode: string; description: string }> = {
  tada: { unicode: '🎉', description: 'party popper' },
  thumbsup: { unicode: '👍', description: 'thumbs up sign' },
};

/** Context for renderMarkdown in stories: the fake resolver and a few emoji. */
export const storyContext: MarkdownContext = {
  resolveReferences: storyResolver,
  emoji: (name) => EMOJI[name] ?? null,
};
