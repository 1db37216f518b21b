/**
 * The repository pages: project overview, tree, file, raw file, commits, a commit, branches
 * (create with the ref-name messages of spec section 5, delete with confirmation) and tags, on
 * the demo seed's public `atlas/router` and amara's own `amara/dotfiles`.
 */
import { identiconBackgroundIndex } from 'forgekit';
import type { Locator } from '@playwright/test';
import { apiCall, expect, test, waitForHydration } from './fixtures.ts';

const PROJECT = 'atlas/router';
/** A project amara owns: she may create and delete its branches. */
const OWN_PROJECT = 'amara/dotfiles';

/** The demo project with a history of over a thousand commits, and its directory of 40 modules. */
const LONG_HISTORY_DIRECTORY = 'forgekit/forgekit-ui/-/tree/main/src/modules';
/** Entries one `logs_tree` answer covers (GitLab's batch). */
const LOGS_TREE_BATCH = 25;
/** The pages issue's budget for Cumulative Layout Shift. */
const CLS_BUDGET = 0.02;

/** A name no earlier run used (tests share one seeded database). */
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

// The demo READMEs show badges from other hosts; the test machine has no internet, so those
// answer with an empty image here (the product itself is not what is stubbed).
test.beforeEach(async ({ page }) => {
  await page.route(/^https:\/\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
  );
});

test('the overview shows the header, the clone URL, the last commit and the rendered README', async ({
  page,
  expectAccessible,
}) => {
  await page.goto(PROJECT);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:show');
  // The page's title, then the README's own first heading.
  await expect(page.getByRole('heading', { level: 1, name: 'Atlas Router' }).first()).toBeVisible();
  await expect(page.getByText('Turn-by-turn routing engine.').first()).toBeVisible();
  await expect(page.getByLabel('Clone with HTTP')).toHaveValue(/\/atlas\/router\.git$/);
  await expect(page.getByRole('button', { name: 'Copy URL' })).toBeVisible();
  const readme = page.getByRole('region', { name: 'README' });
  await expect(readme.getByRole('heading', { name: 'Getting started' })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Last commit' })
      .getByRole('link', { name: 'Add a README, CI configuration and sources' }),
  ).toHaveAttribute('href', /\/-\/commit\/[0-9a-f]{40}$/);
  // Anonymous: the star button asks to sign in first.
  await expect(page.getByRole('link', { name: 'Star', exact: true })).toHaveAttribute(
    'href',
    /users\/sign_in\?redirect_to=/,
  );
  await expect(page.getByText(/^\d+ stars?$/)).toBeVisible();
  // The README's task checkboxes are named by the Markdown pipeline, which loads after hydration.
  await expect(readme.locator('.task-list-item-checkbox').first()).toHaveAttribute('aria-label', /\S/);
  await expectAccessible(page);
});

test('a signed-in user stars and unstars a project', async ({ page, signIn }) => {
  await signIn(page, 'bjorn');
  await page.goto(PROJECT);
  await waitForHydration(page);
  const stars = async () => Number((await page.getByText(/^\d+ stars?$/).textContent())!.split(' ')[0]);
  const toggle = page.getByRole('button', { name: /^(Star|Unstar)$/ });
  // Whatever an earlier run left, star then unstar (or the other way round) and back.
  const before = await stars();
  const starred = (await toggle.textContent()) === 'Unstar';
  await toggle.click();
  await expect(page.getByRole('button', { name: starred ? 'Star' : 'Unstar', exact: true })).toBeVisible();
  expect(await stars()).toBe(before + (starred ? -1 : 1));
  await toggle.click();
  await expect(page.getByRole('button', { name: starred ? 'Unstar' : 'Star', exact: true })).toBeVisible();
  expect(await stars()).toBe(before);
});

test('browse the tree into a directory and open a file with line anchors, raw and download links', async ({
  page,
  expectAccessible,
}) => {
  await page.goto(PROJECT);
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Files', exact: true }).click();
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:tree:show');
  await expect(page).toHaveURL(/\/atlas\/router\/-\/tree\/main$/);
  const files = page.getByRole('table', { name: 'Files' });
  await expect(files.getByRole('link', { name: 'README.md' })).toBeVisible();
  await expectAccessible(page);

  await files.getByRole('link', { name: 'src', exact: true }).click();
  await expect(page).toHaveURL(/\/-\/tree\/main\/src$/);
  await expect(page.getByRole('heading', { level: 1, name: 'src' })).toBeVisible();
  // Each entry shows the last commit that touched it.
  const row = page.getByRole('row', { name: /index\.ts/ });
  await expect(row.getByRole('link').nth(1)).toHaveAttribute('href', /\/-\/commit\/[0-9a-f]{40}$/);

  await row.getByRole('link', { name: 'index.ts' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:blob:show');
  await expect(page).toHaveURL(/\/-\/blob\/main\/src\/index\.ts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'index.ts' })).toBeVisible();
  await page.locator('#L1').click();
  await expect(page).toHaveURL(/#L1$/);
  await expect(page.locator('#LC1')).toContainText('export');
  const raw = page.getByRole('link', { name: 'Open raw' });
  await expect(raw).toHaveAttribute('href', /\/-\/raw\/main\/src\/index\.ts$/);
  await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /\?inline=false$/);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Blame' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:blame:show');
  await expect(page).toHaveURL(/\/-\/blame\/main\/src\/index\.ts$/);
  await expect(page.locator('#LC1')).toContainText('export');
  await expect(page.locator('main a[href*="/-/commit/"]').first()).toHaveAttribute(
    'href',
    /\/-\/commit\/[0-9a-f]{40}$/,
  );
  // Each commit group shows its author's avatar (identicons here: the demo users have no upload).
  const groups = page.locator('[data-component="BlobViewer.Blame"]');
  await expect(groups.first()).toBeVisible();
  await expect(groups.locator('.fk-avatar')).toHaveCount(await groups.count());
  await expectAccessible(page);
});

