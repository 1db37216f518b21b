import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { LazyImage, LAZY_IMAGE_PLACEHOLDER_SRC } from '../src/components/LazyImage';
import { throttle } from '../src/components/LazyImage/lazyLoader';
import { LAZY_IMAGE } from '../src/tokens';

const SRC = 'https://forge.example/uploads/diagram.png';

/** A stand-in IntersectionObserver that records what it watches and lets a test report intersections. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  takeRecords() {
    return [];
  }
  enter(element: Element) {
    act(() =>
      this.callback(
        [{ target: element, isIntersecting: true } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
}

function observerFor(element: Element) {
  return FakeIntersectionObserver.instances.find((o) => o.observed.has(element));
}

describe('LazyImage', () => {
  it('uses the spec numbers: 500 px before the viewport, checks throttled at 300 ms', () => {
    expect(LAZY_IMAGE).toEqual({ rootMargin: 500, throttle: 300 });
  });

  describe('server render', () => {
    it('is the placeholder with the real URL in data-src and the box reserved', () => {
      const html = renderToString(<LazyImage src={SRC} alt="Architecture diagram" width={640} height={360} />);
      const host = document.createElement('div');
      host.innerHTML = html;
      const img = host.querySelector('img')!;
      expect(img.getAttribute('src')).toBe(LAZY_IMAGE_PLACEHOLDER_SRC);
      expect(img.dataset.src).toBe(SRC);
      expect(img.dataset.state).toBe('placeholder');
      expect(img.getAttribute('alt')).toBe('Architecture diagram');
      expect(img.getAttribute('width')).toBe('640');
      expect(img.getAttribute('height')).toBe('360');
      expect(img.style.aspectRatio).toBe('640 / 360');
      expect(html).not.toContain('<noscript');
    });

    it('shows the low-resolution image as the placeholder when given', () => {
      const html = renderToString(<LazyImage src={SRC} placeholderSrc="/tiny.png" alt="" aspectRatio="4 / 3" />);
      expect(html).toContain('src="/tiny.png"');
      expect(html).toContain('data-placeholder="image"');
      expect(html).toContain('aspect-ratio:4 / 3');
    });

    it('hydrates without a mismatch', async () => {
      vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
      const element = <LazyImage src={SRC} alt="Diagram" width={10} height={10} />;
      const container = document.createElement('div');
      container.innerHTML = renderToString(element);
      document.body.append(container);
      const errors: unknown[] = [];
      const spy = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
      });
      spy.mockRestore();
      expect(errors).toEqual([]);
      act(() => root?.unmount());
      container.remove();
      vi.unstubAllGlobals();
    });
  });

  describe('with IntersectionObserver', () => {
    // The loader keeps its observers for the page's lifetime, so instances are never reset here.
    beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver));
    afterEach(() => vi.unstubAllGlobals());

    it('watches with a 500px root margin and loads the image when it comes near', () => {
      render(<LazyImage src={SRC} alt="Diagram" width={64} height={64} />);
      const img = screen.getByRole('img', { name: 'Diagram' });
      expect(img).toHaveAttribute('src', LAZY_IMAGE_PLACEHOLDER_SRC);
      const observer = observerFor(img)!;
      expect(observer.options.rootMargin).toBe('500px');
      // The document's own viewport, so the margin also works inside an iframe.
      expect(observer.options.root).toBe(document);
      observer.enter(img);
      expect(img).toHaveAttribute('src', SRC);
      expect(img).toHaveAttribute('data-state', 'loading');
      expect(observer.observed.has(img)).toBe(false);
      fireEvent.load(img);
      expect(img).toHaveAttribute('data-state', 'loaded');
    });

    it('shares one observer between images', () => {
      render(
        <>
          {Array.from({ length: 20 }, (_, i) => (
            <LazyImage key={i} src={`${SRC}?${i}`} alt={`Image ${i}`} width={8} height={8} />
          ))}
        </>,
      );
      const observers = new Set(screen.getAllByRole('img').map(observerFor));
      expect(observers.size).toBe(1);
      expect([...observers][0]!.observed.size).toBe(20);
    });

    it('takes another root margin', () => {
      render(<LazyImage src={SRC} alt="Diagram" width={8} height={8} rootMargin={0} />);
      expect(observerFor(screen.getByRole('img'))!.options.rootMargin).toBe('0px');
    });

    it('stops watching when unmounted', () => {
      const { unmount } = render(<LazyImage src={SRC} alt="Diagram" width={8} height={8} />);
      const img = screen.getByRole('img');
      const observer = observerFor(img)!;
      unmount();
      expect(observer.observed.has(img)).toBe(false);
    });

    it('ignores the placeholder load and reports the image load and errors', () => {
      const onLoad = vi.fn();
      const onError = vi.fn();
      const { rerender } = render(
        <LazyImage src={SRC} alt="A" width={8} height={8} onLoad={onLoad} onError={onError} />,
      );
      const img = screen.getByRole('img');
      fireEvent.load(img);
      expect(onLoad).not.toHaveBeenCalled();
      expect(img).toHaveAttribute('data-state', 'placeholder');
      observerFor(img)!.enter(img);
      fireEvent.load(img);
      expect(onLoad).toHaveBeenCalledTimes(1);
      rerender(<LazyImage src="/broken.png" alt="A" width={8} height={8} onLoad={onLoad} onError={onError} />);
      // A new src waits for the viewport again.
      expect(img).toHaveAttribute('data-state', 'placeholder');
      expect(img).toHaveAttribute('src', LAZY_IMAGE_PLACEHOLDER_SRC);
      observerFor(img)!.enter(img);
      fireEvent.error(img);
      expect(img).toHaveAttribute('data-state', 'error');
      expect(onError).toHaveBeenCalledTimes(1);
    });

    it('applies srcSet with the image, not before', () => {
      render(<LazyImage src={SRC} srcSet={`${SRC} 1x, ${SRC}?2x 2x`} alt="A" width={8} height={8} />);
      const img = screen.getByRole('img');
      expect(img).not.toHaveAttribute('srcset');
      observerFor(img)!.enter(img);
      expect(img).toHaveAttribute('srcset', `${SRC} 1x, ${SRC}?2x 2x`);
    });

    it('puts className, style (winning), ref and other props on the img', () => {
      const ref = createRef<HTMLImageElement>();
      render(
        <LazyImage
          src={SRC}
          alt="A"
          width={8}
          height={8}
          ref={ref}
          className="extra"
          style={{ aspectRatio: '3 / 1' }}
          title="t"
        />,
      );
      const img = screen.getByRole('img');
      expect(img).toBe(ref.current);
      expect(img).toHaveClass('fk-lazy-image', 'extra');
      expect(img).toHaveAttribute('title', 't');
      expect(img.style.aspectRatio).toBe('3 / 1');
    });
  });

  describe('without IntersectionObserver (throttled scroll and resize checks)', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      vi.stubGlobal('IntersectionObserver', undefined);
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });

    function placeAt(element: Element, top: number) {
      element.getBoundingClientRect = () =>
        ({ top, bottom: top + 50, left: 0, right: 50, width: 50, height: 50 }) as DOMRect;
    }

    it('loads images within 500 px of the viewport after mount, the rest when scrolled near, at most every 300 ms', () => {
      render(
        <>
          <LazyImage src="/near.png" alt="near" width={50} height={50} />
          <LazyImage src="/far.png" alt="far" width={50} height={50} />
        </>,
      );
      const near = screen.getByRole('img', { name: 'near' });
      const far = screen.getByRole('img', { name: 'far' });
      const height = window.innerHeight;
      placeAt(near, height + 499);
      placeAt(far, height + 2000);
      act(() => vi.advanceTimersByTime(0));
      expect(near).toHaveAttribute('src', '/near.png');
      expect(far).toHaveAttribute('data-state', 'placeholder');

      // The first scroll checks at once; the burst after it waits for the 300 ms window.
      placeAt(far, height + 1000);
      act(() => void window.dispatchEvent(new Event('scroll')));
      expect(far).toHaveAttribute('data-state', 'placeholder');
      placeAt(far, height + 400);
      act(() => void window.dispatchEvent(new Event('scroll')));
      act(() => vi.advanceTimersByTime(LAZY_IMAGE.throttle - 1));
      expect(far).toHaveAttribute('data-state', 'placeholder');
      act(() => vi.advanceTimersByTime(1));
      expect(far).toHaveAttribute('src', '/far.png');
    });

    it('checks on resize too', () => {
      render(<LazyImage src="/a.png" alt="a" width={50} height={50} />);
      const img = screen.getByRole('img');
      placeAt(img, window.innerHeight + 900);
      act(() => vi.advanceTimersByTime(LAZY_IMAGE.throttle));
      expect(img).toHaveAttribute('data-state', 'placeholder');
      placeAt(img, window.innerHeight + 100);
      act(() => void window.dispatchEvent(new Event('resize')));
      expect(img).toHaveAttribute('src', '/a.png');
    });
  });
});

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then once at the end of a burst, at most every `wait` ms', () => {
    const run = vi.fn();
    const throttled = throttle(run, 300);
    throttled();
    expect(run).toHaveBeenCalledTimes(1);
    throttled();
    throttled();
    vi.advanceTimersByTime(299);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
    throttled();
    expect(run).toHaveBeenCalledTimes(3);
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(3);
  });
});
