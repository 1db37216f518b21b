// Real Chromium: opening and closing by keyboard with focus moving in and back, flip and shift at
// the viewport edges with the arrow still on the trigger, the z-index from the tokens, and a hover
// popover whose content can be reached with the mouse.
import { render, screen, within } from '@testing-library/react';
import * as React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Popover, POPOVER_BOUNDARY_PADDING } from '../src/components/Popover';
import { Z_INDEX } from '../src/tokens';

afterEach(async () => {
  await userEvent.unhover(document.body).catch(() => {});
});

/** The dialog, shown and positioned (data-placement is the side its position uses). */
async function findShownDialog(name: string) {
  return vi.waitFor(() => {
    const dialog = screen.getByRole('dialog', { name });
    expect(dialog).toBeVisible();
    expect(dialog).toHaveAttribute('data-placement');
    return dialog;
  });
}

function Page({ children, style }: { children: React.ReactNode; style?: React.CSSProperties }) {
  return <div style={{ padding: '200px 240px', display: 'flex', gap: 40, ...style }}>{children}</div>;
}

const content = (
  <>
    Passed in 4 minutes. <a href="#p">View pipeline</a> <button type="button">Retry</button>
  </>
);

describe('Popover by keyboard', () => {
  it('opens with Enter, moves focus in, closes with Escape and returns focus to the trigger', async () => {
    render(
      <Page>
        <button type="button">Before</button>
        <Popover title="Pipeline" content={content}>
          <button type="button">Status</button>
        </Popover>
      </Page>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Before' }));
    await userEvent.keyboard('{Tab}');
    const trigger = screen.getByRole('button', { name: 'Status' });
    expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await findShownDialog('Pipeline');
    await vi.waitFor(() => expect(within(dialog).getByRole('link', { name: 'View pipeline' })).toHaveFocus());
    await userEvent.keyboard('{Tab}');
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(trigger).toHaveFocus());
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('toggles with Space', async () => {
    render(
      <Page>
        <Popover title="Pipeline" content="No actions here.">
          <button type="button">Status</button>
        </Popover>
      </Page>,
    );
    screen.getByRole('button', { name: 'Status' }).focus();
    await userEvent.keyboard(' ');
    const dialog = await findShownDialog('Pipeline');
    await vi.waitFor(() => expect(dialog).toHaveFocus()); // nothing inside takes focus: the popover does
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Status' })).toHaveFocus());
  });
});

describe('Popover geometry', () => {
  it('flips below a trigger at the top and shifts inside the viewport at the right edge, arrow on the trigger', async () => {
    render(
      <div style={{ position: 'fixed', top: 4, right: 4 }}>
        <Popover
          title="At the edge"
          content="A popover near the top right corner of the viewport has to flip and shift to stay visible."
          defaultOpen
        >
          <button type="button">Edge</button>
        </Popover>
      </div>,
    );
    const dialog = await findShownDialog('At the edge');
    const box = dialog.getBoundingClientRect();
    const trigger = screen.getByRole('button', { name: 'Edge' }).getBoundingClientRect();
    expect(dialog).toHaveAttribute('data-placement', 'bottom');
    expect(box.top).toBeGreaterThan(trigger.bottom);
    expect(box.right).toBeLessThanOrEqual(window.innerWidth - POPOVER_BOUNDARY_PADDING + 0.5);
    const arrow = dialog.querySelector('[data-component="Popover.Arrow"]')!.getBoundingClientRect();
    expect(Math.abs(arrow.left + arrow.width / 2 - (trigger.left + trigger.width / 2))).toBeLessThanOrEqual(1);
    expect(arrow.top).toBeLessThan(box.top);
    expect(getComputedStyle(dialog).zIndex).toBe(String(Z_INDEX.popover));
  });
});

describe('Popover on hover', () => {
  it('stays open while the mouse moves onto it, and closes after it leaves both', async () => {
    render(
      <Page style={{ paddingBlock: '40px 240px' }}>
        <Popover trigger="hover" placement="bottom" title="Ada Lovelace" content={<a href="#ada">Profile</a>}>
          <a href="#u">@ada</a>
        </Popover>
        <span>elsewhere</span>
      </Page>,
    );
    await userEvent.hover(screen.getByRole('link', { name: '@ada' }));
    const dialog = await findShownDialog('Ada Lovelace');
    await userEvent.hover(within(dialog).getByRole('link', { name: 'Profile' }));
    expect(screen.getByRole('dialog')).toBe(dialog);
    await userEvent.click(within(dialog).getByRole('link', { name: 'Profile' }));
    expect(screen.getByRole('dialog')).toBe(dialog);
    await userEvent.hover(screen.getByText('elsewhere'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Popover kept mounted (shouldKeepMounted)', () => {
  it('hidden, it takes no space, no clicks and no focus, and is out of the accessibility tree; shown again, the same element takes focus', async () => {
    render(
      <Page>
        <Popover title="Pipeline" content={content} shouldKeepMounted>
          <button type="button">Status</button>
        </Popover>
        <button type="button">After</button>
      </Page>,
    );
    const trigger = screen.getByRole('button', { name: 'Status' });
    await userEvent.click(trigger);
    const dialog = await findShownDialog('Pipeline');
    const shownRect = dialog.getBoundingClientRect();
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(trigger).toHaveFocus());

    expect(screen.queryByRole('dialog')).toBeNull();
    const hidden = document.getElementById(dialog.id)!;
    expect(hidden).toBe(dialog);
    expect(hidden).toHaveAttribute('data-state', 'closed');
    expect(getComputedStyle(hidden).visibility).toBe('hidden');
    // content-visibility: hidden makes it size-contained: no box to scroll to or click on.
    expect(hidden.getBoundingClientRect().height).toBeLessThan(shownRect.height / 4);
    const retry = within(hidden).getByText('Retry');
    const { left, top } = shownRect;
    expect(hidden.contains(document.elementFromPoint(left + 10, top + 10))).toBe(false);
    retry.focus();
    expect(retry).not.toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();

    await userEvent.click(trigger);
    const again = await findShownDialog('Pipeline');
    expect(again).toBe(dialog);
    // data-state="open" again: its fade-in (none here: the test browser prefers reduced motion) runs anew.
    expect(again).toHaveAttribute('data-state', 'open');
    await vi.waitFor(() => expect(within(again).getByRole('link', { name: 'View pipeline' })).toHaveFocus());
  });
});

describe('Popover positioning', () => {
  /** Checks at every frame (before its paint) that a shown dialog is positioned, for `frames` frames. */
  async function expectPositionedInEveryFrame(frames: number) {
    const seen: string[] = [];
    for (let i = 0; i < frames; i++) {
      await new Promise<void>((resolve) =>
        requestAnimationFrame(() => {
          const dialog = document.querySelector('[role="dialog"]');
          if (dialog) seen.push(dialog.getAttribute('data-placement') ?? 'unpositioned');
          resolve();
        }),
      );
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).not.toContain('unpositioned');
  }

  it('is positioned before the first frame that could paint it, opened by a click or by a state change from a timer', async () => {
    function Controlled() {
      const [open, setOpen] = React.useState(false);
      React.useEffect(() => {
        const timer = setTimeout(() => setOpen(true), 20);
        return () => clearTimeout(timer);
      }, []);
      return (
        <Popover title="Later" content="Opened from a timer." isOpen={open} onOpenChange={setOpen}>
          <button type="button">Timer</button>
        </Popover>
      );
    }
    const { unmount } = render(
      <Page>
        <Popover title="Pipeline" content={content}>
          <button type="button">Status</button>
        </Popover>
      </Page>,
    );
    screen.getByRole('button', { name: 'Status' }).click();
    await expectPositionedInEveryFrame(5);
    unmount();

    render(
      <Page>
        <Controlled />
      </Page>,
    );
    await expectPositionedInEveryFrame(10);
  });
});

describe('Popover resizing', () => {
  it('moves when its content grows, to stay on its side of the trigger', async () => {
    render(
      <Page>
        <Popover
          title="Growing"
          content={<div data-testid="growing" style={{ height: 20 }} />}
          placement="top"
          defaultOpen
        >
          <button type="button">Grow</button>
        </Popover>
      </Page>,
    );
    const dialog = await findShownDialog('Growing');
    const trigger = screen.getByRole('button', { name: 'Grow' });
    const gap = () => trigger.getBoundingClientRect().top - dialog.getBoundingClientRect().bottom;
    const before = gap();
    expect(dialog).toHaveAttribute('data-placement', 'top');
    screen.getByTestId('growing').style.height = '80px';
    await vi.waitFor(() => expect(gap()).toBeCloseTo(before, 0));
    expect(dialog.getBoundingClientRect().height).toBeGreaterThan(100);
  });
});

describe('Popover: focus stays in an open click popover', () => {
  function FocusPage({ keepMounted = false }: { keepMounted?: boolean }) {
    return (
      <Page>
        <button type="button">Before</button>
        <Popover title="Pipeline" content={content} shouldKeepMounted={keepMounted} prerender={keepMounted}>
          <button type="button">Status</button>
        </Popover>
        <button type="button">After</button>
      </Page>
    );
  }

  async function openByKeyboard() {
    await userEvent.click(screen.getByRole('button', { name: 'Before' }));
    await userEvent.keyboard('{Tab}{Enter}');
    const dialog = await findShownDialog('Pipeline');
    await vi.waitFor(() => expect(within(dialog).getByRole('link', { name: 'View pipeline' })).toHaveFocus());
    return dialog;
  }

  it.each([false, true])(
    'Tab from its last element and Shift+Tab from its first stay inside, never on <body> (kept mounted: %s)',
    async (keepMounted) => {
      render(<FocusPage keepMounted={keepMounted} />);
      const dialog = await openByKeyboard();
      const link = within(dialog).getByRole('link', { name: 'View pipeline' });
      const retry = within(dialog).getByRole('button', { name: 'Retry' });
      await userEvent.keyboard('{Tab}');
      expect(retry).toHaveFocus();
      await userEvent.keyboard('{Tab}');
      expect(link).toHaveFocus();
      await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
      expect(retry).toHaveFocus();
      expect(dialog).toBeVisible();
      // Escape is the way out, back to the trigger; Tab then goes on after it.
      await userEvent.keyboard('{Escape}');
      const trigger = screen.getByRole('button', { name: 'Status' });
      await vi.waitFor(() => expect(trigger).toHaveFocus());
      expect(trigger).toHaveAttribute('aria-expanded', 'false');
      await userEvent.keyboard('{Tab}');
      expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    },
  );

  it('closed by a click outside, it lets focus go where the click put it', async () => {
    render(<FocusPage keepMounted />);
    await openByKeyboard();
    await userEvent.click(screen.getByRole('button', { name: 'After' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pipeline' })).toBeNull());
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });
});
