/**
 * The issue page's sidebar and relations (`projects:issues:show`, GitLab's work item view) on the
 * demo data: assignee, labels (a scoped label replaces its sibling), dates with 'Past due',
 * weight, health status, milestone, the time estimate from the sidebar and from `/estimate`; a
 * server refusal reverting with the widget's message; child tasks (create, add existing, ten at
 * once and an eleventh refused, the confidential-parent refusal, reorder) and linked items;
 * read-only for a Guest and for an anonymous visitor; axe in light and dark with the sidebar open;
 * an iteration of the group's cadence set and kept after a reload; a design uploaded and shown; an
 * epic's child found in a subgroup; a to-do on an epic. amara owns `amara/dotfiles`; root
 * administers the instance (the demo group `forgekit` has the seeded iterations and epics).
 */
import type { Locator, Page } from '@playwright/test';
import {
  HEALTH_STATUS_DISPLAY,
  MAX_WORK_ITEMS_AT_ONCE,
  MAX_WORK_ITEMS_HINT,
  PAST_DUE_TEXT,
  TOO_MANY_WORK_ITEMS_MESSAGE,
  WORK_ITEM_ATTRIBUTE_TEXTS,
  WORK_ITEM_CHILDREN_TEXTS,
  WORK_ITEM_DATES_TEXTS,
  WORK_ITEM_DESIGNS_TEXTS,
  WORK_ITEM_LINKED_ITEMS_TEXTS,
  WORK_ITEM_ROW_TEXTS,
  WORK_ITEM_TIME_TRACKING_TEXTS,
  WORK_ITEM_TODOS_TEXTS,
  WORK_ITEM_TYPES,
  WORK_ITEM_WIDGET_LABELS,
  workItemUpdateErrorMessage,
} from 'forgekit';
import { COMMENT_BUTTON_TEXT, COMMENT_FORM_LABEL } from 'forgekit/markdown';
import { DEMO_EPIC_GROUP } from '../../server/seed/demoWorkItems.ts';
import { E2E_ROOT_PASSWORD } from './constants.ts';
import { apiCall, expect, graphqlCall, reloadWhenSaved, test, waitForHydration } from './fixtures.ts';

const PROJECT = 'amara/dotfiles';
const PROJECT_API = `projects/${encodeURIComponent(PROJECT)}`;
/** GitLab's Guest role (`access_level`). */
const GUEST_ACCESS = 10;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const ISSUE_UPDATE_ERROR = workItemUpdateErrorMessage(WORK_ITEM_TYPES.Issue.label);
const TASK = WORK_ITEM_TYPES.Task.label.toLowerCase();

interface CreatedIssue {
  iid: number;
  title: string;
}

/** Creates an issue (or a task) through the REST API, as the signed-in user. */
async function createIssue(page: Page, title: string, fields: Record<string, unknown> = {}): Promise<CreatedIssue> {
  const created = await apiCall<{ iid: number }>(page, 'POST', `${PROJECT_API}/issues`, { title, ...fields });
  expect(created.status).toBe(201);
  return { iid: created.data.iid, title };
}

/** Opens an issue's page and waits for it to hydrate. */
async function openIssue(page: Page, iid: number): Promise<void> {
  await page.goto(`/${PROJECT}/-/issues/${iid}`);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:issues:show');
}

/** Signs in as amara, who owns the project, and opens a page of it to call the API from. */
async function asOwner(page: Page, signIn: (page: Page, username: string) => Promise<void>) {
  await signIn(page, 'amara');
  await page.goto(`/${PROJECT}/-/issues`);
  await waitForHydration(page);
}

function sidebarOf(page: Page): Locator {
  return page.locator('[data-component="WorkItemSidebar"]');
}

function widget(page: Page, type: keyof typeof WORK_ITEM_WIDGET_LABELS): Locator {
  return sidebarOf(page).locator(`[data-widget-type="${type}"]`);
}

