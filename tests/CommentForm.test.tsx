// CommentForm in jsdom: the Comment button disabled while blank, submit and clear on success, the
// draft kept with the error on failure, quick submit, the internal-note checkbox, 'Close issue' and
// 'Comment & close issue', Cancel with its confirmation for a changed text, and the preview states
// it inherits from MarkdownEditor ('Nothing to preview', 'Loading...').
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CANCEL_EDITING_CONFIRM,
  COMMENT_BUTTON_TEXT,
  COMMENT_SUBMIT_ERROR_MESSAGE,
  CommentForm,
  INTERNAL_NOTE_BUTTON_TEXT,
  INTERNAL_NOTE_CHECKBOX_LABEL,
  toggleStateButtonText,
  type CommentFormProps,
} from '../src/markdown/CommentForm';
import {
  MARKDOWN_PREVIEW_EMPTY_TEXT,
  MARKDOWN_PREVIEW_LOADING_TEXT,
  MARKDOWN_PREVIEW_TOGGLE_LABELS,
} from '../src/markdown/MarkdownEditor';

// The cancel confirmation renders in its own React root, outside Testing Library's act().
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => vi.restoreAllMocks());

function setup(props: Partial<CommentFormProps> = {}) {
  const user = userEvent.setup();
  const onSubmit = props.onSubmit ?? vi.fn(async () => {});
  render(<CommentForm previewMarkdown={async (text) => ({ body: `<p>${text}</p>` })} {...props} onSubmit={onSubmit} />);
  const textbox = screen.getByRole('textbox', { name: 'Comment' });
  const button = () => screen.getByRole('button', { name: props.submitLabel ?? COMMENT_BUTTON_TEXT });
  return { user, onSubmit, textbox, button };
}

