/**
 * A project's labels, milestones, members and general settings: every page's id, no console
 * error and axe in light and dark; the flows create, edit and delete a label (with the colour
 * picker), create a milestone, add and remove a member, change the settings and delete a project
 * after typing its path. amara owns `amara/dotfiles` in the demo seed.
 */
import type { Page } from '@playwright/test';
import { INVALID_COLOR_MESSAGE, INVITE_MEMBERS_TEXTS, TITLE_TOO_LONG_MESSAGE } from 'forgekit';
import { LABEL_FORM_TEXT } from '../../src/pages/projects/labels/LabelForm.tsx';
import { LABELS_TEXT } from '../../src/pages/projects/labels/texts.ts';
import { MILESTONES_TEXT } from '../../src/pages/projects/milestones/texts.ts';
import { NEW_MILESTONE_TEXT } from '../../src/pages/projects/milestones/new.tsx';
import { MEMBERS_TEXT } from '../../src/pages/projects/project_members/index.tsx';
import { AFTER_DELETE_PATH, SETTINGS_TEXT } from '../../src/pages/projects/settings/general.tsx';
import { apiCall, expect, test, waitForHydration } from './fixtures.ts';

const PROJECT = 'amara/dotfiles';
/** A name no earlier run used (tests share one database). */
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;
/** One character over the 255 a title may have. */
const TOO_LONG_TITLE = 'x'.repeat(256);

async function open(page: Page, path: string, pageId: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', pageId);
}

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, 'amara');
});

test('labels: create with the colour picker, edit and delete after confirming', async ({
  page,
  problems,
  expectAccessible,
}) => {
  const name = unique('triage');
  await open(page, `${PROJECT}/-/labels`, 'projects:labels:index');
  await expect(page.getByRole('heading', { level: 1, name: LABELS_TEXT.title })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: LABELS_TEXT.newLabel }).click();
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:labels:new');
  const title = page.getByLabel(LABEL_FORM_TEXT.title);
  await title.fill(TOO_LONG_TITLE);
  await expect(page.getByText(TITLE_TOO_LONG_MESSAGE)).toBeVisible();
  await title.fill(name);
  const color = page.getByRole('textbox', { name: LABEL_FORM_TEXT.color });
  await color.fill('#12');
  await expect(page.getByText(INVALID_COLOR_MESSAGE)).toBeVisible();
  await page.getByRole('button', { name: 'Crimson' }).click();
  await expect(color).toHaveValue('#dc143c');
  await page.getByLabel(LABEL_FORM_TEXT.description).fill('Needs a first look.');
  await expectAccessible(page);
  await page.getByRole('button', { name: LABEL_FORM_TEXT.create }).click();

  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:labels:index');
  const created = page.getByRole('listitem').filter({ hasText: name });
  await expect(created.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(created).toContainText('Needs a first look.');
  await expect(created).toContainText(LABELS_TEXT.openIssues(0));

  // A second label with the same name: the server's refusal is shown as it is.
  await open(page, `${PROJECT}/-/labels/new`, 'projects:labels:new');
  await page.getByLabel(LABEL_FORM_TEXT.title).fill(name);
  await page.getByRole('textbox', { name: LABEL_FORM_TEXT.color }).fill('#abc');
  const refused = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: LABEL_FORM_TEXT.create }).click();
  expect((await refused).status()).toBe(409);
  await expect(page.getByRole('alert')).toHaveText('Label already exists');
  expect(problems).toEqual([expect.stringContaining('409'), expect.stringContaining('409')]);
  problems.splice(0); // the refusal itself (the response and the browser's console line)
  await page.getByRole('link', { name: LABEL_FORM_TEXT.cancel }).click();

  await page.getByRole('link', { name: `${LABELS_TEXT.edit} ${name}` }).click();
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:labels:edit');
  await expect(page.getByLabel(LABEL_FORM_TEXT.title)).toHaveValue(name);
  await expectAccessible(page);
  const renamed = `${name}-renamed`;
  await page.getByLabel(LABEL_FORM_TEXT.title).fill(renamed);
  await page.getByRole('textbox', { name: LABEL_FORM_TEXT.color }).fill('#123');
  await page.getByRole('button', { name: LABEL_FORM_TEXT.save }).click();
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:labels:index');
  await expect(page.getByRole('link', { name: renamed, exact: true })).toBeVisible();
  const labels = await apiCall<{ name: string; color: string }[]>(
    page,
    'GET',
    `projects/${encodeURIComponent(PROJECT)}/labels?search=${renamed}`,
  );
  expect(labels.data.map(({ name: labelName, color: labelColor }) => [labelName, labelColor])).toEqual([
    [renamed, '#123'],
  ]);

  await page.getByRole('button', { name: `${LABELS_TEXT.delete} ${renamed}` }).click();
  const dialog = page.getByRole('alertdialog', { name: LABELS_TEXT.deleteTitle(renamed) });
  await expect(dialog).toContainText(LABELS_TEXT.deleteMessage(renamed, 'Amara Okafor / Dotfiles'));
  await dialog.getByRole('button', { name: LABELS_TEXT.deleteConfirm }).click();
  await expect(page.getByRole('link', { name: renamed, exact: true })).toHaveCount(0);
});

