import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideAllToasts } from '../src/components/Toast';
import {
  WorkItemLinkedItems,
  WORK_ITEM_LINKED_ITEMS_TEXTS as TEXTS,
  type WorkItemLinkedItemsProps,
} from '../src/components/WorkItemLinkedItems';
import { MAX_WORK_ITEMS_HINT } from '../src/utils/workItems';
import { demoItems, demoLinkedItems } from '../stories/support/workItems';

afterEach(async () => {
  await act(async () => hideAllToasts());
});

describe('WorkItemLinkedItems', () => {
  it('groups links as Blocking, Blocked by and Related to, with counts', () => {
    const { container } = render(<WorkItemLinkedItems workItemType="Issue" items={demoLinkedItems} />);
    expect(screen.getByRole('region', { name: TEXTS.title })).toBeInTheDocument();
    expect(screen.getByText('Issue has 4 linked items')).toBeInTheDocument();
    const lists = [...container.querySelectorAll('.fk-work-item-linked-items__list')];
    expect(lists.map((list) => list.getAttribute('aria-label'))).toEqual(['Blocking', 'Blocked by', 'Related to']);
    expect(within(screen.getByRole('list', { name: 'Blocking' })).getByText('Rotate signing keys')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXTS.add })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('shows GitLab empty text', () => {
    render(<WorkItemLinkedItems workItemType="Task" items={[]} />);
    expect(screen.getByText(TEXTS.empty)).toBeInTheDocument();
    expect(screen.getByText('Task has 0 linked items')).toBeInTheDocument();
  });

  it('links picked items with the chosen link type', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn(async () => {});
    render(
      <WorkItemLinkedItems
        workItemType="Issue"
        items={[]}
        canUpdate
        onSearch={async () => demoItems(3, 70)}
        onAdd={onAdd}
      />,
    );
    await user.click(screen.getByRole('button', { name: TEXTS.add }));
    const types = screen.getByRole('group', { name: 'The current issue' });
    expect(within(types).getByRole('radio', { name: 'relates to' })).toBeChecked();
    await user.click(within(types).getByRole('radio', { name: 'is blocked by' }));
    expect(screen.getByRole('combobox', { name: TEXTS.searchLabel })).toHaveAccessibleDescription(MAX_WORK_ITEMS_HINT);
    await user.click(screen.getByRole('combobox', { name: TEXTS.searchLabel }));
    await user.click(await screen.findByRole('option', { name: /Search result 71/ }, { timeout: 2000 }));
    await user.click(within(screen.getByRole('form')).getByRole('button', { name: TEXTS.add }));
    expect(onAdd).toHaveBeenCalledWith('BLOCKED_BY', [demoItems(1, 71)[0]]);
    expect(within(screen.getByRole('list', { name: 'Blocked by' })).getByText('Search result 71')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('lists a linked item once when the page re-read the links before the add resolved', async () => {
    const user = userEvent.setup();
    const [picked] = demoItems(1, 80);
    const ui = (items: WorkItemLinkedItemsProps['items']) => (
      <WorkItemLinkedItems
        workItemType="Issue"
        items={items}
        canUpdate
        onSearch={async () => [picked!]}
        onAdd={async (linkType, added) => {
          view.rerender(ui(added.map((workItem) => ({ linkType, workItem }))));
        }}
      />
    );
    const view = render(ui([]));
    await user.click(screen.getByRole('button', { name: TEXTS.add }));
    await user.click(screen.getByRole('combobox', { name: TEXTS.searchLabel }));
    await user.click(await screen.findByRole('option', { name: /Search result 80/ }, { timeout: 2000 }));
    await user.click(within(screen.getByRole('form')).getByRole('button', { name: TEXTS.add }));
    expect(within(screen.getByRole('list', { name: 'Related to' })).getAllByText('Search result 80')).toHaveLength(1);
  });

  it('keeps the form with GitLab error when linking fails', async () => {
    const user = userEvent.setup();
    render(
      <WorkItemLinkedItems
        workItemType="Issue"
        items={[]}
        canUpdate
        onSearch={async () => demoItems(1, 80)}
        onAdd={() => Promise.reject(new Error('no'))}
      />,
    );
    await user.click(screen.getByRole('button', { name: TEXTS.add }));
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: /Search result 80/ }, { timeout: 2000 }));
    await user.click(within(screen.getByRole('form')).getByRole('button', { name: TEXTS.add }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.addError);
  });

  it('removes a link at once with a toast, and puts it back when refused', async () => {
    const user = userEvent.setup();
    let refuse!: (error: Error) => void;
    const onRemove = vi
      .fn()
      .mockResolvedValueOnce(undefined)
      .mockImplementationOnce(() => new Promise<void>((_, reject) => (refuse = reject)));
    render(
      <WorkItemLinkedItems
        workItemType="Issue"
        items={demoLinkedItems}
        canUpdate
        onSearch={async () => []}
        onRemove={onRemove}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Remove Rotate signing keys' }));
    expect(onRemove).toHaveBeenCalledWith(demoLinkedItems[1]);
    expect(screen.queryByText('Rotate signing keys')).toBeNull();
    expect(await screen.findByText(TEXTS.removed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Passwordless research' }));
    expect(screen.queryByText('Passwordless research')).toBeNull();
    await act(async () => refuse(new Error('403')));
    expect(screen.getByText('Passwordless research')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(TEXTS.removeError);
  });

  it('collapses', async () => {
    const user = userEvent.setup();
    render(<WorkItemLinkedItems workItemType="Issue" items={demoLinkedItems} />);
    await user.click(screen.getByRole('button', { name: `Collapse ${TEXTS.title}` }));
    expect(screen.getByText('Rotate signing keys')).not.toBeVisible();
  });
});
