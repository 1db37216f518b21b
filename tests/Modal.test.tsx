// jsdom: the Modal's states and timing, controlled and uncontrolled use, its parts and names,
// sizes and action variants (with bad input), actions closing or not, z-index and depth from the
// layer stack, Escape and outside clicks on the top modal only, SSR rendering nothing.
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Modal,
  MODAL_ACTION_VARIANTS,
  MODAL_DEFAULT_CLOSE_LABEL,
  MODAL_SIZES,
  MODAL_TRANSITION_DURATION,
} from '../src/components/Modal';
import { layerCount } from '../src/components/Modal/layerStack';
import { MODAL_BASE_Z_INDEX } from '../src/tokens';

/** A dialog by name; lower modals of a stack count too, though hidden (inert) under the top one. */
const dialogOf = (name: string) => screen.getByRole('dialog', { name, hidden: true });
const backdropOf = (dialog: HTMLElement) => dialog.parentElement!;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Modal states (spec section 4: hidden, opening, visible, closing)', () => {
  it('renders nothing while hidden', () => {
    render(<Modal title="Hidden">Body</Modal>);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.querySelector('[data-component="Modal"]')).toBeNull();
  });

  it('opens for one motion duration, then is visible; closing lasts as long without any animation event', () => {
    vi.useFakeTimers();
    const onHidden = vi.fn();
    render(
      <Modal title="Timed" defaultOpen onHidden={onHidden}>
        Body
      </Modal>,
    );
    const dialog = dialogOf('Timed');
    expect(MODAL_TRANSITION_DURATION).toBe(200); // --fk-motion-duration-normal
    expect(dialog).toHaveAttribute('data-state', 'opening');
    expect(backdropOf(dialog)).toHaveAttribute('data-state', 'opening');
    act(() => vi.advanceTimersByTime(MODAL_TRANSITION_DURATION - 1));
    expect(dialog).toHaveAttribute('data-state', 'opening');
    act(() => vi.advanceTimersByTime(1));
    expect(dialog).toHaveAttribute('data-state', 'visible');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog).toHaveAttribute('data-state', 'closing');
    act(() => vi.advanceTimersByTime(MODAL_TRANSITION_DURATION - 1));
    expect(dialog).toBeInTheDocument();
    expect(onHidden).not.toHaveBeenCalled();
    // jsdom fires no animationend: the timer alone ends the closing state.
    act(() => vi.advanceTimersByTime(1));
    expect(dialog).not.toBeInTheDocument();
    expect(onHidden).toHaveBeenCalledTimes(1);
  });

  it('skips the motion when the user prefers reduced motion', () => {
    vi.useFakeTimers();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
    }));
    render(<Modal title="Instant" defaultOpen />);
    const dialog = dialogOf('Instant');
    act(() => vi.advanceTimersByTime(0));
    expect(dialog).toHaveAttribute('data-state', 'visible');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(0));
    expect(dialog).not.toBeInTheDocument();
  });

  it('reopens while closing', () => {
    vi.useFakeTimers();
    function Toggle() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen((o) => !o)}>
            Toggle
          </button>
          <Modal title="Again" open={open} onOpenChange={setOpen} />
        </>
      );
    }
    render(<Toggle />);
    act(() => vi.advanceTimersByTime(MODAL_TRANSITION_DURATION));
    fireEvent.click(screen.getByRole('button', { name: 'Toggle', hidden: true }));
    expect(dialogOf('Again')).toHaveAttribute('data-state', 'closing');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle', hidden: true }));
    expect(dialogOf('Again')).toHaveAttribute('data-state', 'opening');
    act(() => vi.advanceTimersByTime(MODAL_TRANSITION_DURATION));
    expect(dialogOf('Again')).toHaveAttribute('data-state', 'visible');
  });
});

