/**
 * The issue pages with the keyboard only (issue 15's keyboard run): sign in, open the project's
 * issues, create an issue with a title and a description, comment on it and reply to the comment.
 * Nothing is clicked and nothing is filled: focus moves with Tab and Shift+Tab, controls are used
 * with Enter and Space, text is typed, forms are sent with Ctrl+Enter (GitLab's quick submit), and
 * after each step the test checks that focus is where a user expects it, visibly.
 */
import type { Locator, Page } from '@playwright/test';
import { NOTE_ACTION_LABELS, REPLY_LABEL, REPLY_PLACEHOLDER, COMMENT_FORM_LABEL } from 'forgekit/markdown';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { ISSUES_TEXT } from '../../src/pages/projects/issues/constants.ts';
import { NEW_ISSUE_TEXT } from '../../src/pages/projects/issues/new.tsx';
import { expect, test, waitForHydration } from './fixtures.ts';

const PROJECT = 'amara/dotfiles';
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;
/** More Tab presses than any of these pages has stops before its target: past it, the target is unreachable. */
const MAX_TAB_STOPS = 120;
/** GitLab's quick submit. */
const QUICK_SUBMIT = 'Control+Enter';

/** Whether `target` has focus. */
const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** How far up a focus ring may be drawn: a text editor rings its frame around the text box. */
const RING_ANCESTORS = 3;

/** Asserts that `target` has focus and shows it: `:focus-visible`, with an outline or a ring on it or its frame. */
async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const shown = await target.evaluate((focused, levels) => {
    const hasRing = (element: Element) => {
      const style = getComputedStyle(element);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    };
    let element: Element | null = focused;
    for (let level = 0; element && level <= levels; level += 1, element = element.parentElement) {
      if (hasRing(element))
        return focused.matches(':focus-visible') || `${focused.outerHTML.slice(0, 120)}: not :focus-visible`;
    }
    return `${focused.outerHTML.slice(0, 120)}: no focus ring`;
  }, RING_ANCESTORS);
  expect(shown, 'a visible focus indicator').toBe(true);
}

/** Presses `key` (Tab or Shift+Tab) until `target` has focus, then checks the focus is visible. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let presses = 0; presses < MAX_TAB_STOPS && !(await isFocused(target)); presses += 1) {
    await page.keyboard.press(key);
  }
  await expectVisibleFocus(target);
}

test.beforeEach(async ({ page }) => {
  await page.route(/^https:\/\/img\.shields\.io\//, (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
  );
});

test('keyboard only: sign in, open the issues, create an issue, comment and reply', async ({ page, problems }) => {
  // Sign in.
  await page.goto('users/sign_in');
  await waitForHydration(page);
  await tabTo(page, page.getByLabel('Username or primary email'));
  await page.keyboard.type('amara');
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page.getByLabel('Password'));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.endsWith('/users/sign_in'));

  // The project's issues, from its sidebar, then the new issue form.
  await page.goto(`/${PROJECT}`);
  await waitForHydration(page);
  await tabTo(page, page.getByRole('link', { name: ISSUES_TEXT.title, exact: true }).first());
  await page.keyboard.press('Enter');
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:issues:index');
  await waitForHydration(page);
  await tabTo(page, page.getByRole('link', { name: NEW_ISSUE_TEXT.title }));
  await page.keyboard.press('Enter');
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:issues:new');

  // Title and description, sent with Ctrl+Enter from the description.
  const form = page.getByRole('form', { name: NEW_ISSUE_TEXT.title });
  const title = unique('Keyboard issue');
  await tabTo(page, form.getByLabel(NEW_ISSUE_TEXT.fieldTitle));
  await page.keyboard.type(title);
  await tabTo(page, form.getByRole('textbox', { name: NEW_ISSUE_TEXT.description }));
  await page.keyboard.type('Typed without a mouse.');
  await page.keyboard.press(QUICK_SUBMIT);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:issues:show');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // A comment, sent with Ctrl+Enter: the box stays focused, empty, for the next one.
  const commentBox = page.getByRole('textbox', { name: COMMENT_FORM_LABEL });
  await tabTo(page, commentBox);
  const comment = unique('Keyboard comment');
  await page.keyboard.type(comment);
  await page.keyboard.press(QUICK_SUBMIT);
  const note = page.locator('[data-component="WorkItemNote"]', { hasText: comment });
  await expect(note).toBeVisible();
  await expect(commentBox).toHaveValue('');
  await expectVisibleFocus(commentBox);

  // A reply: back to the comment's reply button, Space opens the reply box focused.
  await tabTo(page, note.getByRole('button', { name: NOTE_ACTION_LABELS.reply }), 'Shift+Tab');
  await page.keyboard.press('Space');
  const replyBox = page.getByRole('textbox', { name: REPLY_LABEL });
  await expectVisibleFocus(replyBox);
  const reply = unique('Keyboard reply');
  await page.keyboard.type(reply);
  await page.keyboard.press(QUICK_SUBMIT);
  await expect(page.locator('[data-component="WorkItemNote"]', { hasText: reply })).toBeVisible();
  // The box closes once the reply is sent; focus stays in the thread, on its 'Reply…'.
  await expectVisibleFocus(page.getByRole('button', { name: REPLY_PLACEHOLDER }));
  expect(problems).toEqual([]);
});
