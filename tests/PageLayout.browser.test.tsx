// Real layout: the header stays at the top while the page scrolls, its height is the sticky-header
// offset, a hash target clears it, and the skip link moves focus to the main content.
import { render, screen } from '@testing-library/react';
import { userEvent } from 'vitest/browser';
import { PAGE_LAYOUT_STICKY_HEADER_OFFSET, PageLayout } from '../src/components/PageLayout';
import { TopBar } from '../src/components/TopBar';

/** Content several screens tall, with a heading far down. */
const TALL = 3;

function Page() {
  return (
    <PageLayout topBar={<TopBar searchUrl="/search" />}>
      <div style={{ blockSize: `${TALL * 100}vh` }}>Intro</div>
      <h2 id="far-down">Far down</h2>
      {/* Room below, so the page can scroll the heading to the top. */}
      <div style={{ blockSize: '100vh' }}>Outro</div>
    </PageLayout>
  );
}

afterEach(() => window.scrollTo(0, 0));

describe('PageLayout in a browser', () => {
  it('keeps the header at the top, as tall as the sticky-header offset', async () => {
    render(<Page />);
    const header = screen.getByRole('banner');
    expect(header.getBoundingClientRect().height).toBe(PAGE_LAYOUT_STICKY_HEADER_OFFSET);
    window.scrollTo(0, window.innerHeight);
    await expect.poll(() => header.getBoundingClientRect().top).toBe(0);
  });

  it('scrolls a hash target to just below the header', async () => {
    render(<Page />);
    const target = screen.getByRole('heading', { name: 'Far down' });
    target.scrollIntoView();
    await expect.poll(() => Math.round(target.getBoundingClientRect().top)).toBe(PAGE_LAYOUT_STICKY_HEADER_OFFSET);
  });

  it('shows the skip link on focus and moves focus to the main content', async () => {
    render(<Page />);
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip.getBoundingClientRect().width).toBeGreaterThan(1);
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => document.activeElement).toBe(screen.getByRole('main'));
    history.replaceState(null, '', location.pathname + location.search);
  });
});