describe('CommentForm', () => {
  it('keeps the Comment button disabled while the text is blank', async () => {
    const { user, textbox, button } = setup();
    expect(button()).toBeDisabled();
    await user.type(textbox, '   ');
    expect(button()).toBeDisabled();
    await user.type(textbox, 'Looks good');
    expect(button()).toBeEnabled();
  });

  it('submits the text and clears the box on success', async () => {
    const { user, textbox, button, onSubmit } = setup();
    await user.type(textbox, 'Looks good');
    await user.click(button());
    expect(onSubmit).toHaveBeenCalledWith({ body: 'Looks good', internal: false });
    await waitFor(() => expect(textbox).toHaveValue(''));
    expect(button()).toBeDisabled();
  });

  it('keeps the draft and shows the error when the submit fails', async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(new Error('Note is too long')).mockRejectedValueOnce('network');
    const { user, textbox, button } = setup({ onSubmit });
    await user.type(textbox, 'Important words');
    await user.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent('Note is too long');
    expect(textbox).toHaveValue('Important words');
    await user.click(button());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(COMMENT_SUBMIT_ERROR_MESSAGE));
    expect(textbox).toHaveValue('Important words');
    expect(screen.getByRole('textbox').closest('form')).toHaveAttribute('data-state', 'error');
  });

  it('disables the button while saving and submits once', async () => {
    let finish!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, textbox, button } = setup({ onSubmit });
    await user.type(textbox, 'Once');
    await user.click(button());
    expect(button()).toBeDisabled();
    expect(textbox.closest('form')).toHaveAttribute('data-state', 'submitting');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(textbox).toHaveValue(''));
  });

  it('submits with Ctrl-Enter and Cmd-Enter', async () => {
    const { user, textbox, onSubmit } = setup();
    await user.type(textbox, 'Quick');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenLastCalledWith({ body: 'Quick', internal: false });
    await waitFor(() => expect(textbox).toHaveValue(''));
    await user.type(textbox, 'Mac');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    expect(onSubmit).toHaveBeenLastCalledWith({ body: 'Mac', internal: false });
  });

  it("offers 'Make this an internal note' only when allowed, and submits it", async () => {
    setup();
    expect(screen.queryByRole('checkbox', { name: INTERNAL_NOTE_CHECKBOX_LABEL })).toBeNull();
  });

  it('marks the comment internal when the box is checked', async () => {
    const { user, textbox, onSubmit } = setup({ canMarkInternal: true });
    await user.click(screen.getByRole('checkbox', { name: INTERNAL_NOTE_CHECKBOX_LABEL }));
    await user.type(textbox, 'Secret');
    await user.click(screen.getByRole('button', { name: INTERNAL_NOTE_BUTTON_TEXT }));
    expect(onSubmit).toHaveBeenCalledWith({ body: 'Secret', internal: true });
    // Cleared and unchecked afterwards.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: INTERNAL_NOTE_CHECKBOX_LABEL })).not.toBeChecked());
  });

  it("closes the work item alone ('Close issue') or after the comment ('Comment & close issue')", async () => {
    const onToggleState = vi.fn(async () => {});
    const { user, textbox, onSubmit } = setup({ workItemType: 'issue', onToggleState });
    await user.click(screen.getByRole('button', { name: 'Close issue' }));
    expect(onToggleState).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(textbox, 'Done here');
    await user.click(screen.getByRole('button', { name: 'Comment & close issue' }));
    expect(onSubmit).toHaveBeenCalledWith({ body: 'Done here', internal: false });
    await waitFor(() => expect(onToggleState).toHaveBeenCalledTimes(2));
  });

  it('does not close the work item when the comment fails', async () => {
    const onToggleState = vi.fn(async () => {});
    const { user, textbox } = setup({
      workItemType: 'issue',
      onToggleState,
      onSubmit: vi.fn().mockRejectedValue(new Error('nope')),
    });
    await user.type(textbox, 'Done here');
    await user.click(screen.getByRole('button', { name: 'Comment & close issue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('nope');
    expect(onToggleState).not.toHaveBeenCalled();
    expect(textbox).toHaveValue('Done here');
  });

  it('names the reopen action for a closed work item', () => {
    setup({ workItemType: 'task', isWorkItemOpen: false, onToggleState: vi.fn() });
    expect(screen.getByRole('button', { name: 'Reopen task' })).toBeInTheDocument();
    expect(toggleStateButtonText({ type: 'task', isOpen: false, hasComment: true })).toBe('Comment & reopen task');
  });

  it('cancels at once when nothing changed, and asks first when the text changed', async () => {
    const onCancel = vi.fn();
    const { user, textbox } = setup({ onCancel, initialValue: 'Original' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);

    await user.type(textbox, ' changed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleName(CANCEL_EDITING_CONFIRM.message);
    await user.click(screen.getByRole('button', { name: CANCEL_EDITING_CONFIRM.cancelBtnText }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onCancel).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: CANCEL_EDITING_CONFIRM.primaryBtnText }));
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(2));
  });

  it("shows 'Nothing to preview' for a blank text and 'Loading...' while the preview loads", async () => {
    let answer!: (value: { body: string }) => void;
    const previewMarkdown = vi.fn(() => new Promise<{ body: string }>((resolve) => (answer = resolve)));
    const { user, textbox } = setup({ previewMarkdown });
    await user.click(screen.getByRole('button', { name: MARKDOWN_PREVIEW_TOGGLE_LABELS.write }));
    expect(screen.getByText(MARKDOWN_PREVIEW_EMPTY_TEXT)).toBeInTheDocument();
    expect(previewMarkdown).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: MARKDOWN_PREVIEW_TOGGLE_LABELS.preview }));
    await user.type(textbox, 'Hello');
    await user.click(screen.getByRole('button', { name: MARKDOWN_PREVIEW_TOGGLE_LABELS.write }));
    expect(screen.getByText(MARKDOWN_PREVIEW_LOADING_TEXT)).toBeInTheDocument();
    answer({ body: '<p>Hello</p>' });
    await waitFor(() => expect(screen.queryByText(MARKDOWN_PREVIEW_LOADING_TEXT)).toBeNull());
    // The preview's sanitiser loads on demand: the test ends once it has drawn the HTML, so no import
    // is still under way when the environment is torn down.
    await waitFor(() =>
      expect(screen.getByText('Hello', { selector: 'p' }).parentElement).toHaveAttribute('data-state', 'rendered'),
    );
  });
});
