/**
 * What every page shows, so these run alone (playwright.config.ts's GLOBAL_STATE_SPECS): a
 * broadcast message, dismissed for good; the version check's critical-patch modal on every page of
 * every administrator. Moved from shell.spec.ts and shell-features.spec.ts, whose other tests run
 * beside the other specs.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CRITICAL_PATCH_TEXTS, VERSION_BADGE_TEXT } from 'forgekit';
import { E2E_ROOT_PASSWORD, E2E_VERSION_FEED_FILE } from './constants.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

test('a dismissed broadcast message stays dismissed after a reload (cookie and, signed in, the server) @smoke', async ({
  page,
  signIn,
  playwright,
  baseURL,
}) => {
  // A message of this run's own, created by the administrator through the API.
  const text = `Maintenance window ${Date.now()}`;
  const admin = await playwright.request.newContext({ baseURL });
  const session = await admin.post('users/sign_in', { data: { login: 'root', password: E2E_ROOT_PASSWORD } });
  const { csrf_token: csrfToken } = (await session.json()) as { csrf_token: string };
  const created = await admin.post('api/v4/broadcast_messages', {
    data: { message: `**${text}**`, ends_at: new Date(Date.now() + 86_400_000).toISOString(), dismissable: true },
    headers: { 'X-CSRF-Token': csrfToken },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await signIn(page, 'bjorn');
  await page.goto('explore/projects');
  await waitForHydration(page);
  const banner = page.locator('[data-component="BroadcastMessage"]').filter({ hasText: text });
  await expect(banner.locator('strong')).toHaveText(text);
  const recorded = page.waitForResponse((response) => response.url().includes('/-/users/broadcast_message_dismissals'));
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  expect((await recorded).status()).toBe(200);
  await expect(banner).toHaveCount(0);

  await page.reload();
  await waitForHydration(page);
  await expect(banner).toHaveCount(0);
  // Without the cookie the server's record still hides it.
  await page.context().clearCookies({ name: /^hide_broadcast_message_/ });
  await page.reload();
  await waitForHydration(page);
  await expect(banner).toHaveCount(0);

  // Leave no message behind for the other tests' pages.
  expect(
    (await admin.delete(`api/v4/broadcast_messages/${id}`, { headers: { 'X-CSRF-Token': csrfToken } })).status(),
  ).toBe(204);
  await admin.dispose();
});

test('administrators see the version badge and the critical-patch modal on any page; others see neither', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  const feed = join(process.env.FORGEKIT_E2E_DATA_DIR!, E2E_VERSION_FEED_FILE);
  await signIn(page, 'root', E2E_ROOT_PASSWORD);
  await page.goto('explore/projects');
  await waitForHydration(page);
  const topBar = page.locator('header[data-component="TopBar"]');
  // No release newer than this server: up to date, no link.
  await expect(topBar.getByText(VERSION_BADGE_TEXT.success)).toBeVisible();
  await expect(topBar.getByRole('link', { name: VERSION_BADGE_TEXT.success })).toHaveCount(0);
  const modal = page.getByRole('dialog', { name: CRITICAL_PATCH_TEXTS.title });
  await expect(modal).toHaveCount(0);

  try {
    await writeFile(
      feed,
      JSON.stringify([{ version: '999.0.0', security: true, critical: true, details: 'Fixes a critical issue.' }]),
    );
    await page.goto('explore/groups');
    await waitForHydration(page);
    await expect(topBar.getByRole('link', { name: VERSION_BADGE_TEXT.danger })).toHaveAttribute(
      'href',
      /\/help\/update\/index$/,
    );
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('999.0.0');
    await expectAccessible(page);
    await modal.getByRole('button', { name: CRITICAL_PATCH_TEXTS.remindMe }).click();
    await expect(modal).toHaveCount(0);
    // Remind me: not again for 3 days (a cookie), on this page or another.
    await page.goto('explore/projects');
    await waitForHydration(page);
    await expect(topBar.getByRole('link', { name: VERSION_BADGE_TEXT.danger })).toBeVisible();
    await expect(modal).toHaveCount(0);
  } finally {
    await rm(feed, { force: true });
  }

  await page.context().clearCookies();
  await signIn(page, 'dolores');
  await page.goto('explore/projects');
  await waitForHydration(page);
  await expect(topBar.getByText(VERSION_BADGE_TEXT.success)).toHaveCount(0);
});
