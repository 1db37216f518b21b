/**
 * The work item page's regions hydrate on their own (`deferredRegion.tsx`): the server's HTML holds
 * every region while their code is still on its way (no fallback replaces it), a click on a
 * sidebar widget's Edit, text typed into the comment box and its quick submit (Ctrl+Enter) before
 * the code arrives take effect once it has, nothing shifts while the regions hydrate, and every region reports its hydration.
 * amara owns `amara/dotfiles`.
 */
import type { Page, Route } from '@playwright/test';
import { WORK_ITEM_ATTRIBUTE_TEXTS, WORK_ITEM_CHILDREN_TEXTS, WORK_ITEM_WIDGET_LABELS } from 'forgekit';
import { COMMENT_BUTTON_TEXT, COMMENT_FORM_LABEL } from 'forgekit/markdown';
import { WORK_ITEM_REGIONS } from '../../src/pages/projects/issues/constants.ts';
import { hydratedMark } from '../../src/pages/projects/issues/deferredRegion.tsx';
import { apiCall, expect, test, waitForHydration } from './fixtures.ts';

const PROJECT = 'amara/dotfiles';
const PROJECT_API = `projects/${encodeURIComponent(PROJECT)}`;
/** The chunks of the sidebar and the activity regions (`assets/IssueSidebar-<hash>.js`). */
const HELD_CHUNKS = /\/assets\/(IssueSidebar|IssueNotes)-[\w-]+\.js$/;
const HELD_CHUNK_COUNT = 2;
/** The chunk of the activity region (threads and the comment form). */
const NOTES_CHUNK = /\/assets\/IssueNotes-[\w-]+\.js$/;
/** The chunk of the relations region (children and linked items). */
const RELATIONS_CHUNK = /\/assets\/IssueRelations-[\w-]+\.js$/;
/**
 * Cumulative layout shift allowed: web-vitals' "good" bound. The regions are the server's HTML,
 * adopted as they are (a region drawn anew after a fallback would move the whole activity); what
 * remains is the emoji and fonts settling (0 to 0.02 measured, as before the regions).
 */
const MAX_LAYOUT_SHIFT = 0.1;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

async function createIssue(page: Page, title: string): Promise<number> {
  const created = await apiCall<{ iid: number }>(page, 'POST', `${PROJECT_API}/issues`, { title });
  expect(created.status).toBe(201);
  return created.data.iid;
}

/**
 * How many chunks are held: distinct URLs. The browser may ask for a chunk twice (a fresh clone once
 * held three requests for the two chunks); what matters is that each region's code is held.
 */
const heldChunks = (held: readonly Route[]) => new Set(held.map((route) => route.request().url())).size;

/** Signs in as amara and creates an issue to open. */
async function newIssue(page: Page, signIn: (page: Page, username: string) => Promise<void>): Promise<number> {
  await signIn(page, 'amara');
  await page.goto(`/${PROJECT}/-/issues`);
  await waitForHydration(page);
  return createIssue(page, unique('Hydration'));
}

