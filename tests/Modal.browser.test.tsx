// Real Chromium: keyboard operation, focus trapping and return, stacked modals (nested in the React
// tree, opened later by a timer, and a confirmAction modal from its own React root), z-index from
// the layer stack, the scroll lock without layout shift, and confirmViaModal replaying real
// navigation and form submission. The context prefers reduced motion, so opening and closing end
// at once (vitest.config.ts).
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { confirmAction, confirmViaModal, Modal } from '../src/components/Modal';
import { Tooltip } from '../src/components/Tooltip';
import { MODAL_BASE_Z_INDEX } from '../src/tokens';

/** A button that opens a modal titled `title`, with `children` inside it. */
function Opener({ title, children, label = `Open ${title}` }: { title: string; children?: ReactNode; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {label}
      </button>
      <Modal title={title} open={open} onOpenChange={setOpen} actionCancel={{ text: `Cancel ${title}` }}>
        <input aria-label={`Field in ${title}`} />
        {children}
      </Modal>
    </>
  );
}

const dialog = (name: string) => screen.findByRole('dialog', { name });
const active = () => document.activeElement;
/**
 * Whether the user can reach `element` (not inert under a modal above it): it can take focus.
 * Focus goes back where it was.
 */
function isReachable(element: HTMLElement): boolean {
  const before = document.activeElement as HTMLElement | null;
  element.focus();
  const reached = document.activeElement === element;
  before?.focus();
  return reached;
}

afterEach(async () => {
  // Unmount, and check that no modal is left behind (in the page or in the layer stack's effects).
  cleanup();
  await waitFor(() => expect(document.querySelector('[data-component="Modal"]')).toBeNull());
});

