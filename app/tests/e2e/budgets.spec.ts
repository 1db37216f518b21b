/**
 * The pages' initial JavaScript against the budget of the pages issue (150 KB min+gzip per page),
 * computed from the browser build's manifest (bench/initialJs.ts), not timed. No page meets the
 * budget yet: each page over it has its figure here and may not grow past it by more than
 * `CEILING_MARGIN_KB`; a page not listed (a new page) must be within the budget; a page that comes
 * within the budget must leave the list. Lower a figure whenever a page gets lighter
 * (docs/benchmarks.md, "Product pages", has the figures and the way down).
 */
import { expect, test } from '@playwright/test';
import { INITIAL_JS_BUDGET_KB, initialJavaScript } from '../../../bench/initialJs.ts';

/** What a page may grow above its recorded figure (a dependency's patch release). */
const CEILING_MARGIN_KB = 2;

/** Pages over the budget, with their figure (KB) when measured (2026-11-25, at 206bcc0). */
const OVER_BUDGET_KB: Record<string, number> = {
  'admin/application_settings/general.tsx': 182.8,
  'admin/broadcast_messages/index.tsx': 184.8,
  'admin/dashboard/index.tsx': 176.9,
  'admin/users/index.tsx': 180.2,
  'dashboard/activity.tsx': 283.3,
  'dashboard/projects/index.tsx': 180.3,
  'dashboard/projects/starred.tsx': 283.3,
  'errors/not_found.tsx': 175.2,
  'explore/groups/index.tsx': 177.0,
  'explore/projects/index.tsx': 179.9,
  'groups/group_members/index.tsx': 177.3,
  'groups/new.tsx': 184.0,
  'groups/show.tsx': 189.4,
  'help/index.tsx': 275.0,
  'help/show.tsx': 275.4,
  'namespaces/show.tsx': 292.4,
  'profiles/preferences/show.tsx': 182.1,
  'projects/blame/show.tsx': 191.8,
  'projects/blob/show.tsx': 288.0,
  'projects/branches/index.tsx': 182.9,
  'projects/branches/new.tsx': 183.7,
  'projects/commit/show.tsx': 177.9,
  'projects/commits/show.tsx': 190.3,
  'projects/issues/index.tsx': 189.9,
  'projects/issues/new.tsx': 278.6,
  'projects/labels/edit.tsx': 189.2,
  'projects/labels/index.tsx': 181.5,
  'projects/labels/new.tsx': 189.1,
  'projects/milestones/index.tsx': 180.4,
  'projects/milestones/new.tsx': 187.2,
  'projects/new.tsx': 184.0,
  'projects/project_members/index.tsx': 185.7,
  'projects/settings/general.tsx': 183.1,
  'projects/tags/index.tsx': 182.0,
  'projects/tree/show.tsx': 188.4,
  'root/index.tsx': 175.5,
  'search/show.tsx': 177.3,
  'sessions/new.tsx': 181.2,
  'user_settings/personal_access_tokens/index.tsx': 185.4,
  'user_settings/profiles/show.tsx': 188.1,
  'users/activity.tsx': 282.7,
  'users/followers.tsx': 282.7,
  'users/following.tsx': 282.7,
  'users/projects.tsx': 282.7,
};

test('every page’s initial JavaScript is within the budget or its recorded ceiling', () => {
  const pages = initialJavaScript();
  expect(pages.length, 'page modules in the build manifest').toBeGreaterThan(0);
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
