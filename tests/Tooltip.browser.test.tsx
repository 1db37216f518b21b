// Real Chromium: keyboard focus versus mouse focus, real hover, placement and flipping with the
// boundary padding, the z-index and colours from the tokens, hiding on scroll out of view and when
// the target is hidden, and the delegated manager with real input.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Tooltip, TOOLTIP_DELAY_STORAGE_KEY } from '../src/components/Tooltip';
import { initTooltips } from '../src/components/Tooltip/tooltipManager';
import { TOOLTIP_OFFSET } from '../src/components/Tooltip/TooltipBubble';
import { COLOR_MODE_ATTRIBUTE, TOOLTIP_BOUNDARY_PADDING, Z_INDEX } from '../src/tokens';
import { removeStorage, writeStorage } from '../src/utils/storage';

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

/** The tooltip once it is positioned (hidden until then). */
async function findShownTooltip() {
  return vi.waitFor(() => {
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toBeVisible();
    return tooltip;
  });
}

/** The computed value of a colour custom property. */
function tokenColor(name: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${name})`;
  document.body.append(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
}

beforeEach(() => {
  writeStorage('local', TOOLTIP_DELAY_STORAGE_KEY, 0); // no waiting on hover in these tests
});

afterEach(async () => {
  removeStorage('local', TOOLTIP_DELAY_STORAGE_KEY);
  document.documentElement.removeAttribute(COLOR_MODE_ATTRIBUTE);
  await userEvent.unhover(document.body).catch(() => {});
});

function Row({ children, style }: { children?: React.ReactNode; style?: React.CSSProperties }) {
  return <div style={{ padding: '160px 200px', display: 'flex', gap: 40, ...style }}>{children}</div>;
}

describe('Tooltip with a real keyboard and mouse', () => {
  it('shows on Tab focus and hides on Escape, keeping focus on the trigger', async () => {
    render(
      <Row>
        <button type="button">Before</button>
        <Tooltip content="Edit title">
          <button type="button">Edit</button>
        </Tooltip>
      </Row>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Before' }));
    await userEvent.keyboard('{Tab}');
    const trigger = screen.getByRole('button', { name: 'Edit' });
    expect(trigger).toHaveFocus();
    const tooltip = await findShownTooltip();
    expect(tooltip).toHaveTextContent('Edit title');
    expect(trigger).toHaveAccessibleDescription('Edit title');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('does not show on mouse-click focus alone', async () => {
    render(
      <Row>
        <Tooltip content="Keyboard only" triggers={['focus']}>
          <button type="button">Focus trigger</button>
        </Tooltip>
        <Tooltip content="Hover and focus">
          <button type="button">Default trigger</button>
        </Tooltip>
      </Row>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Focus trigger' }));
    expect(screen.getByRole('button', { name: 'Focus trigger' })).toHaveFocus();
    await nextFrame();
    expect(screen.queryByRole('tooltip')).toBeNull();
    // The default trigger shows on hover, but the press closes it and the focus does not reopen it.
    await userEvent.click(screen.getByRole('button', { name: 'Default trigger' }));
    expect(screen.getByRole('button', { name: 'Default trigger' })).toHaveFocus();
    await nextFrame();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows on real hover and hides when the mouse leaves', async () => {
    render(
      <Row>
        <Tooltip content="Merge request !42">
          <button type="button">!42</button>
        </Tooltip>
        <span>elsewhere</span>
      </Row>,
    );
    await userEvent.hover(screen.getByRole('button'));
    expect(await findShownTooltip()).toHaveTextContent('Merge request !42');
    await userEvent.hover(screen.getByText('elsewhere'));
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});

describe('Tooltip geometry and look', () => {
  it('sits above its target by default, centred, with its arrow pointing down at it', async () => {
    render(
      <Row>
        <Tooltip content="Above" defaultOpen>
          <button type="button">Target</button>
        </Tooltip>
      </Row>,
    );
    const tooltip = await findShownTooltip();
    const box = tooltip.getBoundingClientRect();
    const target = screen.getByRole('button').getBoundingClientRect();
    expect(tooltip).toHaveAttribute('data-placement', 'top');
    expect(Math.round(target.top - box.bottom)).toBe(TOOLTIP_OFFSET);
    expect(Math.abs(box.left + box.width / 2 - (target.left + target.width / 2))).toBeLessThanOrEqual(1);
    const arrow = tooltip.querySelector('[data-component="Tooltip.Arrow"]') as HTMLElement;
    const tip = arrow.getBoundingClientRect();
    expect(tip.bottom).toBeGreaterThan(box.bottom);
    expect(Math.abs(tip.left + tip.width / 2 - (target.left + target.width / 2))).toBeLessThanOrEqual(1);
  });

  it(`flips below a target closer than ${TOOLTIP_BOUNDARY_PADDING} px to the top, and shifts away from the side`, async () => {
    render(
      <div style={{ position: 'fixed', top: 20, left: 0 }}>
        <Tooltip content="A tooltip long enough to need shifting away from the viewport edge" defaultOpen>
          <button type="button">Corner</button>
        </Tooltip>
      </div>,
    );
    const tooltip = await findShownTooltip();
    const box = tooltip.getBoundingClientRect();
    expect(tooltip).toHaveAttribute('data-placement', 'bottom');
    expect(box.top).toBeGreaterThan(screen.getByRole('button').getBoundingClientRect().bottom);
    expect(box.left).toBeGreaterThanOrEqual(TOOLTIP_BOUNDARY_PADDING);
  });

  it('puts start on the left in left-to-right text and on the right in right-to-left text', async () => {
    render(
      <Row>
        <Tooltip content="Start LTR" placement="start" isOpen>
          <button type="button">LTR</button>
        </Tooltip>
        <div dir="rtl">
          <Tooltip content="Start RTL" placement="start" isOpen>
            <button type="button">RTL</button>
          </Tooltip>
        </div>
      </Row>,
    );
    await vi.waitFor(() => expect(screen.getAllByRole('tooltip')).toHaveLength(2));
    const [ltr, rtl] = screen.getAllByRole('tooltip') as [HTMLElement, HTMLElement];
    await vi.waitFor(() => expect(ltr).toBeVisible());
    expect(ltr).toHaveAttribute('data-placement', 'left');
    expect(rtl).toHaveAttribute('data-placement', 'right');
  });

  it('uses the tooltip z-index and inverse colours, in light and dark mode', async () => {
    render(
      <Row>
        <Tooltip content="Layered" defaultOpen>
          <button type="button">Layered</button>
        </Tooltip>
      </Row>,
    );
    const tooltip = await findShownTooltip();
    expect(getComputedStyle(tooltip).zIndex).toBe(String(Z_INDEX.tooltip));
    expect(getComputedStyle(tooltip).position).toBe('absolute');
    expect(getComputedStyle(tooltip).backgroundColor).toBe(tokenColor('--fk-color-background-inverse'));
    const light = getComputedStyle(tooltip).backgroundColor;
    document.documentElement.setAttribute(COLOR_MODE_ATTRIBUTE, 'dark');
    expect(getComputedStyle(tooltip).backgroundColor).toBe(tokenColor('--fk-color-background-inverse'));
    expect(getComputedStyle(tooltip).backgroundColor).not.toBe(light);
    expect(getComputedStyle(tooltip).color).toBe(tokenColor('--fk-color-text-inverse'));
  });
});

describe('Tooltip and its target going away', () => {
  it('hides when the target scrolls out of view', async () => {
    render(
      <div data-testid="scroller" style={{ height: 200, overflow: 'auto', marginTop: 120 }}>
        <div style={{ height: 80 }} />
        <Tooltip content="Scrolls away" defaultOpen>
          <button type="button">Scrolled</button>
        </Tooltip>
        <div style={{ height: 1000 }} />
      </div>,
    );
    await findShownTooltip();
    screen.getByTestId('scroller').scrollTop = 400;
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('hides when the target is hidden', async () => {
    render(
      <Row>
        <div data-testid="parent">
          <Tooltip content="Hidden soon" defaultOpen>
            <button type="button">Hidden</button>
          </Tooltip>
        </div>
      </Row>,
    );
    await findShownTooltip();
    screen.getByTestId('parent').style.visibility = 'hidden';
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});

describe('initTooltips with real input', () => {
  afterEach(() => act(() => initTooltips().destroy()));

  it('serves server-rendered markup on hover and on Tab, and closes on Escape', async () => {
    const { container } = render(<Row />);
    container.firstElementChild!.innerHTML =
      '<button type="button">Start</button>' +
      '<a href="#p" class="has-tooltip" title="Pipeline #1024 passed">#1024</a>' +
      '<button type="button" class="has-tooltip" data-placement="bottom" title="Star this project"><svg width="16" height="16" aria-hidden="true"></svg></button>';
    initTooltips();
    await userEvent.hover(screen.getByRole('link', { name: '#1024' }));
    expect(await findShownTooltip()).toHaveTextContent('Pipeline #1024 passed');
    expect(screen.getByRole('link')).toHaveAccessibleDescription('Pipeline #1024 passed');
    await userEvent.hover(screen.getByRole('button', { name: 'Start' }));
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    await userEvent.keyboard('{Tab}{Tab}');
    const star = screen.getByRole('button', { name: 'Star this project' });
    expect(star).toHaveFocus();
    const tooltip = await findShownTooltip();
    expect(tooltip).toHaveTextContent('Star this project');
    expect(tooltip).toHaveAttribute('data-placement', 'bottom');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(star).toHaveFocus();
  });

  it('hides the tooltip of a focused target React removes, without rendering inside its commit', async () => {
    const errors = vi.spyOn(console, 'error');
    function Toolbar({ starred }: { starred: boolean }) {
      return (
        <Row>
          <button type="button">Start</button>
          {!starred && (
            <button type="button" className="has-tooltip" title="Star this project">
              Star
            </button>
          )}
        </Row>
      );
    }
    const { rerender } = render(<Toolbar starred={false} />);
    initTooltips();
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    await userEvent.keyboard('{Tab}');
    expect(await findShownTooltip()).toHaveTextContent('Star this project');
    // Chromium fires focusout for the removed, focused button in the middle of React's commit.
    rerender(<Toolbar starred />);
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(errors.mock.calls.flat().join('\n')).not.toContain('flushSync');
  });
});
