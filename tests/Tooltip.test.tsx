// Tooltip in jsdom: triggers, delays (product default, storage override, prop), ARIA, the title
// fallback, empty content, Escape, click toggling, hiding when the target goes away, one at a time.
// Layout, placement and real keyboard/mouse focus are in Tooltip.browser.test.tsx.
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement, type Ref } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TOOLTIP_DELAY_STORAGE_KEY } from '../src/components/Tooltip';
import {
  isEmptyTooltipContent,
  parsePlacement,
  parseTriggers,
  resolveTooltipDelay,
} from '../src/components/Tooltip/tooltipOptions';
import { TOOLTIP_DELAY, TOOLTIP_VISIBILITY_CHECK_INTERVAL } from '../src/tokens';
import { removeStorage, writeStorage } from '../src/utils/storage';

/** Lets positioning (a promise) and React settle. */
const settle = () => act(async () => {});

function setup() {
  return userEvent.setup();
}

// With fake timers, user-event's async wrapper waits on a faked setTimeout: these helpers dispatch
// the events a mouse sends, synchronously.
const mouse = { pointerType: 'mouse' };
function mouseEnter(element: Element) {
  fireEvent.pointerMove(document.body, mouse);
  fireEvent.pointerOver(element, mouse);
  fireEvent.mouseOver(element);
}
function mouseLeave(element: Element) {
  fireEvent.pointerOut(element, mouse);
  fireEvent.mouseOut(element);
}
function mouseClick(element: HTMLElement) {
  mouseEnter(element);
  fireEvent.pointerDown(element, mouse);
  fireEvent.mouseDown(element);
  act(() => element.focus());
  fireEvent.pointerUp(element, mouse);
  fireEvent.mouseUp(element);
  fireEvent.click(element);
}