test('issue page: clicks and typing before the sidebar and activity code arrives take effect once it has', async ({
  page,
  signIn,
}) => {
  const iid = await newIssue(page, signIn);
  // The sidebar's and the activity's chunks are held until the early input is made.
  const held: Route[] = [];
  await page.route(HELD_CHUNKS, (route) => void held.push(route));
  await page.goto(`/${PROJECT}/-/issues/${iid}`);
  await waitForHydration(page, { regions: false });
  await expect.poll(() => heldChunks(held)).toBe(HELD_CHUNK_COUNT);

  // The server's HTML stands in for both regions meanwhile (no fallback replaced it).
  const labels = page.locator(`[data-widget-type="LABELS"]`);
  const editLabels = labels.getByRole('button', {
    name: `${WORK_ITEM_ATTRIBUTE_TEXTS.edit} ${WORK_ITEM_WIDGET_LABELS.LABELS.toLowerCase()}`,
  });
  const commentBox = page.getByRole('textbox', { name: COMMENT_FORM_LABEL });
  await expect(editLabels).toBeVisible();
  await expect(commentBox).toBeVisible();

  await editLabels.click();
  const comment = unique('Typed before hydration');
  await commentBox.click();
  await page.keyboard.type(comment);
  // Nothing can act yet: the editor's code has not arrived.
  await expect(labels.getByRole('searchbox')).toHaveCount(0);
  const marks = () => page.evaluate(() => performance.getEntriesByType('mark').map((mark) => mark.name));
  expect(await marks()).not.toContain(hydratedMark(WORK_ITEM_REGIONS.sidebar));

  for (const route of held.splice(0)) await route.continue();
  // The held click opens the labels editor; the typed comment is the form's, and is saved.
  await expect(labels.getByRole('searchbox')).toBeVisible();
  await expect(commentBox).toHaveValue(comment);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: COMMENT_BUTTON_TEXT, exact: true }).click();
  // A note (the comment box holds the same text until it is saved).
  await expect(page.locator('[data-component="WorkItemNote"]', { hasText: comment })).toBeVisible();
  const hydrated = await marks();
  for (const region of Object.values(WORK_ITEM_REGIONS)) expect(hydrated).toContain(hydratedMark(region));
});

test('issue page: Ctrl+Enter in the comment box before the activity code arrives saves the comment once it has', async ({
  page,
  signIn,
}) => {
  const iid = await newIssue(page, signIn);
  const held: Route[] = [];
  await page.route(NOTES_CHUNK, (route) => void held.push(route));
  await page.goto(`/${PROJECT}/-/issues/${iid}`);
  await waitForHydration(page, { regions: false });
  await expect.poll(() => heldChunks(held)).toBe(1);

  const commentBox = page.getByRole('textbox', { name: COMMENT_FORM_LABEL });
  const comment = unique('Quick submit before hydration');
  await commentBox.click();
  await page.keyboard.type(comment);
  // The quick submit's listener comes with the activity's code: held until then.
  await page.keyboard.press('Control+Enter');
  await expect(commentBox).toHaveValue(comment);
  for (const route of held.splice(0)) await route.continue();

  // Saved (the form empties once the note is created), and exactly once.
  const note = page.locator('[data-component="WorkItemNote"]', { hasText: comment });
  await expect(note).toBeVisible();
  await expect(commentBox).toHaveValue('');
  const saved = await apiCall<{ body: string }[]>(page, 'GET', `${PROJECT_API}/issues/${iid}/notes`);
  expect(saved.data.filter(({ body }) => body === comment)).toHaveLength(1);
  await expect(note).toHaveCount(1);
});

test('issue page: a click on a menu trigger before the relations code arrives opens the menu once it has', async ({
  page,
  signIn,
}) => {
  const iid = await newIssue(page, signIn);
  const held: Route[] = [];
  await page.route(RELATIONS_CHUNK, (route) => void held.push(route));
  await page.goto(`/${PROJECT}/-/issues/${iid}`);
  await waitForHydration(page, { regions: false });
  await expect.poll(() => heldChunks(held)).toBe(1);

  // The children's Add is a react-aria menu trigger: it acts on a press, and a replayed click must
  // count as one (a virtual click), since the pointer's own press reached no handler.
  const children = page.locator('[data-component="WorkItemChildren"]');
  await children.getByRole('button', { name: WORK_ITEM_CHILDREN_TEXTS.add }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  for (const route of held.splice(0)) await route.continue();
  await expect(page.getByRole('menuitem', { name: /^New / })).toBeVisible();
});

test('issue page: nothing shifts while the regions hydrate', async ({ page, signIn }) => {
  const iid = await newIssue(page, signIn);
  await page.goto(`/${PROJECT}/-/issues/${iid}`);
  await waitForHydration(page);
  await page.waitForFunction(
    (names) => names.every((name) => performance.getEntriesByName(name, 'mark').length > 0),
    Object.values(WORK_ITEM_REGIONS).map(hydratedMark),
  );
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[];
          resolve(entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all: nothing shifted.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(0)));
      }),
  );
  expect(shift).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
});
