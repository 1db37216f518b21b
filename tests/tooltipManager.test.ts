// The delegated tooltip manager (initTooltips) in jsdom: lazy serving of server-rendered markup,
// data attributes, triggers, title handling, the API (add, dispose, fixTitle, enable, disable, show,
// hide, destroy), Escape, and hiding when targets go away.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addTooltips, destroyTooltips, initTooltips, showTooltip } from '../src/components/Tooltip/tooltipManager';
import { TOOLTIP_DELAY_STORAGE_KEY, TOOLTIP_SELECTOR } from '../src/components/Tooltip';
import { TOOLTIP_DELAY, TOOLTIP_VISIBILITY_CHECK_INTERVAL } from '../src/tokens';
import { removeStorage, writeStorage } from '../src/utils/storage';

const LIBRARY_DELAY = TOOLTIP_DELAY.libraryDefault;

function page(html: string) {
  document.body.innerHTML = html;
}

/** Runs timers (delays, positioning, React) inside act. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function hover(element: Element, from: Element | null = null) {
  act(() => {
    fireEvent.mouseOver(element, { relatedTarget: from });
  });
}
function unhover(element: Element, to: Element | null = null) {
  act(() => {
    fireEvent.mouseOut(element, { relatedTarget: to });
  });
}
function keyboardFocus(element: HTMLElement) {
  act(() => {
    fireEvent.keyDown(document.body, { key: 'Tab' });
    element.focus();
  });
}
const tooltip = () => screen.queryByRole('tooltip', { hidden: true });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(async () => {
  // The manager's root unmounts a microtask after destroy: inside act.
  await act(async () => {
    destroyTooltips();
    await Promise.resolve();
  });
  removeStorage('local', TOOLTIP_DELAY_STORAGE_KEY);
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('initTooltips: lazy, delegated', () => {
  it('does no per-element work at init: titles stay, no React root, no tooltip', () => {
    page(
      Array.from({ length: 1000 }, (_, i) => `<button class="has-tooltip" title="Tip ${i}">B${i}</button>`).join(''),
    );
    const querySelectorAll = vi.spyOn(document, 'querySelectorAll');
    initTooltips({ selector: TOOLTIP_SELECTOR });
    expect(querySelectorAll).not.toHaveBeenCalled();
    expect(document.querySelectorAll('[title]')).toHaveLength(1000);
    expect(document.querySelector('[data-original-title]')).toBeNull();
    expect(document.querySelector('[data-fk-tooltip-root]')).toBeNull();
  });

  it('serves a hovered target after the library delay (50 ms) and hides it 50 ms after the pointer leaves', async () => {
    page('<p><a href="#p" class="has-tooltip" title="Pipeline passed">#1</a></p>');
    initTooltips();
    const link = screen.getByRole('link');
    hover(link);
    await wait(LIBRARY_DELAY - 1);
    expect(tooltip()).toBeNull();
    await wait(1);
    expect(tooltip()).toHaveTextContent('Pipeline passed');
    expect(link).toHaveAttribute('aria-describedby', tooltip()?.id);
    expect(link).not.toHaveAttribute('title');
    expect(link).toHaveAttribute('data-original-title', 'Pipeline passed');
    expect(document.querySelectorAll('[data-fk-tooltip-root]')).toHaveLength(1);
    unhover(link);
    await wait(LIBRARY_DELAY - 1);
    expect(tooltip()).not.toBeNull();
    await wait(1);
    expect(tooltip()).toBeNull();
    expect(link).not.toHaveAttribute('aria-describedby');
  });

  it('serves [data-toggle="tooltip"] and a child of a target, ignoring moves inside the target', async () => {
    page('<span data-toggle="tooltip" title="Created 3 days ago"><b>3</b> days ago</span>');
    initTooltips();
    const target = document.querySelector('span') as HTMLElement;
    const inner = document.querySelector('b') as HTMLElement;
    hover(inner);
    await wait(LIBRARY_DELAY);
    expect(tooltip()).toHaveTextContent('Created 3 days ago');
    unhover(inner, target); // moving from the child to the target itself
    await wait(LIBRARY_DELAY);
    expect(tooltip()).not.toBeNull();
  });

  it('reads the local-storage delay override', async () => {
    writeStorage('local', TOOLTIP_DELAY_STORAGE_KEY, { show: 0 });
    page('<button class="has-tooltip" title="Now">Now</button>');
    initTooltips();
    hover(screen.getByRole('button'));
    await wait(0);
    expect(tooltip()).toHaveTextContent('Now');
  });

  it('shows nothing for an empty title (spec section 5)', async () => {
    page('<button class="has-tooltip" title="  ">Blank</button>');
    initTooltips();
    hover(screen.getByRole('button'));
    await wait(LIBRARY_DELAY * 2);
    expect(tooltip()).toBeNull();
    expect(document.querySelector('[data-fk-tooltip-root]')).toBeNull();
  });

  it('makes the title of an icon-only target its name, not also its description', async () => {
    page('<button class="has-tooltip" title="Star this project"><svg aria-hidden="true"></svg></button>');
    initTooltips();
    const star = screen.getByRole('button');
    hover(star);
    await wait(LIBRARY_DELAY);
    expect(tooltip()).toHaveTextContent('Star this project');
    expect(screen.getByRole('button', { name: 'Star this project' })).toBe(star);
    expect(star).not.toHaveAttribute('aria-describedby');
  });

  it('keeps the tooltip while the pointer moves onto it', async () => {
    page('<button class="has-tooltip" title="Hoverable">Target</button><p>elsewhere</p>');
    initTooltips();
    const target = screen.getByRole('button');
    hover(target);
    await wait(LIBRARY_DELAY);
    const bubble = tooltip() as HTMLElement;
    unhover(target, bubble);
    act(() => {
      fireEvent.mouseOver(bubble, { relatedTarget: target }); // React's mouseenter
    });
    await wait(LIBRARY_DELAY * 2);
    expect(tooltip()).not.toBeNull();
    act(() => {
      fireEvent.mouseOut(bubble, { relatedTarget: screen.getByText('elsewhere') });
    });
    await wait(LIBRARY_DELAY);
    expect(tooltip()).toBeNull();
  });
});

describe('initTooltips: triggers and keyboard', () => {
  it('shows at once on keyboard focus, not on mouse focus, and hides on blur', async () => {
    page('<button class="has-tooltip" title="Edit">E</button><button>Other</button>');
    initTooltips();
    const target = screen.getByRole('button', { name: 'E' });
    act(() => {
      fireEvent.pointerDown(target);
      target.focus();
    });
    await wait(LIBRARY_DELAY);
    expect(tooltip()).toBeNull();
    act(() => target.blur());
    keyboardFocus(target);
    await wait(0);
    expect(tooltip()).toHaveTextContent('Edit');
    keyboardFocus(screen.getByRole('button', { name: 'Other' }));
    await wait(0);
    expect(tooltip()).toBeNull();
  });

  it('toggles click-triggered targets and closes them on a press elsewhere; hover does nothing', async () => {
    page('<button class="has-tooltip" data-triggers="click" title="Copied">Copy</button><p>elsewhere</p>');
    initTooltips();
    const target = screen.getByRole('button');
    hover(target);
    await wait(LIBRARY_DELAY * 2);
    expect(tooltip()).toBeNull();
    act(() => {
      fireEvent.click(target);
    });
    await wait(0);
    expect(tooltip()).toHaveTextContent('Copied');
    act(() => {
      fireEvent.click(target);
    });
    await wait(0);
    expect(tooltip()).toBeNull();
    act(() => {
      fireEvent.click(target);
    });
    await wait(0);
    act(() => {
      fireEvent.pointerDown(screen.getByText('elsewhere'));
    });
    await wait(0);
    expect(tooltip()).toBeNull();
  });

  it('closes on Escape, and the Escape goes no further (the tooltip is the top layer)', async () => {
    page('<div id="dialog"><button class="has-tooltip" title="Tip">T</button></div>');
    initTooltips();
    const onKeyDown = vi.fn();
    document.getElementById('dialog')?.addEventListener('keydown', onKeyDown);
    const target = screen.getByRole('button');
    keyboardFocus(target);
    await wait(0);
    expect(tooltip()).not.toBeNull();
    onKeyDown.mockClear();
    act(() => {
      fireEvent.keyDown(target, { key: 'Escape' });
    });
    await wait(0);
    expect(tooltip()).toBeNull();
    expect(onKeyDown).not.toHaveBeenCalled();
    act(() => {
      fireEvent.keyDown(target, { key: 'Escape' });
    });
    expect(onKeyDown).toHaveBeenCalledTimes(1); // nothing open: Escape passes through
  });

  it('reads data-placement and data-container', async () => {
    page(
      '<div id="box"></div><button class="has-tooltip" data-placement="bottom" data-container="#box" title="Below">B</button>',
    );
    initTooltips();
    hover(screen.getByRole('button'));
    await wait(LIBRARY_DELAY);
    expect(tooltip()).toHaveAttribute('data-placement', 'bottom');
    expect(tooltip()?.parentElement).toBe(document.getElementById('box'));
  });

  it('warns about a missing container and uses document.body', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    page('<button class="has-tooltip" data-container="#nowhere" title="Here">B</button>');
    initTooltips();
    hover(screen.getByRole('button'));
    await wait(LIBRARY_DELAY);
    expect(tooltip()?.parentElement).toBe(document.body);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('#nowhere'));
  });
});

describe('initTooltips: targets going away', () => {
  it(`hides when the target is removed or hidden (checked every ${TOOLTIP_VISIBILITY_CHECK_INTERVAL} ms)`, async () => {
    page(
      '<div id="a"><button class="has-tooltip" title="A">A</button></div><button class="has-tooltip" title="B">B</button>',
    );
    initTooltips();
    act(() => showTooltip(screen.getByRole('button', { name: 'A' })));
    await wait(0);
    expect(tooltip()).toHaveTextContent('A');
    document.getElementById('a')?.remove();
    await wait(TOOLTIP_VISIBILITY_CHECK_INTERVAL);
    expect(tooltip()).toBeNull();

    const b = screen.getByRole('button', { name: 'B' });
    act(() => showTooltip(b));
    await wait(0);
    b.hidden = true;
    await wait(TOOLTIP_VISIBILITY_CHECK_INTERVAL - 1);
    expect(tooltip()).not.toBeNull();
    await wait(1);
    expect(tooltip()).toBeNull();
  });
});

describe('initTooltips: API', () => {
  it('is idempotent and adds a new selector to the same manager', async () => {
    page('<button class="custom" title="Custom">C</button>');
    const first = initTooltips();
    const second = initTooltips({ selector: '.custom' });
    expect(second).toBe(first);
    hover(screen.getByRole('button'));
    await wait(LIBRARY_DELAY);
    expect(tooltip()).toHaveTextContent('Custom');
  });

  it('add() serves elements that do not match the selector', async () => {
    page('<button title="Added">X</button>');
    initTooltips();
    const element = screen.getByRole('button');
    hover(element);
    await wait(LIBRARY_DELAY);
    expect(tooltip()).toBeNull();
    addTooltips([element]);
    hover(element);
    await wait(LIBRARY_DELAY);
    expect(tooltip()).toHaveTextContent('Added');
  });

  it('dispose() hides the tooltip and gives the title back', async () => {
    page('<button class="has-tooltip" title="Mine">M</button>');
    const manager = initTooltips();
    const element = screen.getByRole('button');
    act(() => manager.show(element));
    await wait(0);
    act(() => manager.dispose([element]));
    await wait(0);
    expect(tooltip()).toBeNull();
    expect(element).toHaveAttribute('title', 'Mine');
    expect(element).not.toHaveAttribute('data-original-title');
  });

  it('fixTitle() re-reads a title the page changed', async () => {
    page('<button class="has-tooltip" title="Follow">F</button>');
    const manager = initTooltips();
    const element = screen.getByRole('button');
    act(() => manager.show(element));
    await wait(0);
    element.setAttribute('title', 'Unfollow');
    act(() => manager.fixTitle(element));
    await wait(0);
    expect(tooltip()).toHaveTextContent('Unfollow');
    expect(element).not.toHaveAttribute('title');
    expect(element).toHaveAttribute('data-original-title', 'Unfollow');
  });

  it('disable() and enable(), for all or for some elements', async () => {
    page('<button class="has-tooltip" title="One">1</button><button class="has-tooltip" title="Two">2</button>');
    const manager = initTooltips();
    const [one, two] = screen.getAllByRole('button') as [HTMLElement, HTMLElement];
    act(() => manager.show(one));
    await wait(0);
    act(() => manager.disable());
    await wait(0);
    expect(tooltip()).toBeNull();
    hover(one);
    await wait(LIBRARY_DELAY);
    expect(tooltip()).toBeNull();
    act(() => manager.enable());
    act(() => manager.disable([two]));
    hover(two);
    await wait(LIBRARY_DELAY);
    expect(tooltip()).toBeNull();
    hover(one);
    await wait(LIBRARY_DELAY);
    expect(tooltip()).toHaveTextContent('One');
    act(() => manager.enable([two]));
    hover(two, one);
    await wait(LIBRARY_DELAY);
    expect(tooltip()).toHaveTextContent('Two'); // one at a time
  });

  it('show() and hide() by element or selector; a missing target logs a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    page('<button id="b" class="has-tooltip" title="Shown">S</button>');
    const manager = initTooltips();
    act(() => manager.show('#b'));
    await wait(0);
    expect(tooltip()).toHaveTextContent('Shown');
    act(() => manager.hide(document.getElementById('b')));
    await wait(0);
    expect(tooltip()).toBeNull();
    act(() => manager.show('#missing'));
    expect(warn).toHaveBeenCalledWith('forgekit: tooltip target not found:', '#missing');
  });

  it('destroy() removes the listeners and the root and gives every title back', async () => {
    page('<button class="has-tooltip" title="Gone">G</button>');
    const manager = initTooltips();
    const element = screen.getByRole('button');
    hover(element);
    await wait(LIBRARY_DELAY);
    expect(tooltip()).not.toBeNull();
    await act(async () => {
      manager.destroy();
      await Promise.resolve();
    });
    expect(tooltip()).toBeNull();
    expect(document.querySelector('[data-fk-tooltip-root]')).toBeNull();
    expect(element).toHaveAttribute('title', 'Gone');
    hover(element);
    await wait(LIBRARY_DELAY);
    expect(tooltip()).toBeNull();
    expect(initTooltips()).not.toBe(manager); // a new one can start
  });
});