test('the raw route serves a file as plain text, never sniffed, inline or as a download', async ({ page }) => {
  const raw = `${PROJECT}/-/raw/main/src/index.ts`;
  const response = await page.request.get(raw);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(response.headers()['content-disposition']).toBe("inline; filename*=UTF-8''index.ts");
  expect(await response.text()).toContain('export');
  const download = await page.request.get(`${raw}?inline=false`);
  expect(download.headers()['content-disposition']).toBe("attachment; filename*=UTF-8''index.ts");
});

test('a Markdown file is rendered, and an unknown ref or path is a 404', async ({
  page,
  problems,
  expectAccessible,
}) => {
  await page.goto(`${PROJECT}/-/blob/main/README.md`);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:blob:show');
  await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible();
  await expectAccessible(page);

  for (const path of ['-/tree/no-such-ref', '-/tree/main/no/such/dir', '-/blob/main/no-such-file.txt']) {
    const response = await page.goto(`${PROJECT}/${path}`);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator('body')).toHaveAttribute('data-page', 'errors:not_found');
  }
  problems.splice(0); // the 404s themselves
  const raw = await page.request.get(`${PROJECT}/-/raw/main/no-such-file.txt`);
  expect(raw.status()).toBe(404);
});

test('the commits of a branch are grouped by day and a commit shows its diff', async ({ page, expectAccessible }) => {
  await page.goto(`${PROJECT}/-/commits/main`);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:commits:show');
  await expect(page.getByRole('heading', { level: 1, name: 'Commits' })).toBeVisible();
  // Grouped by day: a dated heading, then how many commits that day.
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/\d{4}/);
  await expect(page.getByText(/^\d+ commits?$/).first()).toBeVisible();
  await expectAccessible(page);

  const first = page.locator('main a[href*="/-/commit/"]').first();
  const title = (await first.textContent())!;
  await first.click();
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:commit:show');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^\d+ changed files?$/ })).toBeVisible();
  await expect(page.locator('pre code').first()).toContainText('@@');
  await expectAccessible(page);
});

/** The demo user who owns `OWN_PROJECT` and authored its commits (her e-mail). */
const AMARA = { username: 'amara', name: 'Amara Okafor' };
/** A 1×1 PNG: what the tests' stand-in Gravatar answers (the machine has no internet). */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A commit row or header by a known user: their avatar (the user's identicon) and a link to their profile. */
async function expectUserAuthor(region: Locator, userId: number) {
  await expect(region.getByRole('link', { name: AMARA.name }).first()).toHaveAttribute(
    'href',
    new RegExp(`/${AMARA.username}$`),
  );
  await expect(region.locator('[data-component="Avatar.Identicon"]').first()).toHaveAttribute(
    'data-identicon',
    String(identiconBackgroundIndex(userId)),
  );
}

test('a commit’s author is a link to the profile with the user’s avatar (tree header, commits list, commit page); an unknown e-mail shows the name and its gravatar', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await page.route(/^https:\/\/www\.gravatar\.com\/avatar\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: ONE_PIXEL_PNG }),
  );
  await signIn(page, AMARA.username);
  const { data: users } = await apiCall<{ id: number }[]>(page, 'GET', `users?username=${AMARA.username}`);
  const amaraId = users[0]!.id;

  await page.goto(`${OWN_PROJECT}/-/tree/main`);
  await waitForHydration(page);
  await expectUserAuthor(page.getByRole('list', { name: 'Last commit' }), amaraId);

  await page.goto(`${OWN_PROJECT}/-/commits/main`);
  await waitForHydration(page);
  await expectUserAuthor(page.locator('main [data-component="CommitRow"]').first(), amaraId);
  await expectAccessible(page);

  // A commit whose author e-mail is no user's, on a branch of its own.
  const branch = unique('stranger');
  const project = encodeURIComponent(OWN_PROJECT);
  const created = await apiCall<{ id: string }>(page, 'POST', `projects/${project}/repository/commits`, {
    branch,
    start_branch: 'main',
    commit_message: 'A stranger’s change',
    author_name: 'Stranger Danger',
    author_email: `${branch}@nowhere.example`,
    actions: [{ action: 'create', file_path: `${branch}.txt`, content: 'hello' }],
  });
  expect(created.status).toBe(201);
  await page.goto(`${OWN_PROJECT}/-/commit/${created.data.id}`);
  await waitForHydration(page);
  const header = page.getByRole('main').getByText(/authored by/);
  await expect(header).toContainText('Stranger Danger');
  await expect(header.getByRole('link', { name: 'Stranger Danger' })).toHaveCount(0);
  await expect(header.locator('img[data-component="Avatar"]')).toHaveAttribute(
    'src',
    /^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}\?s=\d+&d=identicon$/,
  );
  await expectAccessible(page);

  // One of amara's own commits: her avatar and profile link.
  const { data: commits } = await apiCall<{ id: string }[]>(
    page,
    'GET',
    `projects/${project}/repository/commits?ref_name=main&per_page=1`,
  );
  await page.goto(`${OWN_PROJECT}/-/commit/${commits[0]!.id}`);
  await waitForHydration(page);
  await expectUserAuthor(page.getByRole('main').getByText(/authored by/), amaraId);
});

