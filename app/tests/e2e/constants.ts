/** The end-to-end server's fixed values (shared by playwright.config.ts and the specs). */
export const E2E_PORT = Number(process.env.FORGEKIT_E2E_PORT ?? 3917);
export const E2E_ROOT_PASSWORD = 'forgekit-e2e-root';
/** `FORGEKIT_E2E_RELATIVE_URL_ROOT=/forge` runs the same specs under a relative root. */
export const E2E_RELATIVE_URL_ROOT = process.env.FORGEKIT_E2E_RELATIVE_URL_ROOT ?? '';
/** The version check's release feed, in the data folder; a spec writes it to raise the critical-patch notice. */
export const E2E_VERSION_FEED_FILE = 'version-feed.json';
