import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { vi } from 'vitest';
import { Button } from '../src/components/Button';
import { Menu, type MenuEntry } from '../src/components/Menu';

const ENTRIES: MenuEntry[] = [
  { key: 'edit', label: 'Edit', icon: 'pencil' },
  { key: 'docs', label: 'Documentation', href: '/help' },
  { type: 'separator', key: 'sep' },
  {
    type: 'group',
    key: 'danger',
    label: 'Danger zone',
    items: [
      { key: 'archive', label: 'Archive', description: 'Read-only from then on' },
      { key: 'delete', label: 'Delete', isDisabled: true },
    ],
  },
];

function renderMenu(props: Partial<Parameters<typeof Menu>[0]> = {}) {
  return render(
    <Menu items={ENTRIES} {...props}>
      <Button>Actions</Button>
    </Menu>,
  );
}

const trigger = () => screen.getByRole('button', { name: 'Actions' });

describe('Menu', () => {
  it('renders only the trigger, closed, with the menu button ARIA', () => {
    renderMenu();
    expect(trigger()).toHaveAttribute('aria-haspopup', 'true');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(trigger()).toHaveAttribute('data-state', 'closed');
    expect(trigger()).toHaveAttribute('data-component', 'Button');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on click, named by its trigger, with items, a link, a separator and a named group', async () => {
    renderMenu();
    await userEvent.click(trigger());
    // The open menu's code loads on first use: it shows once it is there.
    const menu = await screen.findByRole('menu', { name: 'Actions' });
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(trigger()).toHaveAttribute('aria-controls', menu.id);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Documentation', 'Archive Read-only from then on', 'Delete']);
    const link = within(menu).getByRole('menuitem', { name: 'Documentation' });
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', '/help');
    expect(within(menu).getByRole('separator')).toHaveAttribute('data-component', 'Menu.Separator');
    expect(within(menu).getByRole('group', { name: 'Danger zone' })).toContainElement(
      within(menu).getByRole('menuitem', { name: /^Archive/ }),
    );
    expect(within(menu).getByRole('menuitem', { name: 'Archive Read-only from then on' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('aria-disabled', 'true');
    expect(menu.closest('[data-component="Menu"]')).toHaveClass('fk-menu');
  });

  it('calls the item action and onAction, then closes and gives focus back to the trigger', async () => {
    const onEdit = vi.fn();
    const onAction = vi.fn();
    render(
      <Menu items={[{ key: 'edit', label: 'Edit', onAction: onEdit }]} onAction={onAction}>
        <Button>Actions</Button>
      </Menu>,
    );
    await userEvent.click(trigger());
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledOnce();
    expect(onAction).toHaveBeenCalledWith('edit');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(trigger()).toHaveFocus());
  });

  it('opens from the keyboard on the first item (ArrowDown) or the last enabled one (ArrowUp)', async () => {
    renderMenu();
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(trigger()).toHaveFocus());
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: /^Archive/ })).toHaveFocus();
  });

  it('moves with the arrows, Home and End (skipping disabled items), and by typing the start of an item', async () => {
    renderMenu();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Documentation' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: /^Archive/ })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await userEvent.keyboard('do');
    expect(screen.getByRole('menuitem', { name: 'Documentation' })).toHaveFocus();
  });

  it('Escape closes it and returns focus to the trigger', async () => {
    renderMenu();
    await userEvent.click(trigger());
    await screen.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(trigger()).toHaveFocus());
  });

  it('does not choose a disabled item', async () => {
    const onAction = vi.fn();
    renderMenu({ onAction });
    await userEvent.click(trigger());
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(onAction).not.toHaveBeenCalled();
  });

  it('is controllable and passes the trigger ref through', async () => {
    const onOpenChange = vi.fn();
    const ref = createRef<HTMLButtonElement & HTMLAnchorElement>();
    const { rerender } = render(
      <Menu items={ENTRIES} isOpen={false} onOpenChange={onOpenChange} aria-label="Project actions">
        <Button ref={ref}>Actions</Button>
      </Menu>,
    );
    expect(ref.current).toBe(trigger());
    await userEvent.click(trigger());
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('menu')).toBeNull();
    rerender(
      <Menu items={ENTRIES} isOpen onOpenChange={onOpenChange} aria-label="Project actions">
        <Button ref={ref}>Actions</Button>
      </Menu>,
    );
    expect(await screen.findByRole('menu', { name: 'Project actions' })).toBeInTheDocument();
  });

  it('a flat list has no groups or separators', async () => {
    render(
      <Menu items={ENTRIES.slice(0, 2)}>
        <Button>Actions</Button>
      </Menu>,
    );
    await userEvent.click(trigger());
    expect(await screen.findAllByRole('menuitem')).toHaveLength(2);
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByRole('separator')).toBeNull();
  });

  it('a disabled menu does not open', async () => {
    renderMenu({ isDisabled: true });
    await userEvent.click(trigger());
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger()).toBeDisabled();
  });
});
