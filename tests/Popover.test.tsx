// Popover in jsdom: click and hover triggers, delays, focus management, Escape and outside clicks
// (top layer only), naming, controlled state. Real keyboard focus and layout: Popover.browser.test.tsx.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Popover } from '../src/components/Popover';
import { POPOVER_DELAY } from '../src/tokens';

const settle = () => act(async () => {});
const mouse = { pointerType: 'mouse' };

afterEach(() => {
  vi.useRealTimers();
});

function ClickPopover(props: Partial<Parameters<typeof Popover>[0]>) {
  return (
    <>
      <Popover
        title="Pipeline status"
        content={
          <>
            Passed. <a href="#p">View pipeline</a>
          </>
        }
        {...props}
      >
        <button type="button">Pipeline</button>
      </Popover>
      <button type="button">Outside</button>
    </>
  );
}

describe('Popover: click', () => {
  it('opens on click as a dialog named by its title, and says so on the trigger', async () => {
    const user = userEvent.setup();
    render(<ClickPopover />);
    const trigger = screen.getByRole('button', { name: 'Pipeline' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Pipeline status' });
    expect(dialog).toHaveAttribute('data-component', 'Popover');
    expect(dialog).toHaveAttribute('data-state', 'open');
    expect(dialog).toHaveAttribute('data-trigger', 'click');
    expect(within(dialog).getByText('Pipeline status')).toHaveAttribute('data-component', 'Popover.Title');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', dialog.id);
  });

  it('moves focus to the first focusable element, and back to the trigger on Escape', async () => {
    const user = userEvent.setup();
    render(<ClickPopover />);
    const trigger = screen.getByRole('button', { name: 'Pipeline' });
    await user.click(trigger);
    await screen.findByRole('dialog');
    expect(screen.getByRole('link', { name: 'View pipeline' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(trigger).toHaveFocus()); // restored on the next frame
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('focuses the popover itself when nothing inside can take focus', async () => {
    const user = userEvent.setup();
    render(<ClickPopover content="Just text." />);
    await user.click(screen.getByRole('button', { name: 'Pipeline' }));
    expect(await screen.findByRole('dialog')).toHaveFocus();
  });

  it('closes on a click outside; a click on the trigger closes it too (without reopening)', async () => {
    const user = userEvent.setup();
    render(<ClickPopover />);
    const trigger = screen.getByRole('button', { name: 'Pipeline' });
    await user.click(trigger);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(trigger);
    await screen.findByRole('dialog');
    await user.click(trigger);
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when focus leaves it', async () => {
    const user = userEvent.setup();
    render(<ClickPopover />);
    await user.click(screen.getByRole('button', { name: 'Pipeline' }));
    await screen.findByRole('dialog');
    act(() => screen.getByRole('button', { name: 'Outside' }).focus());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets only the top layer react to Escape', async () => {
    const user = userEvent.setup();
    render(
      <Popover
        title="Outer"
        content={
          <Popover title="Inner" content="Inner body">
            <button type="button">Open inner</button>
          </Popover>
        }
      >
        <button type="button">Open outer</button>
      </Popover>,
    );
    await user.click(screen.getByRole('button', { name: 'Open outer' }));
    await user.click(await screen.findByRole('button', { name: 'Open inner' }));
    await screen.findByRole('dialog', { name: 'Inner' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open inner' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is named by aria-label, or by its trigger without a title', async () => {
    const { unmount } = render(<ClickPopover title={undefined} defaultOpen />);
    expect(await screen.findByRole('dialog', { name: 'Pipeline' })).toBeInTheDocument();
    unmount();
    render(<ClickPopover title={undefined} aria-label="Status details" defaultOpen />);
    expect(await screen.findByRole('dialog', { name: 'Status details' })).toBeInTheDocument();
  });

  it('leaves focus alone when open from the first render', async () => {
    render(<ClickPopover defaultOpen />);
    await screen.findByRole('dialog');
    await settle();
    expect(document.body).toHaveFocus();
  });

  it('follows isOpen and reports requests with onOpenChange', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    function Controlled() {
      const [isOpen, setIsOpen] = useState(false);
      return (
        <ClickPopover
          isOpen={isOpen}
          onOpenChange={(next) => {
            onOpenChange(next);
            setIsOpen(next);
          }}
        />
      );
    }
    render(<Controlled />);
    await user.click(screen.getByRole('button', { name: 'Pipeline' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it("keeps the consumer's click handler and ref", async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    let element: HTMLButtonElement | null = null;
    render(
      <Popover content="Body">
        <button
          type="button"
          onClick={onClick}
          ref={(node) => {
            element = node;
          }}
        >
          Trigger
        </button>
      </Popover>,
    );
    await user.click(screen.getByRole('button'));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(element).toBe(screen.getByRole('button', { name: 'Trigger' }));
  });
});

describe('Popover: hover', () => {
  function HoverPopover() {
    return (
      <>
        <Popover trigger="hover" title="Ada Lovelace" content="@ada">
          <a href="#ada">Ada</a>
        </Popover>
        <p>elsewhere</p>
      </>
    );
  }
  function enter(element: Element) {
    fireEvent.pointerMove(document.body, mouse);
    fireEvent.pointerOver(element, mouse);
  }
  function leave(element: Element, to: Element) {
    fireEvent.pointerOut(element, { ...mouse, relatedTarget: to });
  }

  it(`shows ${POPOVER_DELAY.show} ms after the pointer arrives and hides ${POPOVER_DELAY.hide} ms after it leaves`, async () => {
    vi.useFakeTimers();
    render(<HoverPopover />);
    const trigger = screen.getByRole('link', { name: 'Ada' });
    enter(trigger);
    await act(() => vi.advanceTimersByTimeAsync(POPOVER_DELAY.show - 1));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const popover = screen.getByRole('dialog', { hidden: true });
    expect(popover).toHaveAttribute('data-trigger', 'hover');
    expect(trigger).toHaveAttribute('aria-describedby', popover.id);
    leave(trigger, screen.getByText('elsewhere'));
    await act(() => vi.advanceTimersByTimeAsync(POPOVER_DELAY.hide - 1));
    expect(screen.getByRole('dialog', { hidden: true })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('stays open while the pointer is on the popover (hoverable content)', async () => {
    vi.useFakeTimers();
    render(<HoverPopover />);
    const trigger = screen.getByRole('link', { name: 'Ada' });
    enter(trigger);
    await act(() => vi.advanceTimersByTimeAsync(POPOVER_DELAY.show));
    const popover = screen.getByRole('dialog', { hidden: true });
    leave(trigger, popover);
    fireEvent.pointerOver(popover, { ...mouse, relatedTarget: trigger });
    await act(() => vi.advanceTimersByTimeAsync(POPOVER_DELAY.hide * 2));
    expect(screen.getByRole('dialog', { hidden: true })).toBeInTheDocument();
    fireEvent.pointerOut(popover, { ...mouse, relatedTarget: screen.getByText('elsewhere') });
    await act(() => vi.advanceTimersByTimeAsync(POPOVER_DELAY.hide));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('shows on keyboard focus without taking focus, and closes on Escape', async () => {
    const user = userEvent.setup();
    render(<HoverPopover />);
    await user.tab();
    const trigger = screen.getByRole('link', { name: 'Ada' });
    expect(await screen.findByRole('dialog', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAccessibleDescription(/@ada/);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Popover: shouldKeepMounted', () => {
  function Counter() {
    const [count, setCount] = useState(0);
    return (
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        Clicked {count}
      </button>
    );
  }

  it('renders nothing before the first opening, then hides its content when closed (not focusable, out of the accessibility tree) and shows it again with its state', async () => {
    const user = userEvent.setup();
    render(<ClickPopover shouldKeepMounted content={<Counter />} />);
    const trigger = screen.getByRole('button', { name: 'Pipeline' });
    expect(screen.queryByText(/Clicked/)).toBeNull();
    await user.click(trigger);
    await screen.findByRole('dialog', { name: 'Pipeline status' });
    await user.click(screen.getByRole('button', { name: 'Clicked 0' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // Still in the page, hidden: no role query finds it, Tab skips it.
    const kept = screen.getByText('Clicked 1', { selector: 'button' });
    const hidden = kept.closest<HTMLElement>('[data-component="Popover"]')!;
    expect(hidden).toHaveAttribute('data-state', 'closed');
    expect(hidden.style.visibility).toBe('hidden');
    expect(hidden.style.contentVisibility).toBe('hidden');
    expect(screen.queryByRole('button', { name: 'Clicked 1' })).toBeNull();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Outside' })).toHaveFocus();
    // Shown again, the same content (its state kept).
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Pipeline status' });
    expect(within(dialog).getByRole('button', { name: 'Clicked 1' })).toBe(kept);
  });

  it('prerender renders the content hidden before the first opening; the opening shows that same content', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<ClickPopover shouldKeepMounted content={<Counter />} />);
    expect(screen.queryByText(/Clicked/)).toBeNull();
    rerender(<ClickPopover shouldKeepMounted prerender content={<Counter />} />);
    const early = screen.getByText('Clicked 0', { selector: 'button' });
    expect(early.closest('[data-component="Popover"]')).toHaveAttribute('data-state', 'closed');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clicked 0' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pipeline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pipeline status' });
    expect(within(dialog).getByRole('button', { name: 'Clicked 0' })).toBe(early);
  });

  it('prerender does nothing without shouldKeepMounted', () => {
    render(<ClickPopover prerender content={<Counter />} />);
    expect(screen.queryByText(/Clicked/)).toBeNull();
  });

  it('without it, closing unmounts the content', async () => {
    const user = userEvent.setup();
    render(<ClickPopover content={<Counter />} />);
    await user.click(screen.getByRole('button', { name: 'Pipeline' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(/Clicked/)).toBeNull());
  });
});
