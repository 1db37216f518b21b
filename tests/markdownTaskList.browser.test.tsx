// Real Chromium: toggling a task from the keyboard keeps focus on the checkbox while the adapter
// saves (it is aria-disabled, not disabled, which would drop focus), and Space does nothing until
// the save settles.
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from 'vitest/browser';
import { Markdown, renderMarkdown } from '../src/markdown';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

describe('task lists in Chromium', () => {
  it('keeps focus while saving and ignores Space until the save settles', async () => {
    let finish!: () => void;
    const onToggle = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const html = await renderMarkdown('[start](#start)\n\n- [ ] Write the docs\n- [x] Ship it\n');
    render(<Markdown html={html} options={{ taskList: { onToggle } }} />);
    const docs = await screen.findByRole('checkbox', { name: 'Write the docs' });
    await waitFor(() => expect(docs).toBeEnabled());

    screen.getByRole('link', { name: 'start' }).focus();
    await userEvent.keyboard('{Tab}');
    expect(docs).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(docs).toBeChecked();
    expect(docs).toHaveAttribute('aria-disabled', 'true');
    expect(docs).toHaveFocus();

    await userEvent.keyboard(' ');
    expect(docs).toBeChecked();
    expect(onToggle).toHaveBeenCalledTimes(1);

    finish();
    await waitFor(() => expect(docs).not.toHaveAttribute('aria-disabled'));
    expect(docs).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(docs).not.toBeChecked();
    expect(onToggle).toHaveBeenLastCalledWith({ index: 0, checked: false, text: 'Write the docs' });
  });
});
