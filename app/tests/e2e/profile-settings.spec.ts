/**
 * The profile settings page (`user_settings:profiles:show`, issue 14): within the pages' 150 KB
 * initial-JavaScript budget since its status emoji picker loads its popover on the toggle's first
 * intent or press (budgets.spec.ts holds the figure). A press made before that code arrives still
 * opens the picker, with focus in its search box.
 */
import type { Route } from '@playwright/test';
import { USER_STATUS_FORM_TEXTS } from 'forgekit';
import { PROFILE_SETTINGS_TEXT } from '../../src/pages/user_settings/profiles/show.tsx';
import { expect, test, waitForHydration } from './fixtures.ts';

/** The picker popover's chunk in the pages' build (forgekit's EmojiPickerPopover module). */
const POPOVER_CHUNK = /\/assets\/EmojiPickerPopover-[\w-]+\.js$/;

test('the status emoji: a press before the picker’s code arrives opens it, focus in the search box; the pick is saved', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await signIn(page, 'fatima');
  // The popover's code is held until the press has happened, as on a slow network.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Route[] = [];
  await page.route(POPOVER_CHUNK, async (route) => {
    held.push(route);
    await released;
    await route.continue();
  });
  await page.goto('-/user_settings/profile');
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'user_settings:profiles:show');
  await expectAccessible(page);
  expect(held, 'the popover’s code is not part of the page’s load').toEqual([]);

  const toggle = page.getByRole('button', { name: USER_STATUS_FORM_TEXTS.emojiLabel });
  // The pointer's arrival starts loading the popover's code; the press comes before it arrives.
  await toggle.click();
  await expect.poll(() => held.length).toBe(1);
  const dialog = page.getByRole('dialog', { name: USER_STATUS_FORM_TEXTS.emojiLabel });
  await expect(dialog).toHaveCount(0);
  release();
  const search = dialog.getByRole('searchbox', { name: 'Search emoji' });
  await expect(search).toBeFocused();
  await expectAccessible(page);

  await search.fill('coffee');
  await dialog.getByRole('gridcell', { name: 'hot beverage' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toggle).toHaveAttribute('data-emoji', 'coffee');
  await page.getByRole('button', { name: USER_STATUS_FORM_TEXTS.submit }).click();
  await expect(page.getByText(PROFILE_SETTINGS_TEXT.statusSaved)).toBeVisible();

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: USER_STATUS_FORM_TEXTS.emojiLabel })).toHaveAttribute(
    'data-emoji',
    'coffee',
  );
});
