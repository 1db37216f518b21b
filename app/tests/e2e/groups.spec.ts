/** Groups: overview, members, explore, new group and new project forms (issue 14). */
import { EXPLORE_GROUPS_TEXT } from '../../src/pages/explore/groups/index.tsx';
import { NEW_GROUP_TEXT } from '../../src/pages/groups/new.tsx';
import { NAME_PATH_MESSAGES } from '../../src/pages/groups/pathRules.ts';
import { GROUP_TEXT } from '../../src/pages/groups/show.tsx';
import { NEW_PROJECT_TEXT } from '../../src/pages/projects/new.tsx';
import { expect, test, waitForHydration } from './fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a group’s overview lists its subgroups and projects, at /groups/{path} and /{path}', async ({
  page,
  expectAccessible,
}) => {
  for (const path of ['groups/atlas', 'atlas']) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.locator('body')).toHaveAttribute('data-page', 'groups:show');
    await expect(page.getByRole('heading', { level: 1, name: 'Atlas' })).toBeVisible();
    const subgroups = page.getByRole('region', { name: GROUP_TEXT.subgroups });
    await expect(subgroups.getByRole('link', { name: 'Tiles' })).toBeVisible();
    const projects = page.getByRole('region', { name: GROUP_TEXT.projects });
    await expect(projects.getByRole('link', { name: 'Atlas Router' })).toBeVisible();
  }
  // Its "New project" preselects the group in the form.
  await expect(page.getByRole('link', { name: GROUP_TEXT.newProject })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Tiles' }).click();
  await expect(page).toHaveURL(/\/groups\/atlas\/tiles$/);
  await expect(page.getByText(GROUP_TEXT.noSubgroups)).toBeVisible();
});

test('a group’s members with their roles', async ({ page, expectAccessible }) => {
  await page.goto('groups/atlas/-/group_members');
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'groups:group_members:index');
  await expect(page.getByRole('listitem').filter({ hasText: '@root' })).toContainText('Owner');
  await expect(page.getByRole('listitem').filter({ hasText: '@hana' })).toContainText('Reporter');
  await expectAccessible(page);
});

test('explore groups: search by name', async ({ page, expectAccessible }) => {
  await page.goto('explore/groups');
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'explore:groups:index');
  await expect(page.getByRole('link', { name: 'Atlas', exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(EXPLORE_GROUPS_TEXT.search).fill('nimbus');
  await page.getByLabel(EXPLORE_GROUPS_TEXT.search).press('Enter');
  await expect(page).toHaveURL(/filter=nimbus/);
  await expect(page.getByRole('link', { name: 'Nimbus', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Atlas', exact: true })).toHaveCount(0);
  await page.getByLabel(EXPLORE_GROUPS_TEXT.search).fill(`no such group ${unique()}`);
  await page.getByLabel(EXPLORE_GROUPS_TEXT.search).press('Enter');
  await expect(page.getByText(EXPLORE_GROUPS_TEXT.empty)).toBeVisible();
});

test('a new group: live validation of name and path, a taken path replaced, then created', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await signIn(page, 'chen');
  await page.goto('groups/new');
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'groups:new');
  await expectAccessible(page);
  const name = page.getByLabel(NEW_GROUP_TEXT.name);
  const path = page.getByLabel(NEW_GROUP_TEXT.path);

  await name.fill('-Bad name!');
  await expect(page.getByText(NAME_PATH_MESSAGES.groupName)).toBeVisible();
  await path.fill('-bad');
  await expect(page.getByText(NAME_PATH_MESSAGES.pathFormat)).toBeVisible();
  await path.fill('ends-in.git');
  await expect(page.getByText(NAME_PATH_MESSAGES.pathFormat)).toBeVisible();

  // A taken path: the server's suggestion replaces it.
  await path.fill('atlas');
  await expect(page.getByText(NEW_GROUP_TEXT.unavailable)).toBeVisible();
  await expect(path).toHaveValue(/^atlas\d+$/);

  await page.reload();
  await waitForHydration(page);
  const groupName = `E2E Group ${unique()}`;
  await page.getByLabel(NEW_GROUP_TEXT.name).fill(groupName);
  const derived = groupName.toLowerCase().replaceAll(' ', '-');
  await expect(page.getByLabel(NEW_GROUP_TEXT.path)).toHaveValue(derived);
  await expect(page.getByText(NEW_GROUP_TEXT.available)).toBeVisible();
  await page.getByLabel('Public').check();
  await page.getByRole('button', { name: NEW_GROUP_TEXT.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${derived}$`));
  await expect(page.locator('body')).toHaveAttribute('data-page', 'groups:show');
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
});

test('a group’s “New project” preselects the group', async ({ page, signIn }) => {
  await signIn(page, 'chen');
  await page.goto('groups/atlas');
  await waitForHydration(page);
  await page.getByRole('link', { name: GROUP_TEXT.newProject }).click();
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:new');
  await expect(page.getByLabel(NEW_PROJECT_TEXT.namespace).locator('option:checked')).toHaveText('atlas');
});

test('a new project from its name, to its page', async ({ page, signIn, expectAccessible }) => {
  await signIn(page, 'chen');
  await page.goto('projects/new');
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:new');
  await expectAccessible(page);
  await page.getByLabel(NEW_PROJECT_TEXT.name).fill('Bad/name');
  await expect(page.getByText(NAME_PATH_MESSAGES.projectName)).toBeVisible();
  const projectName = `E2E Project ${unique()}`;
  await page.getByLabel(NEW_PROJECT_TEXT.name).fill(projectName);
  const derived = projectName.toLowerCase().replaceAll(' ', '-');
  await expect(page.getByLabel(NEW_PROJECT_TEXT.path)).toHaveValue(derived);
  await page.getByRole('button', { name: NEW_PROJECT_TEXT.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/chen/${derived}$`));
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:show');
});

test('a new project in a group, with the keyboard only', async ({ page, signIn }) => {
  await signIn(page, 'chen');
  await page.goto('projects/new');
  await waitForHydration(page);
  await page.getByLabel(NEW_PROJECT_TEXT.name).focus();
  const projectName = `Keyboard ${unique()}`;
  await page.keyboard.type(projectName);
  // Name, then the namespace (chosen by typing), then the slug, then the visibility radios.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(NEW_PROJECT_TEXT.namespace)).toBeFocused();
  await page.keyboard.type('atlas');
  await expect(page.getByLabel(NEW_PROJECT_TEXT.namespace).locator('option:checked')).toHaveText('atlas');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(NEW_PROJECT_TEXT.path)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Private')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Internal')).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(NEW_PROJECT_TEXT.readme)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByLabel(NEW_PROJECT_TEXT.readme)).not.toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: NEW_PROJECT_TEXT.submit })).toBeFocused();
  await page.keyboard.press('Enter');
  const derived = projectName.toLowerCase().replaceAll(' ', '-');
  await expect(page).toHaveURL(new RegExp(`/atlas/${derived}$`));
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:show');
});
