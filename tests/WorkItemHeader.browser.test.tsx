// Real Chromium, keyboard only: edit the title (Enter saves, Escape cancels, focus comes back to
// Edit title) and use the actions menu (ArrowDown opens it, Enter chooses, focus returns).
import { render, screen } from '@testing-library/react';
import { userEvent } from 'vitest/browser';
import { WorkItemHeader } from '../src/components/WorkItemHeader';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

describe('WorkItemHeader in Chromium', () => {
  it('edits the title with the keyboard alone', async () => {
    const onTitleChange = vi.fn(() => Promise.resolve());
    render(
      <WorkItemHeader type="Issue" title="Old" reference="#1" state="OPEN" canUpdate onTitleChange={onTitleChange} />,
    );
    const edit = screen.getByRole('button', { name: 'Edit title' });
    edit.focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
    await userEvent.keyboard('{Control>}a{/Control}Cancelled{Escape}');
    await expect.element(screen.getByRole('button', { name: 'Edit title' })).toHaveFocus();
    expect(onTitleChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Control>}a{/Control}New title{Enter}');
    expect(onTitleChange).toHaveBeenCalledWith('New title');
    await expect.element(screen.getByRole('heading', { level: 1 })).toHaveTextContent('New title');
    await expect.element(screen.getByRole('button', { name: 'Edit title' })).toHaveFocus();
  });

  it('opens the actions menu from the keyboard and returns focus after choosing', async () => {
    const onMove = vi.fn();
    render(<WorkItemHeader type="Issue" title="T" reference="#1" state="OPEN" canMove onMove={onMove} />);
    screen.getByRole('button', { name: 'More actions' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(await screen.findByRole('menuitem', { name: 'Move' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onMove).toHaveBeenCalled();
    await expect.element(screen.getByRole('button', { name: 'More actions' })).toHaveFocus();
  });
});
