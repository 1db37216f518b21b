// Geometry and real key presses: floating-ui places the menu against its trigger in a real layout
// and flips it above near the bottom of the viewport; real keys drive it and Escape gives focus back.
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from 'vitest/browser';
import { describe, expect, it } from 'vitest';
import { Button } from '../src/components/Button';
import { Menu, MENU_OFFSET, MENU_VIEWPORT_PADDING, type MenuEntry } from '../src/components/Menu';

const ITEMS: MenuEntry[] = [
  { key: 'edit', label: 'Edit' },
  { key: 'star', label: 'Star' },
  { key: 'docs', label: 'Documentation', href: '#docs' },
];

const trigger = () => screen.getByRole('button', { name: 'Actions' });
const popover = () => screen.getByRole('menu').closest<HTMLElement>('[data-component="Menu"]')!;

describe('Menu in a browser', () => {
  it('opens just below the trigger, start-aligned, above the page', async () => {
    // Away from the viewport edge, where shifting would move it.
    render(
      <div style={{ padding: MENU_VIEWPORT_PADDING * 4 }}>
        <Menu items={ITEMS}>
          <Button>Actions</Button>
        </Menu>
      </div>,
    );
    await userEvent.click(trigger());
    await waitFor(() => {
      const button = trigger().getBoundingClientRect();
      const menu = popover().getBoundingClientRect();
      expect(menu.top - button.bottom).toBeCloseTo(MENU_OFFSET, 0);
      expect(menu.left).toBeCloseTo(button.left, 0);
    });
    expect(getComputedStyle(popover()).position).toBe('fixed');
    expect(getComputedStyle(popover()).zIndex).not.toBe('auto');
  });

  it('flips above the trigger near the bottom of the viewport', async () => {
    render(
      <div style={{ position: 'fixed', bottom: 4, left: 16 }}>
        <Menu items={ITEMS}>
          <Button>Actions</Button>
        </Menu>
      </div>,
    );
    await userEvent.click(trigger());
    await waitFor(() => {
      const button = trigger().getBoundingClientRect();
      const menu = popover().getBoundingClientRect();
      expect(button.top - menu.bottom).toBeCloseTo(MENU_OFFSET, 0);
      expect(menu.top).toBeGreaterThanOrEqual(MENU_VIEWPORT_PADDING);
    });
  });

  it('follows a link item with Enter, like any link', async () => {
    render(
      <Menu items={ITEMS}>
        <Button>Actions</Button>
      </Menu>,
    );
    await userEvent.tab();
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Documentation' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(location.hash).toBe('#docs'));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('Tab closes the menu and moves on', async () => {
    render(
      <>
        <Menu items={ITEMS}>
          <Button>Actions</Button>
        </Menu>
        <button type="button">Next</button>
      </>,
    );
    await userEvent.click(trigger());
    await waitFor(() => expect(screen.getByRole('menu')).toBeInTheDocument());
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.tab();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
