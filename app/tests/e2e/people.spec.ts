/** People: profiles and their tabs, follow and unfollow, status, the user's settings (issue 14). */
import { ACTIVITY_TITLE } from '../../src/pages/dashboard/activity.tsx';
import { STARRED_TITLE } from '../../src/pages/dashboard/projects/starred.tsx';
import { USER_SETTINGS_MESSAGES } from '../../server/web/user_settings.ts';
import { PREFERENCES_TEXT } from '../../src/pages/profiles/preferences/show.tsx';
import { TOKENS_TEXT } from '../../src/pages/user_settings/personal_access_tokens/index.tsx';
import { PROFILE_SETTINGS_TEXT } from '../../src/pages/user_settings/profiles/show.tsx';
import { PROFILE_TEXT } from '../../src/pages/users/profile.tsx';
import { expect, test, waitForHydration } from './fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** How late the user view's code arrives in the late-code test: longer than hydrating the rest takes. */
const LATE_VIEW_MS = 2_000;

test('a profile shows the user, their busy status and their tabs', async ({ page, expectAccessible }) => {
  await page.goto('amara');
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'users:show');
  await expect(page.getByRole('heading', { level: 1, name: 'Amara Okafor' })).toBeVisible();
  await expect(page.getByText('@amara')).toBeVisible();
  await expect(page.getByText('Design systems lead.')).toBeVisible();
  // The demo seed's status: busy, with a message.
  await expect(page.getByText(PROFILE_TEXT.busy, { exact: true })).toBeVisible();
  await expect(page.getByText('Hiking the Pyrenees, back Monday')).toBeVisible();
  // Anonymous visitors get no follow button (spec section 6).
  await expect(page.getByRole('button', { name: PROFILE_TEXT.follow })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('tab', { name: /^Following/ }).click();
  await expect(page).toHaveURL(/\/users\/amara\/following$/);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'users:following');
  await expectAccessible(page);

  await page.goto('users/amara/activity');
  await expect(page.locator('body')).toHaveAttribute('data-page', 'users:activity');
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  await page.goto('users/amara/projects');
  await expect(page.locator('body')).toHaveAttribute('data-page', 'users:projects');
});

test('following and unfollowing a user', async ({ page, signIn, expectAccessible }) => {
  await signIn(page, 'dolores');
  await page.goto('hana');
  await waitForHydration(page);
  const follow = page.getByRole('button', { name: PROFILE_TEXT.follow, exact: true });
  const unfollow = page.getByRole('button', { name: PROFILE_TEXT.unfollow });
  await follow.click();
  await expect(unfollow).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Followers 1/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: /^Followers/ }).click();
  await expect(page.locator('body')).toHaveAttribute('data-page', 'users:followers');
  await expect(page.getByRole('link', { name: 'Dolores Ibarra' })).toBeVisible();

  await unfollow.click();
  await expect(follow).toBeVisible();
  await expect(page.getByText(PROFILE_TEXT.noFollowers)).toBeVisible();
});

test('a failed follow shows the spec’s message, even when the profile’s code arrived late', async ({
  page,
  signIn,
  problems,
}) => {
  await signIn(page, 'dolores');
  // The bare path's user view comes late, as on a busy machine: the button must work as soon as
  // the page says it is hydrated (it once hydrated later, in a Suspense boundary, losing the click).
  await page.route('**/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('users:show')) await new Promise((resolve) => setTimeout(resolve, LATE_VIEW_MS));
    await route.fulfill({ response, body });
  });
  await page.goto('ivan');
  await waitForHydration(page);
  // The network fails (no answer, so no server message).
  await page.route('**/users/*/follow', (route) => route.abort());
  await page.getByRole('button', { name: PROFILE_TEXT.follow, exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(PROFILE_TEXT.followError);
  await expect(page.getByRole('button', { name: PROFILE_TEXT.follow, exact: true })).toBeEnabled();
  problems.splice(0); // the aborted request
  // A chunk the page loads when idle may still be on its way through the delaying route: its
  // fetch must not fail after the test has ended (it was reported against the next test).
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('no follow button on one’s own profile or a blocked user’s', async ({ page, signIn }) => {
  await signIn(page, 'dolores');
  await page.goto('dolores');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dolores Ibarra' })).toBeVisible();
  await expect(page.getByRole('button', { name: PROFILE_TEXT.follow })).toHaveCount(0);
  await page.goto('former-contractor');
  await expect(page.getByText(PROFILE_TEXT.blocked)).toBeVisible();
  await expect(page.getByRole('button', { name: PROFILE_TEXT.follow })).toHaveCount(0);
});

test('setting a busy status shows “Busy” on the profile', async ({ page, signIn, expectAccessible }) => {
  await signIn(page, 'ivan');
  await page.goto('-/user_settings/profile');
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'user_settings:profiles:show');
  await expectAccessible(page);
  const message = `Deep in a migration ${unique()}`;
  await page.getByLabel('Status message').fill(message);
  await page.getByLabel('Set yourself as busy').check();
  await page.getByRole('button', { name: 'Set status' }).click();
  await expect(page.getByText(PROFILE_SETTINGS_TEXT.statusSaved)).toBeVisible();

  await page.goto('ivan');
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByText(PROFILE_TEXT.busy, { exact: true })).toBeVisible();

  // Not busy any more: the badge goes.
  await page.goto('-/user_settings/profile');
  await waitForHydration(page);
  await page.getByLabel('Set yourself as busy').uncheck();
  await page.getByRole('button', { name: 'Set status' }).click();
  await expect(page.getByText(PROFILE_SETTINGS_TEXT.statusSaved)).toBeVisible();
  await page.goto('ivan');
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByText(PROFILE_TEXT.busy, { exact: true })).toHaveCount(0);
});