/** Opens a widget's editor: its 'Edit …' button. */
async function edit(page: Page, type: keyof typeof WORK_ITEM_WIDGET_LABELS): Promise<Locator> {
  const label = WORK_ITEM_WIDGET_LABELS[type];
  const section = widget(page, type);
  await section.getByRole('button', { name: `${WORK_ITEM_ATTRIBUTE_TEXTS.edit} ${label.toLowerCase()}` }).click();
  return section;
}

/** A `yyyy-mm-dd` day `offset` days from today. */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return date.toISOString().slice(0, 'yyyy-mm-dd'.length);
}

test('sidebar: assignee, labels with a scoped label replacing its sibling, dates past due, weight, health status, milestone, estimate; kept after a reload', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await asOwner(page, signIn);
  const scope = unique('scope');
  for (const value of ['low', 'high'])
    expect(
      (await apiCall(page, 'POST', `${PROJECT_API}/labels`, { name: `${scope}::${value}`, color: '#428BCA' })).status,
    ).toBe(201);
  const milestone = unique('Milestone');
  expect((await apiCall(page, 'POST', `${PROJECT_API}/milestones`, { title: milestone })).status).toBe(201);
  const issue = await createIssue(page, unique('Sidebar'));
  await openIssue(page, issue.iid);

  // Assignee: searched among the project's members.
  let section = await edit(page, 'ASSIGNEES');
  await section.getByRole('searchbox').fill('amara');
  await section.getByRole('option', { name: /Amara Okafor/ }).click();
  await section.getByRole('button', { name: WORK_ITEM_ATTRIBUTE_TEXTS.apply }).click();
  await expect(widget(page, 'ASSIGNEES').getByRole('link', { name: 'Amara Okafor' })).toBeVisible();

  // Labels: the scoped label `::high` replaces `::low`.
  section = await edit(page, 'LABELS');
  await section.getByRole('searchbox').fill(scope);
  await section.getByRole('option', { name: `${scope}::low` }).click();
  await section.getByRole('button', { name: WORK_ITEM_ATTRIBUTE_TEXTS.apply }).click();
  await expect(widget(page, 'LABELS')).toContainText('low');
  section = await edit(page, 'LABELS');
  await section.getByRole('searchbox').fill(scope);
  await section.getByRole('option', { name: `${scope}::high` }).click();
  await section.getByRole('button', { name: WORK_ITEM_ATTRIBUTE_TEXTS.apply }).click();
  await expect(widget(page, 'LABELS')).toContainText('high');
  await expect(widget(page, 'LABELS')).not.toContainText('low');

  // Dates: a due day before today is past due.
  section = await edit(page, 'START_AND_DUE_DATE');
  await section.getByRole('textbox', { name: WORK_ITEM_DATES_TEXTS.start }).fill(day(-7));
  await section.getByRole('textbox', { name: WORK_ITEM_DATES_TEXTS.due }).fill(day(-1));
  await section.getByRole('button', { name: WORK_ITEM_ATTRIBUTE_TEXTS.apply }).click();
  await expect(widget(page, 'START_AND_DUE_DATE').getByText(PAST_DUE_TEXT)).toBeVisible();

  section = await edit(page, 'WEIGHT');
  await section.getByRole('spinbutton').fill('3');
  await section.getByRole('button', { name: WORK_ITEM_ATTRIBUTE_TEXTS.apply }).click();
  await expect(widget(page, 'WEIGHT')).toContainText('3');

  section = await edit(page, 'HEALTH_STATUS');
  await section.getByRole('option', { name: HEALTH_STATUS_DISPLAY.atRisk.text }).click();
  await expect(widget(page, 'HEALTH_STATUS')).toContainText(HEALTH_STATUS_DISPLAY.atRisk.text);

  section = await edit(page, 'MILESTONE');
  await section.getByRole('searchbox').fill(milestone);
  await section.getByRole('option', { name: new RegExp(milestone) }).click();
  await expect(widget(page, 'MILESTONE')).toContainText(milestone);

  section = await edit(page, 'TIME_TRACKING');
  await section.getByRole('textbox', { name: WORK_ITEM_TIME_TRACKING_TEXTS.estimate }).fill('2h');
  await section.getByRole('button', { name: WORK_ITEM_ATTRIBUTE_TEXTS.apply }).click();
  await expect(widget(page, 'TIME_TRACKING')).toContainText('2h');

  // The sidebar with every widget set, in light and dark.
  await expectAccessible(page);

  await reloadWhenSaved(page);
  await expect(widget(page, 'ASSIGNEES').getByRole('link', { name: 'Amara Okafor' })).toBeVisible();
  await expect(widget(page, 'LABELS')).toContainText('high');
  await expect(widget(page, 'LABELS')).not.toContainText('low');
  await expect(widget(page, 'START_AND_DUE_DATE').getByText(PAST_DUE_TEXT)).toBeVisible();
  await expect(widget(page, 'WEIGHT')).toContainText('3');
  await expect(widget(page, 'HEALTH_STATUS')).toContainText(HEALTH_STATUS_DISPLAY.atRisk.text);
  await expect(widget(page, 'MILESTONE')).toContainText(milestone);
  await expect(widget(page, 'TIME_TRACKING')).toContainText('2h');
});

