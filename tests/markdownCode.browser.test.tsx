// Real Chromium: blocks far below the viewport are highlighted only when scrolled near; the copy
// button shows on hover and keyboard focus and is always in the tab order; token colours come from
// the theme. highlight.js fetched only for a page with a code block: markdownCode.lazy.browser.test.tsx.
import { render, waitFor, within } from '@testing-library/react';
import { userEvent } from 'vitest/browser';
import { Markdown, renderMarkdown } from '../src/markdown';
import { COPY_CODE_TITLE } from '../src/markdown/pipeline/enhancers/copyCode';
import { HIGHLIGHT_ROOT_MARGIN } from '../src/markdown/pipeline/enhancers/highlight';

// Real intersections drive the enhancers here, as on a page; act() cannot wrap them.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => window.scrollTo(0, 0));

const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\`\n`;

/** Some frames, for an observer that must stay quiet. */
async function frames(count: number) {
  for (let i = 0; i < count; i++) await new Promise(requestAnimationFrame);
}

describe('code blocks in Chromium', () => {
  it(`highlights a block beyond ${HIGHLIGHT_ROOT_MARGIN} px below the viewport only when scrolled near`, async () => {
    const viewport = window.innerHeight;
    const markdown =
      fence('js', 'const near = 1;') +
      `\n<div style="height: ${viewport + HIGHLIGHT_ROOT_MARGIN + 400}px"></div>\n\n` +
      fence('js', 'const far = 2;');
    const html = await renderMarkdown(markdown);
    const { container } = render(<Markdown html={html} />);
    const [near, far] = await waitFor(() => {
      const codes = container.querySelectorAll('pre > code');
      expect(codes).toHaveLength(2);
      return Array.from(codes);
    });
    await waitFor(() => expect(near).toHaveAttribute('data-highlighted', 'yes'));
    await frames(5);
    expect(far).not.toHaveAttribute('data-highlighted');

    const top = far!.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(0, top - viewport - HIGHLIGHT_ROOT_MARGIN + 50);
    await waitFor(() => expect(far).toHaveAttribute('data-highlighted', 'yes'));
    expect(far!.getBoundingClientRect().top).toBeGreaterThan(viewport);
  });

  it('shows the copy button on hover and on keyboard focus; the block and the button are in the tab order', async () => {
    const html = await renderMarkdown('[before](#x)\n\n' + fence('js', 'copy()'));
    const { container } = render(<Markdown html={html} />);
    const button = await within(container).findByRole('button', { name: COPY_CODE_TITLE });
    const slot = button.closest('copy-code')!;
    const opacity = () => getComputedStyle(slot).opacity;
    // The pointer may rest where the block is drawn (left there by an earlier test): moved off first.
    await userEvent.unhover(container.querySelector('pre')!);
    await waitFor(() => expect(opacity()).toBe('0'));

    await userEvent.hover(container.querySelector('pre')!);
    await waitFor(() => expect(opacity()).toBe('1'));
    await userEvent.unhover(container.querySelector('pre')!);
    await waitFor(() => expect(opacity()).toBe('0'));

    // The block first (a keyboard scrolls a long line), then its button; both show the button.
    within(container).getByRole('link', { name: 'before' }).focus();
    await userEvent.keyboard('{Tab}');
    expect(container.querySelector('pre')).toHaveFocus();
    await waitFor(() => expect(opacity()).toBe('1'));
    await userEvent.keyboard('{Tab}');
    expect(button).toHaveFocus();
    expect(opacity()).toBe('1');
  });

  it('colours tokens with the --fk-color-syntax-* tokens', async () => {
    const html = await renderMarkdown(fence('js', 'const s = "text"; // note'));
    const { container } = render(<Markdown html={html} />);
    const keyword = await waitFor(() => {
      const element = container.querySelector('.hljs-keyword');
      expect(element).not.toBeNull();
      return element!;
    });
    const probe = document.createElement('span');
    document.body.append(probe);
    const tokenColor = (name: string) => {
      probe.style.color = `var(--fk-color-syntax-${name})`;
      return getComputedStyle(probe).color;
    };
    expect(getComputedStyle(keyword).color).toBe(tokenColor('keyword'));
    expect(getComputedStyle(container.querySelector('.hljs-string')!).color).toBe(tokenColor('string'));
    expect(getComputedStyle(container.querySelector('.hljs-comment')!).color).toBe(tokenColor('comment'));
    probe.remove();
  });
});
