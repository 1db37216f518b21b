// The style guide's diagram sandbox script: the library's sandbox, which loads Mermaid only after the
// frame's fonts (inlined by the page, see fonts.css) are ready, so the first drawn text, a diagram
// or the error box, is already in its final face when the frame reports its size.
import { startMermaidSandbox } from '../../src/markdown/sandbox';
import { font } from '../../src/tokens/generated/tokens';

/** A CSS font shorthand for the first family of a token stack, at the sandbox's text size. */
const face = (families: readonly string[]) => `${font.size.sm}px "${families[0]}"`;

startMermaidSandbox({
  loadMermaid: async () => {
    await Promise.all([document.fonts.load(face(font.family.sans)), document.fonts.load(face(font.family.mono))]);
    return (await import('mermaid')).default;
  },
});
