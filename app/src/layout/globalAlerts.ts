// The global alerts' own chunk (see notices.tsx): a static re-export, so the bundler keeps only it.
export { showGlobalAlerts } from 'forgekit';
