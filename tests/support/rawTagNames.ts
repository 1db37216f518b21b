import { MARKDOWN_ESCAPED_TAGS } from '../../src/markdown/render/tagFilter';

/**
 * Element names to write as raw tags in a note: the tag filter's, HTML, SVG and MathML names the
 * sanitiser treats specially, and unknown ones. Whatever tag a note holds, the text after it must
 * still be there.
 */
export const RAW_TAG_NAMES = [
  ...MARKDOWN_ESCAPED_TAGS,
  ...['a', 'b', 'div', 'p', 'table', 'tr', 'td', 'select', 'option', 'object', 'embed', 'frame', 'head', 'body'],
  ...['html', 'meta', 'base', 'form', 'button', 'details', 'dialog', 'pre', 'listing', 'image', 'math', 'svg'],
  ...['path', 'use', 'filter', 'mask', 'foreignObject', 'desc', 'feBlend', 'glyphRef', 'annotation-xml'],
  ...['mglyph', 'mprescripts', 'mtext', 'unknown-element', 'x', 'datalist', 'optgroup', 'audio', 'video'],
  ...['canvas', 'picture', 'map', 'slot', 'marquee', 'fieldset', 'legend', 'ruby', 'rp', 'caption', 'colgroup'],
];

/** Notes with a raw tag (inline, then as a block) followed by content that must survive. */
export function notesWithRawTag(name: string): string[] {
  return [`a <${name}> b\n\nLATER1\n\n- LATER2`, `<${name}>\n\nLATER1\n\n- LATER2`];
}

/** Whether both later parts are still in the text. */
export const SURVIVED = /LATER1[\s\S]*LATER2/;
