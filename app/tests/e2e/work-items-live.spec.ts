/**
 * Two people on the same issue (`projects:issues:show`, GitLab's work item subscriptions over
 * ActionCable's `GraphqlChannel`): amara changes the title, adds a label, comments, edits and
 * deletes her comment and closes the issue; bjorn, on the same page in a second browser context,
 * sees each change without reloading, and the comment and the reply he is half-way through typing
 * survive every refresh (the reply until its thread is deleted). amara owns the public
 * `amara/dotfiles` in the demo seed; bjorn is not a member.
 */
import type { Page } from '@playwright/test';
import { WORK_ITEM_HEADER_TEXTS, WORK_ITEM_PAGE_SIZES, workItemHeaderMessages } from 'forgekit';
import {
  COMMENT_BUTTON_TEXT,
  COMMENT_FORM_LABEL,
  DELETE_NOTE_CONFIRM,
  NOTE_ACTION_LABELS,
  REPLY_LABEL,
} from 'forgekit/markdown';
import { apiCall, expect, test, waitForHydration, waitForLive } from './fixtures.ts';

const PROJECT = 'amara/dotfiles';
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;
const messages = workItemHeaderMessages('Issue');
/** A property the test sets on bjorn's window: still there at the end means the page never reloaded. */
const NOT_RELOADED = '__forgekitNotReloaded';

/** The note holding `text` (the first note of its thread, or a reply). */
const noteWith = (page: Page, text: string) => page.locator('[data-component="WorkItemNote"]', { hasText: text });

test('two people on one issue see each other’s changes live, and half-typed comments survive', async ({
  page,
  browser,
  problems,
  signIn,
}) => {
  await signIn(page, 'amara');
  await page.goto(`/${PROJECT}/-/issues`);
  await waitForHydration(page);
  const project = encodeURIComponent(PROJECT);
  const label = unique('live');
  expect((await apiCall(page, 'POST', `projects/${project}/labels`, { name: label, color: '#1f75cb' })).status).toBe(
    201,
  );
  const created = await apiCall<{ iid: number }>(page, 'POST', `projects/${project}/issues`, {
    title: unique('Live issue'),
  });
  expect(created.status).toBe(201);
  const issuePath = `/${PROJECT}/-/issues/${created.data.iid}`;
  await page.goto(issuePath);
  await waitForHydration(page);

  // bjorn, in his own browser context, with the same checks as the fixture's page.
  const { baseURL, viewport } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport });
  const other = await context.newPage();
  other.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`bjorn: console ${message.type()}: ${message.text()}`);
  });
  other.on('pageerror', (error) => problems.push(`bjorn: uncaught: ${error.message}`));
  await signIn(other, 'bjorn');
  await other.goto(issuePath);
  await waitForHydration(other);
  await waitForLive(other);
  await expect(other.locator('body')).toHaveAttribute('data-page', 'projects:issues:show');
  await other.evaluate((key) => Object.assign(window, { [key]: true }), NOT_RELOADED);
  const draft = 'Half-typed thought from bjorn, not sent';
  const otherCommentBox = other.getByRole('textbox', { name: COMMENT_FORM_LABEL });
  await otherCommentBox.fill(draft);

  // The title.
  const title = unique('Renamed live');
  await page.getByRole('button', { name: WORK_ITEM_HEADER_TEXTS.editTitle }).click();
  const titleField = page.getByRole('textbox', { name: WORK_ITEM_HEADER_TEXTS.titleLabel });
  await titleField.fill(title);
  await titleField.press('Enter');
  await expect(other.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // A label (GitLab's history entry 'added ~label label').
  const labelled = await apiCall(page, 'PUT', `projects/${project}/issues/${created.data.iid}`, { add_labels: label });
  expect(labelled.status).toBe(200);
  await expect(other.getByText(label).first()).toBeVisible();

  // A comment, then its edit, then its deletion.
  const comment = unique('Live comment');
  await page.getByRole('textbox', { name: COMMENT_FORM_LABEL }).fill(comment);
  await page.getByRole('button', { name: COMMENT_BUTTON_TEXT, exact: true }).click();
  await expect(noteWith(other, comment)).toBeVisible();
  // bjorn starts a reply to it, which stays open, with its text, while amara edits the comment.
  await noteWith(other, comment).getByRole('button', { name: NOTE_ACTION_LABELS.reply }).click();
  const replyDraft = 'A reply bjorn is still writing';
  const otherReplyBox = other.getByRole('textbox', { name: REPLY_LABEL });
  await otherReplyBox.fill(replyDraft);

  const edited = unique('Edited live comment');
  await noteWith(page, comment).getByRole('button', { name: NOTE_ACTION_LABELS.edit }).click();
  const editor = page.getByRole('textbox', { name: NOTE_ACTION_LABELS.edit });
  await editor.fill(edited);
  await page.getByRole('button', { name: NOTE_ACTION_LABELS.save }).click();
  await expect(noteWith(other, edited)).toBeVisible();
  await expect(noteWith(other, comment)).toHaveCount(0);
  await expect(otherReplyBox).toHaveValue(replyDraft);

  await noteWith(page, edited).getByRole('button', { name: NOTE_ACTION_LABELS.more }).click();
  await page.getByRole('menuitem', { name: NOTE_ACTION_LABELS.delete }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: DELETE_NOTE_CONFIRM.primaryBtnText }).click();
  await expect(noteWith(page, edited)).toHaveCount(0);
  await expect(noteWith(other, edited)).toHaveCount(0);

  // Closed.
  await page.getByRole('button', { name: messages.close }).first().click();
  await expect(other.getByText(WORK_ITEM_HEADER_TEXTS.closed, { exact: true }).first()).toBeVisible();

  // bjorn never reloaded, and his comment is as he left it.
  await expect(otherCommentBox).toHaveValue(draft);
  expect(await other.evaluate((key) => key in window, NOT_RELOADED)).toBe(true);
  await context.close();
  expect(problems).toEqual([]);
});

