/**
 * Issue references in rendered Markdown (spec section 2's reference post-processing) on the real
 * issue page: hovering `#n` in a comment, or focusing it from the keyboard, opens the library's
 * reference popover with the referenced issue's title and state, read from the server with the
 * visitor's rights; a confidential issue's reference is never a link with a preview, so its title
 * reaches no one who may not read it. amara owns the public `amara/dotfiles` in the demo seed.
 */
import type { Page } from '@playwright/test';
import { REFERENCE_STATE_BADGES } from 'forgekit/markdown';
import { apiCall, expect, hoverUntilVisible, test, waitForHydration } from './fixtures.ts';

const PROJECT = 'amara/dotfiles';
const ISSUES = `projects/${encodeURIComponent(PROJECT)}/issues`;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

/** Creates an issue through the API (as the signed-in visitor) and returns its iid. */
async function createIssue(page: Page, fields: Record<string, unknown>): Promise<number> {
  const created = await apiCall<{ iid: number }>(page, 'POST', ISSUES, fields);
  expect(created.status).toBe(201);
  return created.data.iid;
}

/** Opens the page of issue `iid` and waits for hydration. */
async function openIssue(page: Page, iid: number): Promise<void> {
  await page.goto(`/${PROJECT}/-/issues/${iid}`);
  await waitForHydration(page);
}

test('a reference in a comment previews the issue on hover and on keyboard focus', async ({ page, signIn }) => {
  await signIn(page, 'amara');
  await page.goto(`/${PROJECT}/-/issues`);
  await waitForHydration(page);
  const title = unique('Referenced issue');
  const referenced = await createIssue(page, { title });
  expect((await apiCall(page, 'PUT', `${ISSUES}/${referenced}`, { state_event: 'close' })).status).toBe(200);
  const host = await createIssue(page, { title: unique('Referencing issue') });
  expect(
    (await apiCall(page, 'POST', `${ISSUES}/${host}/notes`, { body: `Same cause as #${referenced}.` })).status,
  ).toBe(201);

  await openIssue(page, host);
  const link = page.locator('.fk-markdown a.gfm[data-reference-type="issue"]', { hasText: `#${referenced}` });
  await expect(link).toHaveAttribute('data-iid', String(referenced));
  const popover = page.getByRole('dialog', { name: title });

  await hoverUntilVisible(page, link, popover);
  await expect(popover).toContainText(REFERENCE_STATE_BADGES.closed!.label);

  // Away from the link, the card closes; keyboard focus (no pointer) opens it again.
  await page.mouse.move(0, 0);
  await expect(popover).toBeHidden();
  await page.keyboard.press('Shift');
  await link.focus();
  await expect(popover).toBeVisible();
  await expect(popover).toContainText(REFERENCE_STATE_BADGES.closed!.label);
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
});

test('a confidential issue referenced in a public comment shows no title and no preview', async ({
  page,
  signIn,
  browser,
}) => {
  await signIn(page, 'amara');
  await page.goto(`/${PROJECT}/-/issues`);
  await waitForHydration(page);
  const secret = unique('Secret issue');
  const confidential = await createIssue(page, { title: secret, confidential: true });
  const host = await createIssue(page, { title: unique('Public issue') });
  expect(
    (await apiCall(page, 'POST', `${ISSUES}/${host}/notes`, { body: `Tracked privately in #${confidential}.` })).status,
  ).toBe(201);

  // A visitor who may not read the confidential issue: signed out, in a fresh context.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await openIssue(visitor, host);
  const note = visitor.locator('.fk-markdown', { hasText: `Tracked privately in #${confidential}.` });
  await expect(note).toBeVisible();
  await expect(note.getByRole('link', { name: `#${confidential}` })).toHaveCount(0);
  await note.getByText(`#${confidential}`).hover();
  await expect(visitor.getByRole('dialog')).toHaveCount(0);
  expect(await visitor.content()).not.toContain(secret);
  await context.close();
});
