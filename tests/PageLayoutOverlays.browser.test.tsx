// Open overlays inside a PageLayout are inside a landmark: menus, popovers, tooltips and modals are
// portalled into the layout's overlay container at the end of <main> (axe's `region` rule finds no
// content outside landmarks), they still stack above the sticky header, and they look as they do
// portalled into <body> (same colours: the layout's link colour does not reach them).
import { render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { userEvent } from 'vitest/browser';
import { describe, expect, it } from 'vitest';
import { Button } from '../src/components/Button';
import { Menu } from '../src/components/Menu';
import { Modal } from '../src/components/Modal';
import { PageLayout } from '../src/components/PageLayout';
import { PAGE_LAYOUT_OVERLAYS_ATTRIBUTE } from '../src/components/PageLayout/overlayContainer';
import { Popover } from '../src/components/Popover';
import { Tooltip } from '../src/components/Tooltip';
import { TopBar } from '../src/components/TopBar';

/** axe's `region` violations on the document (content outside every landmark). */
async function regionViolations(): Promise<string[]> {
  const results = await axe.run(document, { runOnly: ['region'] });
  return results.violations.flatMap((violation) => violation.nodes.map((node) => node.html));
}

const overlays = () => document.querySelector(`[${PAGE_LAYOUT_OVERLAYS_ATTRIBUTE}]`)!;

function Page() {
  return (
    <PageLayout
      topBar={
        <TopBar
          user={
            <Menu items={[{ key: 'profile', label: 'Edit profile', href: '#profile' }]}>
              <Button>User menu</Button>
            </Menu>
          }
        />
      }
    >
      <h1>Issue</h1>
      <Popover title="Pipeline" content={<a href="#pipeline">Pipeline #1</a>}>
        <Button>Pipeline</Button>
      </Popover>
      <Tooltip content="Edit title">
        <Button>Edit</Button>
      </Tooltip>
      <Modal title="Delete issue" defaultOpen={false} actionCancel={{ text: 'Cancel' }}>
        Delete it?
      </Modal>
    </PageLayout>
  );
}

describe('PageLayout overlays', () => {
  it('puts an open menu inside <main>, above the sticky header, with no region violation', async () => {
    render(<Page />);
    expect(await regionViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(screen.getByRole('main')).getByRole('menu')).toBe(menu);
    expect(overlays().contains(menu)).toBe(true);
    expect(await regionViolations()).toEqual([]);
    // The menu opens from the header and overlaps it near the trigger: the menu is the topmost layer.
    const item = within(menu).getByRole('menuitem', { name: 'Edit profile' });
    const box = item.getBoundingClientRect();
    expect(item.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2))).toBe(true);
  });

  it('puts an open popover and a tooltip inside <main>, and the layout’s link colour does not reach them', async () => {
    render(
      <>
        <Page />
        <footer>
          <a href="#outside">Outside link</a>
        </footer>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pipeline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pipeline' });
    expect(overlays().contains(dialog)).toBe(true);
    const link = within(dialog).getByRole('link', { name: 'Pipeline #1' });
    const outside = screen.getByRole('link', { name: 'Outside link' });
    expect(getComputedStyle(link).color).toBe(getComputedStyle(outside).color);
    await userEvent.keyboard('{Escape}');
    await userEvent.hover(screen.getByRole('button', { name: 'Edit' }));
    const tooltip = await screen.findByRole('tooltip');
    expect(overlays().contains(tooltip)).toBe(true);
    expect(await regionViolations()).toEqual([]);
  });

  it('portals into <body> outside a PageLayout, as before', async () => {
    render(
      <Menu items={[{ key: 'a', label: 'Alone' }]}>
        <Button>Bare menu</Button>
      </Menu>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Bare menu' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu.closest('main')).toBeNull());
  });
});