test('create a branch (invalid names show the ref-name messages), then delete it', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await signIn(page, 'amara');
  await page.goto(`${OWN_PROJECT}/-/branches`);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:branches:index');
  await expect(page.getByText('default', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'New branch' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:branches:new');
  const name = page.getByLabel('Branch name');
  await name.fill('my branch');
  await expect(page.getByText("Can't contain spaces", { exact: true })).toBeVisible();
  await name.fill('a~b:c');
  await expect(page.getByText("Can't contain ~, :", { exact: true })).toBeVisible();
  await name.fill('bad ~name');
  await expect(page.getByText("Can't contain spaces, ~", { exact: true })).toBeVisible();
  await expectAccessible(page);

  const branch = unique('feature/e2e');
  await name.fill(branch);
  await expect(page.getByText(/^Can't contain/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Create branch' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:tree:show');
  await expect(page).toHaveURL(new RegExp(`/-/tree/${branch}$`));

  await page.goto(`${OWN_PROJECT}/-/branches`);
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: branch })).toBeVisible();
  await page.getByRole('button', { name: `Delete branch ${branch}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete branch. Are you sure?' });
  await expect(dialog).toContainText(`You're about to permanently delete the branch ${branch}.`);
  await dialog.getByRole('button', { name: 'Yes, delete branch' }).click();
  await expect(page.getByRole('link', { name: branch })).toHaveCount(0);
});

test('the tags page lists tags with their commits', async ({ page, expectAccessible }) => {
  await page.goto(`${PROJECT}/-/tags`);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:tags:index');
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
  const tags = page.getByRole('list', { name: 'Tags' });
  await expect(tags.getByRole('listitem').first()).toContainText('authored');
  await expectAccessible(page);
});

test('the last-commit column fills in after hydration, 25 entries at a time as rows scroll into view, without layout shift', async ({
  page,
  expectAccessible,
}) => {
  // The document carries the entries with placeholders: no entry's commit is read on the server.
  const document = await (await page.request.get(LONG_HISTORY_DIRECTORY)).text();
  expect(document).toContain('module-9.ts');
  expect(document).toContain('FileTree.Placeholder');
  expect(document).not.toContain('FileTree.CommitLink');

  // Layout shifts of the file table (the page's other parts are not what this test is about).
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      })[]) {
        const inTable = entry.sources.some(
          (source) => source.node instanceof Element && source.node.closest('[data-component="FileTree"]'),
        );
        if (!entry.hadRecentInput && inTable) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    (window as unknown as { __layoutShift: typeof shifts }).__layoutShift = shifts;
  });
  const offsets: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.includes('/logs_tree/')) offsets.push(url.searchParams.get('offset') ?? '');
  });
  await page.goto(LONG_HISTORY_DIRECTORY);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:tree:show');
  const files = page.getByRole('table', { name: 'Files' });
  const rows = files.locator('[data-component="FileTree.Row"]');
  await expect(rows).toHaveCount(40);
  const commitLink = (row: number) => rows.nth(row).locator('[data-component="FileTree.CommitLink"]');

  // The rows in view get their commits from the first batch; the last rows wait out of view.
  await expect(commitLink(0)).toHaveAttribute('href', /\/-\/commit\/[0-9a-f]{40}$/);
  await expect(commitLink(LOGS_TREE_BATCH - 1)).toHaveAttribute('href', /\/-\/commit\/[0-9a-f]{40}$/);
  await expect(rows.last().locator('[data-component="FileTree.Placeholder"]').first()).toBeAttached();
  expect(offsets).toEqual(['0']);
  await expectAccessible(page);

  // Scrolling to the end asks for the next batch, which fills the last rows.
  await rows.last().scrollIntoViewIfNeeded();
  await expect(commitLink(39)).toHaveAttribute('href', /\/-\/commit\/[0-9a-f]{40}$/);
  await expect(files.locator('[data-component="FileTree.Placeholder"]')).toHaveCount(0);
  expect(offsets).toEqual(['0', String(LOGS_TREE_BATCH)]);
  const shift = await page.evaluate(
    () => (window as unknown as { __layoutShift: { total: number } }).__layoutShift.total,
  );
  expect(shift).toBeLessThan(CLS_BUDGET);
});
