/**
 * Screenshots of the product's pages in light and in dark, compared against the committed
 * baselines (screenshots.spec.ts-snapshots/), like the library's stories. Deterministic: the
 * clock is frozen, what depends on when the demo seed ran or on the server's address is masked
 * (times, commit SHAs and code, avatars, the clone URL), fonts are loaded and the page hydrated
 * before each shot, animations are off. The pages read data no other spec changes (nimbus/docs,
 * the group nimbus, the help index, forms).
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { E2E_ROOT_PASSWORD } from './constants.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

/** The instant the pages' clock is frozen at. */
const FROZEN_TIME = new Date('2026-11-25T12:00:00Z');
/** What changes from run to run: relative and absolute times, SHAs and code, avatars, the clone URL (host and port). */
const VOLATILE = 'time, code, img, [data-component="Avatar"], input[readonly]';
/**
 * Times take one width whatever they say (screenshots.css): the demo's commits are dated when the
 * seed ran, so against the frozen clock "in 3 hours" one run is "in 1 day" the next, and a masked
 * time of another width moves what follows it.
 */
const FIXED_WIDTH_TIMES = fileURLToPath(new URL('./screenshots.css', import.meta.url));
/**
 * Pixels that may differ, out of 1024×768 (0.08 %): text anti-aliasing on a loaded machine, and a
 * freshly seeded database against an older one, where a fresh clone differed by 102 to 442 pixels
 * on 7 pages (2026-11-25); a changed component, a colour or a layout shift differs by thousands.
 */
const MAX_DIFF_PIXELS = 600;
const COLOR_SCHEMES = ['light', 'dark'] as const;

/** An anonymous visitor's pages: [name, path, page id]. */
const ANONYMOUS_PAGES = [
  ['sign-in', 'users/sign_in', 'sessions:new'],
  ['not-found', 'no/such/page/here', 'errors:not_found'],
  ['help', 'help', 'help:index'],
  ['project-overview', 'nimbus/docs', 'projects:show'],
  ['tree', 'nimbus/docs/-/tree/main', 'projects:tree:show'],
  ['file', 'nimbus/docs/-/blob/main/README.md', 'projects:blob:show'],
  ['commits', 'nimbus/docs/-/commits/main', 'projects:commits:show'],
  ['branches', 'nimbus/docs/-/branches', 'projects:branches:index'],
  ['tags', 'nimbus/docs/-/tags', 'projects:tags:index'],
  ['labels', 'nimbus/docs/-/labels', 'projects:labels:index'],
  ['milestones', 'nimbus/docs/-/milestones', 'projects:milestones:index'],
  ['group', 'groups/nimbus', 'groups:show'],
] as const;

/** Pages of a signed-in administrator (forms whose content the other specs do not change). */
const ADMIN_PAGES = [
  ['new-project', 'projects/new', 'projects:new'],
  ['new-group', 'groups/new', 'groups:new'],
  ['preferences', '-/profile/preferences', 'profiles:preferences:show'],
  ['admin-settings', 'admin/application_settings/general', 'admin:application_settings:general'],
] as const;

/** Opens `path` and compares it, in light and dark, with its baselines. */
async function expectPage(page: Page, name: string, path: string, pageId: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', pageId);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  for (const colorScheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await expect(page, `${name} in ${colorScheme}`).toHaveScreenshot(`${name}-${colorScheme}.png`, {
      animations: 'disabled',
      caret: 'hide',
      mask: [page.locator(VOLATILE)],
      stylePath: FIXED_WIDTH_TIMES,
      maxDiffPixels: MAX_DIFF_PIXELS,
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(FROZEN_TIME);
  // The demo READMEs show badges from other hosts and the test machine has no internet: those
  // answer with an empty image (masked in the shots like every image).
  await page.route(/^https:\/\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
  );
});

for (const [name, path, pageId] of ANONYMOUS_PAGES) {
  test(`${pageId} (${name}) looks as in its baselines, light and dark`, async ({ page, problems }) => {
    await expectPage(page, name, path, pageId);
    if (pageId === 'errors:not_found') problems.splice(0); // the 404 itself
  });
}

for (const [name, path, pageId] of ADMIN_PAGES) {
  test(`${pageId} (${name}) of an administrator looks as in its baselines, light and dark`, async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'root', E2E_ROOT_PASSWORD);
    await expectPage(page, name, path, pageId);
  });
}
