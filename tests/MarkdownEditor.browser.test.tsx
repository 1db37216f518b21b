// Real Chromium: returning from the preview restores the textarea's earlier height and focuses it;
// toolbar edits go through execCommand so the browser's own undo reverts them; real shortcut and
// quick-submit key presses (also inside a quick-submit <Form>); the tooltip with the shortcut.
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Form } from '../src/components/Form';
import { MarkdownEditor, type MarkdownPreviewResult } from '../src/markdown/MarkdownEditor';

afterEach(() => {
  vi.restoreAllMocks();
});

const previewMarkdown = async (text: string): Promise<MarkdownPreviewResult> => ({ body: `<p>Preview: ${text}</p>` });

function setup(props: Partial<Parameters<typeof MarkdownEditor>[0]> = {}) {
  render(<MarkdownEditor label="Description" previewMarkdown={previewMarkdown} {...props} />);
  return screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
}

describe('MarkdownEditor in Chromium: write and preview', () => {
  it('returning from the preview restores the earlier textarea height and focuses the textarea', async () => {
    const textarea = setup({ defaultValue: 'Some text' });
    await userEvent.click(textarea);
    textarea.setSelectionRange(4, 4);
    // The user made the textarea taller (what dragging the resize handle does).
    textarea.style.height = '253px';
    expect(textarea.offsetHeight).toBe(253);

    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Preview: Some text')).toBeVisible();
    expect(textarea.offsetHeight).toBe(0);
    // The preview keeps the write area's height, so the page does not jump.
    const preview = document.querySelector<HTMLElement>('[data-component="MarkdownEditor.Preview"]')!;
    expect(preview.offsetHeight).toBeGreaterThanOrEqual(253);

    await userEvent.click(screen.getByRole('button', { name: 'Continue editing' }));
    expect(textarea).toBeVisible();
    expect(textarea.offsetHeight).toBe(253);
    expect(textarea).toHaveFocus();
    // Typing goes on where it was.
    await userEvent.keyboard(' more');
    expect(textarea).toHaveValue('Some more text');
  });

  it('the toggle keeps keyboard focus across both modes (Enter on it)', async () => {
    const textarea = setup({ defaultValue: 'x' });
    await userEvent.tab();
    const toggle = screen.getByRole('button', { name: 'Preview' });
    expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Continue editing' })).toHaveFocus();
    await screen.findByText('Preview: x');
    await userEvent.keyboard('{Enter}');
    expect(textarea).toHaveFocus();
  });
});

describe('MarkdownEditor in Chromium: toolbar and shortcuts', () => {
  it('a toolbar edit is undone by the browser undo (execCommand)', async () => {
    const textarea = setup({ defaultValue: 'make this bold' });
    textarea.setSelectionRange(10, 14);
    await userEvent.click(screen.getByRole('button', { name: 'Add bold text' }));
    expect(textarea).toHaveValue('make this **bold**');
    expect(textarea).toHaveFocus();
    expect(textarea.value.slice(textarea.selectionStart, textarea.selectionEnd)).toBe('bold');
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(textarea).toHaveValue('make this bold');
  });

  it('real Ctrl+B, Ctrl+I, Ctrl+Shift+X and Ctrl+K format the selection, keeping React state in step', async () => {
    const onChange = vi.fn();
    function Controlled() {
      const [value, setValue] = useState('word');
      return (
        <MarkdownEditor
          label="Description"
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
          previewMarkdown={previewMarkdown}
        />
      );
    }
    render(<Controlled />);
    const textarea = screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
    textarea.focus();
    textarea.select();
    await userEvent.keyboard('{Control>}b{/Control}');
    expect(textarea).toHaveValue('**word**');
    await userEvent.keyboard('{Control>}i{/Control}');
    expect(textarea).toHaveValue('**_word_**');
    await userEvent.keyboard('{Control>}{Shift>}X{/Shift}{/Control}');
    expect(textarea).toHaveValue('**_~~word~~_**');
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(textarea).toHaveValue('**_~~[word](url)~~_**');
    expect(onChange).toHaveBeenLastCalledWith('**_~~[word](url)~~_**');
    // The url placeholder is selected: typing replaces it.
    await userEvent.keyboard('https://example.com');
    expect(textarea).toHaveValue('**_~~[word](https://example.com)~~_**');
  });

  it('hovering a tool shows its name and shortcut', async () => {
    setup();
    await userEvent.hover(screen.getByRole('button', { name: 'Add italic text' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Add italic text (Ctrl+I)');
  });
});

describe('MarkdownEditor in Chromium: quick submit', () => {
  it('Ctrl+Enter calls onSubmit with the text', async () => {
    const onSubmit = vi.fn();
    const textarea = setup({ defaultValue: 'LGTM', onSubmit });
    textarea.focus();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('LGTM');
  });

  it('inside a quick-submit Form with onSubmit, only onSubmit runs; without it, the form submits', async () => {
    const onSubmit = vi.fn();
    const onFormSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const { rerender } = render(
      <Form quickSubmit onSubmit={onFormSubmit}>
        <MarkdownEditor label="Comment" defaultValue="x" onSubmit={onSubmit} previewMarkdown={previewMarkdown} />
        <button type="submit">Comment</button>
      </Form>,
    );
    screen.getByRole('textbox', { name: 'Comment' }).focus();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onFormSubmit).not.toHaveBeenCalled();

    rerender(
      <Form quickSubmit onSubmit={onFormSubmit}>
        <MarkdownEditor label="Comment" defaultValue="x" previewMarkdown={previewMarkdown} />
        <button type="submit">Comment</button>
      </Form>,
    );
    screen.getByRole('textbox', { name: 'Comment' }).focus();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onFormSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
