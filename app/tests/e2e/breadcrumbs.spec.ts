/**
 * Breadcrumbs end to end (spec section 2: "Truncated breadcrumb items get a tooltip. A
 * collapsed-breadcrumbs expander reveals hidden items."): a deep repository path at a narrow width
 * collapses the trail behind the expander, and a long directory name is cut with a tooltip of its
 * full text; both work with the keyboard alone.
 */
import { BREADCRUMBS_LABELS } from 'forgekit';
import type { Page } from '@playwright/test';
import { apiCall, expect, test, waitForHydration } from './fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** Narrower than the trail: the sidebar is collapsed and the crumbs do not fit. */
const NARROW = { width: 640, height: 800 };
/** Directories of the path, the last one far longer than a crumb may be wide. */
const DIRECTORIES = ['src', 'components', 'navigation', 'a-directory-whose-name-is-much-longer-than-any-crumb-may-be'];

/** Presses `key` (Tab, or Shift+Tab backwards) until `locator` has the focus, as a keyboard user reaches it. */
async function tabTo(page: Page, locator: ReturnType<Page['locator']>, key = 'Tab') {
  await expect(async () => {
    await page.keyboard.press(key);
    expect(await locator.evaluate((element) => element === document.activeElement)).toBe(true);
  }).toPass();
}

test('a deep path at a narrow width: the expander reveals the collapsed crumbs, a cut crumb has its full text in a tooltip, by keyboard', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await signIn(page, 'amara');
  const name = `crumbs-${unique()}`;
  const created = await apiCall<{ id: number; path_with_namespace: string }>(page, 'POST', 'projects', {
    name,
    path: name,
    initialize_with_readme: true,
  });
  expect(created.status).toBe(201);
  const directory = DIRECTORIES.join('/');
  const commit = await apiCall(page, 'POST', `projects/${created.data.id}/repository/commits`, {
    branch: 'main',
    commit_message: 'A deep file',
    actions: [{ action: 'create', file_path: `${directory}/file.txt`, content: 'deep\n' }],
  });
  expect(commit.status).toBe(201);

  await page.setViewportSize(NARROW);
  await page.goto(`${created.data.path_with_namespace}/-/tree/main/${directory}`);
  await waitForHydration(page);
  const trail = page.getByRole('navigation', { name: BREADCRUMBS_LABELS.nav });
  const expander = trail.getByRole('button', { name: BREADCRUMBS_LABELS.expander });
  await expect(trail).toHaveAttribute('data-state', 'collapsed');
  // The project's crumb, first after the namespace, is the first to collapse.
  await expect(trail.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // The current directory's crumb is cut: focused from the keyboard, its tooltip shows the full name.
  const last = DIRECTORIES.at(-1)!;
  const current = trail.getByRole('link', { name: last });
  await expect(current).toHaveAttribute('aria-current', 'page');
  await expect(trail.locator('[data-component="Breadcrumbs.Item"][data-truncated]')).toContainText(last);
  await tabTo(page, current);
  await expect(page.getByRole('tooltip')).toHaveText(last);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // The expander, reached and pressed from the keyboard, reveals the hidden crumbs and focuses the first.
  await tabTo(page, expander, 'Shift+Tab');
  await expect(expander).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(expander).toHaveCount(0);
  for (const hidden of [name, ...DIRECTORIES.slice(0, -1)])
    await expect(trail.getByRole('link', { name: hidden, exact: true })).toBeVisible();
  await expect(trail.locator('[data-component="Breadcrumbs.Link"][data-index="1"]')).toBeFocused();
  await expectAccessible(page);
});
