// The default pipeline, in order. Cheap DOM-only steps first; steps that load code (highlighter,
// KaTeX, the diagram sandbox) or talk to the server come later and run asynchronously.
import type { MarkdownEnhancer } from '../types';
import { copyCodeEnhancer } from './copyCode';
import { syntaxHighlightEnhancer } from './highlight';
import { lazyImagesEnhancer } from './images';
import { jsonTableEnhancer } from './jsonTable';
import { mathEnhancer } from './math';
import { mentionsEnhancer } from './mentions';
import { mermaidEnhancer } from './mermaid';
import { referencesEnhancer } from './references';
import { taskListEnhancer } from './taskList';

export const DEFAULT_ENHANCERS: readonly MarkdownEnhancer[] = [
  taskListEnhancer,
  lazyImagesEnhancer,
  copyCodeEnhancer,
  syntaxHighlightEnhancer,
  jsonTableEnhancer,
  mentionsEnhancer,
  referencesEnhancer,
  mathEnhancer,
  mermaidEnhancer,
];

export {
  copyCodeEnhancer,
  jsonTableEnhancer,
  lazyImagesEnhancer,
  mathEnhancer,
  mentionsEnhancer,
  mermaidEnhancer,
  referencesEnhancer,
  syntaxHighlightEnhancer,
  taskListEnhancer,
};
