import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { LAZY_CODE_TIMEOUT } from './support/lazyCode';
import { USER_MENU_CSRF_PARAM, USER_MENU_LABELS, UserMenu } from '../src/components/UserMenu';

const ada = { id: 1, name: 'Ada Lovelace', username: 'ada' };

const trigger = () => screen.getByRole('button', { name: 'Ada Lovelace user’s menu' });

async function open() {
  const user = userEvent.setup();
  // The pointer entering the button loads the menu's code, whose own button (react-aria gives it an
  // id) replaces the stand-in: the click goes to that one, as a real pointer's would (user-event
  // would press the element it was given, gone by then).
  await user.hover(trigger());
  await waitFor(() => expect(trigger()).toHaveAttribute('id'), LAZY_CODE_TIMEOUT);
  await user.click(trigger());
  return screen.findByRole('menu', { name: 'Ada Lovelace user’s menu' }, LAZY_CODE_TIMEOUT);
}

describe('UserMenu', () => {
  it('opens from the avatar button with the profile, status, settings and sign-out items in order', async () => {
    render(<UserMenu user={ada} csrfToken="token-1" />);
    const menu = await open();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Ada Lovelace @ada', 'Edit status', 'Edit profile', 'Preferences', 'Sign out']);
    expect(within(menu).getAllByRole('separator')).toHaveLength(2);
    expect(within(menu).getByRole('menuitem', { name: 'Ada Lovelace @ada' })).toHaveAttribute('href', '/ada');
    expect(within(menu).getByRole('menuitem', { name: 'Edit status' })).toHaveAttribute(
      'href',
      '/-/user_settings/profile',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Edit profile' })).toHaveAttribute(
      'href',
      '/-/user_settings/profile',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Preferences' })).toHaveAttribute(
      'href',
      '/-/profile/preferences',
    );
    expect(within(menu).queryByText('Busy')).toBeNull();
  });

  it('shows a busy user’s "Busy" badge and the status emoji and message', async () => {
    render(
      <UserMenu user={ada} csrfToken="t" status={{ emoji: 'coffee', message: 'On a break', availability: 'busy' }} />,
    );
    expect(screen.getByRole('button').closest('[data-component="UserMenu"]')).toHaveAttribute(
      'data-availability',
      'busy',
    );
    const menu = await open();
    expect(USER_MENU_LABELS.busy).toBe('Busy');
    expect(within(menu).getByRole('menuitem', { name: /^Ada Lovelace Busy/ })).toContainElement(
      within(menu).getByText('Busy'),
    );
    const status = within(menu).getByRole('menuitem', { name: 'Edit status On a break' });
    expect(status.querySelector('gl-emoji')).toHaveAttribute('data-name', 'coffee');
  });

  it('signs out by submitting a POST form with the CSRF token', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(<UserMenu user={ada} csrfToken="token-1" signOutUrl="/forge/users/sign_out" />);
    const form = document.querySelector('form')!;
    form.addEventListener('submit', onSubmit);
    expect(form).toHaveAttribute('action', '/forge/users/sign_out');
    expect(form).toHaveAttribute('method', 'post');
    expect(Object.fromEntries(new FormData(form))).toEqual({ [USER_MENU_CSRF_PARAM]: 'token-1' });
    expect(USER_MENU_CSRF_PARAM).toBe('authenticity_token');
    const menu = await open();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('"Edit status" calls onEditStatus instead of linking when given', async () => {
    const onEditStatus = vi.fn();
    render(<UserMenu user={ada} csrfToken="t" onEditStatus={onEditStatus} profileUrl="/users/ada" />);
    const menu = await open();
    expect(within(menu).getByRole('menuitem', { name: /^Ada Lovelace/ })).toHaveAttribute('href', '/users/ada');
    const item = within(menu).getByRole('menuitem', { name: 'Edit status' });
    expect(item).not.toHaveAttribute('href');
    await userEvent.click(item);
    expect(onEditStatus).toHaveBeenCalledOnce();
  });

  describe('loading the menu’s code on demand', () => {
    // A fresh copy of the component each time, so the menu's code is not loaded yet.
    async function freshUserMenu() {
      vi.resetModules();
      return (await import('../src/components/UserMenu')).UserMenu;
    }
    it('renders a closed menu button before its code is there', async () => {
      const FreshUserMenu = await freshUserMenu();
      render(<FreshUserMenu user={ada} csrfToken="t" />);
      expect(trigger()).toHaveAttribute('aria-haspopup', 'true');
      expect(trigger()).toHaveAttribute('aria-expanded', 'false');
      expect(trigger()).toHaveAttribute('data-state', 'closed');
    });

    it('keeps keyboard focus on the button when the menu takes it over', async () => {
      const FreshUserMenu = await freshUserMenu();
      render(<FreshUserMenu user={ada} csrfToken="t" />);
      const placeholder = trigger();
      await userEvent.tab();
      // The menu's own button replaces it (react-aria gives it an id) and has the focus.
      await waitFor(() => {
        expect(trigger()).not.toBe(placeholder);
        expect(trigger()).toHaveFocus();
      });
      await userEvent.keyboard('{ArrowDown}');
      const menu = await screen.findByRole('menu', { name: 'Ada Lovelace user’s menu' });
      expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus();
    });

    it('opens on a mouse click before the menu’s code arrived, as a mouse opens it (no item focused)', async () => {
      const FreshUserMenu = await freshUserMenu();
      render(<FreshUserMenu user={ada} csrfToken="t" />);
      fireEvent.click(trigger(), { detail: 1 });
      const menu = await screen.findByRole('menu', { name: 'Ada Lovelace user’s menu' });
      expect(within(menu).getAllByRole('menuitem')[0]).not.toHaveFocus();
    });

    it('opens when its code arrives between the mouse’s press and release', async () => {
      const FreshUserMenu = await freshUserMenu();
      render(<FreshUserMenu user={ada} csrfToken="t" />);
      fireEvent.pointerDown(trigger(), { pointerType: 'mouse', button: 0 });
      const menu = await screen.findByRole('menu', { name: 'Ada Lovelace user’s menu' }, LAZY_CODE_TIMEOUT);
      expect(within(menu).getAllByRole('menuitem')[0]).not.toHaveFocus();
    });

    it('opens with ArrowDown pressed before the menu’s code arrived', async () => {
      const FreshUserMenu = await freshUserMenu();
      render(<FreshUserMenu user={ada} csrfToken="t" />);
      fireEvent.keyDown(trigger(), { key: 'ArrowDown' });
      const menu = await screen.findByRole('menu', { name: 'Ada Lovelace user’s menu' });
      await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    });
  });
});
