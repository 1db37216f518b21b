/**
 * axe in light and dark on the issue screens and states that issues.spec.ts and work-items.spec.ts
 * do not already check (they cover the open and closed lists, the new issue form with its title
 * error, and a fresh issue page before and after a comment): the list's empty search, and an issue
 * page that is confidential, with the comment form in preview, with its actions menu open, with
 * the delete confirmation open, and closed.
 * amara owns `amara/dotfiles` in the demo seed.
 */
import { ISSUABLE_LIST_TEXTS, WORK_ITEM_HEADER_TEXTS, deleteWorkItemMessage, workItemHeaderMessages } from 'forgekit';
import { COMMENT_FORM_LABEL, MARKDOWN_PREVIEW_TOGGLE_LABELS } from 'forgekit/markdown';
import { apiCall, expect, test, waitForHydration } from './fixtures.ts';

const PROJECT = 'amara/dotfiles';
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;
const messages = workItemHeaderMessages('Issue');

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, 'amara');
});

test('issue list: a search that finds nothing shows the empty state, accessible', async ({
  page,
  problems,
  expectAccessible,
}) => {
  await page.goto(`/${PROJECT}/-/issues?search=${unique('nothing-matches')}`);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:issues:index');
  await expect(page.getByRole('heading', { name: ISSUABLE_LIST_TEXTS.emptyTitle })).toBeVisible();
  await expectAccessible(page);
  expect(problems).toEqual([]);
});

test('issue page under axe: confidential, comment in preview, actions menu open, delete confirmation open, closed', async ({
  page,
  problems,
  expectAccessible,
}) => {
  await page.goto(`/${PROJECT}/-/issues`);
  await waitForHydration(page);
  const created = await apiCall<{ iid: number }>(page, 'POST', `projects/${encodeURIComponent(PROJECT)}/issues`, {
    title: unique('Accessible team-only issue'),
    description: 'Only for the team.',
    confidential: true,
  });
  expect(created.status).toBe(201);
  await page.goto(`/${PROJECT}/-/issues/${created.data.iid}`);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:issues:show');

  // Confidential.
  await expect(page.getByText(WORK_ITEM_HEADER_TEXTS.confidential).first()).toBeVisible();
  await expectAccessible(page);

  // The comment form in preview.
  const activity = page.locator('[data-component="WorkItemNotes"]');
  await page.getByRole('textbox', { name: COMMENT_FORM_LABEL }).fill('A **previewed** comment');
  await activity.getByRole('button', { name: MARKDOWN_PREVIEW_TOGGLE_LABELS.write }).click();
  await expect(activity.locator('strong', { hasText: 'previewed' })).toBeVisible();
  await expect(activity.getByRole('button', { name: MARKDOWN_PREVIEW_TOGGLE_LABELS.preview })).toBeVisible();
  await expectAccessible(page);

  // The actions menu open, then the delete confirmation open (and cancelled).
  await page.getByRole('button', { name: WORK_ITEM_HEADER_TEXTS.moreActions }).click();
  await expect(page.getByRole('menuitem', { name: messages.delete })).toBeVisible();
  // The open menu is portalled into the layout's overlay container, inside <main> (axe's `region`).
  await expect(page.getByRole('main').getByRole('menu')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('menuitem', { name: messages.delete }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(deleteWorkItemMessage('issue'));
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Closed.
  await page.getByRole('button', { name: messages.close }).first().click();
  await expect(page.getByRole('button', { name: messages.reopen }).first()).toBeVisible();
  await expect(page.getByText(WORK_ITEM_HEADER_TEXTS.closed).first()).toBeVisible();
  await expectAccessible(page);
  expect(problems).toEqual([]);
});
