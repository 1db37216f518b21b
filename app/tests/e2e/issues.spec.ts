/**
 * A project's issue list: its page id, the state tabs with their counts, the filter bar (labels,
 * search) rewriting the URL, bulk editing (close the ticked issues, add a label), no console error
 * and axe in light and dark; the new issue form (required title, 255 limit, quick submit). amara owns `amara/dotfiles` in the demo seed.
 */
import {
  ISSUABLE_LIST_ITEM_TEXTS,
  ISSUABLE_LIST_TEXTS,
  TITLE_MAX_LENGTH,
  TITLE_TOO_LONG_MESSAGE,
  WORK_ITEM_HEADER_TEXTS,
  workItemCreatedMessage,
} from 'forgekit';
import { ISSUES_TEXT } from '../../src/pages/projects/issues/constants.ts';
import { NEW_ISSUE_TEXT } from '../../src/pages/projects/issues/new.tsx';
import { apiCall, expect, test, waitForHydration } from './fixtures.ts';

const PROJECT = 'amara/dotfiles';
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, 'amara');
});

test('issue list: tabs with counts, filters in the URL, bulk edit closes and labels the ticked issues', async ({
  page,
  problems,
  expectAccessible,
}) => {
  const label = unique('triage');
  const titles = [unique('First list issue'), unique('Second list issue')];
  await page.goto(`/${PROJECT}/-/issues`);
  await waitForHydration(page);
  const project = encodeURIComponent(PROJECT);
  for (const title of titles) {
    const created = await apiCall(page, 'POST', `projects/${project}/issues`, { title, labels: label });
    expect(created.status).toBe(201);
  }
  // One without the label, which the filter must leave out.
  const unlabelled = unique('Unlabelled list issue');
  expect((await apiCall(page, 'POST', `projects/${project}/issues`, { title: unlabelled })).status).toBe(201);

  // Filtered by the new label through the filter bar: exactly the two new issues, both open.
  await page.goto(`/${PROJECT}/-/issues`);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:issues:index');
  const filter = page.getByRole('search', { name: ISSUES_TEXT.filter });
  await filter.getByLabel(ISSUES_TEXT.labels).fill(label);
  await filter.getByRole('button', { name: ISSUES_TEXT.apply }).click();
  await expect(page).toHaveURL(new RegExp(`label_name=${label}`));
  const list = page.getByRole('list', { name: ISSUES_TEXT.title });
  await expect(list.locator(':scope > li')).toHaveCount(2);
  for (const title of titles) await expect(list.getByRole('link', { name: title })).toBeVisible();
  await expect(list.getByRole('link', { name: unlabelled })).toHaveCount(0);
  const tabs = page.getByRole('navigation', { name: ISSUES_TEXT.tabs });
  await expect(tabs.getByRole('link', { name: /Open/ })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: /Open/ })).toContainText('2');
  await expect(tabs.getByRole('link', { name: /Closed/ })).toContainText('0');
  await expectAccessible(page);

  // A search narrows it to one.
  await filter.getByLabel(ISSUES_TEXT.search).fill(titles[0]!);
  await filter.getByRole('button', { name: ISSUES_TEXT.apply }).click();
  await expect(list.locator(':scope > li')).toHaveCount(1);
  await filter.getByLabel(ISSUES_TEXT.search).fill('');
  await filter.getByRole('button', { name: ISSUES_TEXT.apply }).click();
  await expect(list.locator(':scope > li')).toHaveCount(2);

  // Bulk edit: tick both, close them and add a label.
  const extra = unique('bulk');
  await page.getByRole('button', { name: ISSUES_TEXT.bulkEdit }).click();
  await page.getByRole('checkbox', { name: ISSUABLE_LIST_TEXTS.selectAll }).check();
  const bulk = page.getByRole('form', { name: ISSUES_TEXT.bulkEdit });
  await bulk.getByLabel(ISSUES_TEXT.bulkState).selectOption('close');
  await bulk.getByLabel(ISSUES_TEXT.bulkAddLabels).fill(extra);
  await bulk.getByRole('button', { name: ISSUES_TEXT.bulkUpdate(2) }).click();
  await expect(page.getByRole('heading', { name: ISSUABLE_LIST_TEXTS.emptyTitle })).toBeVisible();
  await expect(tabs.getByRole('link', { name: /Closed/ })).toContainText('2');

  await tabs.getByRole('link', { name: /Closed/ }).click();
  await expect(page).toHaveURL(/state=closed/);
  await expect(list.locator(':scope > li')).toHaveCount(2);
  await expect(list.getByText(ISSUABLE_LIST_ITEM_TEXTS.closed)).toHaveCount(2);
  await expect(list.getByText(extra)).toHaveCount(2);
  await expectAccessible(page);
  expect(problems).toEqual([]);
});

test('issue list: an anonymous visitor sees a public project’s issues without bulk edit', async ({
  page,
  problems,
}) => {
  await page.context().clearCookies();
  await page.goto('/forgekit/forgekit-ui/-/issues');
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:issues:index');
  await expect(page.getByRole('list', { name: ISSUES_TEXT.title }).locator(':scope > li').first()).toBeVisible();
  await expect(page.getByRole('button', { name: ISSUES_TEXT.bulkEdit })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('new issue: submit waits for a title, 256 characters are refused, Ctrl+Enter creates it with its fields', async ({
  page,
  problems,
  expectAccessible,
}) => {
  await page.goto(`/${PROJECT}/-/issues/new`);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:issues:new');
  const form = page.getByRole('form', { name: NEW_ISSUE_TEXT.title });
  const submit = form.getByRole('button', { name: NEW_ISSUE_TEXT.create });
  await expect(submit).toBeDisabled();
  const title = form.getByLabel(NEW_ISSUE_TEXT.fieldTitle);
  await title.fill('x'.repeat(TITLE_MAX_LENGTH + 1));
  await expect(form.getByText(TITLE_TOO_LONG_MESSAGE)).toBeVisible();
  await expectAccessible(page);

  const name = unique('Created from the form');
  await title.fill(name);
  await form.getByLabel(NEW_ISSUE_TEXT.description).fill('Steps: **bold**');
  await form.getByLabel(NEW_ISSUE_TEXT.confidential).check();
  await form.getByLabel(NEW_ISSUE_TEXT.dueDate).fill('2030-01-31');
  await title.focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:issues:show');
  await expect(page.getByText(workItemCreatedMessage('Issue'))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(WORK_ITEM_HEADER_TEXTS.confidential).first()).toBeVisible();
  await expect(page.locator('strong', { hasText: 'bold' }).first()).toBeVisible();

  // Back on the list, the row shows the confidential icon and the due date.
  await page.goto(`/${PROJECT}/-/issues`);
  await waitForHydration(page);
  const row = page.getByRole('listitem', { name });
  await expect(row.getByRole('img', { name: ISSUABLE_LIST_ITEM_TEXTS.confidential })).toBeVisible();
  await expect(row).toContainText('Jan 31, 2030');
  expect(problems).toEqual([]);
});
