/** People: profiles and their tabs, follow and unfollow, status, the user's settings (issue 14). */
import { ACTIVITY_TITLE } from '../../src/pages/dashboard/activity.tsx';
import { STARRED_TITLE } from '../../src/pages/dashboard/projects/starred.tsx';
import { PROFILE_SETTINGS_TEXT } from '../../src/pages/user_settings/profiles/show.tsx';
import { PROFILE_TEXT } from '../../src/pages/users/profile.tsx';
import { expect, test, waitForHydration } from './fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

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

test('a failed follow shows the spec’s message', async ({ page, signIn, problems }) => {
  await signIn(page, 'dolores');
  await page.goto('ivan');
  await waitForHydration(page);
  // The network fails (no answer, so no server message).
  await page.route('**/users/*/follow', (route) => route.abort());
  await page.getByRole('button', { name: PROFILE_TEXT.follow, exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(PROFILE_TEXT.followError);
  await expect(page.getByRole('button', { name: PROFILE_TEXT.follow, exact: true })).toBeEnabled();
  problems.splice(0); // the aborted request
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
