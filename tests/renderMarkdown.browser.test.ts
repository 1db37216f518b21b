// renderMarkdown in real Chromium: the HTML parser that decides what raw tags do to what follows.
import { expect, it } from 'vitest';
import { renderMarkdown } from '../src/markdown';
import { RAW_TAG_NAMES, SURVIVED, notesWithRawTag } from './support/rawTagNames';

it('no raw tag makes later content disappear from the page', async () => {
  const lost: string[] = [];
  const container = document.createElement('div');
  document.body.append(container);
  for (const name of RAW_TAG_NAMES) {
    for (const markdown of notesWithRawTag(name)) {
      container.innerHTML = await renderMarkdown(markdown);
      // A collapsed <details> is the author's choice: its content is one click away.
      for (const details of container.querySelectorAll('details')) details.open = true;
      // innerText: what a reader sees (hidden and raw-text content does not count).
      if (!SURVIVED.test(container.innerText)) lost.push(markdown);
    }
  }
  container.remove();
  expect(lost).toEqual([]);
});

it("GitLab's additions survive the sanitiser in Chromium", async () => {
  const container = document.createElement('div');
  container.innerHTML = await renderMarkdown(
    [
      '[[_TOC_]]',
      '# Title',
      '> [!warning] Careful',
      '> text',
      '>>>\nquoted\n>>>',
      '{+ added +} [- removed -] `#F00`',
      '- [~] skipped',
      '![clip](clip.mp4){width=300} ![pic](pic.png){height=20}',
      '~bug',
    ].join('\n\n'),
    { resolveReferences: async (refs) => refs.map(() => ({ url: '/labels/bug', color: '#1f75cb' })) },
  );
  for (const selector of [
    'nav.table-of-contents[aria-label="Table of contents"] > ul.section-nav a[href="#title"]',
    'div.markdown-alert.markdown-alert-warning > p.markdown-alert-title',
    'blockquote > p',
    'span.idiff.addition + span.idiff.deletion',
    'code > span.gfm-color_chip > span[style*="background-color"]',
    'li.task-list-item.inapplicable > input[data-inapplicable][disabled] + s',
    'span.media-container > video[src="clip.mp4"][controls][width="300"] + a[href="clip.mp4"]',
    'img[src="pic.png"][height="20"]',
    'span.fk-label[data-color="custom"][style*="background-color"] > a.gfm-label[href="/labels/bug"] > .fk-label__name',
  ]) {
    expect(container.querySelector(selector), selector).not.toBeNull();
  }
});
