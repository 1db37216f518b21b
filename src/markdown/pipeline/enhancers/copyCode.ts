// Copy buttons on code blocks (spec section 2: "Syntax-highlighted code blocks get a
// copy-to-clipboard button (not mermaid, not suggestions)"), using the ClipboardButton, in
// GitLab's markup: `div.markdown-code-block > pre + copy-code`.
import { createElement } from 'react';
import { ClipboardButton } from '../../../components/ClipboardButton';
import { MARKDOWN_HOOKS } from '../../render/constants';
import type { MarkdownEnhancer } from '../types';
import { mountIsland } from '../reactIsland';
import './copyCode.css';

/** Accessible name and tooltip of a code block's copy button (GitLab's text). */
export const COPY_CODE_TITLE = 'Copy code';

/** The wrapper around a code block and its button (GitLab's class; the server may write it already). */
export const CODE_BLOCK_WRAPPER_CLASS = 'markdown-code-block';

/** The element holding the button (GitLab's tag; the sanitiser allows it). */
export const COPY_CODE_TAG = 'copy-code';

/** Fence languages that never get a copy button: suggestions (applied, not copied) and diagrams. */
export const COPY_CODE_EXCLUDED_LANGUAGES = ['suggestion', 'mermaid'] as const;

/** Ancestors that make a block a suggestion (GitLab renders suggestions inside `.md-suggestion`). */
const SUGGESTION_CONTAINER = '.md-suggestion';

function wrapperOf(pre: HTMLElement): HTMLElement {
  const parent = pre.parentElement;
  if (parent?.classList.contains(CODE_BLOCK_WRAPPER_CLASS)) {
    parent.classList.add('fk-code-block');
    return parent;
  }
  const wrapper = pre.ownerDocument.createElement('div');
  wrapper.className = `${CODE_BLOCK_WRAPPER_CLASS} fk-code-block`;
  wrapper.setAttribute('data-component', 'Markdown.CodeBlock');
  pre.before(wrapper);
  wrapper.append(pre);
  return wrapper;
}

function slotOf(wrapper: HTMLElement, pre: HTMLElement): HTMLElement {
  const existing = Array.from(wrapper.children).find((child) => child.localName === COPY_CODE_TAG);
  if (existing instanceof HTMLElement) {
    // Whatever is inside (server markup, or nothing) is replaced by the button.
    existing.replaceChildren();
    return existing;
  }
  const slot = pre.ownerDocument.createElement(COPY_CODE_TAG);
  pre.after(slot);
  return slot;
}

/**
 * Puts a ClipboardButton ('Copy code') on each code block (`pre.js-syntax-highlight`) except
 * suggestions and diagrams. It copies the block's text as it is when clicked ('Copied' for 1
 * second, or 'Copy failed. Please manually copy the value.'). The block is wrapped in
 * `div.markdown-code-block` (kept if the server wrote it) with the button in a `<copy-code>`
 * element after the `<pre>`: shown on hover and focus, always in the tab order. A second pass
 * reuses the wrapper.
 */
export const copyCodeEnhancer: MarkdownEnhancer = {
  name: 'copyCodeEnhancer',
  selector:
    `pre.${MARKDOWN_HOOKS.codeBlock}` +
    // GitLab writes the language in `lang`; `data-canonical-lang` holds it as written.
    COPY_CODE_EXCLUDED_LANGUAGES.map(
      (language) => `:not([lang="${language}" i]):not([data-canonical-lang="${language}" i])`,
    ).join('') +
    `:not(.${MARKDOWN_HOOKS.mermaid})`,
  enhance(elements, context) {
    for (const pre of elements) {
      if (pre.closest(SUGGESTION_CONTAINER)) continue;
      // A long line scrolls the block sideways: keyboard users scroll it once it has focus.
      if (!pre.hasAttribute('tabindex')) pre.tabIndex = 0;
      const code = pre.querySelector('code') ?? pre;
      const slot = slotOf(wrapperOf(pre), pre);
      mountIsland(
        context,
        (host) => slot.append(host),
        createElement(ClipboardButton, {
          title: COPY_CODE_TITLE,
          target: { current: code },
          className: 'fk-copy-code__button',
        }),
        'span',
      );
    }
  },
};