describe('Modal keyboard', () => {
  it('opens from the keyboard, moves focus in, traps Tab, closes with Escape and returns focus', async () => {
    render(
      <>
        <button type="button">Before</button>
        <Opener title="Edit" />
        <button type="button">After</button>
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Open Edit' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    const edit = await dialog('Edit');
    await waitFor(() => expect(edit).toHaveFocus());

    const close = screen.getByRole('button', { name: 'Close' });
    const field = screen.getByRole('textbox', { name: 'Field in Edit' });
    const cancel = screen.getByRole('button', { name: 'Cancel Edit' });
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(field).toHaveFocus();
    await userEvent.tab();
    expect(cancel).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus(); // wraps: never reaches 'After'
    await userEvent.tab({ shift: true });
    expect(cancel).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('Modal motion', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ends opening and closing on the dialog’s own animationend, before the timer', async () => {
    // As if motion were allowed: the timer would take one motion duration.
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    render(
      <Modal title="Animated" defaultOpen>
        <span data-testid="child" />
      </Modal>,
    );
    const animated = await dialog('Animated');
    const end = (el: Element) => el.dispatchEvent(new AnimationEvent('animationend', { bubbles: true }));
    end(screen.getByTestId('child')); // a child's animation does not count
    expect(animated).toHaveAttribute('data-state', 'opening');
    end(animated);
    await waitFor(() => expect(animated).toHaveAttribute('data-state', 'visible'));
    await userEvent.keyboard('{Escape}');
    expect(animated).toHaveAttribute('data-state', 'closing');
    end(animated);
    await waitFor(() => expect(animated).not.toBeInTheDocument());
  });

  it('plays no animation when the user prefers reduced motion', async () => {
    render(<Modal title="Still" defaultOpen />);
    const still = await dialog('Still');
    expect(getComputedStyle(still).animationName).toBe('none');
    expect(getComputedStyle(still.parentElement!).animationName).toBe('none');
  });
});

describe('stacked modals', () => {
  function ThreeLevels() {
    return (
      <Opener title="First">
        <Opener title="Second">
          <Opener title="Third" />
        </Opener>
      </Opener>
    );
  }

  async function openAll() {
    render(<ThreeLevels />);
    await userEvent.click(screen.getByRole('button', { name: 'Open First' }));
    const first = await dialog('First');
    await userEvent.click(screen.getByRole('button', { name: 'Open Second' }));
    const second = await dialog('Second');
    await userEvent.click(screen.getByRole('button', { name: 'Open Third' }));
    const third = await dialog('Third');
    return { first, second, third };
  }

  it('stacks z-index as base + depth', async () => {
    const { first, second, third } = await openAll();
    const z = (el: HTMLElement) => Number(getComputedStyle(el.parentElement!).zIndex);
    expect(z(first)).toBe(MODAL_BASE_Z_INDEX);
    expect(z(second)).toBe(MODAL_BASE_Z_INDEX + 1);
    expect(z(third)).toBe(MODAL_BASE_Z_INDEX + 2);
    // The top modal is really on top: the centre of the page hits it.
    const box = third.getBoundingClientRect();
    expect(third.contains(document.elementFromPoint(box.x + 10, box.y + 10))).toBe(true);
  });

  it('closes only the top modal on Escape, returning focus to each opener in turn', async () => {
    await openAll();
    await waitFor(() => expect(active()).toBe(screen.getByRole('dialog', { name: 'Third' })));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Third' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open Third' })).toHaveFocus());

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Second' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'First' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open Second' })).toHaveFocus());

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open First' })).toHaveFocus());
  });

  it('closes only the top modal on an outside click', async () => {
    const { third } = await openAll();
    const backdrop = third.parentElement!;
    await userEvent.click(backdrop, { position: { x: 5, y: 5 } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Third' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'First' })).toBeInTheDocument();
  });

  it('traps Tab in the top modal', async () => {
    const { third } = await openAll();
    for (let i = 0; i < 6; i += 1) {
      await userEvent.tab();
      expect(third.contains(active())).toBe(true);
    }
  });

  it('opens modals nested in one render parent first: only the innermost is reachable', async () => {
    render(
      <Modal title="Outer" defaultOpen>
        <Modal title="Inner" defaultOpen actionPrimary={{ text: 'Done' }} />
      </Modal>,
    );
    const inner = await dialog('Inner');
    await waitFor(() => expect(inner).toHaveFocus());
    expect(isReachable(inner)).toBe(true);
    const outer = screen.getByRole('dialog', { name: 'Outer', hidden: true });
    expect(isReachable(outer)).toBe(false);
    expect(Number(getComputedStyle(inner.parentElement!).zIndex)).toBe(MODAL_BASE_Z_INDEX + 1);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull());
    const reachable = await dialog('Outer');
    expect(isReachable(reachable)).toBe(true);
  });

  it('keeps a nested modal opened later by a timer reachable', async () => {
    function Delayed() {
      const [open, setOpen] = useState(false);
      useEffect(() => {
        const timer = setTimeout(() => setOpen(true), 50);
        return () => clearTimeout(timer);
      }, []);
      return (
        <Modal title="Later" open={open} onOpenChange={setOpen} actionPrimary={{ text: 'Done' }}>
          Opened by a timer
        </Modal>
      );
    }
    render(
      <Modal title="Outer" defaultOpen>
        <Delayed />
      </Modal>,
    );
    const later = await dialog('Later');
    expect(isReachable(later)).toBe(true);
    await waitFor(() => expect(later).toHaveFocus());
    expect(isReachable(screen.getByRole('dialog', { name: 'Outer' }))).toBe(false);
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Later' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
  });

  it('stacks a confirmAction modal (its own React root) over an open modal', async () => {
    const results: boolean[] = [];
    render(
      <Modal title="Settings" defaultOpen>
        <button type="button" onClick={() => void confirmAction('Delete it?').then((r) => results.push(r))}>
          Delete
        </button>
      </Modal>,
    );
    const settings = await dialog('Settings');
    const remove = screen.getByRole('button', { name: 'Delete' });
    await userEvent.click(remove);
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete it?' });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(isReachable(confirm)).toBe(true);
    expect(isReachable(settings)).toBe(false);
    for (let i = 0; i < 4; i += 1) {
      await userEvent.tab();
      expect(confirm.contains(active())).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(results).toEqual([false]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    await waitFor(() => expect(remove).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    await screen.findByRole('alertdialog', { name: 'Delete it?' });
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(results).toEqual([false, true]));
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
  });
});

describe('a tooltip inside a modal', () => {
  it('shows above the modal, closes on the first Escape, the modal on the second', async () => {
    render(
      <Modal title="With tooltip" defaultOpen>
        <Tooltip content="Copies the SHA">
          <button type="button">Copy</button>
        </Tooltip>
      </Modal>,
    );
    const withTooltip = await dialog('With tooltip');
    await waitFor(() => expect(withTooltip).toHaveFocus());
    await userEvent.tab(); // the close button
    await userEvent.tab();
    const copy = screen.getByRole('button', { name: 'Copy' });
    expect(copy).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Copies the SHA');
    // Portalled into the dialog, which is in the browser's top layer: seen above the modal, not under it.
    expect(withTooltip.contains(tooltip)).toBe(true);
    const box = tooltip.getBoundingClientRect();
    expect(tooltip.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2))).toBe(true);
    expect(copy).toHaveAccessibleDescription('Copies the SHA');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(withTooltip).toHaveAttribute('data-state', 'visible');
    expect(copy).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('scroll lock', () => {
  // The runner hides scrollbars (--hide-scrollbars, for stable screenshots), so a stand-in plays a
  // desktop browser's classic 15px scrollbar: 15px of room at the end of the page while it can
  // scroll, gone once the page is locked (overflow: hidden), as a real scrollbar goes; the root's
  // clientWidth (the viewport less its scrollbar) reports it the same way.
  const SCROLLBAR = 15;
  const SCROLLBAR_STAND_IN = `html:not([style*="overflow: hidden"]) { border-inline-end: ${SCROLLBAR}px solid transparent; }`;
  const isLocked = () => document.documentElement.style.overflow === 'hidden';
  afterEach(() => {
    delete (document.documentElement as { clientWidth?: number }).clientWidth;
  });

  it('stops the page scrolling without changing the body width', async () => {
    const html = document.documentElement;
    const style = document.createElement('style');
    style.textContent = SCROLLBAR_STAND_IN;
    document.head.append(style);
    Object.defineProperty(html, 'clientWidth', {
      configurable: true,
      get: () => window.innerWidth - (isLocked() ? 0 : SCROLLBAR),
    });
    const tall = document.createElement('div');
    tall.style.height = '3000px';
    document.body.append(tall);
    try {
      render(<Opener title="Locked" />);
      const before = document.body.getBoundingClientRect().width;
      await userEvent.click(screen.getByRole('button', { name: 'Open Locked' }));
      await dialog('Locked');
      expect(getComputedStyle(html).overflow).toBe('hidden');
      expect(document.body.getBoundingClientRect().width).toBe(before);

      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(getComputedStyle(html).overflow).toBe('visible'));
      expect(document.body.getBoundingClientRect().width).toBe(before);
    } finally {
      tall.remove();
      style.remove();
    }
  });
});

describe('confirmViaModal', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    stop = undefined;
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('asks before following a link, then navigates to its href', async () => {
    stop = confirmViaModal();
    render(
      <a
        href="#deleted"
        data-confirm="Delete this branch?"
        data-confirm-btn-text="Delete"
        data-confirm-btn-variant="danger"
      >
        Delete branch
      </a>,
    );
    const link = screen.getByRole('link', { name: 'Delete branch' });
    await userEvent.click(link);
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this branch?' });
    expect(location.hash).toBe('');
    const primary = screen.getByRole('button', { name: 'Delete' });
    expect(primary).toHaveAttribute('data-variant', 'danger');
    await userEvent.click(primary);
    await waitFor(() => expect(location.hash).toBe('#deleted'));
    expect(confirm).not.toBeInTheDocument();
  });

  it('does nothing when the confirmation is cancelled from the keyboard', async () => {
    stop = confirmViaModal();
    render(
      <a href="#deleted" data-confirm="Delete this branch?">
        Delete branch
      </a>,
    );
    screen.getByRole('link', { name: 'Delete branch' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('alertdialog', { name: 'Delete this branch?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(location.hash).toBe('');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Delete branch' })).toHaveFocus());
  });

  it('opens a confirmed link in its target', async () => {
    stop = confirmViaModal();
    render(
      <>
        <iframe name="preview" title="Preview" src="about:blank" />
        <a href="about:blank#opened" target="preview" data-confirm="Open the preview?">
          Open preview
        </a>
      </>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Open preview' }));
    await screen.findByRole('alertdialog', { name: 'Open the preview?' });
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    const frame = screen.getByTitle('Preview') as HTMLIFrameElement;
    await waitFor(() => expect(frame.contentWindow?.location.hash).toBe('#opened'));
    expect(location.hash).toBe('');
  });

  it('submits the form with the confirmed button as submitter', async () => {
    stop = confirmViaModal();
    const submitted: (string | null)[] = [];
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted.push((event.nativeEvent as SubmitEvent).submitter?.getAttribute('name') ?? null);
        }}
      >
        <button type="submit" name="save">
          Save
        </button>
        <button type="submit" name="remove" data-confirm="Remove the project?" data-confirm-btn-text="Remove">
          Remove
        </button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByRole('alertdialog', { name: 'Remove the project?' });
    expect(submitted).toEqual([]);
    await userEvent.click(screen.getAllByRole('button', { name: 'Remove' }).at(-1)!);
    await waitFor(() => expect(submitted).toEqual(['remove']));
  });
});
