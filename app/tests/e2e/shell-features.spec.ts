/**
 * The features every page shares (issue 14, "Every page"): user hover popovers for signed-in
 * visitors, the callouts the server raises, global alerts from session storage, the logo's unload
 * animation, hash scrolling below the sticky header, an administrator's version badge and
 * critical-patch modal, and the lazy invite-members modal with its toast.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CRITICAL_PATCH_TEXTS,
  GLOBAL_ALERTS_STORAGE_KEY,
  INVITE_MEMBERS_TEXTS,
  TOP_BAR_LOGO_ANIMATING_CLASS,
  VERSION_BADGE_TEXT,
} from 'forgekit';
import { USER_POPOVER_TEXTS } from 'forgekit/markdown';
import { TOKEN_EXPIRY_TEXT } from '../../src/layout/notices.tsx';
import { TOKEN_EXPIRY_NOTICE_DAYS } from '../../src/page.ts';
import { E2E_ROOT_PASSWORD, E2E_VERSION_FEED_FILE } from './constants.ts';
import { expect, hoverUntilVisible, test, waitForHydration } from './fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** A project of amara's own: she is its one member (the demo seed). */
const AMARA_PROJECT = 'amara/dotfiles';
const DAY_IN_MS = 86_400_000;

test('a signed-in visitor’s user popover on a member: name, username, Busy, status; follow and unfollow', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await signIn(page, 'dolores');
  await page.goto(`${AMARA_PROJECT}/-/project_members`);
  await waitForHydration(page);
  const member = page.getByRole('list', { name: 'Project members' }).getByRole('link', { name: 'Amara Okafor' });
  await expect(member).toHaveAttribute('data-username', 'amara');
  const popover = page.getByRole('dialog', { name: 'Amara Okafor' });
  await hoverUntilVisible(page, member, popover.getByText('@amara'));
  // The demo seed's status: busy, with a message (spec sections 3 and 8: 'Busy').
  await expect(popover.getByText(USER_POPOVER_TEXTS.busy, { exact: true })).toBeVisible();
  await expect(popover.getByText('Hiking the Pyrenees, back Monday')).toBeVisible();
  await expectAccessible(page);

  // Follow toggles to Unfollow and back (whatever state an earlier run left).
  const follow = popover.getByRole('button', { name: USER_POPOVER_TEXTS.follow, exact: true });
  const unfollow = popover.getByRole('button', { name: USER_POPOVER_TEXTS.unfollow, exact: true });
  await expect(follow.or(unfollow)).toBeVisible();
  if (await unfollow.isVisible()) {
    await unfollow.click();
    await expect(follow).toBeVisible();
  }
  await follow.click();
  await expect(unfollow).toBeVisible();
  await unfollow.click();
  await expect(follow).toBeVisible();
});

test('the popover has no follow button on the visitor’s own link', async ({ page, signIn }) => {
  await signIn(page, 'amara');
  await page.goto(`${AMARA_PROJECT}/-/project_members`);
  await waitForHydration(page);
  const link = page.getByRole('list', { name: 'Project members' }).getByRole('link', { name: 'Amara Okafor' });
  const popover = page.getByRole('dialog', { name: 'Amara Okafor' });
  await hoverUntilVisible(page, link, popover.getByText('@amara'));
  await expect(popover.getByRole('button')).toHaveCount(0);
});