describe('Modal open state', () => {
  it('is uncontrolled with defaultOpen and reports changes', async () => {
    const onOpenChange = vi.fn();
    render(<Modal title="Uncontrolled" defaultOpen onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole('button', { name: MODAL_DEFAULT_CLOSE_LABEL }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(dialogOf('Uncontrolled')).toHaveAttribute('data-state', 'closing');
  });

  it('is controlled with open: asks to close but stays open until the owner closes it', async () => {
    const onOpenChange = vi.fn();
    const { rerender } = render(<Modal title="Controlled" open onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(dialogOf('Controlled')).not.toHaveAttribute('data-state', 'closing');
    rerender(<Modal title="Controlled" open={false} onOpenChange={onOpenChange} />);
    expect(dialogOf('Controlled')).toHaveAttribute('data-state', 'closing');
  });

  it('portals to document.body, outside the rendering container', () => {
    const { container } = render(<Modal title="Portal" defaultOpen />);
    const dialog = dialogOf('Portal');
    expect(container.contains(dialog)).toBe(false);
    expect(backdropOf(dialog).parentElement).toBe(document.body);
  });

  it('portals into portalContainer when given', () => {
    const host = document.createElement('section');
    document.body.append(host);
    try {
      render(<Modal title="Hosted" defaultOpen portalContainer={host} />);
      expect(host.contains(dialogOf('Hosted'))).toBe(true);
    } finally {
      host.remove();
    }
  });

  it('renders nothing on the server, even when open', () => {
    expect(renderToString(<Modal title="Server" defaultOpen />)).toBe('');
    expect(renderToString(<Modal title="Server" open />)).toBe('');
  });
});

describe('Modal parts and names', () => {
  it('is a modal dialog named by its title and described by its description', () => {
    render(
      <Modal title="Delete branch" description="The branch and its commits are removed." defaultOpen>
        <p>Body text</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete branch' });
    expect(dialog).toHaveAccessibleDescription('The branch and its commits are removed.');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('data-component', 'Modal');
    expect(screen.getByRole('heading', { name: 'Delete branch', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Body text').closest('[data-component="Modal.Body"]')).not.toBeNull();
  });

  it('names the close button, and lets it be renamed or hidden', () => {
    const { unmount } = render(<Modal title="One" defaultOpen closeLabel="Dismiss" />);
    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveAttribute('data-component', 'Modal.Close');
    unmount();
    render(<Modal title="Two" defaultOpen hideCloseButton />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('takes its name from aria-label without a title, and shows no header then', () => {
    render(<Modal aria-label="Preview" defaultOpen />);
    expect(screen.getByRole('dialog', { name: 'Preview' })).toBeInTheDocument();
    expect(document.querySelector('[data-component="Modal.Header"]')).toBeNull();
  });

  it('warns in development when the dialog has no accessible name', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Modal defaultOpen>Nameless</Modal>);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('a Modal needs a title, aria-label or aria-labelledby'));
  });

  it('puts className, style, data attributes and ref on the dialog', () => {
    let node: HTMLDialogElement | null = null;
    render(
      <Modal
        title="Custom"
        defaultOpen
        className="extra"
        style={{ maxWidth: 300 }}
        data-testid="custom"
        ref={(el) => {
          node = el;
        }}
      />,
    );
    const dialog = dialogOf('Custom');
    expect(dialog).toHaveClass('fk-modal__dialog', 'extra');
    expect(dialog.style.maxWidth).toBe('300px');
    expect(dialog).toHaveAttribute('data-testid', 'custom');
    expect(node).toBe(dialog);
  });
});

describe('Modal sizes', () => {
  it.each(MODAL_SIZES)('renders size %s as data-size', (size) => {
    render(<Modal title={`Size ${size}`} size={size} defaultOpen />);
    expect(dialogOf(`Size ${size}`)).toHaveAttribute('data-size', size);
  });

  it('defaults to md', () => {
    render(<Modal title="Default size" defaultOpen />);
    expect(dialogOf('Default size')).toHaveAttribute('data-size', 'md');
  });

  it('falls back to md with a development warning for an unknown size', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Modal title="Huge" size={'xl' as never} defaultOpen />);
    expect(dialogOf('Huge')).toHaveAttribute('data-size', 'md');
    expect(warn).toHaveBeenCalledWith('forgekit: Modal size "xl" is not one of sm, md, lg; using "md".');
  });
});

describe('Modal actions', () => {
  it('shows cancel, secondary and primary in that order, with their default variants', () => {
    render(
      <Modal
        title="Actions"
        defaultOpen
        actionPrimary={{ text: 'Save' }}
        actionSecondary={{ text: 'Save draft' }}
        actionCancel={{ text: 'Cancel' }}
      />,
    );
    const footer = document.querySelector('[data-component="Modal.Footer"]')!;
    const buttons = [...footer.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Cancel', 'Save draft', 'Save']);
    expect(buttons.map((b) => b.dataset.variant)).toEqual(['default', 'default', 'confirm']);
    expect(buttons.map((b) => b.dataset.action)).toEqual(['cancel', 'secondary', 'primary']);
  });

  it.each(MODAL_ACTION_VARIANTS)('renders variant %s', (variant) => {
    render(<Modal title="Variant" defaultOpen actionPrimary={{ text: 'Go', variant }} />);
    expect(screen.getByRole('button', { name: 'Go' })).toHaveAttribute('data-variant', variant);
  });

  it('falls back to the default variant with a development warning for an unknown one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Modal title="Bad variant" defaultOpen actionPrimary={{ text: 'Go', variant: 'success' as never }} />);
    expect(screen.getByRole('button', { name: 'Go' })).toHaveAttribute('data-variant', 'confirm');
    expect(warn).toHaveBeenCalledWith(
      'forgekit: Modal primary action variant "success" is not one of default, confirm, danger; using "confirm".',
    );
  });

  it('calls the action and closes, unless the action prevents it', async () => {
    const onPrimary = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <Modal
        title="Closing actions"
        defaultOpen
        onOpenChange={onOpenChange}
        actionPrimary={{ text: 'Save', onClick: (event) => event.preventDefault() }}
        actionCancel={{ text: 'Cancel', onClick: onPrimary }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onOpenChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onPrimary).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('disables an action', async () => {
    const onClick = vi.fn();
    render(<Modal title="Disabled" defaultOpen actionPrimary={{ text: 'Save', onClick, isDisabled: true }} />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(save);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('shows custom footer content before the actions', () => {
    render(<Modal title="Footer" defaultOpen footer={<a href="/docs">Docs</a>} actionPrimary={{ text: 'OK' }} />);
    const footer = document.querySelector('[data-component="Modal.Footer"]')!;
    expect([...footer.children].map((c) => c.textContent)).toEqual(['Docs', 'OK']);
  });
});

describe('Modal layers', () => {
  function Nested() {
    return (
      <Modal title="Bottom" defaultOpen>
        <Modal title="Middle" defaultOpen>
          <Modal title="Top" defaultOpen actionCancel={{ text: 'Cancel top' }} />
        </Modal>
      </Modal>
    );
  }

  it('gives each modal z-index 1040 + its depth (spec section 9: base modal z-index 1040)', () => {
    expect(MODAL_BASE_Z_INDEX).toBe(1040);
    render(<Nested />);
    // Opened in one render, nested modals still stack parent first.
    for (const [name, depth] of [
      ['Bottom', 0],
      ['Middle', 1],
      ['Top', 2],
    ] as const) {
      const backdrop = backdropOf(dialogOf(name));
      expect(backdrop).toHaveAttribute('data-depth', String(depth));
      expect(backdrop.style.zIndex).toBe(String(MODAL_BASE_Z_INDEX + depth));
    }
    expect(layerCount()).toBe(3);
  });

  it('closes only the top modal on Escape, wherever the key is pressed', () => {
    render(<Nested />);
    fireEvent.keyDown(dialogOf('Top'), { key: 'Escape' });
    expect(dialogOf('Top')).toHaveAttribute('data-state', 'closing');
    expect(dialogOf('Middle')).not.toHaveAttribute('data-state', 'closing');
    // Escape inside a lower modal (it cannot get focus while covered) does nothing.
    fireEvent.keyDown(dialogOf('Bottom'), { key: 'Escape' });
    expect(dialogOf('Bottom')).not.toHaveAttribute('data-state', 'closing');
  });

  it('closes only the top modal on an outside click, and the next one on the next click', () => {
    render(<Nested />);
    const outside = backdropOf(dialogOf('Top'));
    fireEvent.pointerDown(outside, { button: 0, pointerId: 1 });
    fireEvent.pointerUp(outside, { button: 0, pointerId: 1 });
    fireEvent.click(outside);
    expect(dialogOf('Top')).toHaveAttribute('data-state', 'closing');
    expect(dialogOf('Middle')).not.toHaveAttribute('data-state', 'closing');
    expect(dialogOf('Bottom')).not.toHaveAttribute('data-state', 'closing');
  });

  it('a lower modal’s own buttons do nothing while a modal is above it', () => {
    render(
      <Modal title="Lower" defaultOpen actionCancel={{ text: 'Cancel lower' }}>
        <Modal title="Upper" defaultOpen />
      </Modal>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel lower', hidden: true }));
    expect(dialogOf('Lower')).not.toHaveAttribute('data-state', 'closing');
  });

  it('leaves the layer stack empty once every modal has closed', () => {
    vi.useFakeTimers();
    const { unmount } = render(<Nested />);
    expect(layerCount()).toBe(3);
    fireEvent.keyDown(dialogOf('Top'), { key: 'Escape' });
    expect(layerCount()).toBe(3); // closing keeps its depth
    act(() => vi.advanceTimersByTime(MODAL_TRANSITION_DURATION));
    expect(layerCount()).toBe(2);
    unmount();
    expect(layerCount()).toBe(0);
  });
});
