// Colour chips, GitLab's way: a code span holding only a colour (`#F00`, `RGB(0,255,0)`,
// `HSLA(540,70%,50%,0.3)`, any case) is followed, inside the code, by a swatch of that colour:
// `<span class="gfm-color_chip"><span style="background-color: …;"></span></span>`.
import type { MarkdownIt } from 'markdown-it';

/** Class of the swatch after a colour in a code span, GitLab's. */
export const COLOR_CHIP_CLASS = 'gfm-color_chip';

const NUMBER = String.raw`\d{1,3}(?:\.\d+)?`;
const ALPHA = String.raw`(?:\s*,\s*(?:${NUMBER}%?|\.\d+))?`;
/**
 * The colour formats GitLab recognises. Only digits, `.`, `%`, `,`, spaces and these letters get
 * through, so the value is safe inside a style attribute.
 */
const COLOR = new RegExp(
  '^(?:' +
    [
      '#(?:[\\da-f]{3,4}|[\\da-f]{6}|[\\da-f]{8})',
      `rgba?\\(\\s*${NUMBER}%?\\s*,\\s*${NUMBER}%?\\s*,\\s*${NUMBER}%?${ALPHA}\\s*\\)`,
      `hsla?\\(\\s*-?${NUMBER}(?:deg|turn|rad)?\\s*,\\s*${NUMBER}%\\s*,\\s*${NUMBER}%${ALPHA}\\s*\\)`,
    ].join('|') +
    ')$',
  'i',
);

/** The colour a code span's text names, or undefined. */
export function parseColor(text: string): string | undefined {
  const trimmed = text.trim();
  return COLOR.test(trimmed) ? trimmed : undefined;
}

/** markdown-it plugin: colour chips in code spans. */
export function colorChipsPlugin(md: MarkdownIt) {
  const render = md.renderer.rules.code_inline!;
  md.renderer.rules.code_inline = (tokens, idx, options, env, self) => {
    const html = render(tokens, idx, options, env, self);
    const color = parseColor(tokens[idx]!.content);
    if (!color) return html;
    const chip = `<span class="${COLOR_CHIP_CLASS}"><span style="background-color: ${md.utils.escapeHtml(color)};"></span></span>`;
    return html.replace(/<\/code>$/, `${chip}</code>`);
  };
}