test('an anonymous visitor gets no user popover (spec section 6)', async ({ page }) => {
  await page.goto(`${AMARA_PROJECT}/-/project_members`);
  await waitForHydration(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.getByRole('list', { name: 'Project members' }).getByRole('link', { name: 'Amara Okafor' }).hover();
  // Well past the 200 ms hover delay and an idle period.
  await page.waitForTimeout(1500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(requests.filter((url) => url.includes('/api/v4/users/'))).toEqual([]);
});

test('a token expiring within 7 days raises a callout on every page until it is dismissed', async ({
  page,
  signIn,
  playwright,
  baseURL,
  expectAccessible,
}) => {
  // A user of this run's own (a dismissal is for good), with a token expiring in 3 days.
  const admin = await playwright.request.newContext({ baseURL });
  const session = await admin.post('users/sign_in', { data: { login: 'root', password: E2E_ROOT_PASSWORD } });
  const headers = { 'X-CSRF-Token': ((await session.json()) as { csrf_token: string }).csrf_token };
  const username = `expiring-${unique()}`;
  const password = `pw-${unique()}-long`;
  const created = await admin.post('api/v4/users', {
    data: { username, name: `Expiring ${username}`, email: `${username}@example.com`, password },
    headers,
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const expiresAt = new Date(Date.now() + (TOKEN_EXPIRY_NOTICE_DAYS - 4) * DAY_IN_MS).toISOString().slice(0, 10);
  const far = new Date(Date.now() + (TOKEN_EXPIRY_NOTICE_DAYS + 30) * DAY_IN_MS).toISOString().slice(0, 10);
  for (const [name, date] of [
    ['deploy-soon', expiresAt],
    ['ci-later', far],
  ]) {
    const token = await admin.post(`api/v4/users/${id}/personal_access_tokens`, {
      data: { name, scopes: ['api'], expires_at: date },
      headers,
    });
    expect(token.status()).toBe(201);
  }
  await admin.dispose();

  await signIn(page, username, password);
  await page.goto('explore/projects');
  await waitForHydration(page);
  // A warning is an alert (spec section 4's variants; the library's roles).
  const callout = page.getByRole('alert').filter({ hasText: TOKEN_EXPIRY_TEXT.title });
  await expect(callout).toBeVisible();
  await expect(callout).toContainText('deploy-soon');
  await expect(callout).not.toContainText('ci-later');
  await expect(callout.getByRole('link', { name: TOKEN_EXPIRY_TEXT.action })).toHaveAttribute(
    'href',
    /\/-\/user_settings\/personal_access_tokens$/,
  );
  await expectAccessible(page);

  // Every page, until dismissed.
  await page.goto('explore/groups');
  await waitForHydration(page);
  await expect(callout).toBeVisible();
  const dismissal = page.waitForResponse((response) => response.url().endsWith('/-/users/callouts'));
  await callout.getByRole('button', { name: 'Dismiss' }).click();
  expect((await dismissal).status()).toBe(200);
  await expect(callout).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText(TOKEN_EXPIRY_TEXT.title)).toHaveCount(0);
});

test('global alerts from session storage: once on the next page, or on their pages until dismissed', async ({
  page,
  request,
  expectAccessible,
}) => {
  const group = (await (await request.get('api/v4/groups/atlas')).json()) as { name: string };
  await page.goto('explore/groups');
  await waitForHydration(page);
  await page.evaluate(
    ([key]) =>
      sessionStorage.setItem(
        key!,
        JSON.stringify([
          { id: 'once', message: 'Your project was imported.', variant: 'success' },
          { id: 'kept', message: 'Group settings changed.', variant: 'info', persistOnPages: ['groups:show'] },
        ]),
      ),
    [GLOBAL_ALERTS_STORAGE_KEY],
  );
  const once = page.getByText('Your project was imported.');
  const kept = page.getByText('Group settings changed.');

  // A client-side navigation shows them on the next page.
  await page.getByRole('main').getByRole('link', { name: group.name, exact: true }).first().click();
  await expect(page.locator('body')).toHaveAttribute('data-page', 'groups:show');
  await expect(once).toBeVisible();
  await expect(kept).toBeVisible();
  await expectAccessible(page);

  // The one-time alert is gone, the kept one shows only on its page.
  await page.goto('explore/projects');
  await waitForHydration(page);
  await expect(once).toHaveCount(0);
  await expect(kept).toHaveCount(0);
  await page.goto('groups/atlas');
  await waitForHydration(page);
  await expect(once).toHaveCount(0);
  await expect(kept).toBeVisible();

  // Dismissed: gone for good.
  await page
    .getByRole('status')
    .filter({ hasText: 'Group settings changed.' })
    .getByRole('button', { name: 'Dismiss' })
    .click();
  await expect(kept).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(kept).toHaveCount(0);
  expect(await page.evaluate(([key]) => sessionStorage.getItem(key!), [GLOBAL_ALERTS_STORAGE_KEY])).toBeNull();
});

test('the logo animates when the page unloads, and a hash target stops below the sticky top bar', async ({ page }) => {
  await page.goto('atlas/router/-/blob/main/src/index.ts');
  await waitForHydration(page);
  const logo = page.locator('[data-component="TopBar.Logo"]');
  await expect(logo).not.toHaveClass(new RegExp(TOP_BAR_LOGO_ANIMATING_CLASS));
  await page.evaluate(() => window.dispatchEvent(new Event('beforeunload')));
  await expect(logo).toHaveClass(new RegExp(TOP_BAR_LOGO_ANIMATING_CLASS));

  const lines = await page.locator('[id^="LC"]').count();
  const target = `L${Math.max(1, lines - 5)}`;
  await page.goto(`atlas/router/-/blob/main/src/index.ts#${target}`);
  await waitForHydration(page);
  const header = await page.locator('header[data-component="TopBar"]').boundingBox();
  const line = await page.locator(`#${target}`).boundingBox();
  expect(line!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
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

test('a maintainer invites a member through the lazy invite-members modal; others get no button', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  // The README's badge images are on the internet, which the test machine cannot reach.
  await page.route(/^https:\/\/img\.shields\.io\//, (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
  );
  await signIn(page, 'amara');
  await page.goto(AMARA_PROJECT);
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: INVITE_MEMBERS_TEXTS.title })).toBeVisible();

  await page.goto(`${AMARA_PROJECT}/-/project_members`);
  await waitForHydration(page);
  await page.getByRole('button', { name: INVITE_MEMBERS_TEXTS.title }).click();
  const modal = page.getByRole('dialog', { name: INVITE_MEMBERS_TEXTS.title });
  await expect(modal).toBeVisible();
  await modal.getByLabel(INVITE_MEMBERS_TEXTS.search).fill('bjorn');
  await modal.getByRole('checkbox', { name: /@bjorn/ }).check();
  await modal.getByLabel(INVITE_MEMBERS_TEXTS.role).selectOption('Developer');
  await expectAccessible(page);
  await modal.getByRole('button', { name: INVITE_MEMBERS_TEXTS.invite }).click();
  await expect(modal).toHaveCount(0);
  // GitLab's toast, then the list reloads with the new member.
  await expect(page.getByText(INVITE_MEMBERS_TEXTS.success)).toBeVisible();
  const members = page.getByRole('list', { name: 'Project members' });
  const bjorn = members.getByRole('listitem').filter({ hasText: '@bjorn' });
  await expect(bjorn).toContainText('Developer');

  // Leave the project as it was.
  await bjorn.getByRole('button', { name: 'Remove member bjorn' }).click();
  await page.getByRole('button', { name: 'Remove member', exact: true }).click();
  await expect(bjorn).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, 'dolores');
  await page.goto(`${AMARA_PROJECT}/-/project_members`);
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: INVITE_MEMBERS_TEXTS.title })).toHaveCount(0);
});
