/**
 * The new issue form's description editor, in a chunk of its own: `new.tsx` renders it as a region
 * that hydrates after the form (see `deferredRegion.tsx`).
 */
export { MarkdownEditor } from 'forgekit/markdown';
