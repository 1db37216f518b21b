// The Markdown pipeline's own chunk (RenderedMarkdown.tsx, the file view's highlighting): a static
// re-export, so the bundler keeps only what these use of forgekit/markdown.
export { highlightCodeLines, renderGfm } from 'forgekit/markdown';
