// Real Chromium: the user popover's 200 ms hover delay with a real pointer, the card placed next to
// the mention, the pointer moving onto the card, keyboard focus opening it, Tab into the card and
// back, Escape closing it with focus back on the mention. Reference previews share the code.
import { useEffect, useRef } from 'react';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Markdown, renderMarkdown, type MarkdownReference, type RenderGfmOptions } from '../src/markdown';
import {
  MENTION_POPOVER_SHOW_DELAY,
  mentionsEnhancer,
  type UserPopoverData,
} from '../src/markdown/pipeline/enhancers/mentions';
import { REFERENCE_POPOVER_SHOW_DELAY, referencesEnhancer } from '../src/markdown/pipeline/enhancers/references';

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(async () => {
  await userEvent.unhover(document.body).catch(() => {});
});

const resolve = async (refs: MarkdownReference[]) =>
  refs.map((ref, index) =>
    ref.type === 'user'
      ? { url: `/${ref.name}`, id: index + 2, title: `${ref.name} (title)` }
      : { url: `/ref/${index}`, id: index, title: ref.text },
  );

const bob: UserPopoverData = { id: 2, username: 'bob', name: 'Bob Builder', bio: 'Builds things.' };

async function renderPage(text: string, options: RenderGfmOptions) {
  const html = await renderMarkdown(text, { resolveReferences: resolve });
  render(
    <div style={{ padding: '240px 80px' }}>
      <button type="button">Before</button>
      <Markdown html={html} options={{ enhancers: [mentionsEnhancer, referencesEnhancer], ...options }} />
    </div>,
  );
  return screen.findAllByRole('link');
}

async function findShownDialog(name: string) {
  return vi.waitFor(() => {
    const dialog = screen.getByRole('dialog', { name });
    expect(dialog).toBeVisible();
    return dialog;
  });
}

describe('user popover in Chromium', () => {
  it('opens 200 ms after the pointer arrives, above the mention, and stays while the pointer moves onto it', async () => {
    const fetchUser = vi.fn(async () => bob);
    await renderPage('Thanks @bob, see you.\n\nelsewhere', {
      currentUser: { id: 1, username: 'alice' },
      mentions: { fetchUser, follow: vi.fn(async () => {}) },
    });
    const mention = screen.getByRole('link', { name: '@bob' });
    const start = performance.now();
    await userEvent.hover(mention);
    // Not there yet while the delay runs (checked only when the hover itself came back quickly).
    if (performance.now() - start < MENTION_POPOVER_SHOW_DELAY / 2) expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await findShownDialog('Bob Builder');
    expect(performance.now() - start).toBeGreaterThanOrEqual(MENTION_POPOVER_SHOW_DELAY);

    // Placed above the mention once the profile has loaded (the card grows from the skeleton).
    await within(dialog).findByText('Builds things.');
    await vi.waitFor(() => {
      const card = dialog.getBoundingClientRect();
      const link = mention.getBoundingClientRect();
      expect(card.bottom).toBeLessThanOrEqual(link.top);
      expect(card.left).toBeLessThanOrEqual(link.right);
      expect(card.right).toBeGreaterThanOrEqual(link.left);
    });
    expect(dialog).toHaveAttribute('data-placement', 'top');

    await userEvent.hover(within(dialog).getByRole('button', { name: 'Follow' }));
    await new Promise((done) => setTimeout(done, 400)); // longer than the 150 ms hide delay
    expect(screen.getByRole('dialog')).toBe(dialog);
    await userEvent.hover(screen.getByText('elsewhere'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keyboard: focus opens at once, Tab enters the card, Shift+Tab returns, Escape closes and keeps focus', async () => {
    await renderPage('Thanks @bob and #12.', {
      currentUser: { id: 1, username: 'alice' },
      mentions: { fetchUser: async () => bob, follow: async () => {} },
      references: { fetchReference: async () => ({ title: 'Crash on save', state: 'opened' }) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Before' }));
    await userEvent.keyboard('{Tab}');
    const mention = screen.getByRole('link', { name: '@bob' });
    expect(mention).toHaveFocus();
    const dialog = await findShownDialog('Bob Builder');
    expect(mention).toHaveAccessibleDescription(/Bob Builder/);

    await userEvent.keyboard('{Tab}');
    const follow = within(dialog).getByRole('button', { name: 'Follow' });
    expect(follow).toHaveFocus();
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(mention).toHaveFocus();
    expect(screen.getByRole('dialog')).toBe(dialog);

    await userEvent.keyboard('{Tab}');
    expect(follow).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mention).toHaveFocus();

    // Tab past the card's last button goes on to the next link, whose preview opens.
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    await userEvent.keyboard('{Tab}');
    await findShownDialog('Bob Builder');
    await userEvent.keyboard('{Tab}');
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Follow' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('link', { name: '#12' })).toHaveFocus();
    await findShownDialog('Crash on save');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('opens the card of a link a React effect focuses, rendering outside React’s commit', async () => {
    const errors = vi.spyOn(console, 'error');
    const html = await renderMarkdown('See #12', { resolveReferences: resolve });
    const options = {
      enhancers: [referencesEnhancer],
      references: { fetchReference: async () => ({ title: 'Crash on save', state: 'opened' as const }) },
    };
    // A page moving focus to a linked note once it has rendered (a child's effects run first, so
    // the links are served by then); the focusin reaches the manager inside React's commit.
    function Note({ focused }: { focused: boolean }) {
      const ref = useRef<HTMLDivElement>(null);
      useEffect(() => {
        if (focused) ref.current?.querySelector('a')?.focus();
      }, [focused]);
      return (
        <div ref={ref} style={{ padding: '240px 80px' }}>
          <Markdown html={html} options={options} />
        </div>
      );
    }
    const { rerender } = render(<Note focused={false} />);
    const link = await screen.findByRole('link', { name: '#12' });
    rerender(<Note focused />);
    expect(link).toHaveFocus();
    await findShownDialog('Crash on save');
    expect(errors.mock.calls.flat().join('\n')).not.toContain('flushSync');
  });

  it('reference previews open after the same hover delay', async () => {
    await renderPage('See #12', {
      references: { fetchReference: async () => ({ title: 'Crash on save', state: 'opened' }) },
    });
    const start = performance.now();
    await userEvent.hover(screen.getByRole('link', { name: '#12' }));
    await findShownDialog('Crash on save');
    expect(performance.now() - start).toBeGreaterThanOrEqual(REFERENCE_POPOVER_SHOW_DELAY);
  });

  it('anonymous viewers get no popover with a real pointer', async () => {
    const fetchUser = vi.fn(async () => bob);
    await renderPage('Thanks @bob', { mentions: { fetchUser } });
    await userEvent.hover(screen.getByRole('link', { name: '@bob' }));
    await new Promise((done) => setTimeout(done, MENTION_POPOVER_SHOW_DELAY * 2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchUser).not.toHaveBeenCalled();
  });
});
