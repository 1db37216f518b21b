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
