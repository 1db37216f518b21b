/** The document every page shares: page ids, meta tags, hydration, errors, sign in and out. */
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { E2E_ROOT_PASSWORD } from './constants.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

test('an anonymous visitor lands on the public projects, hydrated, with the page configuration @smoke', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('');
  await expect(page).toHaveURL(/\/explore\/projects$/);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'explore:projects:index');
  await expect(page.locator('meta[name="action-cable-url"]')).toHaveAttribute('content', /\/cable$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Explore projects' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { gon: { current_user_id: unknown } }).gon.current_user_id),
  ).toBeNull();
  await expectAccessible(page);
});

test('an unknown path answers 404 with the product’s page @smoke', async ({ page, problems, expectAccessible }) => {
  const response = await page.goto('no/such/page/here');
  expect(response?.status()).toBe(404);
  problems.splice(0); // the 404 itself
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'errors:not_found');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404: Page not found');
  await expectAccessible(page);
});

test('the dashboard sends an anonymous visitor to sign in and back @smoke', async ({ page }) => {
  await page.goto('dashboard/projects');
  await expect(page).toHaveURL(/\/users\/sign_in\?redirect_to=/);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'sessions:new');
  await page.getByLabel('Username or primary email').fill('amara');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
  await expect(page.locator('meta[name="csrf-token"]')).toHaveAttribute('content', /.+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
});

test('a wrong password shows GitLab’s message and signs nobody in', async ({ page, problems }) => {
  await page.goto('users/sign_in');
  await waitForHydration(page);
  await page.getByLabel('Username or primary email').fill('amara');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid login or password.');
  problems.splice(0); // the 401 of the attempt
});

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

test('an anonymous visitor sees the broadcast message and the system colour mode', async ({ page }) => {
  await page.goto('explore/projects');
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'auto');
  await expect(page.locator('[data-component="BroadcastMessage"]').filter({ hasText: 'Welcome to the' })).toBeVisible();
});

test('the user menu signs out, back to the public pages @smoke', async ({ page, signIn }) => {
  await signIn(page, 'chen');
  await page.goto('dashboard/projects');
  await waitForHydration(page);
  await page.getByRole('button', { name: /Chen Wei/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/explore\/projects$/);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('meta[name="csrf-token"]')).toHaveCount(0);
});

test('signing in with the keyboard only, then the shortcuts dialog with ?', async ({ page }) => {
  await page.goto('users/sign_in');
  await waitForHydration(page);
  // From the top of the page: skip link, then the top bar, then the form's fields, in order.
  const login = page.getByLabel('Username or primary email');
  while (!(await login.evaluate((field) => field === document.activeElement))) await page.keyboard.press('Tab');
  await page.keyboard.type('dolores');
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
  await waitForHydration(page);

  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
