// Probe (temporary): corpus stats and rough timings.
import DOMPurify from 'dompurify';
import { beforeAll, it } from 'vitest';
import { renderGfm, renderMarkdownUnsanitized, type MarkdownReference, type RenderGfmOptions } from '../src/markdown';
import { sanitizeHtml } from '../src/utils/sanitize';
import { issueThread } from './corpus';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

it('probe', async () => {
  const context = {
    resolveReferences: async (refs: MarkdownReference[]) =>
      refs.map((ref, i) => ({ url: `/-/references/${i}`, title: ref.text, id: i })),
  };
  const html = await renderMarkdownUnsanitized(issueThread(), context);
  const options: RenderGfmOptions = {
    currentUser: { id: 'viewer', username: 'user7' },
    mentions: { fetchUser: async (u) => ({ id: u.id ?? 0, username: u.username ?? '', name: 'User' }) },
    references: { fetchReference: async () => ({ title: 'Title' }) },
    taskList: { onToggle: async () => {} },
  };
  for (let i = 0; i < 3; i++) {
    let t = performance.now();
    const a = DOMPurify.sanitize(html);
    const tA = performance.now() - t;
    t = performance.now();
    const d = document.createElement('div');
    d.innerHTML = a;
    const tD = performance.now() - t;
    t = performance.now();
    const s = sanitizeHtml(html);
    const tS = performance.now() - t;
    const c = document.createElement('div');
    c.className = 'fk-markdown';
    document.body.append(c);
    t = performance.now();
    c.innerHTML = s;
    const tI = performance.now() - t;
    t = performance.now();
    const h = renderGfm(c, options);
    const tG = performance.now() - t;
    t = performance.now();
    const slots = c.getElementsByTagName('copy-code');
    let n = 0;
    let polls = 0;
    while (n < slots.length) {
      await new Promise((r) => setTimeout(r));
      polls++;
      while (n < slots.length && slots[n]!.querySelector('button')) n++;
    }
    const tR = performance.now() - t;
    console.log(
      `html ${(html.length / 1e6).toFixed(2)} MB, purify ${tA.toFixed(0)}, detached innerHTML ${tD.toFixed(0)}, sanitizeHtml ${tS.toFixed(0)}, attached innerHTML ${tI.toFixed(0)}, renderGfm ${tG.toFixed(0)}, react copy buttons ${tR.toFixed(0)} (${polls} polls); ` +
        `pre ${c.querySelectorAll('pre').length}, copy ${slots.length}, mentions ${c.querySelectorAll('a.gfm-project_member').length}, current ${c.querySelectorAll('.current-user').length}, refs ${c.querySelectorAll('a.gfm').length}, tasks ${c.querySelectorAll('input.task-list-item-checkbox[aria-label]').length}, elements ${c.getElementsByTagName('*').length}`,
    );
    h.dispose();
    c.remove();
    await new Promise((r) => setTimeout(r, 100));
  }
});
