/**
 * The page fixture every product test uses: it fails the test on a console error (hydration
 * warnings included), an uncaught exception or a failed request, and offers `expectAccessible`
 * (axe in light and in dark) and `signIn`.
 */
/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from its destructuring pattern */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test as base, type Cookie, type Locator, type Page, type Request } from '@playwright/test';
import { XSRF_COOKIE } from '../../server/http/auth.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { WORK_ITEM_LIVE_MARK, WORK_ITEM_REGIONS } from '../../src/pages/projects/issues/constants.ts';
import { hydratedMark } from '../../src/pages/projects/issues/deferredRegion.tsx';
import { AXE_COLOR_RULES } from '../../../tests/support/axeColorRules.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe on the page as it is, in light and then in dark (the product's `auto` colour mode). The
 * dark run checks only the colour rules when the switch left the DOM as it was (the page's CSS
 * follows the colour scheme); anything that rendered again for dark gets every rule.
 */
async function expectAccessible(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(
      async ({ colorScheme, colorRules }) => {
        // Colours measured mid-transition (a modal fading in, a theme switching) are not the
        // page's: let running animations and transitions finish first.
        await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
        const page = window as unknown as {
          axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
          /** The DOM the light run checked (kept in the page: it can be large). */
          fkAxeLightDom?: string;
        };
        const dom = document.documentElement.outerHTML;
        const onlyColours = colorScheme === 'dark' && page.fkAxeLightDom === dom;
        page.fkAxeLightDom = colorScheme === 'light' ? dom : undefined;
        // Only violations are read: axe skips the details of every passing node. The page's only
        // frames are sandboxed diagrams (opaque origin): axe cannot audit them, and its messages to
        // them, addressed to the page's origin, made Chromium warn.
        const result = await page.axe.run(document, {
          resultTypes: ['violations'],
          iframes: false,
          ...(onlyColours ? { runOnly: colorRules } : {}),
        });
        return result.violations.map((violation) => {
          const { id, help, nodes } = violation as { id: string; help: string; nodes: { target: unknown }[] };
          return { id, help, targets: nodes.map((node) => node.target) };
        });
      },
      { colorScheme, colorRules: AXE_COLOR_RULES },
    );
    expect(violations, `axe violations in ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * The sessions this worker signed in, by user and password: the cookies each sign-in set. A sign-in
 * costs the server 0.6 s of CPU (scrypt at OWASP's cost; 2 s on a loaded machine) and most tests
 * sign someone in.
 */
const sessions = new Map<string, Cookie[]>();

/**
 * Signs in as a visitor's sign-in does, through the endpoint its form posts to: the session and
 * CSRF cookies land in the page's browser context. The sign-in page itself (its form, its errors,
 * the keyboard) has tests of its own (shell.spec.ts, issues-keyboard.spec.ts); loading it and the
 * page it redirects to before every test cost two page loads each. A later test of the same worker
 * gets the kept session's cookies in its own fresh context instead, once the server confirms that
 * they still sign that user in (a test may have signed out).
 */
async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  const key = JSON.stringify([username, password]);
  const context = page.context();
  const kept = sessions.get(key);
  if (kept) {
    await context.addCookies(kept);
    const user = await page.request.get('api/v4/user');
    if (user.ok() && ((await user.json()) as { username: string }).username === username) return;
    for (const { name } of kept) await context.clearCookies({ name });
    sessions.delete(key);
  }
  const response = await page.request.post('users/sign_in', { data: { login: username, password } });
  expect(response.status(), `signing in as ${username}`).toBe(CREATED);
  const set = new Set(
    response
      .headersArray()
      .filter(({ name }) => name.toLowerCase() === 'set-cookie')
      .map(({ value }) => value.slice(0, value.indexOf('='))),
  );
  sessions.set(
    key,
    (await context.cookies()).filter((cookie) => set.has(cookie.name)),
  );
}

/** The sign-in endpoint's answer to a JSON client. */
const CREATED = 201;

/** Chromium's reason for a request cut short by leaving the page. */
const ABORTED_BY_NAVIGATION = 'net::ERR_ABORTED';

interface Fixtures {
  /** Problems the page reported: console errors, uncaught exceptions, failed requests. */
  problems: string[];
  expectAccessible: (page: Page) => Promise<void>;
  signIn: (page: Page, username: string, password?: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  problems: async ({}, provide) => provide([]),
  // Every test's page reports its problems, and the test ends by checking there were none (a
  // test expecting an error status removes it from `problems` itself).
  page: async ({ page, problems }, provide) => {
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`console ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    page.on('requestfailed', (request) => {
      // A navigation aborts what the page was still loading (fonts, chunks): not a failure.
      const reason = request.failure()?.errorText;
      if (reason !== ABORTED_BY_NAVIGATION) problems.push(`request failed: ${request.url()} ${reason}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    const writes = new Set<Request>();
    writesInFlight.set(page, writes);
    page.on('request', (request) => {
      if (WRITE_METHODS.has(request.method())) writes.add(request);
    });
    page.on('requestfinished', (request) => writes.delete(request));
    page.on('requestfailed', (request) => writes.delete(request));
    await provide(page);
    expect(problems, 'console errors, uncaught exceptions or failed requests').toEqual([]);
  },
  expectAccessible: async ({}, provide) => provide(expectAccessible),
  signIn: async ({}, provide) => provide(signIn),
});

/**
 * Waits until React has hydrated the page (the client entry marks the document) and, on a work item
 * page, its deferred regions (each marks its hydration: decision 017), so that a test acts on a page
 * as interactive as a user expects it. `regions: false` waits for the page alone (tests of the
 * regions that hold their code).
 */
export async function waitForHydration(page: Page, { regions = true }: { regions?: boolean } = {}): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  if (!regions) return;
  await page.waitForFunction(
    (marks) =>
      !document.querySelector('[data-component="WorkItemView"]') ||
      marks.every((mark) => performance.getEntriesByName(mark, 'mark').length > 0),
    Object.values(WORK_ITEM_REGIONS).map(hydratedMark),
  );
}

/**
 * Waits until a work item page's live updates are subscribed (`WORK_ITEM_LIVE_MARK`): a change
 * made before the server confirmed the subscriptions is not pushed to the page.
 */
export async function waitForLive(page: Page): Promise<void> {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark, 'mark').length > 0, WORK_ITEM_LIVE_MARK);
}

/** What a page sends to save something: GraphQL's and the REST API's writes. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Each test page's writes still waiting for their answer (the page fixture keeps it). */
const writesInFlight = new WeakMap<Page, Set<Request>>();

/** How often `reloadWhenSaved` looks again for writes in flight. */
const WRITES_POLL_MS = 50;

/**
 * Reloads the page once none of its writes is waiting for an answer, then waits for hydration. A
 * widget shows its new value before the server has answered; reloading then cancels the save, and
 * the server skips a write whose client is gone (server/http/abandoned.ts), so "kept after a reload"
 * must wait for the answer.
 */
export async function reloadWhenSaved(page: Page): Promise<void> {
  const writes = writesInFlight.get(page);
  await expect.poll(() => writes?.size ?? 0, { intervals: [WRITES_POLL_MS] }).toBe(0);
  await page.reload();
  await waitForHydration(page);
}

/** The session's CSRF token, from the cookie the server sets beside the session's. */
async function csrfToken(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === XSRF_COOKIE)?.value ?? '';
}

/** Calls the REST API as the signed-in visitor (the browser context's session and CSRF token). */
export async function apiCall<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  const response = await page.request.fetch(`api/v4/${path}`, {
    method,
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: body,
  });
  const text = await response.text();
  // 204 and 304 have no body.
  return { status: response.status(), data: (text ? JSON.parse(text) : null) as T };
}

/** A GraphQL request as the signed-in visitor (the browser context's session and CSRF token). */
export async function graphqlCall<T>(page: Page, query: string, variables: object): Promise<T> {
  const response = await page.request.post('api/graphql', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: { query, variables },
  });
  return ((await response.json()) as { data: T }).data;
}

/** How long one hover waits for its popover before the pointer moves away and comes back. */
const HOVER_ATTEMPT_MS = 2000;

/**
 * Hovers `target` until `shown` is visible. Popovers attach after the browser is idle (their code
 * loads on demand), and a pointer already resting on a link when they attach opens nothing: a user
 * moves the pointer again, and so does this.
 */
export async function hoverUntilVisible(page: Page, target: Locator, shown: Locator): Promise<void> {
  await expect(async () => {
    await page.mouse.move(0, 0);
    await target.hover();
    await expect(shown).toBeVisible({ timeout: HOVER_ATTEMPT_MS });
  }).toPass();
}

export { expect };
