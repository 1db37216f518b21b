// The confirmation modal's own chunk (see confirm.ts): a static re-export, so the bundler keeps only it.
export { confirmAction } from 'forgekit';
