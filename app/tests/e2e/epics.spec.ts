/**
 * Group epics (`groups:epics:index`, `groups:epics:show`) and the work item route
 * (`projects:work_items:show`): the list's tabs with counts, search and its empty result, creating
 * an epic and landing on it, a child epic made on the page and a child issue of the group's
 * projects, a comment, closing; an anonymous visitor sees the public epics only; no console error,
 * axe in light and dark. The demo seed gives the public group `forgekit` its epics (one
 * confidential); root administers the instance.
 */
import type { Page } from '@playwright/test';
import { WORK_ITEM_CHILDREN_TEXTS, workItemHeaderMessages } from 'forgekit';
import { COMMENT_BUTTON_TEXT, COMMENT_FORM_LABEL } from 'forgekit/markdown';
import { DEMO_EPIC_GROUP, DEMO_GROUP_EPICS } from '../../server/seed/demoWorkItems.ts';
import { EPICS_TEXT } from '../../src/pages/groups/epics/constants.ts';
import { E2E_ROOT_PASSWORD } from './constants.ts';
import { apiCall, expect, graphqlCall, test, waitForHydration } from './fixtures.ts';

const LIST = `/groups/${DEMO_EPIC_GROUP}/-/epics`;
const PROJECT = 'forgekit/forgekit-ui';
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;
const epicMessages = workItemHeaderMessages('Epic');
const confidentialEpic = DEMO_GROUP_EPICS.find((epic) => epic.confidential)!;
const publicEpic = DEMO_GROUP_EPICS.find((epic) => !epic.confidential)!;

/** The list's tab of `state` (its name starts with the tab's label, then the count). */
const tab = (page: Page, label: string) =>
  page.getByRole('navigation', { name: EPICS_TEXT.tabs }).getByRole('link', { name: new RegExp(`^${label}`) });

test('epic list: tabs with counts, search and its empty result, a new epic opens on its page', async ({
  page,
  problems,
  signIn,
  expectAccessible,
}) => {
  await signIn(page, 'root', E2E_ROOT_PASSWORD);
  await page.goto(LIST);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'groups:epics:index');
  const list = page.getByRole('list', { name: EPICS_TEXT.title });
  await expect(list.getByRole('link', { name: publicEpic.title })).toBeVisible();
  // Administrators see the confidential epic too.
  await expect(list.getByRole('link', { name: confidentialEpic.title })).toBeVisible();
  const openEpics = async () =>
    (await apiCall<unknown[]>(page, 'GET', `groups/${DEMO_EPIC_GROUP}/epics?state=opened&per_page=100`)).data.length;
  const openCount = await openEpics();
  expect(openCount).toBeGreaterThanOrEqual(DEMO_GROUP_EPICS.length);
  await expect(tab(page, 'Open')).toHaveAccessibleName(`Open ${openCount}`);
  await expectAccessible(page);

  // A new epic: the form, then its page.
  const title = unique('Epic from the list');
  await page.getByRole('button', { name: EPICS_TEXT.newEpic }).click();
  const form = page.getByRole('form', { name: EPICS_TEXT.newEpic });
  await form.getByLabel(EPICS_TEXT.newEpicTitle).fill(title);
  await form.getByRole('button', { name: EPICS_TEXT.createEpic }).click();
  await expect(page.locator('body')).toHaveAttribute('data-page', 'groups:epics:show');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Back on the list: one more open epic, found by its title; a search for nothing says so.
  await page.goto(LIST);
  await waitForHydration(page);
  expect(await openEpics()).toBe(openCount + 1);
  await expect(tab(page, 'Open')).toHaveAccessibleName(`Open ${openCount + 1}`);
  const filter = page.getByRole('search', { name: EPICS_TEXT.filter });
  await filter.getByLabel(EPICS_TEXT.search).fill(title);
  await filter.getByRole('button', { name: EPICS_TEXT.apply }).click();
  await expect(page).toHaveURL(/search=/);
  await expect(list.locator(':scope > li')).toHaveCount(1);
  await expect(tab(page, 'All')).toHaveAccessibleName('All 1');
  await filter.getByLabel(EPICS_TEXT.search).fill(unique('no such epic'));
  await filter.getByRole('button', { name: EPICS_TEXT.apply }).click();
  await expect(page.getByText(EPICS_TEXT.noResults)).toBeVisible();
  await expectAccessible(page);
  expect(problems).toEqual([]);
});

