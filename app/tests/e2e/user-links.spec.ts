/**
 * User links outside the members pages carry the shell's user-link marks (`js-user-link`,
 * `data-user-id`, `data-username`), so the user hover popover (spec sections 2 and 6) attaches to
 * them: an event's author on a profile's activity and on the dashboard, a follower in a profile's list.
 */
import { USER_POPOVER_TEXTS } from 'forgekit/markdown';
import { apiCall, expect, hoverUntilVisible, test, waitForHydration } from './fixtures.ts';
import type { Page } from '@playwright/test';

/** The demo user whose links the test hovers: busy, with a status (the demo seed). */
const AMARA = { username: 'amara', name: 'Amara Okafor' };

const HTTP_CREATED = 201;
const HTTP_NOT_MODIFIED = 304;

/** Hovers `link` until the popover (attached after idle) shows the user. */
async function expectPopoverOn(page: Page, path: string, region: string) {
  await page.goto(path);
  await waitForHydration(page);
  const link = page.getByRole('main').locator(`a[data-username="${AMARA.username}"]`).first();
  await expect(link, `${region}: the user link's marks`).toHaveClass(/\bjs-user-link\b/);
  await expect(link).toHaveAttribute('data-user-id', /^\d+$/);
  const popover = page.getByRole('dialog', { name: AMARA.name });
  await hoverUntilVisible(page, link, popover.getByText(`@${AMARA.username}`));
  await expect(popover.getByText(USER_POPOVER_TEXTS.busy, { exact: true })).toBeVisible();
}

test('an event’s author on a profile and on the dashboard, and a follower, open the user popover', async ({
  page,
  signIn,
}) => {
  await signIn(page, AMARA.username);
  // Amara follows dolores, so she is in dolores's followers (whatever an earlier run left).
  const { data: dolores } = await apiCall<{ id: number }[]>(page, 'GET', 'users?username=dolores');
  // GitLab answers 201 with the user, or 304 without a body when she already follows.
  const { status: followed } = await apiCall(page, 'POST', `users/${dolores[0]!.id}/follow`);
  expect([HTTP_CREATED, HTTP_NOT_MODIFIED]).toContain(followed);

  await expectPopoverOn(page, `users/${AMARA.username}/activity`, 'activity');
  await expectPopoverOn(page, 'users/dolores/followers', 'followers');
  await expectPopoverOn(page, 'dashboard/activity', 'dashboard activity');
});

test('a commit’s author whose e-mail is a user’s links to the profile with the popover: commits list, commit page and the tree’s last commit (the overview’s is the same row)', async ({
  page,
  signIn,
}) => {
  await signIn(page, AMARA.username);
  // The demo seed commits to amara/dotfiles as amara (her e-mail): GraphQL's Commit.author is her.
  const project = 'amara/dotfiles';
  const { data: commits } = await apiCall<{ id: string; author_email: string }[]>(
    page,
    'GET',
    `projects/${encodeURIComponent(project)}/repository/commits?per_page=1`,
  );
  expect(commits[0]!.author_email).toBe(`${AMARA.username}@example.com`);
  const { data: details } = await apiCall<{ default_branch: string }>(
    page,
    'GET',
    `projects/${encodeURIComponent(project)}`,
  );
  await expectPopoverOn(page, `${project}/-/commits/${details.default_branch}`, 'commits list');
  await expectPopoverOn(page, `${project}/-/commit/${commits[0]!.id}`, 'commit page');
  await expectPopoverOn(page, `${project}/-/tree/${details.default_branch}`, 'tree’s last commit');
});
