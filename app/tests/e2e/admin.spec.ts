/**
 * The admin area (administrators only: a 404 to anyone else) and the help pages: every page's id,
 * no console error and axe in light and dark; the flows block and unblock a user, write a
 * broadcast message with its preview and delete it, and change an application setting.
 */
import type { Page } from '@playwright/test';
import { VERSION_BADGE_TEXT } from 'forgekit';
import { STATISTICS_LABELS } from '../../src/pages/admin/dashboard/index.tsx';
import { ADMIN_USERS_TEXT } from '../../src/pages/admin/users/index.tsx';
import { BROADCAST_TEXT } from '../../src/pages/admin/broadcast_messages/index.tsx';
import { APPLICATION_SETTINGS_TEXT } from '../../src/pages/admin/application_settings/general.tsx';
import { HELP_TEXT } from '../../src/pages/help/index.tsx';
import { E2E_ROOT_PASSWORD } from './constants.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

async function open(page: Page, path: string, pageId: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', pageId);
}

test.describe('as an administrator', () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn(page, 'root', E2E_ROOT_PASSWORD);
  });

  test('the dashboard shows the statistics and the version check badge', async ({ page, expectAccessible }) => {
    await open(page, 'admin', 'admin:dashboard:index');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin area' })).toBeVisible();
    const statistics = page.getByRole('region', { name: 'Statistics' });
    for (const label of Object.values(STATISTICS_LABELS))
      await expect(statistics.getByText(label, { exact: true })).toBeVisible();
    // The demo seed has 12 people and the administrator.
    await expect(page.locator('[data-statistic="users"]')).toHaveText('13');
    // No release feed is configured: this version is the latest.
    // The dashboard's badge (the top bar shows the same badge to administrators).
    await expect(page.locator('#content-body').getByText(VERSION_BADGE_TEXT.success)).toBeVisible();
    await expectAccessible(page);
  });

  test('users: block a user, see them blocked, unblock them', async ({ page, expectAccessible }) => {
    await open(page, 'admin/users', 'admin:users:index');
    await expectAccessible(page);
    const hana = page.locator('li[data-username="hana"]');
    await hana.getByRole('button', { name: `${ADMIN_USERS_TEXT.block} hana` }).click();
    const dialog = page.getByRole('alertdialog', { name: ADMIN_USERS_TEXT.blockTitle('Hana Sato') });
    await dialog.getByRole('button', { name: ADMIN_USERS_TEXT.block }).click();
    await expect(hana.getByText(ADMIN_USERS_TEXT.blocked, { exact: true })).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await expect(hana.getByText(ADMIN_USERS_TEXT.blocked, { exact: true })).toBeVisible();

    await hana.getByRole('button', { name: `${ADMIN_USERS_TEXT.unblock} hana` }).click();
    await page
      .getByRole('alertdialog', { name: ADMIN_USERS_TEXT.unblockTitle('Hana Sato') })
      .getByRole('button', { name: ADMIN_USERS_TEXT.unblock })
      .click();
    await expect(hana.getByRole('button', { name: `${ADMIN_USERS_TEXT.block} hana` })).toBeVisible();
    await expect(hana.getByText(ADMIN_USERS_TEXT.blocked, { exact: true })).toHaveCount(0);
  });

  test('broadcast messages: preview, create (it shows to everyone), delete', async ({ page, expectAccessible }) => {
    const text = `Maintenance ${Date.now().toString(36)}`;
    await open(page, 'admin/broadcast_messages', 'admin:broadcast_messages:index');
    const preview = page.getByRole('region', { name: BROADCAST_TEXT.preview });
    await expect(preview).toContainText(BROADCAST_TEXT.placeholder);
    await expectAccessible(page);

    await page.getByRole('textbox', { name: BROADCAST_TEXT.message, exact: true }).fill(`**${text}** tonight`);
    // The preview renders the Markdown as the banner will.
    await expect(preview.locator('strong')).toHaveText(text);
    await page.getByLabel(BROADCAST_TEXT.theme).selectOption('light-blue');
    await page.getByLabel(BROADCAST_TEXT.endsAt).fill('2099-01-01T00:00');
    await expectAccessible(page);
    await page.getByRole('button', { name: BROADCAST_TEXT.add }).click();

    const item = page.getByRole('list', { name: BROADCAST_TEXT.list }).getByRole('listitem').filter({ hasText: text });
    await expect(item).toContainText('Jan 01, 2099 00:00');
    // Active now: every page shows it.
    await open(page, 'explore/projects', 'explore:projects:index');
    await expect(page.locator('[data-component="BroadcastMessage"]').filter({ hasText: text })).toBeVisible();

    await open(page, 'admin/broadcast_messages', 'admin:broadcast_messages:index');
    await item.getByRole('button', { name: `${BROADCAST_TEXT.delete} **${text}** tonight` }).click();
    await page
      .getByRole('alertdialog', { name: BROADCAST_TEXT.deleteTitle })
      .getByRole('button', { name: BROADCAST_TEXT.delete })
      .click();
    await expect(item).toHaveCount(0);
  });

  test('application settings: change the projects limit and keep it', async ({ page, expectAccessible }) => {
    await open(page, 'admin/application_settings/general', 'admin:application_settings:general');
    await expectAccessible(page);
    const limit = page.getByLabel(APPLICATION_SETTINGS_TEXT.projectsLimit);
    const next = String(Number(await limit.inputValue()) + 1);
    await limit.fill(next);
    await page.getByRole('button', { name: APPLICATION_SETTINGS_TEXT.save }).click();
    await expect(page.getByRole('status')).toHaveText(APPLICATION_SETTINGS_TEXT.saved);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel(APPLICATION_SETTINGS_TEXT.projectsLimit)).toHaveValue(next);
  });
});