test('sidebar: /estimate in a comment sets the time estimate', async ({ page, signIn }) => {
  await asOwner(page, signIn);
  const issue = await createIssue(page, unique('Estimate'));
  await openIssue(page, issue.iid);
  await page.getByRole('textbox', { name: COMMENT_FORM_LABEL }).fill('/estimate 3h 30m');
  await page.getByRole('button', { name: COMMENT_BUTTON_TEXT, exact: true }).click();
  await expect(widget(page, 'TIME_TRACKING')).toContainText('3h 30m');
});

test('sidebar: a milestone deleted in another tab is refused, and the widget reverts with its message', async ({
  page,
  signIn,
}) => {
  await asOwner(page, signIn);
  const milestone = unique('Doomed');
  const created = await apiCall<{ id: number }>(page, 'POST', `${PROJECT_API}/milestones`, { title: milestone });
  expect(created.status).toBe(201);
  const issue = await createIssue(page, unique('Refusal'));
  await openIssue(page, issue.iid);

  const section = await edit(page, 'MILESTONE');
  await section.getByRole('searchbox').fill(milestone);
  const option = section.getByRole('option', { name: new RegExp(milestone) });
  await expect(option).toBeVisible();

  // Meanwhile, in a second tab, the milestone is deleted.
  const other = await page.context().newPage();
  await other.goto(`/${PROJECT}/-/milestones`);
  await waitForHydration(other);
  expect((await apiCall(other, 'DELETE', `${PROJECT_API}/milestones/${created.data.id}`)).status).toBe(204);
  await other.close();

  await option.click();
  await expect(widget(page, 'MILESTONE').getByText(ISSUE_UPDATE_ERROR)).toBeVisible();
  await expect(widget(page, 'MILESTONE')).not.toContainText(milestone);
  await expect(widget(page, 'MILESTONE')).toContainText(WORK_ITEM_ATTRIBUTE_TEXTS.none);
});