test('milestones: create one, find it under Open and All but not Closed', async ({ page, expectAccessible }) => {
  const title = unique('Release');
  await open(page, `${PROJECT}/-/milestones`, 'projects:milestones:index');
  await expectAccessible(page);
  await page.getByRole('link', { name: MILESTONES_TEXT.newMilestone }).click();
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:milestones:new');
  await expectAccessible(page);
  await page.getByLabel(NEW_MILESTONE_TEXT.fieldTitle).fill(title);
  await page.getByLabel(NEW_MILESTONE_TEXT.startDate).fill('2026-01-05');
  await page.getByLabel(NEW_MILESTONE_TEXT.dueDate).fill('2099-03-31');
  // Quick submit (spec section 5): Ctrl+Enter in the form submits it.
  await page.getByLabel(NEW_MILESTONE_TEXT.fieldTitle).press('Control+Enter');

  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:milestones:index');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(item).toContainText('Jan 05, 2026–Mar 31, 2099');
  await expect(item).toContainText(MILESTONES_TEXT.states.active);
  await expect(item).toContainText(MILESTONES_TEXT.complete(0));
  await expect(item.getByRole('progressbar', { name: MILESTONES_TEXT.progress(title) })).toBeVisible();

  await page.getByRole('tab', { name: 'Closed' }).click();
  await expect(page).toHaveURL(/state=closed/);
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page).toHaveURL(/state=all/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expectAccessible(page);
});

test('members: a maintainer invites a member with a role and expiry, then removes them', async ({
  page,
  problems,
  expectAccessible,
}) => {
  await open(page, `${PROJECT}/-/project_members`, 'projects:project_members:index');
  // A run stopped half-way may have left hana in: start without her.
  const members = await apiCall<{ id: number; username: string }[]>(
    page,
    'GET',
    `projects/${encodeURIComponent(PROJECT)}/members`,
  );
  const leftOver = members.data.find(({ username }) => username === 'hana');
  if (leftOver) {
    await apiCall(page, 'DELETE', `projects/${encodeURIComponent(PROJECT)}/members/${leftOver.id}`);
    await page.reload();
    await waitForHydration(page);
  }
  await expect(page.getByRole('heading', { level: 1, name: MEMBERS_TEXT.title })).toBeVisible();
  await expectAccessible(page);

  // Invited through the lazy invite-members modal: a search that finds nobody, then hana with a role and an expiry.
  await page.getByRole('button', { name: INVITE_MEMBERS_TEXTS.title }).click();
  const modal = page.getByRole('dialog', { name: INVITE_MEMBERS_TEXTS.title });
  await modal.getByLabel(INVITE_MEMBERS_TEXTS.search).fill('no-such-person');
  await expect(modal.getByText(INVITE_MEMBERS_TEXTS.noResults)).toBeVisible();
  await modal.getByLabel(INVITE_MEMBERS_TEXTS.search).fill('hana');
  await modal.getByRole('checkbox', { name: /@hana/ }).check();
  await modal.getByLabel(INVITE_MEMBERS_TEXTS.role).selectOption('Developer');
  await modal.getByLabel(INVITE_MEMBERS_TEXTS.expiresAt).fill('2099-12-31');
  await modal.getByRole('button', { name: INVITE_MEMBERS_TEXTS.invite }).click();
  await expect(modal).toHaveCount(0);
  const hana = page.getByRole('listitem').filter({ hasText: '@hana' });
  await expect(hana).toContainText('Developer');
  await expect(hana).toContainText(MEMBERS_TEXT.expires('2099-12-31'));

  await hana.getByRole('button', { name: `${MEMBERS_TEXT.remove} hana` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: MEMBERS_TEXT.remove }).click();
  await expect(page.getByRole('listitem').filter({ hasText: '@hana' })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('settings: change the name, description and visibility; delete the project after typing its path', async ({
  page,
  problems,
  expectAccessible,
}) => {
  await open(page, 'dashboard/projects', 'dashboard:projects:index');
  const path = unique('scratch');
  const created = await apiCall<{ path_with_namespace: string }>(page, 'POST', 'projects', { name: path, path });
  expect(created.status).toBe(201);
  const fullPath = created.data.path_with_namespace;

  await open(page, `${fullPath}/-/settings/general`, 'projects:settings:general');
  await expectAccessible(page);
  await page.getByLabel(SETTINGS_TEXT.name).fill(`${path} renamed`);
  await page.getByLabel(SETTINGS_TEXT.description).fill('A project to throw away.');
  await page.getByLabel('Public').check();
  await page.getByRole('button', { name: SETTINGS_TEXT.save }).click();
  await expect(page.getByRole('status')).toHaveText(SETTINGS_TEXT.saved(`${path} renamed`));
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel(SETTINGS_TEXT.name)).toHaveValue(`${path} renamed`);
  await expect(page.getByLabel(SETTINGS_TEXT.description)).toHaveValue('A project to throw away.');
  await expect(page.getByLabel('Public')).toBeChecked();

  await page.getByRole('button', { name: SETTINGS_TEXT.deleteButton }).click();
  const dialog = page.getByRole('dialog', { name: SETTINGS_TEXT.deleteTitle });
  await expect(dialog).toContainText(SETTINGS_TEXT.deleteBody(fullPath));
  const confirm = dialog.getByRole('button', { name: SETTINGS_TEXT.deleteConfirm });
  await expect(confirm).toBeDisabled();
  await expectAccessible(page);
  await dialog.getByLabel(SETTINGS_TEXT.deleteConfirmLabel(fullPath)).fill(`${fullPath}x`);
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(SETTINGS_TEXT.deleteConfirmLabel(fullPath)).fill(fullPath);
  await confirm.click();
  await expect(page).toHaveURL(new RegExp(`${AFTER_DELETE_PATH}$`));
  await expect
    .poll(async () => (await apiCall(page, 'GET', `projects/${encodeURIComponent(fullPath)}`)).status)
    .toBe(404);
  problems.splice(0); // that 404 proves the deletion
});

test('settings are a 404 to someone who does not maintain the project', async ({ page, problems }) => {
  const response = await page.goto('chen/cable-playground/-/settings/general');
  expect(response?.status()).toBe(404);
  problems.splice(0); // the 404 itself
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'errors:not_found');
});