test('editing the profile saves it', async ({ page, signIn }) => {
  await signIn(page, 'gustavo');
  await page.goto('-/user_settings/profile');
  await waitForHydration(page);
  const bio = `Infrastructure and ${unique()}.`;
  await page.getByLabel(PROFILE_SETTINGS_TEXT.bio).fill(bio);
  await page.getByRole('button', { name: PROFILE_SETTINGS_TEXT.submit }).click();
  await expect(page.getByText(PROFILE_SETTINGS_TEXT.saved)).toBeVisible();
  await page.goto('gustavo');
  await expect(page.getByText(bio)).toBeVisible();
});

test('creating a personal access token shows it once, and revoking it', async ({ page, signIn, expectAccessible }) => {
  await signIn(page, 'hana');
  await page.goto('-/user_settings/personal_access_tokens');
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'user_settings:personal_access_tokens:index');
  await expectAccessible(page);
  const name = `e2e token ${unique()}`;
  await page.getByLabel(TOKENS_TEXT.name).fill(name);
  await page.getByLabel('read_api').check();
  await page.getByRole('button', { name: TOKENS_TEXT.create }).click();
  const value = page.getByRole('textbox', { name: TOKENS_TEXT.newToken });
  await expect(value).toHaveValue(/^glpat-/);
  await expect(page.getByRole('button', { name: TOKENS_TEXT.copy })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('read_api');
  await expectAccessible(page);

  // The value is shown this once: not after a reload.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('textbox', { name: TOKENS_TEXT.newToken })).toHaveCount(0);

  await page.getByRole('button', { name: `${TOKENS_TEXT.revoke} ${name}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(TOKENS_TEXT.revokeConfirm(name));
  await dialog.getByRole('button', { name: TOKENS_TEXT.revoke }).click();
  await expect(page.getByText(TOKENS_TEXT.revoked)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
});

test('preferences: the colour mode applies at once and is kept', async ({ page, signIn, expectAccessible }) => {
  await signIn(page, 'jules');
  await page.goto('-/profile/preferences');
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'profiles:preferences:show');
  await expectAccessible(page);
  await page.getByLabel(PREFERENCES_TEXT.colorModes.dark).check();
  await page.getByLabel(PREFERENCES_TEXT.timeFormats['24h']).check();
  await page.getByRole('button', { name: PREFERENCES_TEXT.submit }).click();
  await expect(page.getByText(USER_SETTINGS_MESSAGES.preferencesSaved)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark');

  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark');
  await expect(page.getByLabel(PREFERENCES_TEXT.timeFormats['24h'])).toBeChecked();
  await page.getByLabel(PREFERENCES_TEXT.colorModes.auto).check();
  await page.getByRole('button', { name: PREFERENCES_TEXT.submit }).click();
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'auto');
});

test('the dashboard’s starred projects and activity', async ({ page, signIn, expectAccessible }) => {
  await signIn(page, 'emeka');
  await page.goto('dashboard/projects/starred');
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'dashboard:projects:starred');
  await expect(page.getByRole('heading', { level: 1, name: STARRED_TITLE })).toBeVisible();
  await expectAccessible(page);
  // Star a project through the API, as the project page's Star button does.
  const star = (action: 'star' | 'unstar') =>
    page.evaluate(async (action) => {
      const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
      const root = (window as unknown as { gon: { relative_url_root: string } }).gon.relative_url_root;
      await fetch(`${root}/api/v4/projects/atlas%2Frouter/${action}`, {
        method: 'POST',
        headers: { 'X-CSRF-Token': token },
      });
    }, action);
  await star('star');
  await page.reload();
  await expect(page.getByRole('link', { name: 'Atlas / Atlas Router' })).toBeVisible();
  await star('unstar');
  await page.reload();
  await expect(page.getByRole('link', { name: 'Atlas / Atlas Router' })).toHaveCount(0);

  await page.goto('dashboard/activity');
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'dashboard:activity');
  await expect(page.getByRole('heading', { level: 1, name: ACTIVITY_TITLE })).toBeVisible();
  await expect(page.getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page);
});