test('relations: create and add child tasks, reorder them, the confidential-parent refusal, link an issue', async ({
  page,
  signIn,
}) => {
  await asOwner(page, signIn);
  const existing = await createIssue(page, unique('Existing task'), { issue_type: 'task' });
  const related = await createIssue(page, unique('Related'));
  const issue = await createIssue(page, unique('Parent'));
  await openIssue(page, issue.iid);

  const tasks = page.locator('[data-component="WorkItemChildren"]');
  const addMenu = tasks.getByRole('button', { name: WORK_ITEM_CHILDREN_TEXTS.add });
  const created = unique('New task');
  await addMenu.click();
  await page.getByRole('menuitem', { name: `New ${TASK}` }).click();
  await tasks.getByRole('textbox', { name: WORK_ITEM_CHILDREN_TEXTS.titleLabel }).fill(created);
  await tasks.getByRole('button', { name: `Create ${TASK}` }).click();
  await expect(tasks.getByRole('link', { name: created })).toBeVisible();

  await addMenu.click();
  await page.getByRole('menuitem', { name: `Existing ${TASK}` }).click();
  await tasks.getByRole('combobox').fill(existing.title);
  await tasks.getByRole('option', { name: new RegExp(existing.title) }).click();
  await tasks.getByRole('button', { name: `Add ${TASK}` }).click();
  await expect(tasks.getByRole('link', { name: existing.title })).toBeVisible();
  const titles = tasks.locator('[data-component="WorkItemRow"] a');
  await expect(titles).toHaveText([created, existing.title]);

  // Reorder from the row's menu: the new task moves below the existing one, and stays there.
  await tasks.getByRole('button', { name: WORK_ITEM_ROW_TEXTS.actions(created) }).click();
  await page.getByRole('menuitem', { name: WORK_ITEM_CHILDREN_TEXTS.moveDown }).click();
  await expect(titles).toHaveText([existing.title, created]);

  // Linked items: relates to.
  const links = page.locator('[data-component="WorkItemLinkedItems"]');
  await links.getByRole('button', { name: WORK_ITEM_LINKED_ITEMS_TEXTS.add }).click();
  await links.getByRole('combobox').fill(related.title);
  await links.getByRole('option', { name: new RegExp(related.title) }).click();
  await links.getByRole('button', { name: WORK_ITEM_LINKED_ITEMS_TEXTS.add, exact: true }).last().click();
  await expect(links.getByRole('list', { name: WORK_ITEM_LINKED_ITEMS_TEXTS.groups.RELATED })).toContainText(
    related.title,
  );

  await reloadWhenSaved(page);
  await expect(titles).toHaveText([existing.title, created]);
  await expect(links.getByRole('list', { name: WORK_ITEM_LINKED_ITEMS_TEXTS.groups.RELATED })).toContainText(
    related.title,
  );

  // Under a confidential parent, a non-confidential task is refused before anything is sent.
  const secret = await createIssue(page, unique('Confidential parent'), { confidential: true });
  const loose = await createIssue(page, unique('Loose task'), { issue_type: 'task' });
  await openIssue(page, secret.iid);
  await addMenu.click();
  await page.getByRole('menuitem', { name: `Existing ${TASK}` }).click();
  await tasks.getByRole('combobox').fill(loose.title);
  await tasks.getByRole('option', { name: new RegExp(loose.title) }).click();
  await expect(tasks.getByRole('alert')).toContainText(
    `Cannot assign a non-confidential ${TASK} to a confidential parent ${WORK_ITEM_TYPES.Issue.label.toLowerCase()}.`,
  );
  await expect(tasks.getByRole('button', { name: `Add ${TASK}` })).toBeDisabled();
});

test('relations: ten existing tasks added at once, an eleventh refused', async ({ page, signIn }) => {
  await asOwner(page, signIn);
  const prefix = unique('Batch task');
  const candidates: CreatedIssue[] = [];
  for (let n = 1; n <= MAX_WORK_ITEMS_AT_ONCE + 1; n += 1) {
    candidates.push(await createIssue(page, `${prefix} ${n}`, { issue_type: 'task' }));
  }
  const parent = await createIssue(page, unique('Batch parent'));
  await openIssue(page, parent.iid);

  const tasks = page.locator('[data-component="WorkItemChildren"]');
  await tasks.getByRole('button', { name: WORK_ITEM_CHILDREN_TEXTS.add }).click();
  await page.getByRole('menuitem', { name: `Existing ${TASK}` }).click();
  await expect(tasks.getByText(MAX_WORK_ITEMS_HINT)).toBeVisible();
  const search = tasks.getByRole('combobox');
  for (const candidate of candidates) {
    await search.fill(candidate.title);
    await tasks.getByRole('option', { name: new RegExp(`${candidate.title}\\b`) }).click();
  }
  // The eleventh pick is refused with the spec's message; the ten picked ones are added together.
  await expect(tasks.getByRole('alert')).toHaveText(TOO_MANY_WORK_ITEMS_MESSAGE);
  await tasks.getByRole('button', { name: `Add ${TASK}` }).click();
  const titles = tasks.locator('[data-component="WorkItemRow"] a');
  await expect(titles).toHaveCount(MAX_WORK_ITEMS_AT_ONCE);
  await expect(titles).toHaveText(candidates.slice(0, MAX_WORK_ITEMS_AT_ONCE).map(({ title }) => title));
});

