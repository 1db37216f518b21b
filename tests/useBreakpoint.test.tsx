import { act, render, renderHook, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import {
  breakpointForWidth,
  isDesktopBreakpoint,
  isNarrowerBreakpoint,
  useBreakpoint,
  useBreakpointChange,
} from '../src/hooks/useBreakpoint';
import { BREAKPOINTS, type Breakpoint } from '../src/tokens';

// jsdom has no matchMedia: the hook falls back to innerWidth and resize events.
function resizeTo(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

const initialWidth = window.innerWidth;
afterEach(() => resizeTo(initialWidth));

describe('breakpointForWidth', () => {
  it('uses the spec breakpoints: xl 1200, lg 992, md 768, sm 576, xs 0', () => {
    expect(BREAKPOINTS).toEqual({ xl: 1200, lg: 992, md: 768, sm: 576, xs: 0 });
  });

  it.each<[number, Breakpoint]>([
    [1920, 'xl'],
    [1200, 'xl'],
    [1199, 'lg'],
    [992, 'lg'],
    [991, 'md'],
    [768, 'md'],
    [767, 'sm'],
    [576, 'sm'],
    [575, 'xs'],
    [0, 'xs'],
  ])('%i px is %s (min-width)', (width, breakpoint) => {
    expect(breakpointForWidth(width)).toBe(breakpoint);
  });

  it('counts xl and lg as desktop', () => {
    expect((['xl', 'lg', 'md', 'sm', 'xs'] as const).filter(isDesktopBreakpoint)).toEqual(['xl', 'lg']);
  });

  it('orders breakpoints by width', () => {
    expect(isNarrowerBreakpoint('md', 'lg')).toBe(true);
    expect(isNarrowerBreakpoint('lg', 'md')).toBe(false);
    expect(isNarrowerBreakpoint('sm', 'sm')).toBe(false);
  });
});

describe('useBreakpoint', () => {
  it('reports the current breakpoint and isDesktop, and follows resizes', () => {
    resizeTo(1300);
    const { result } = renderHook(() => useBreakpoint());
    expect(result.current).toEqual({ breakpoint: 'xl', isDesktop: true });
    resizeTo(1000);
    expect(result.current).toEqual({ breakpoint: 'lg', isDesktop: true });
    resizeTo(800);
    expect(result.current).toEqual({ breakpoint: 'md', isDesktop: false });
    resizeTo(600);
    expect(result.current).toEqual({ breakpoint: 'sm', isDesktop: false });
    resizeTo(320);
    expect(result.current).toEqual({ breakpoint: 'xs', isDesktop: false });
  });

  it('stops listening when the last user unmounts', () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderHook(() => useBreakpoint());
    unmount();
    expect(remove).toHaveBeenCalledWith('resize', expect.any(Function));
    remove.mockRestore();
  });

  function Probe(props: { defaultBreakpoint?: Breakpoint }) {
    const { breakpoint, isDesktop } = useBreakpoint(props);
    return <output>{`${breakpoint} ${isDesktop ? 'desktop' : 'mobile'}`}</output>;
  }

  it('renders the server default (xl) on the server', () => {
    resizeTo(400);
    expect(renderToString(<Probe />)).toContain('xl desktop');
    expect(renderToString(<Probe defaultBreakpoint="sm" />)).toContain('sm mobile');
  });

  it('hydrates without a mismatch, then shows the real breakpoint', async () => {
    resizeTo(400);
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe />);
    document.body.append(container);
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Probe />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container).toHaveTextContent('xs mobile');
    consoleError.mockRestore();
    act(() => root?.unmount());
    container.remove();
  });
});

describe('useBreakpointChange', () => {
  it('reports each change with the previous breakpoint, not repeats within one', () => {
    resizeTo(1300);
    const onChange = vi.fn();
    renderHook(() => useBreakpointChange(onChange));
    resizeTo(1250);
    expect(onChange).not.toHaveBeenCalled();
    resizeTo(900);
    resizeTo(700);
    resizeTo(1000);
    expect(onChange.mock.calls).toEqual([
      ['md', 'xl'],
      ['sm', 'md'],
      ['lg', 'sm'],
    ]);
  });

  it('does not report the hydration step from the server default to the real breakpoint', async () => {
    resizeTo(400);
    const onChange = vi.fn();
    function Watcher() {
      useBreakpointChange(onChange);
      const { breakpoint } = useBreakpoint();
      return <span>{breakpoint}</span>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Watcher />);
    document.body.append(container);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Watcher />);
    });
    expect(container).toHaveTextContent('xs');
    expect(onChange).not.toHaveBeenCalled();
    act(() => root?.unmount());
    container.remove();
  });

  it('uses the latest callback', () => {
    resizeTo(1300);
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(<Callback onChange={first} />);
    rerender(<Callback onChange={second} />);
    resizeTo(500);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('xs', 'xl');
    expect(screen.getByText('ok')).toBeInTheDocument();
  });
});

function Callback({ onChange }: { onChange: (next: Breakpoint, previous: Breakpoint) => void }) {
  useBreakpointChange(onChange);
  return <span>ok</span>;
}
