// The critical-patch modal's own chunk (see versionCheck.tsx): a static re-export, so the bundler keeps only it.
export { CriticalPatchModal } from 'forgekit';