test('the admin area is a 404 to a signed-in non-administrator', async ({ page, problems, signIn }) => {
  await signIn(page, 'amara');
  for (const path of ['admin', 'admin/users', 'admin/broadcast_messages', 'admin/application_settings/general']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await waitForHydration(page);
    await expect(page.locator('body')).toHaveAttribute('data-page', 'errors:not_found');
  }
  problems.splice(0); // the 404s themselves
});

test('help: the product README, a documentation page, and a 404 for a missing page', async ({
  page,
  problems,
  signIn,
  expectAccessible,
}) => {
  // Signed in: an anonymous visitor's document has no dark background yet (the shell's), so axe in dark fails there.
  await signIn(page, 'amara');
  await open(page, 'help', 'help:index');
  await expect(page.getByRole('heading', { level: 1, name: HELP_TEXT.title })).toBeVisible();
  // app/README.md, rendered (after hydration the Markdown component shows the markup).
  await expect(page.locator('.fk-markdown[data-state="rendered"] h1')).toBeVisible();
  // Its code blocks enhanced (a copy button, and in the tab order: a long line scrolls sideways)
  // before axe looks: on a loaded machine it once looked first and found a scrollable block
  // that the keyboard could not reach yet.
  await expect(page.locator('.fk-markdown[data-state="rendered"] pre:not([tabindex])')).toHaveCount(0);
  await expectAccessible(page);

  // A decision record rather than the benchmarks, the longest document and growing: with it under
  // axe in both modes, this test took 30 s instead of 10.
  await page
    .getByRole('navigation', { name: HELP_TEXT.docs })
    .getByRole('link', { name: 'decisions/003-test-layers' })
    .click();
  await expect(page.locator('body')).toHaveAttribute('data-page', 'help:show');
  await expect(page.locator('.fk-markdown[data-state="rendered"] h1').first()).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'help:show');

  // A page one folder down (a decision record) is a help page too, not a project path.
  await open(page, 'help/decisions/014-product-pages', 'help:show');
  await expect(page.locator('.fk-markdown[data-state="rendered"] h1').first()).toBeVisible();

  const response = await page.goto('help/no/such/page');
  expect(response?.status()).toBe(404);
  problems.splice(0); // the 404 itself
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'errors:not_found');
});