test('read-only: a Guest and an anonymous visitor see the widgets without Edit', async ({
  page,
  signIn,
  browser,
  expectAccessible,
}) => {
  await asOwner(page, signIn);
  const bjorn = await apiCall<{ id: number }[]>(page, 'GET', 'users?username=bjorn');
  const members = await apiCall<{ id: number }[]>(page, 'GET', `${PROJECT_API}/members/all?query=bjorn`);
  // A member already from an earlier run on the same data.
  if (!members.data.some((member) => member.id === bjorn.data[0]!.id)) {
    const added = await apiCall(page, 'POST', `${PROJECT_API}/members`, {
      user_id: bjorn.data[0]!.id,
      access_level: GUEST_ACCESS,
    });
    expect(added.status).toBe(201);
  }
  const issue = await createIssue(page, unique('Read only'), { labels: 'bug', weight: 2 });

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await signIn(guest, 'bjorn');
  await openIssue(guest, issue.iid);
  await expect(widget(guest, 'LABELS')).toBeVisible();
  await expect(sidebarOf(guest).getByRole('button', { name: /^Edit / })).toHaveCount(0);
  const relations = guest.locator('[data-component="WorkItemChildren"], [data-component="WorkItemLinkedItems"]');
  await expect(relations).toHaveCount(2);
  await expect(relations.getByRole('button', { name: new RegExp(`^${WORK_ITEM_CHILDREN_TEXTS.add}`) })).toHaveCount(0);
  await guestContext.close();

  const anonymousContext = await browser.newContext();
  const anonymous = await anonymousContext.newPage();
  await openIssue(anonymous, issue.iid);
  await expect(widget(anonymous, 'WEIGHT')).toContainText('2');
  await expect(sidebarOf(anonymous).getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expectAccessible(anonymous);
  await anonymousContext.close();
});

/** A project of the demo group, whose seeded cadence is 'Two-week sprints'. */
const GROUP_PROJECT = `${DEMO_EPIC_GROUP}/forgekit-ui`;
const SEEDED_CADENCE = 'Two-week sprints';
/** The smallest PNG: one transparent pixel. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const EPIC_TYPE_ID = 'gid://gitlab/WorkItems::Type/8';

/** Creates an epic in a group through `workItemCreate`; returns its page's path. */
async function createEpic(page: Page, namespacePath: string, title: string): Promise<string> {
  const created = await graphqlCall<{ workItemCreate: { errors: string[]; workItem: { webUrl: string } } }>(
    page,
    `mutation($input: WorkItemCreateInput!) { workItemCreate(input: $input) { errors workItem { webUrl } } }`,
    { input: { namespacePath, title, workItemTypeId: EPIC_TYPE_ID } },
  );
  expect(created.workItemCreate.errors).toEqual([]);
  return new URL(created.workItemCreate.workItem.webUrl).pathname;
}

test('sidebar: an iteration found by its cadence is set and kept after a reload', async ({
  page,
  problems,
  signIn,
}) => {
  await signIn(page, 'root', E2E_ROOT_PASSWORD);
  await page.goto(`/${GROUP_PROJECT}/-/issues`);
  await waitForHydration(page);
  const created = await apiCall<{ iid: number }>(page, 'POST', `projects/${encodeURIComponent(GROUP_PROJECT)}/issues`, {
    title: unique('Iteration'),
  });
  expect(created.status).toBe(201);
  await page.goto(`/${GROUP_PROJECT}/-/issues/${created.data.iid}`);
  await waitForHydration(page);

  const section = await edit(page, 'ITERATION');
  await section.getByRole('searchbox').fill('two-week');
  const option = section.getByRole('option').first();
  const period = (await option.textContent())!.trim();
  await option.click();
  await expect(widget(page, 'ITERATION')).toContainText(SEEDED_CADENCE);
  await expect(widget(page, 'ITERATION')).toContainText(period);
  await reloadWhenSaved(page);
  await expect(widget(page, 'ITERATION')).toContainText(SEEDED_CADENCE);
  await expect(widget(page, 'ITERATION')).toContainText(period);
  expect(problems).toEqual([]);
});

test('designs: an image uploaded on the page is listed and shown, also after a reload', async ({
  page,
  problems,
  signIn,
}) => {
  await asOwner(page, signIn);
  const issue = await createIssue(page, unique('Designs'));
  await openIssue(page, issue.iid);
  const designs = page.locator('[data-component="WorkItemDesigns"]');
  const filename = `${unique('mockup')}.png`;
  await designs
    .locator('input[type="file"]')
    .setInputFiles({ name: filename, mimeType: 'image/png', buffer: PIXEL_PNG });
  const grid = designs.getByRole('list', { name: WORK_ITEM_DESIGNS_TEXTS.title });
  await expect(grid).toContainText(filename);
  const shown = async () => {
    const image = grid.locator('li', { hasText: filename }).locator('img');
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
  };
  await shown();
  await reloadWhenSaved(page);
  await expect(grid).toContainText(filename);
  await shown();
  expect(problems).toEqual([]);
});

test('epic: a child found in a subgroup is added; a to-do is added and marked done', async ({
  page,
  problems,
  signIn,
}) => {
  await signIn(page, 'root', E2E_ROOT_PASSWORD);
  await page.goto(`/groups/${DEMO_EPIC_GROUP}/-/epics`);
  await waitForHydration(page);
  const path = unique('sub');
  const parent = await apiCall<{ id: number }>(page, 'GET', `groups/${DEMO_EPIC_GROUP}`);
  const subgroup = await apiCall(page, 'POST', 'groups', {
    name: path,
    path,
    parent_id: parent.data.id,
    visibility: 'public',
  });
  expect(subgroup.status).toBe(201);
  const childTitle = unique('Subgroup epic');
  await createEpic(page, `${DEMO_EPIC_GROUP}/${path}`, childTitle);
  await page.goto(await createEpic(page, DEMO_EPIC_GROUP, unique('Parent epic')));
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'groups:epics:show');

  const children = page.getByRole('region', { name: WORK_ITEM_CHILDREN_TEXTS.title });
  await children.getByRole('button', { name: WORK_ITEM_CHILDREN_TEXTS.add }).click();
  await page.getByRole('menuitem', { name: 'Existing epic' }).click();
  await children.getByRole('combobox').fill(childTitle);
  await children.getByRole('option', { name: new RegExp(childTitle) }).click();
  await children.getByRole('button', { name: 'Add epic' }).click();
  await expect(children.getByRole('link', { name: childTitle })).toBeVisible();

  const todos = page.locator('[data-widget="CURRENT_USER_TODOS"]');
  await todos.getByRole('button', { name: WORK_ITEM_TODOS_TEXTS.add }).click();
  await expect(todos.getByRole('button', { name: WORK_ITEM_TODOS_TEXTS.markAsDone })).toBeVisible();
  await reloadWhenSaved(page);
  await expect(children.getByRole('link', { name: childTitle })).toBeVisible();
  await todos.getByRole('button', { name: WORK_ITEM_TODOS_TEXTS.markAsDone }).click();
  await expect(todos.getByRole('button', { name: WORK_ITEM_TODOS_TEXTS.add })).toBeVisible();
  await reloadWhenSaved(page);
  await expect(todos.getByRole('button', { name: WORK_ITEM_TODOS_TEXTS.add })).toBeVisible();
  expect(problems).toEqual([]);
});
