/**
 * An issue's page (`projects:issues:show`, GitLab's work item view): title editing at 255 and 256
 * characters, close and reopen, a comment with its preview, a reaction, the activity's filter and
 * sort kept after a reload, deleting after confirming, a task toggled (the Markdown parser not
 * part of the page's initial JavaScript); no console error, axe in light and dark.
 * amara owns `amara/dotfiles` in the demo seed.
 */
import type { Page } from '@playwright/test';
import {
  ADD_REACTION_LABEL,
  AWARD_EMOJI_BAR_LABEL,
  NOTES_FILTER_LABELS,
  awardButtonLabel,
  TITLE_MAX_LENGTH,
  TITLE_TOO_LONG_MESSAGE,
  WORK_ITEM_HEADER_TEXTS,
  deleteWorkItemMessage,
  workItemDeletedMessage,
  workItemHeaderMessages,
} from 'forgekit';
import {
  COMMENT_BUTTON_TEXT,
  COMMENT_FORM_LABEL,
  NOTES_FILTER_MENU_LABEL,
  NOTES_SORT_LABELS,
  NOTES_SORT_MENU_LABEL,
} from 'forgekit/markdown';
import { EMOJI_PICKER_SEARCH_LABEL } from 'forgekit/emoji';
import { MARKDOWN_PARSER_CHUNK } from '../../vite.config.ts';
import { apiCall, expect, reloadWhenSaved, test, waitForHydration } from './fixtures.ts';

const PROJECT = 'amara/dotfiles';
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;
const messages = workItemHeaderMessages('Issue');

/** Creates an issue through the API and opens its page. */
async function openNewIssue(page: Page, title: string): Promise<number> {
  await page.goto(`/${PROJECT}/-/issues`);
  await waitForHydration(page);
  const created = await apiCall<{ iid: number }>(page, 'POST', `projects/${encodeURIComponent(PROJECT)}/issues`, {
    title,
    description: 'Steps:\n\n- [ ] reproduce\n- [ ] fix',
  });
  expect(created.status).toBe(201);
  await page.goto(`/${PROJECT}/-/issues/${created.data.iid}`);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:issues:show');
  return created.data.iid;
}

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, 'amara');
});

test('issue page: title at 255 and 256 characters, close and reopen, kept after a reload', async ({
  page,
  problems,
  expectAccessible,
}) => {
  const title = unique('Work item page');
  await openNewIssue(page, title);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: WORK_ITEM_HEADER_TEXTS.editTitle }).click();
  const field = page.getByRole('textbox', { name: WORK_ITEM_HEADER_TEXTS.titleLabel });
  await field.fill('y'.repeat(TITLE_MAX_LENGTH + 1));
  await expect(page.getByText(TITLE_TOO_LONG_MESSAGE)).toBeVisible();
  const longest = `${title} ${'z'.repeat(TITLE_MAX_LENGTH - title.length - 1)}`;
  await field.fill(longest);
  await expect(page.getByText(TITLE_TOO_LONG_MESSAGE)).toHaveCount(0);
  await field.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: longest })).toBeVisible();

  await page.getByRole('button', { name: messages.close }).first().click();
  await expect(page.getByRole('button', { name: messages.reopen }).first()).toBeVisible();
  await reloadWhenSaved(page);
  await expect(page.getByRole('heading', { level: 1, name: longest })).toBeVisible();
  await expect(page.getByText(WORK_ITEM_HEADER_TEXTS.closed).first()).toBeVisible();
  await page.getByRole('button', { name: messages.reopen }).first().click();
  await expect(page.getByRole('button', { name: messages.close }).first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('issue page: comment, then the activity filter and sort are kept after a reload', async ({
  page,
  problems,
  expectAccessible,
}) => {
  await openNewIssue(page, unique('Commented issue'));
  const comment = `A comment with **bold** text ${unique('c')}`;
  await page.getByRole('textbox', { name: COMMENT_FORM_LABEL }).fill(comment);
  await page.getByRole('button', { name: COMMENT_BUTTON_TEXT, exact: true }).click();
  await expect(page.locator('strong', { hasText: 'bold' }).first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: `${NOTES_SORT_MENU_LABEL}: ${NOTES_SORT_LABELS.asc}` }).click();
  await page.getByRole('menuitem', { name: NOTES_SORT_LABELS.desc }).click();
  await page.getByRole('button', { name: `${NOTES_FILTER_MENU_LABEL}: ${NOTES_FILTER_LABELS.all}` }).click();
  await page.getByRole('menuitem', { name: NOTES_FILTER_LABELS.comments }).click();
  await reloadWhenSaved(page);
  await expect(page.getByRole('button', { name: `${NOTES_SORT_MENU_LABEL}: ${NOTES_SORT_LABELS.desc}` })).toBeVisible();
  await expect(
    page.getByRole('button', { name: `${NOTES_FILTER_MENU_LABEL}: ${NOTES_FILTER_LABELS.comments}` }),
  ).toBeVisible();
  expect(problems).toEqual([]);
});