afterEach(() => {
  removeStorage('local', TOOLTIP_DELAY_STORAGE_KEY);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Tooltip: showing and hiding', () => {
  it('shows on hover as role tooltip describing the trigger, and hides when the pointer leaves', async () => {
    const user = setup();
    render(
      <Tooltip content="Merge request !42" delay={0}>
        <button type="button">!42</button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: '!42' });
    await user.hover(trigger);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Merge request !42');
    expect(tooltip).toHaveAttribute('data-component', 'Tooltip');
    expect(tooltip).toHaveAttribute('data-state', 'open');
    expect(tooltip.parentElement).toBe(document.body); // portalled
    expect(trigger).toHaveAttribute('aria-describedby', tooltip.id);
    expect(trigger).toHaveAccessibleDescription('Merge request !42');
    await user.unhover(trigger);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(trigger).not.toHaveAttribute('aria-describedby');
  });

  it('waits the product delay (show 500 ms) on hover and hides at once (hide 0 ms)', async () => {
    vi.useFakeTimers();
    render(
      <Tooltip content="Pipeline passed">
        <button type="button">Pipeline</button>
      </Tooltip>,
    );
    mouseEnter(screen.getByRole('button'));
    await act(() => vi.advanceTimersByTimeAsync(TOOLTIP_DELAY.show - 1));
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent('Pipeline passed');
    mouseLeave(screen.getByRole('button'));
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });

  it('shows at once on keyboard focus and hides on blur', async () => {
    const user = setup();
    render(
      <>
        <Tooltip content="Edit title">
          <button type="button">Edit</button>
        </Tooltip>
        <button type="button">Next</button>
      </>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Edit title');
    await user.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('does not show on mouse focus alone (focus trigger), nor after a click on a hover trigger', async () => {
    vi.useFakeTimers();
    render(
      <>
        <Tooltip content="Focus only" triggers={['focus']}>
          <button type="button">First</button>
        </Tooltip>
        <Tooltip content="Hover and focus">
          <button type="button">Second</button>
        </Tooltip>
      </>,
    );
    mouseClick(screen.getByRole('button', { name: 'First' }));
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    mouseClick(screen.getByRole('button', { name: 'Second' }));
    expect(screen.getByRole('button', { name: 'Second' })).toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(TOOLTIP_DELAY.show * 2));
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });

  it('closes on Escape', async () => {
    const user = setup();
    render(
      <Tooltip content="Star this project">
        <button type="button">Star</button>
      </Tooltip>,
    );
    await user.tab();
    await screen.findByRole('tooltip');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('toggles on click with the click trigger, and closes on a press elsewhere', async () => {
    const user = setup();
    const onClick = vi.fn();
    render(
      <>
        <Tooltip content="Copied SHA" triggers={['click']}>
          <button type="button" onClick={onClick}>
            SHA
          </button>
        </Tooltip>
        <button type="button">Elsewhere</button>
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'SHA' });
    await user.click(trigger);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copied SHA');
    expect(onClick).toHaveBeenCalledTimes(1); // the consumer's handler still runs
    await user.click(trigger);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.click(trigger);
    await screen.findByRole('tooltip');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows one tooltip at a time', async () => {
    const user = setup();
    render(
      <>
        <Tooltip content="First tooltip" delay={0}>
          <button type="button">One</button>
        </Tooltip>
        <Tooltip content="Second tooltip" triggers={['click']}>
          <button type="button">Two</button>
        </Tooltip>
      </>,
    );
    await user.hover(screen.getByRole('button', { name: 'One' }));
    await screen.findByRole('tooltip');
    await user.click(screen.getByRole('button', { name: 'Two' }));
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Second tooltip');
  });
});

describe('Tooltip: delays', () => {
  beforeEach(() => vi.useFakeTimers());

  async function hoverAndCount(element: ReactElement, steps: number[]) {
    render(element);
    mouseEnter(screen.getByRole('button'));
    const seen: boolean[] = [];
    for (const step of steps) {
      await act(() => vi.advanceTimersByTimeAsync(step));
      seen.push(screen.queryByRole('tooltip', { hidden: true }) !== null);
    }
    return seen;
  }

  it('reads a delay override from local storage (a number for both)', async () => {
    writeStorage('local', TOOLTIP_DELAY_STORAGE_KEY, 0);
    const seen = await hoverAndCount(
      <Tooltip content="Instant">
        <button type="button">Instant</button>
      </Tooltip>,
      [0],
    );
    expect(seen).toEqual([true]);
  });

  it('reads { show, hide } from local storage', async () => {
    writeStorage('local', TOOLTIP_DELAY_STORAGE_KEY, { show: 100 });
    const seen = await hoverAndCount(
      <Tooltip content="Faster">
        <button type="button">Faster</button>
      </Tooltip>,
      [99, 1],
    );
    expect(seen).toEqual([false, true]);
  });

  it('lets an explicit delay prop win over the stored override', async () => {
    writeStorage('local', TOOLTIP_DELAY_STORAGE_KEY, 0);
    const seen = await hoverAndCount(
      <Tooltip content="Explicit" delay={{ show: 200 }}>
        <button type="button">Explicit</button>
      </Tooltip>,
      [199, 1],
    );
    expect(seen).toEqual([false, true]);
  });

  it('applies a hide delay', async () => {
    render(
      <Tooltip content="Lingers" delay={{ show: 0, hide: 300 }}>
        <button type="button">Lingers</button>
      </Tooltip>,
    );
    mouseEnter(screen.getByRole('button'));
    await settle();
    mouseLeave(screen.getByRole('button'));
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(screen.getByRole('tooltip', { hidden: true })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });

  it('resolves delays field by field: prop, then storage, then default', () => {
    const fallback = { show: TOOLTIP_DELAY.show, hide: TOOLTIP_DELAY.hide };
    expect(resolveTooltipDelay(undefined, fallback)).toEqual({ show: 500, hide: 0 });
    writeStorage('local', TOOLTIP_DELAY_STORAGE_KEY, { hide: 40, show: 'soon' });
    expect(resolveTooltipDelay(undefined, fallback)).toEqual({ show: 500, hide: 40 });
    expect(resolveTooltipDelay({ show: 10 }, fallback)).toEqual({ show: 10, hide: 40 });
    expect(resolveTooltipDelay(7, fallback)).toEqual({ show: 7, hide: 7 });
  });
});

describe('Tooltip: content, title and ARIA', () => {
  it('renders no tooltip at all when content and title are empty', async () => {
    const user = setup();
    render(
      <Tooltip content="  " delay={0} isOpen>
        <button type="button">Empty</button>
      </Tooltip>,
    );
    await user.hover(screen.getByRole('button'));
    await settle();
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
    expect(screen.getByRole('button')).not.toHaveAttribute('aria-describedby');
    expect(isEmptyTooltipContent(null)).toBe(true);
    expect(isEmptyTooltipContent(['', false])).toBe(true);
    expect(isEmptyTooltipContent(0)).toBe(false);
  });

  it("uses the trigger's title when content is empty and moves it aside", async () => {
    const user = setup();
    render(
      <Tooltip delay={0}>
        <button type="button" title="Assigned to Ada">
          Assignee
        </button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Assignee' });
    expect(trigger).not.toHaveAttribute('title');
    expect(trigger).toHaveAttribute('data-original-title', 'Assigned to Ada');
    expect(trigger).not.toHaveAttribute('aria-label'); // its text names it
    await user.hover(trigger);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Assigned to Ada');
    expect(trigger).toHaveAccessibleDescription('Assigned to Ada');
  });

  it('keeps an icon-only title as the name, and does not describe the trigger with it again', async () => {
    const user = setup();
    const { unmount } = render(
      <Tooltip delay={0}>
        <button type="button" title="Star this project">
          <svg aria-hidden="true" />
        </button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Star this project' });
    expect(trigger).not.toHaveAttribute('title');
    await user.hover(trigger);
    await screen.findByRole('tooltip');
    expect(trigger).not.toHaveAttribute('aria-describedby');
    unmount();
  });

  it('gives the title back when the tooltip no longer uses it', () => {
    const { rerender } = render(
      <Tooltip>
        <button type="button" title="Old title">
          Button
        </button>
      </Tooltip>,
    );
    expect(screen.getByRole('button')).not.toHaveAttribute('title');
    rerender(
      <Tooltip content="Content now">
        <button type="button" title="Old title">
          Button
        </button>
      </Tooltip>,
    );
    expect(screen.getByRole('button')).toHaveAttribute('title', 'Old title');
    expect(screen.getByRole('button')).not.toHaveAttribute('data-original-title');
  });

  it('with type="label" does not add aria-describedby', async () => {
    const user = setup();
    render(
      <Tooltip content="Edit title" type="label" delay={0}>
        <button type="button" aria-label="Edit title" aria-describedby="hint">
          <svg aria-hidden="true" />
        </button>
      </Tooltip>,
    );
    await user.hover(screen.getByRole('button'));
    await screen.findByRole('tooltip');
    expect(screen.getByRole('button')).toHaveAttribute('aria-describedby', 'hint');
  });

  it("keeps the consumer's aria-describedby, props, handlers and ref", async () => {
    const user = setup();
    const onMouseEnter = vi.fn();
    const onFocus = vi.fn();
    let element: HTMLButtonElement | null = null;
    const ref: Ref<HTMLButtonElement> = (node) => {
      element = node;
    };
    render(
      <>
        <span id="hint">Hint</span>
        <Tooltip content="Tip" delay={0}>
          <button
            type="button"
            ref={ref}
            className="mine"
            aria-describedby="hint"
            onMouseEnter={onMouseEnter}
            onFocus={onFocus}
          >
            Trigger
          </button>
        </Tooltip>
      </>,
    );
    const trigger = screen.getByRole('button');
    expect(element).toBe(trigger);
    expect(trigger).toHaveClass('mine');
    expect(trigger.parentElement?.tagName).toBe('DIV'); // not wrapped in a span
    await user.hover(trigger);
    const tooltip = await screen.findByRole('tooltip');
    expect(trigger).toHaveAttribute('aria-describedby', `hint ${tooltip.id}`);
    expect(onMouseEnter).toHaveBeenCalled();
    await user.tab();
    await user.tab({ shift: true });
    expect(onFocus).toHaveBeenCalled();
  });

  it('warns when the trigger does not take a ref (target not found)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    function NoRef(props: { children: string }) {
      return <button type="button">{props.children}</button>;
    }
    render(
      <Tooltip content="Lost">
        <NoRef>No ref</NoRef>
      </Tooltip>,
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Tooltip target not found'));
  });

  it('keeps the same trigger element when content comes and goes (no remount, focus kept)', async () => {
    const { rerender } = render(
      <Tooltip content="">
        <button type="button">Crumb</button>
      </Tooltip>,
    );
    const before = screen.getByRole('button');
    act(() => before.focus());
    rerender(
      <Tooltip content="A very long breadcrumb">
        <button type="button">Crumb</button>
      </Tooltip>,
    );
    expect(screen.getByRole('button')).toBe(before);
    expect(before).toHaveFocus();
    rerender(
      <Tooltip content="A very long breadcrumb" isDisabled>
        <button type="button">Crumb</button>
      </Tooltip>,
    );
    expect(screen.getByRole('button')).toBe(before);
  });

  it('shows nothing when disabled, even when open', async () => {
    render(
      <Tooltip content="Disabled" isDisabled isOpen>
        <button type="button">Disabled</button>
      </Tooltip>,
    );
    await settle();
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });
});

describe('Tooltip: open state', () => {
  it('is open from the start with defaultOpen', async () => {
    render(
      <Tooltip content="Open" defaultOpen>
        <button type="button">Open</button>
      </Tooltip>,
    );
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Open');
  });

  it('follows isOpen and reports requests with onOpenChange', async () => {
    const user = setup();
    const onOpenChange = vi.fn();
    function Controlled() {
      const [isOpen, setIsOpen] = useState(false);
      return (
        <Tooltip
          content="Controlled"
          delay={0}
          isOpen={isOpen}
          onOpenChange={(next) => {
            onOpenChange(next);
            setIsOpen(next);
          }}
        >
          <button type="button">Controlled</button>
        </Tooltip>
      );
    }
    render(<Controlled />);
    await user.hover(screen.getByRole('button'));
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    await screen.findByRole('tooltip');
    await user.unhover(screen.getByRole('button'));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('stays closed when isOpen is false, whatever the user does', async () => {
    const user = setup();
    render(
      <Tooltip content="Never" delay={0} isOpen={false}>
        <button type="button">Never</button>
      </Tooltip>,
    );
    await user.hover(screen.getByRole('button'));
    await settle();
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });
});

describe('Tooltip: the target going away', () => {
  it(`hides when the target is hidden (checked every ${TOOLTIP_VISIBILITY_CHECK_INTERVAL} ms)`, async () => {
    vi.useFakeTimers();
    render(
      <div data-testid="parent">
        <Tooltip content="Watching" defaultOpen>
          <button type="button">Watched</button>
        </Tooltip>
      </div>,
    );
    await act(() => vi.advanceTimersByTimeAsync(TOOLTIP_VISIBILITY_CHECK_INTERVAL));
    expect(screen.getByRole('tooltip', { hidden: true })).toBeInTheDocument();
    screen.getByTestId('parent').style.display = 'none';
    await act(() => vi.advanceTimersByTimeAsync(TOOLTIP_VISIBILITY_CHECK_INTERVAL - 1));
    expect(screen.getByRole('tooltip', { hidden: true })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });

  it('hides when the target scrolls out of view (IntersectionObserver)', async () => {
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    class FakeObserver {
      targets: Element[] = [];
      constructor(public callback: IntersectionObserverCallback) {
        observers.push(this);
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(
      <Tooltip content="In view" defaultOpen>
        <button type="button">Scrolled</button>
      </Tooltip>,
    );
    await screen.findByRole('tooltip');
    const observer = observers.at(-1);
    expect(observer?.targets).toEqual([screen.getByRole('button')]);
    act(() =>
      observer?.callback(
        [{ isIntersecting: false, target: screen.getByRole('button') } as unknown as IntersectionObserverEntry],
        observer as unknown as IntersectionObserver,
      ),
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    vi.unstubAllGlobals();
  });
});

describe('Tooltip: markup options', () => {
  it('reads placements and triggers from markup', () => {
    expect(parsePlacement('bottom')).toBe('bottom');
    expect(parsePlacement('nonsense')).toBe('top');
    expect(parsePlacement(null)).toBe('top');
    expect(parseTriggers(null)).toEqual(['hover', 'focus']);
    expect(parseTriggers('click')).toEqual(['click']);
    expect(parseTriggers('hover')).toEqual(['hover', 'focus']);
    expect(parseTriggers('manual')).toEqual([]);
  });
});
