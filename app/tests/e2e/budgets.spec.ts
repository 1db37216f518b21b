/**
 * The pages' initial JavaScript against the budget of the pages issue (150 KB min+gzip per page),
 * computed from the browser build's manifest (bench/initialJs.ts), not timed. Every page meets the
 * budget (2026-11-26, 14:40: the profile settings page 172.4 -> 143.9 KB, its status emoji picker
 * loading its popover on the toggle's first intent or press); a page over it has its figure here and may
 * not grow past it by more than `CEILING_MARGIN_KB`; a page not listed (a new page) must be within
 * the budget; a page that comes within the budget must leave the list. Lower a figure whenever a
 * page gets lighter (docs/benchmarks.md, "Product pages", has the figures and the way down).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { INITIAL_JS_BUDGET_KB, initialJavaScript } from '../../../bench/initialJs.ts';

const PAGES_DIR = join(import.meta.dirname, '../../src/pages');

/**
 * The page modules the route tables load (`() => import('…')` in src/routes.tsx and each area's
 * src/pages/<area>/routes.ts), relative to src/pages: what the budget must measure, read from the
 * sources rather than from the build it checks.
 */
function routedPages(): string[] {
  const tables = [
    join(PAGES_DIR, '../routes.tsx'),
    ...readdirSync(PAGES_DIR)
      .map((area) => join(PAGES_DIR, area, 'routes.ts'))
      .filter((table) => existsSync(table)),
  ];
  return tables.flatMap((table) =>
    [...readFileSync(table, 'utf8').matchAll(/import\('([^']+)'\)/g)].map(([, path]) =>
      relative(PAGES_DIR, join(dirname(table), path!)),
    ),
  );
}

/** What a page may grow above its recorded figure (a dependency's patch release). */
const CEILING_MARGIN_KB = 2;

/**
 * Pages over the budget, with their figure (KB) when measured (2026-11-26, 08:25 UTC, from a clean
 * export of the committed state with the change of that hour, library and pages built). Every page
 * now loads on demand the user menu's trigger code, the tooltips of breadcrumbs, dates, copy buttons
 * and visibility icons (react-aria's tooltip trigger and floating-ui), the ref selector's list
 * (floating-ui, react-aria's focus scope and overlay), the branch deletion's modal, the shortcuts
 * dialog, critical-patch modal, global alerts and popover adapters; a text field no longer brings
 * the form enhancers, nor the invite button the invite modal; Markdown is rendered on the server
 * and enhanced after hydration; the bare `/{path}` page loads the project, group or user view it
 * found, each counted with the bare page's own module. The issue, work item and epic pages (09:15
 * UTC) load their editors, dialogs, emoji picker and live updates on demand. Since 11:30 UTC no
 * page carries floating-ui for the forms' quick-submit hint (it loads with the first hint), nor
 * the confirmation modal before it asks (app/src/layout/confirm.ts), nor another page's module for
 * its texts. What keeps the rest over is named in docs/benchmarks.md, "Product pages" and "Issue
 * page".
 */
const OVER_BUDGET_KB: Record<string, number> = {};

test('every page’s initial JavaScript is within the budget or its recorded ceiling', () => {
  const pages = initialJavaScript();
  const routed = routedPages();
  expect(routed.length, 'page modules in the route tables').toBeGreaterThan(0);
  expect(
    pages.map(({ page }) => page),
    'every routed page measured',
  ).toEqual(expect.arrayContaining(routed));
  for (const { page, kb } of pages) {
    const measured = OVER_BUDGET_KB[page];
    if (measured === undefined)
      expect(kb, `${page}: initial JS (KB min+gzip)`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
    else {
      expect(kb, `${page}: initial JS (KB min+gzip) above its ceiling`).toBeLessThanOrEqual(
        measured + CEILING_MARGIN_KB,
      );
      expect(kb, `${page} is within the budget now: remove it from the list`).toBeGreaterThan(INITIAL_JS_BUDGET_KB);
    }
  }
});