test('issue page: a reaction on the issue and one on a comment, kept after a reload', async ({
  page,
  problems,
  expectAccessible,
}) => {
  const iid = await openNewIssue(page, unique('Reacted issue'));
  // The issue's own reactions come first, under its description; each comment has its own bar.
  const issueReactions = page.getByRole('group', { name: AWARD_EMOJI_BAR_LABEL }).first();
  // The bar shows a reaction at once and saves it after: a reload waits for the save.
  const saved = () =>
    page.waitForResponse((response) => (response.request().postData() ?? '').includes('awardEmojiToggle'));
  let save = saved();
  await issueReactions.getByRole('button', { name: awardButtonLabel('thumbsup', '0') }).click();
  await save;
  const thumbsUp = issueReactions.getByRole('button', { name: awardButtonLabel('thumbsup', '1') });
  await expect(thumbsUp).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('textbox', { name: COMMENT_FORM_LABEL }).fill(unique('A comment to react to'));
  await page.getByRole('button', { name: COMMENT_BUTTON_TEXT, exact: true }).click();
  const noteReactions = page.getByRole('group', { name: AWARD_EMOJI_BAR_LABEL }).nth(1);
  await noteReactions.getByRole('button', { name: ADD_REACTION_LABEL }).click();
  await page.getByRole('searchbox', { name: EMOJI_PICKER_SEARCH_LABEL }).fill('tada');
  save = saved();
  await page.getByRole('gridcell', { name: 'party popper' }).click();
  await save;
  await expect(noteReactions.getByRole('button', { name: awardButtonLabel('tada', '1') })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await reloadWhenSaved(page);
  await expect(thumbsUp).toHaveAttribute('aria-pressed', 'true');
  await expect(noteReactions.getByRole('button', { name: awardButtonLabel('tada', '1') })).toBeVisible();
  const awards = await apiCall<{ name: string }[]>(
    page,
    'GET',
    `projects/${encodeURIComponent(PROJECT)}/issues/${iid}/award_emoji`,
  );
  expect(awards.data.map(({ name }) => name)).toEqual(['thumbsup']);
  await expectAccessible(page);

  // Toggled off again.
  await thumbsUp.click();
  await expect(issueReactions.getByRole('button', { name: awardButtonLabel('thumbsup', '0') })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  expect(problems).toEqual([]);
});

test('issue page: delete after confirming, then back on the list with the deleted toast', async ({
  page,
  problems,
}) => {
  const title = unique('Issue to delete');
  await openNewIssue(page, title);
  await page.getByRole('button', { name: WORK_ITEM_HEADER_TEXTS.moreActions }).click();
  await page.getByRole('menuitem', { name: messages.delete }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(deleteWorkItemMessage('issue'));
  await dialog.getByRole('button', { name: messages.delete }).click();
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:issues:index');
  await expect(page.getByText(workItemDeletedMessage('Issue'))).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('issue page: its initial JavaScript leaves out the Markdown parser, and a task toggle saves the description', async ({
  page,
  problems,
}) => {
  const iid = await openNewIssue(page, unique('Parser on demand'));
  // What the page loads before it hydrates: the module preloads the server writes into the document
  // (read from the served HTML: after hydration, lazy imports add preloads of their own to the DOM).
  const html = await (await page.request.get(page.url())).text();
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
  expect(preloads.length).toBeGreaterThan(0);
  expect(preloads.filter((href) => href.includes(`${MARKDOWN_PARSER_CHUNK}-`))).toEqual([]);

  // The toggle loads the parser (to find the task in the source) and saves the new description.
  await page.getByRole('checkbox', { name: 'reproduce' }).check();
  await expect
    .poll(
      async () =>
        (await apiCall<{ description: string }>(page, 'GET', `projects/${encodeURIComponent(PROJECT)}/issues/${iid}`))
          .data.description,
    )
    .toContain('- [x] reproduce');
  expect(problems).toEqual([]);
});

test('issue page: a missing issue is a 404', async ({ page, problems }) => {
  const response = await page.goto(`/${PROJECT}/-/issues/999999`);
  expect(response?.status()).toBe(404);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'errors:not_found');
  problems.splice(0, problems.length, ...problems.filter((problem) => !problem.includes('404')));
  expect(problems).toEqual([]);
});
