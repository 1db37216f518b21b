/**
 * Commenting with a preview, as a user does it (issue 15): Markdown with a heading, a list, an
 * emoji, a reference to another issue and a mention; Preview renders it from the project's preview
 * URL (the rendered elements, not the raw text), an empty box previews as 'Nothing to preview'
 * without asking the server, Continue editing returns to the text, Ctrl+Enter submits, and the
 * note in the thread (and after a reload) is rendered the same way. No console error, axe in light
 * and dark with the preview open. amara owns `amara/dotfiles` in the demo seed; bjorn is a demo user.
 */
import type { Locator, Page } from '@playwright/test';
import {
  COMMENT_FORM_LABEL,
  MARKDOWN_PREVIEW_EMPTY_TEXT,
  MARKDOWN_PREVIEW_TOGGLE_LABELS,
  NOTE_ANCHOR_PREFIX,
} from 'forgekit/markdown';
import { apiCall, expect, test, waitForHydration } from './fixtures.ts';

const PROJECT = 'amara/dotfiles';
const MENTIONED = 'bjorn';
const EMOJI = 'thumbsup';
/** The project's Markdown preview endpoint (GitLab's `preview_markdown`). */
const PREVIEW_PATH = `/${PROJECT}/-/preview_markdown`;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

/** Creates an issue through the API (from a page of the product, as the signed-in user); its iid. */
async function createIssue(page: Page, title: string): Promise<number> {
  const created = await apiCall<{ iid: number }>(page, 'POST', `projects/${encodeURIComponent(PROJECT)}/issues`, {
    title,
  });
  expect(created.status).toBe(201);
  return created.data.iid;
}

/**
 * The comment's Markdown, rendered, inside `scope` (the preview or the note): the heading, both
 * list items, the emoji, the issue reference (a link to it) and the mention (a link to the user).
 */
async function expectRenderedComment(scope: Locator, heading: string, referencedIid: number): Promise<void> {
  await expect(scope.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expect(scope.getByRole('listitem')).toHaveText(['write the plan', 'ship it']);
  await expect(scope.locator(`gl-emoji[data-name="${EMOJI}"]`)).toHaveCount(1);
  const reference = scope.locator('a[data-reference-type="issue"]');
  await expect(reference).toHaveAttribute('data-iid', String(referencedIid));
  await expect(reference).toHaveAttribute('href', new RegExp(`/${PROJECT}/-/issues/${referencedIid}$`));
  await expect(scope.locator(`a[data-reference-type="user"][data-username="${MENTIONED}"]`)).toHaveText(
    `@${MENTIONED}`,
  );
  // Rendered, not echoed: none of the Markdown's syntax is left as text.
  await expect(scope).not.toContainText('## ');
  await expect(scope).not.toContainText(`:${EMOJI}:`);
}

test('comment with preview: rendered from the preview URL, Nothing to preview, Ctrl+Enter, the same after a reload', async ({
  page,
  signIn,
  problems,
  expectAccessible,
}) => {
  await signIn(page, 'amara');
  await page.goto(`/${PROJECT}/-/issues`);
  await waitForHydration(page);
  const referencedIid = await createIssue(page, unique('Referenced issue'));
  const iid = await createIssue(page, unique('Previewed comment issue'));
  await page.goto(`/${PROJECT}/-/issues/${iid}`);
  await waitForHydration(page);
  await expect(page.locator('body')).toHaveAttribute('data-page', 'projects:issues:show');

  const heading = unique('Plan');
  const markdown = [
    `## ${heading}`,
    '',
    '- write the plan',
    '- ship it',
    '',
    `Looks good :${EMOJI}: see #${referencedIid}, and @${MENTIONED} please review.`,
  ].join('\n');
  const form = page.locator('[data-component="CommentForm"]').last();
  const editor = form.locator('[data-component="MarkdownEditor"]');
  const box = form.getByRole('textbox', { name: COMMENT_FORM_LABEL });
  await box.fill(markdown);

  // Preview: the text goes to the preview URL and its answer is what shows.
  const previewed = page.waitForResponse(
    (response) => new URL(response.url()).pathname.endsWith(PREVIEW_PATH) && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: MARKDOWN_PREVIEW_TOGGLE_LABELS.write }).click();
  const response = await previewed;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({ text: markdown });
  await expect(editor).toHaveAttribute('data-preview-state', 'rendered');
  await expect(box).toBeHidden();
  const preview = editor.locator('[data-component="MarkdownEditor.Preview"]');
  await expectRenderedComment(preview, heading, referencedIid);
  await expectAccessible(page);

  // An empty box previews as 'Nothing to preview', without a request.
  await form.getByRole('button', { name: MARKDOWN_PREVIEW_TOGGLE_LABELS.preview }).click();
  await expect(box).toBeVisible();
  await box.fill('');
  let previewRequests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(PREVIEW_PATH)) previewRequests += 1;
  });
  await form.getByRole('button', { name: MARKDOWN_PREVIEW_TOGGLE_LABELS.write }).click();
  await expect(editor).toHaveAttribute('data-preview-state', 'empty');
  await expect(preview).toHaveText(MARKDOWN_PREVIEW_EMPTY_TEXT);
  expect(previewRequests).toBe(0);

  // Back to Write, the comment again, and Ctrl+Enter submits it.
  await form.getByRole('button', { name: MARKDOWN_PREVIEW_TOGGLE_LABELS.preview }).click();
  await expect(editor).toHaveAttribute('data-mode', 'write');
  await box.fill(markdown);
  await box.press('Control+Enter');
  await expect(box).toHaveValue('');

  const note = page.locator(`[data-component="WorkItemNote"]`, { hasText: heading });
  await expect(note).toHaveCount(1);
  await expect(note).toHaveAttribute('id', new RegExp(`^${NOTE_ANCHOR_PREFIX}\\d+$`));
  await expectRenderedComment(note, heading, referencedIid);

  await page.reload();
  await waitForHydration(page);
  await expect(note).toHaveCount(1);
  await expectRenderedComment(note, heading, referencedIid);
  expect(problems).toEqual([]);
});
