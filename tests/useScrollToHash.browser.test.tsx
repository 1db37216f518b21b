// Real Chromium: the element of the URL hash ends up just below the sticky header and the
// broadcast banners (within a pixel), on load, on hashchange and on in-page link clicks.
import { render, renderHook, screen } from '@testing-library/react';
import { userEvent } from 'vitest/browser';
import { readBroadcastBannersHeight, useScrollToHash, type UseScrollToHashOptions } from '../src/hooks/useScrollToHash';
import { BROADCAST_BANNERS_HEIGHT_PROPERTY } from '../src/tokens';

const HEADER = 48;
const BANNERS = 40;

function setHash(hash: string) {
  window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}${hash}`);
}

afterEach(() => {
  setHash('');
  document.documentElement.style.removeProperty(BROADCAST_BANNERS_HEIGHT_PROPERTY);
  window.scrollTo(0, 0);
});

function Page(options: UseScrollToHashOptions) {
  useScrollToHash(options);
  return (
    <div>
      <header style={{ position: 'sticky', top: 0, height: HEADER, background: 'white', zIndex: 1 }}>
        <a href="#second">Second section</a> <a href="#install">Install</a>
      </header>
      {['first', 'second', 'third'].map((id) => (
        <section key={id} id={id} style={{ height: 1200 }}>
          <h2>{id}</h2>
        </section>
      ))}
      <h2 id="user-content-install">Install</h2>
      <div style={{ height: 1500 }} />
    </div>
  );
}

const top = (id: string) => document.getElementById(id)!.getBoundingClientRect().top;

describe('useScrollToHash in Chromium', () => {
  it('reads the broadcast banners height from --fk-broadcast-banners-height on <html>', () => {
    expect(BROADCAST_BANNERS_HEIGHT_PROPERTY).toBe('--fk-broadcast-banners-height');
    expect(readBroadcastBannersHeight()).toBe(0);
    document.documentElement.style.setProperty(BROADCAST_BANNERS_HEIGHT_PROPERTY, '52px');
    expect(readBroadcastBannersHeight()).toBe(52);
    document.documentElement.style.setProperty(BROADCAST_BANNERS_HEIGHT_PROPERTY, 'none');
    expect(readBroadcastBannersHeight()).toBe(0);
  });

  it('on load scrolls to the hash, below the header and the banners', async () => {
    document.documentElement.style.setProperty(BROADCAST_BANNERS_HEIGHT_PROPERTY, `${BANNERS}px`);
    setHash('#third');
    render(<Page offset={HEADER} />);
    await expect.poll(() => top('third')).toBeCloseTo(HEADER + BANNERS, 0);
    expect(Math.abs(top('third') - (HEADER + BANNERS))).toBeLessThanOrEqual(1);
  });

  it('without banners uses the header offset alone', async () => {
    setHash('#second');
    render(<Page offset={HEADER} />);
    await expect.poll(() => Math.abs(top('second') - HEADER)).toBeLessThanOrEqual(1);
  });

  it('reads an offset function at scroll time', async () => {
    setHash('#second');
    let headerHeight = 100;
    render(<Page offset={() => headerHeight} />);
    await expect.poll(() => Math.abs(top('second') - 100)).toBeLessThanOrEqual(1);
    headerHeight = 10;
    window.location.hash = '#third';
    await expect.poll(() => Math.abs(top('third') - 10)).toBeLessThanOrEqual(1);
  });

  it('scrolls again on hashchange', async () => {
    document.documentElement.style.setProperty(BROADCAST_BANNERS_HEIGHT_PROPERTY, `${BANNERS}px`);
    render(<Page offset={HEADER} />);
    expect(window.scrollY).toBe(0);
    window.location.hash = '#third';
    await expect.poll(() => Math.abs(top('third') - (HEADER + BANNERS))).toBeLessThanOrEqual(1);
  });

  it('scrolls on in-page link clicks, also to the hash the URL already has', async () => {
    document.documentElement.style.setProperty(BROADCAST_BANNERS_HEIGHT_PROPERTY, `${BANNERS}px`);
    render(<Page offset={HEADER} />);
    await userEvent.click(screen.getByRole('link', { name: 'Second section' }));
    await expect.poll(() => Math.abs(top('second') - (HEADER + BANNERS))).toBeLessThanOrEqual(1);
    expect(window.location.hash).toBe('#second');

    // Same hash again (no hashchange): the browser jumps to the element without the offset.
    window.scrollTo(0, 3000);
    await userEvent.click(screen.getByRole('link', { name: 'Second section' }));
    await expect.poll(() => Math.abs(top('second') - (HEADER + BANNERS))).toBeLessThanOrEqual(1);
  });

  it('finds Markdown headings by their user-content- id', async () => {
    render(<Page offset={HEADER} />);
    await userEvent.click(screen.getByRole('link', { name: 'Install' }));
    await expect.poll(() => Math.abs(top('user-content-install') - HEADER)).toBeLessThanOrEqual(1);
  });

  it('leaves the scroll alone for a hash that points at nothing, and when disabled', async () => {
    setHash('#nowhere');
    const { unmount } = render(<Page offset={HEADER} />);
    await new Promise(requestAnimationFrame);
    expect(window.scrollY).toBe(0);
    unmount();
    setHash('#third');
    render(<Page offset={HEADER} isDisabled />);
    await new Promise(requestAnimationFrame);
    expect(window.scrollY).toBe(0);
  });

  it('returns a function that scrolls to a given hash with the same offset', async () => {
    render(<Page offset={HEADER} isDisabled />);
    const { result } = renderHook(() => useScrollToHash({ offset: HEADER, isDisabled: true }));
    expect(result.current('#third')).toBe(document.getElementById('third'));
    expect(Math.abs(top('third') - HEADER)).toBeLessThanOrEqual(1);
    expect(result.current('#missing')).toBeNull();
  });
});
