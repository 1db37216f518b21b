import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  WorkItemChildren,
  WORK_ITEM_CHILDREN_TEXTS as TEXTS,
  type WorkItemChild,
  type WorkItemLinkItem,
} from '../src/components/WorkItemChildren';
import { hideAllToasts } from '../src/components/Toast';
import { WORK_ITEM_UPDATE_ERROR_MESSAGE } from '../src/utils/workItems';
import { demoChildren, demoGrandchildren, demoItems, demoObjectiveChildren } from '../stories/support/workItems';

afterEach(async () => {
  await act(async () => hideAllToasts());
});

const rows = (list: HTMLElement) => [...list.querySelectorAll<HTMLElement>(':scope > .fk-work-item-row')];
const rowTitles = (list: HTMLElement) =>
  rows(list).map((row) => row.querySelector('.fk-work-item-row__title')?.textContent);

async function openRowMenu(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${title}` }));
  return screen.findByRole('menu');
}

describe('WorkItemChildren', () => {
  it('is named after the parent type, counts children per type and shows the share closed', () => {
    render(<WorkItemChildren parentType="Issue" items={demoChildren} />);
    // Named after itself, not after the card it is built on.
    expect(screen.getByRole('region', { name: 'Tasks' })).toHaveAttribute('data-component', 'WorkItemChildren');
    expect(screen.getByText('Task: 3')).toBeInTheDocument();
    expect(screen.getByText('1 of 3 closed')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: TEXTS.progressLabel })).toHaveAttribute('value', '1');

    const { container } = render(<WorkItemChildren parentType="Objective" items={demoObjectiveChildren} />);
    expect(screen.getByRole('region', { name: 'Child items' })).toBeInTheDocument();
    expect(screen.getByText('Key result: 2')).toBeInTheDocument();
    expect(screen.getByText('Objective: 1')).toBeInTheDocument();
    // Grouped by type: one list per type, in the order of spec section 3.
    const lists = container.querySelectorAll('.fk-work-item-children__list');
    expect([...lists].map((list) => list.getAttribute('aria-label'))).toEqual(['Objective', 'Key result']);
  });

  it('shows GitLab empty texts and no Add button when the user may not update', () => {
    const { rerender } = render(<WorkItemChildren parentType="Issue" items={[]} />);
    expect(screen.getByText(TEXTS.tasksEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    rerender(<WorkItemChildren parentType="Epic" items={[]} />);
    expect(screen.getByText(TEXTS.empty)).toBeInTheDocument();
    rerender(<WorkItemChildren parentType="Epic" items={demoChildren} />);
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });

  it('collapses and expands its body', async () => {
    const user = userEvent.setup();
    render(<WorkItemChildren parentType="Issue" items={demoChildren} />);
    const toggle = screen.getByRole('button', { name: 'Collapse Tasks' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Design the sign-in form')).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Expand Tasks' }));
    expect(screen.getByText('Design the sign-in form')).toBeVisible();
  });

  it('offers only the allowed child types in the Add menu', async () => {
    const user = userEvent.setup();
    render(<WorkItemChildren parentType="Objective" items={[]} canUpdate onSearch={async () => []} />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['New objective', 'Existing objective', 'New key result', 'Existing key result']);
  });

  it('creates a child of an allowed type; types not allowed cannot be chosen', async () => {
    const user = userEvent.setup();
    const created: WorkItemChild = {
      id: 'gid://gitlab/WorkItem/9',
      title: 'New one',
      reference: '#9',
      type: 'Task',
      state: 'OPEN',
    };
    const onCreate = vi.fn(async () => created);
    render(<WorkItemChildren parentType="Issue" items={[]} canUpdate onCreate={onCreate} />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(await screen.findByRole('menuitem', { name: 'New task' }));
    const form = screen.getByRole('form', { name: 'New task' });
    const type = within(form).getByRole('combobox', { name: 'Type' });
    expect(within(type).getByRole('option', { name: 'Task' })).toBeEnabled();
    expect(within(type).getByRole('option', { name: 'Epic' })).toBeDisabled();
    expect(within(type).getByRole('option', { name: 'Issue' })).toBeDisabled();
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveFocus();
    await user.keyboard('New one');
    await user.click(within(form).getByRole('button', { name: 'Create task' }));
    expect(onCreate).toHaveBeenCalledWith({ title: 'New one', type: 'Task', confidential: false });
    expect(await screen.findByText('New one')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('forces confidentiality on a child created under a confidential parent, and says why', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn(async () => demoChildren[0]!);
    render(<WorkItemChildren parentType="Issue" items={[]} isParentConfidential canUpdate onCreate={onCreate} />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(await screen.findByRole('menuitem', { name: 'New task' }));
    const checkbox = screen.getByRole('checkbox', { name: TEXTS.confidentialLabel });
    expect(checkbox).toBeChecked();
    expect(checkbox).toBeDisabled();
    expect(checkbox).toHaveAccessibleDescription(
      'A non-confidential task cannot be assigned to a confidential parent issue.',
    );
    await user.keyboard('Secret');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(onCreate).toHaveBeenCalledWith({ title: 'Secret', type: 'Task', confidential: true });
  });

  it('keeps the create form open with GitLab error when creating fails', async () => {
    const user = userEvent.setup();
    render(
      <WorkItemChildren parentType="Issue" items={[]} canUpdate onCreate={() => Promise.reject(new Error('no'))} />,
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(await screen.findByRole('menuitem', { name: 'New task' }));
    await user.keyboard('Doomed');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.createError);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Doomed');
  });

  it('adds existing children picked in the search, once even when the page re-read them first', async () => {
    const user = userEvent.setup();
    const found = demoItems(2, 50);
    const onSearch = vi.fn(async () => found);
    const ui = (items: readonly WorkItemChild[]) => (
      <WorkItemChildren parentType="Issue" items={items} canUpdate onSearch={onSearch} onAddExisting={onAddExisting} />
    );
    // The page reads the children again before the add resolves: they come in through `items`.
    const onAddExisting = vi.fn(async (picked: WorkItemLinkItem[]) => {
      view.rerender(ui([...demoChildren, ...picked.map((item) => ({ ...item, type: 'Task' as const }))]));
    });
    const view = render(ui(demoChildren));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Existing task' }));
    const field = screen.getByRole('combobox', { name: 'Existing task' });
    expect(field).toHaveFocus();
    await user.keyboard('Search');
    await user.click(await screen.findByRole('option', { name: /Search result 50/ }, { timeout: 2000 }));
    await user.click(await screen.findByRole('option', { name: /Search result 51/ }));
    expect(onSearch).toHaveBeenLastCalledWith('Search', 'Task');
    await user.click(screen.getByRole('button', { name: 'Add tasks' }));
    expect(onAddExisting).toHaveBeenCalledWith(found, 'Task');
    const titles = rowTitles(screen.getByRole('list', { name: 'Task' }));
    expect(titles.filter((title) => title === 'Search result 51')).toHaveLength(1);
  });

  it('refuses non-confidential children under a confidential parent with GitLab message', async () => {
    const user = userEvent.setup();
    const found = [...demoItems(1, 60), ...demoItems(1, 61, { confidential: true })];
    render(
      <WorkItemChildren
        parentType="Issue"
        items={[]}
        isParentConfidential
        canUpdate
        onSearch={async () => found}
        onAddExisting={async () => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Existing task' }));
    await user.click(await screen.findByRole('option', { name: /Search result 60/ }, { timeout: 2000 }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Search result 60 cannot be added: Cannot assign a non-confidential task to a confidential parent issue. Make the selected task confidential and try again.',
    );
    expect(screen.getByRole('button', { name: 'Add task' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove Search result 60' }));
    await user.click(await screen.findByRole('option', { name: /Search result 61/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add task' })).toBeEnabled();
  });

  it('removes a child at once, and puts it back with the error when the server refuses', async () => {
    const user = userEvent.setup();
    let refuse!: (error: Error) => void;
    const onRemove = vi.fn(() => new Promise<void>((_, reject) => (refuse = reject)));
    render(<WorkItemChildren parentType="Issue" items={demoChildren} canUpdate onRemove={onRemove} />);
    await user.click(
      within(await openRowMenu(user, 'Write the session store')).getByRole('menuitem', { name: 'Remove' }),
    );
    expect(screen.queryByText('Write the session store')).toBeNull();
    await act(async () => refuse(new Error('403')));
    expect(screen.getByText('Write the session store')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(TEXTS.removeError);
  });

  it('shows the Child removed toast whose Undo puts the child back in its place', async () => {
    const user = userEvent.setup();
    const onUndoRemove = vi.fn(async () => {});
    render(
      <WorkItemChildren
        parentType="Issue"
        items={demoChildren}
        canUpdate
        onRemove={async () => {}}
        onUndoRemove={onUndoRemove}
      />,
    );
    await user.click(
      within(await openRowMenu(user, 'Write the session store')).getByRole('menuitem', { name: 'Remove' }),
    );
    expect(await screen.findByText(TEXTS.childRemoved)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: TEXTS.undo }));
    expect(onUndoRemove).toHaveBeenCalledWith(demoChildren[1]);
    expect(await screen.findByText(TEXTS.childRemovalReverted)).toBeInTheDocument();
    expect(rowTitles(screen.getByRole('list', { name: 'Task' }))).toEqual(demoChildren.map((child) => child.title));
  });

  it('moves a child down from its menu with GitLab reorder input, and back when refused', async () => {
    const user = userEvent.setup();
    let refuse!: (error: Error) => void;
    const onReorder = vi.fn(() => new Promise<void>((_, reject) => (refuse = reject)));
    render(<WorkItemChildren parentType="Issue" items={demoChildren} canUpdate onReorder={onReorder} />);
    const menu = await openRowMenu(user, 'Design the sign-in form');
    expect(within(menu).getByRole('menuitem', { name: TEXTS.moveUp })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(menu).getByRole('menuitem', { name: TEXTS.moveDown }));
    expect(onReorder).toHaveBeenCalledWith(demoChildren[0], {
      adjacentWorkItemId: demoChildren[1]!.id,
      relativePosition: 'AFTER',
    });
    const list = screen.getByRole('list', { name: 'Task' });
    expect(rowTitles(list)).toEqual(['Write the session store', 'Design the sign-in form', 'Document the login flow']);
    expect(screen.getByRole('status')).toHaveTextContent('Design the sign-in form moved to position 2 of 3.');
    await act(async () => refuse(new Error('409')));
    expect(rowTitles(list)).toEqual(demoChildren.map((child) => child.title));
    expect(screen.getByRole('alert')).toHaveTextContent(WORK_ITEM_UPDATE_ERROR_MESSAGE);
  });

  it('moves a child with Alt+Arrow keys from its title link', async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn(async () => {});
    render(<WorkItemChildren parentType="Issue" items={demoChildren} canUpdate onReorder={onReorder} />);
    screen.getByRole('link', { name: 'Document the login flow' }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(onReorder).toHaveBeenCalledWith(demoChildren[2], {
      adjacentWorkItemId: demoChildren[1]!.id,
      relativePosition: 'BEFORE',
    });
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(onReorder).toHaveBeenLastCalledWith(demoChildren[2], {
      adjacentWorkItemId: demoChildren[0]!.id,
      relativePosition: 'BEFORE',
    });
    expect(rowTitles(screen.getByRole('list', { name: 'Task' }))[0]).toBe('Document the login flow');
    expect(screen.getByRole('status')).toHaveTextContent('Document the login flow moved to position 1 of 3.');
  });

  it('reorders by dragging a row onto another of its type', () => {
    const onReorder = vi.fn(async () => {});
    render(<WorkItemChildren parentType="Issue" items={demoChildren} canUpdate onReorder={onReorder} />);
    const list = screen.getByRole('list', { name: 'Task' });
    const [first, , last] = rows(list);
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(first!.querySelector('.fk-work-item-children__handle')!, { dataTransfer });
    fireEvent.dragOver(last!, { dataTransfer });
    expect(last).toHaveAttribute('data-drop-target');
    fireEvent.drop(last!, { dataTransfer });
    expect(onReorder).toHaveBeenCalledWith(demoChildren[0], {
      adjacentWorkItemId: demoChildren[2]!.id,
      relativePosition: 'AFTER',
    });
    expect(rowTitles(list)).toEqual(['Write the session store', 'Document the login flow', 'Design the sign-in form']);
  });

  it('loads a child’s children once, when first expanded', async () => {
    const user = userEvent.setup();
    const onLoadChildren = vi.fn(async () => demoGrandchildren);
    render(<WorkItemChildren parentType="Objective" items={demoObjectiveChildren} onLoadChildren={onLoadChildren} />);
    const expander = screen.getByRole('button', { name: 'Expand Ship passkeys' });
    await user.click(expander);
    expect(await screen.findByRole('list', { name: 'Ship passkeys' })).toHaveTextContent('Passkeys on web');
    await user.click(screen.getByRole('button', { name: 'Collapse Ship passkeys' }));
    expect(screen.queryByText('Passkeys on web')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Expand Ship passkeys' }));
    expect(await screen.findByText('Passkeys on web')).toBeInTheDocument();
    expect(onLoadChildren).toHaveBeenCalledTimes(1);
  });

  it('shows the parent when given', () => {
    render(
      <WorkItemChildren
        parentType="Task"
        items={[]}
        parent={{ ...demoItems(1, 7)[0]!, type: 'Issue', title: 'The parent issue' }}
      />,
    );
    expect(screen.getByRole('link', { name: 'The parent issue' })).toHaveAttribute(
      'href',
      '/demo/project/-/work_items/7',
    );
    expect(screen.getByText(TEXTS.parent)).toBeInTheDocument();
  });

  it('shows a skeleton while loading and the fetch error when given', async () => {
    const { rerender, container } = render(<WorkItemChildren parentType="Issue" items={[]} isLoading />);
    expect(container.querySelector('[data-component="SkeletonLoader"]')).not.toBeNull();
    expect(screen.queryByText(TEXTS.tasksEmpty)).toBeNull();
    rerender(<WorkItemChildren parentType="Issue" items={demoChildren} error={TEXTS.fetchChildrenError} />);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(TEXTS.fetchChildrenError));
  });
});