test('epic page: a child epic and a child issue, a comment, closed', async ({
  page,
  problems,
  signIn,
  expectAccessible,
}) => {
  await signIn(page, 'root', E2E_ROOT_PASSWORD);
  await page.goto(LIST);
  await waitForHydration(page);
  const created = await graphqlCall<{ workItemCreate: { workItem: { id: string; webUrl: string } } }>(
    page,
    `
      mutation ($input: WorkItemCreateInput!) {
        workItemCreate(input: $input) {
          errors
          workItem {
            id
            webUrl
          }
        }
      }
    `,
    {
      input: {
        namespacePath: DEMO_EPIC_GROUP,
        title: unique('Epic page'),
        workItemTypeId: 'gid://gitlab/WorkItems::Type/8',
      },
    },
  );
  const epic = created.workItemCreate.workItem;
  // A child issue from one of the group's projects, placed through the hierarchy widget's mutation.
  const childTitle = unique('Child issue');
  const issue = await apiCall<{ id: number }>(page, 'POST', `projects/${encodeURIComponent(PROJECT)}/issues`, {
    title: childTitle,
  });
  expect(issue.status).toBe(201);
  await graphqlCall(
    page,
    `
      mutation ($input: WorkItemUpdateInput!) {
        workItemUpdate(input: $input) {
          errors
        }
      }
    `,
    {
      input: { id: epic.id, hierarchyWidget: { childrenIds: [`gid://gitlab/WorkItem/${issue.data.id}`] } },
    },
  );

  await page.goto(new URL(epic.webUrl).pathname);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'groups:epics:show');
  const children = page.getByRole('region', { name: WORK_ITEM_CHILDREN_TEXTS.title });
  await expect(children.getByRole('link', { name: childTitle })).toBeVisible();

  // A child epic, made on the page.
  const childEpic = unique('Child epic');
  await children.getByRole('button', { name: WORK_ITEM_CHILDREN_TEXTS.add }).click();
  await page.getByRole('menuitem', { name: 'New epic' }).click();
  await children.getByRole('textbox', { name: WORK_ITEM_CHILDREN_TEXTS.titleLabel }).fill(childEpic);
  await children.getByRole('button', { name: 'Create epic' }).click();
  await expect(children.getByRole('link', { name: childEpic })).toBeVisible();
  await expectAccessible(page);

  const comment = `Epic comment with **bold** ${unique('c')}`;
  await page.getByRole('textbox', { name: COMMENT_FORM_LABEL }).fill(comment);
  await page.getByRole('button', { name: COMMENT_BUTTON_TEXT, exact: true }).click();
  await expect(page.locator('strong', { hasText: 'bold' }).first()).toBeVisible();

  await page.getByRole('button', { name: epicMessages.close }).first().click();
  await expect(page.getByRole('button', { name: epicMessages.reopen }).first()).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: epicMessages.reopen }).first()).toBeVisible();
  await expect(children.getByRole('link', { name: childEpic })).toBeVisible();
  expect(problems).toEqual([]);
});

test('epic list: an anonymous visitor sees the public epics only, without "New epic"', async ({ page, problems }) => {
  await page.context().clearCookies();
  await page.goto(LIST);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'groups:epics:index');
  const list = page.getByRole('list', { name: EPICS_TEXT.title });
  await expect(list.getByRole('link', { name: publicEpic.title })).toBeVisible();
  await expect(list.getByRole('link', { name: confidentialEpic.title })).toHaveCount(0);
  await expect(page.getByRole('button', { name: EPICS_TEXT.newEpic })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('work item route: an issue opens as a work item', async ({ page, problems, signIn, expectAccessible }) => {
  await signIn(page, 'root', E2E_ROOT_PASSWORD);
  await page.goto(`/${PROJECT}/-/issues`);
  await waitForHydration(page);
  const title = unique('Work item route');
  const issue = await apiCall<{ iid: number }>(page, 'POST', `projects/${encodeURIComponent(PROJECT)}/issues`, {
    title,
  });
  expect(issue.status).toBe(201);
  await page.goto(`/${PROJECT}/-/work_items/${issue.data.iid}`);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:work_items:show');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectAccessible(page);
  expect(problems).toEqual([]);
});
