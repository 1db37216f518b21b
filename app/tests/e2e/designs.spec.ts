/**
 * Design versions and deletion on the issue page (`projects:issues:show`): two images uploaded
 * at once (version 1), one selected and archived after GitLab's confirmation (version 2); the
 * latest version no longer lists it, version 1 (chosen in the version selector with the keyboard)
 * still does. amara owns `amara/dotfiles` (a Developer and above may delete designs).
 */
import type { Page } from '@playwright/test';
import { WORK_ITEM_DESIGNS_TEXTS as TEXTS } from 'forgekit';
import { apiCall, expect, test, waitForHydration } from './fixtures.ts';

const PROJECT = 'amara/dotfiles';
const PROJECT_API = `projects/${encodeURIComponent(PROJECT)}`;
/** The smallest PNG: one transparent pixel. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

async function openNewIssue(page: Page): Promise<void> {
  await page.goto(`/${PROJECT}/-/issues`);
  await waitForHydration(page);
  const created = await apiCall<{ iid: number }>(page, 'POST', `${PROJECT_API}/issues`, { title: unique('Designs') });
  expect(created.status).toBe(201);
  await page.goto(`/${PROJECT}/-/issues/${created.data.iid}`);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:issues:show');
}

test('designs: one of two archived is gone at the latest version and still in the earlier one', async ({
  page,
  problems,
  signIn,
}) => {
  await signIn(page, 'amara');
  await openNewIssue(page);
  const designs = page.locator('[data-component="WorkItemDesigns"]');
  const [kept, archived] = [`${unique('kept')}.png`, `${unique('archived')}.png`];
  await designs.locator('input[type="file"]').setInputFiles([
    { name: kept, mimeType: 'image/png', buffer: PIXEL_PNG },
    { name: archived, mimeType: 'image/png', buffer: PIXEL_PNG },
  ]);
  const grid = designs.getByRole('list', { name: TEXTS.title });
  await expect(grid.getByRole('listitem')).toHaveCount(2);

  const tile = grid.getByRole('listitem').filter({ hasText: archived });
  await tile.getByRole('checkbox', { name: TEXTS.selectDesign }).check();
  await designs.getByRole('button', { name: TEXTS.archiveSelected }).click();
  const dialog = page.getByRole('alertdialog', { name: TEXTS.archiveConfirm.title });
  await expect(dialog).toContainText(TEXTS.archiveConfirm.text);
  await dialog.getByRole('button', { name: TEXTS.archiveConfirm.primary }).click();
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(grid).toContainText(kept);
  await expect(grid).not.toContainText(archived);

  // Version 1 (of 2), chosen with the keyboard, still has both.
  const selector = designs.getByRole('button', { name: TEXTS.latestVersion });
  await selector.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveCount(2);
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(designs.getByRole('button', { name: 'Showing version #1' })).toBeVisible();
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  await expect(grid).toContainText(archived);
  await expect(designs.getByRole('checkbox')).toHaveCount(0);

  // After a reload, the latest version again lists only the kept design.
  await page.reload();
  await waitForHydration(page);
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(grid).toContainText(kept);
  expect(problems).toEqual([]);
});