test('a reply typed in a thread past the first page survives a live refresh', async ({ page, browser, signIn }) => {
  await signIn(page, 'amara');
  await page.goto(`/${PROJECT}/-/issues`);
  await waitForHydration(page);
  const project = encodeURIComponent(PROJECT);
  const created = await apiCall<{ iid: number }>(page, 'POST', `projects/${project}/issues`, {
    title: unique('Long live issue'),
  });
  expect(created.status).toBe(201);
  // More threads than the page renders on the server (WORK_ITEM_PAGE_SIZES.default): the last ones
  // are read after hydration.
  const threads = WORK_ITEM_PAGE_SIZES.default + 5;
  for (let index = 1; index <= threads; index++) {
    const note = await apiCall(page, 'POST', `projects/${project}/issues/${created.data.iid}/notes`, {
      body: `Thread ${index} of the long issue`,
    });
    expect(note.status).toBe(201);
  }

  const { baseURL, viewport } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport });
  const other = await context.newPage();
  await signIn(other, 'bjorn');
  await other.goto(`/${PROJECT}/-/issues/${created.data.iid}`);
  await waitForHydration(other);
  await waitForLive(other);
  const last = noteWith(other, `Thread ${threads} of the long issue`);
  // The activity renders in batches as the reader nears its end.
  await expect(async () => {
    await other.mouse.wheel(0, 4000);
    await expect(last).toBeVisible({ timeout: 500 });
  }).toPass();
  await last.getByRole('button', { name: NOTE_ACTION_LABELS.reply }).click();
  const replyDraft = 'A reply in a late thread';
  const replyBox = other.getByRole('textbox', { name: REPLY_LABEL });
  await replyBox.fill(replyDraft);

  // amara comments: bjorn's page reads the activity again, the late thread included.
  const comment = unique('New comment on the long issue');
  expect(
    (await apiCall(page, 'POST', `projects/${project}/issues/${created.data.iid}/notes`, { body: comment })).status,
  ).toBe(201);
  await expect(async () => {
    await other.mouse.wheel(0, 4000);
    await expect(noteWith(other, comment)).toBeVisible({ timeout: 500 });
  }).toPass();
  await expect(replyBox).toHaveValue(replyDraft);
  await context.close();
});
