// forgekit/client's default data adapters, in a chunk loaded with the first popover (userPopovers.ts,
// root.tsx's Markdown adapters): a static re-export, so the bundler keeps only what they use.
export { createDefaultAdapters } from 'forgekit/client';
