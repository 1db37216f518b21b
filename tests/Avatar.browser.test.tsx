// Real Chromium: image loading and failure, the rendered box in px, the per-breakpoint size rules,
// identicon colours from the tokens, the link focus ring and the stack overlap.
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Avatar, AvatarLink, AvatarStack } from '../src/components/Avatar';
import { AVATAR_SIZES, BREAKPOINTS, IDENTICON_COLOR_COUNT } from '../src/tokens';
import { findRules } from './support/cssRules';

const MISSING = '/does-not-exist.png';
/** A 96×96 image that loads without the network. */
const IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#1f75cb"/></svg>',
)}`;

function box(element: Element) {
  const { width, height } = element.getBoundingClientRect();
  return { width, height };
}

function identicon(container: HTMLElement) {
  return container.querySelector<HTMLElement>('[data-component="Avatar.Identicon"]');
}

/** The computed value of a custom property, resolved through an element (var() chains included). */
function tokenColor(name: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${name})`;
  document.body.append(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
}

// The configured viewport (scripts/chromium.ts, which cannot load in the browser), restored after each test.
const VIEWPORT = { width: window.innerWidth, height: window.innerHeight };

afterEach(async () => {
  await page.viewport(VIEWPORT.width, VIEWPORT.height);
});

describe('Avatar image loading', () => {
  it('swaps a failing image for the identicon with fallbackOnError', async () => {
    const { container } = render(<Avatar entityId={4} entityName="ada" src={MISSING} fallbackOnError size={48} />);
    const initial = await screen.findByText('A');
    expect(initial).toBe(identicon(container));
    expect(initial).toHaveAttribute('data-identicon', '5');
    expect(screen.getByRole('img', { name: 'ada' })).toBe(initial);
    expect(container.querySelector('img')).toBeNull();
    expect(box(initial)).toEqual({ width: 48, height: 48 });
  });

  it('keeps the broken image without fallbackOnError', async () => {
    const { container } = render(<Avatar entityName="Ada" src={MISSING} size={32} />);
    const img = container.querySelector('img')!;
    // The error event updates state (the failed src is remembered), so wait inside act.
    await act(() => vi.waitFor(() => expect(img.complete).toBe(true)));
    expect(img.naturalWidth).toBe(0);
    expect(container.querySelector('img')).toBe(img);
    expect(identicon(container)).toBeNull();
    expect(box(img)).toEqual({ width: 32, height: 32 });
  });

  it('keeps a loaded image', async () => {
    const { container } = render(<Avatar entityName="Ada" src={IMAGE} alt="Ada" fallbackOnError size={24} />);
    const img = screen.getByRole('img', { name: 'Ada' }) as HTMLImageElement;
    await vi.waitFor(() => expect(img.naturalWidth).toBe(96));
    expect(identicon(container)).toBeNull();
    expect(box(img)).toEqual({ width: 24, height: 24 });
  });

  it('shows the identicon when the server-rendered image failed before hydration', async () => {
    const ui = <Avatar entityId={1} entityName="ada" src={MISSING} fallbackOnError />;
    // The server's HTML. (react-dom/server is not pre-bundled for the browser project, and a
    // mid-run optimisation reloads the page, so the same markup comes from a client render.)
    const server = render(ui);
    const html = server.container.innerHTML;
    server.unmount();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const img = container.querySelector('img')!;
    // The error event fires here, with no React handler attached yet.
    await vi.waitFor(() => expect(img.complete).toBe(true));
    const root = await act(async () => hydrateRoot(container, ui));
    try {
      await vi.waitFor(() => expect(identicon(container)).not.toBeNull());
      expect(identicon(container)).toHaveAttribute('data-identicon', '2');
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });
});

describe('Avatar size in px', () => {
  it.each(AVATAR_SIZES)('renders an identicon and an image of size %i exactly that big', (size) => {
    render(
      <>
        <Avatar entityName="Ada" size={size} />
        <Avatar entityName="Ada" size={size} shape="rect" />
        <Avatar src={IMAGE} alt="Ada" size={size} />
      </>,
    );
    for (const avatar of screen.getAllByRole('img')) {
      expect(box(avatar)).toEqual({ width: size, height: size });
    }
  });

  it('draws a circle by default and rounded corners smaller than half the edge for rect', () => {
    render(
      <>
        <Avatar entityName="Circle" size={48} />
        <Avatar entityName="Rect" size={48} shape="rect" />
      </>,
    );
    expect(
      parseFloat(getComputedStyle(screen.getByRole('img', { name: 'Circle' })).borderTopLeftRadius),
    ).toBeGreaterThanOrEqual(24);
    const rect = parseFloat(getComputedStyle(screen.getByRole('img', { name: 'Rect' })).borderTopLeftRadius);
    expect(rect).toBeGreaterThan(0);
    expect(rect).toBeLessThan(24);
  });

  it('follows the viewport width for a responsive size', async () => {
    render(<Avatar entityName="Ada" size={{ default: 24, md: 32, lg: 48 }} />);
    const avatar = screen.getByRole('img', { name: 'Ada' });
    const at = async (width: number) => {
      await page.viewport(width, VIEWPORT.height);
      return box(avatar).width;
    };
    expect(await at(BREAKPOINTS.sm)).toBe(24);
    expect(await at(BREAKPOINTS.md - 1)).toBe(24);
    expect(await at(BREAKPOINTS.md)).toBe(32);
    expect(await at(BREAKPOINTS.lg - 1)).toBe(32);
    expect(await at(BREAKPOINTS.lg)).toBe(48);
    expect(await at(BREAKPOINTS.xl)).toBe(48);
    expect(box(avatar).height).toBe(48);
  });

  it('has a rule for every breakpoint and size, under that breakpoint’s min-width from the tokens', () => {
    const breakpoints = (Object.keys(BREAKPOINTS) as (keyof typeof BREAKPOINTS)[]).filter((bp) => BREAKPOINTS[bp] > 0);
    expect(breakpoints).toEqual(['sm', 'md', 'lg', 'xl']);
    for (const size of AVATAR_SIZES) {
      const base = findRules(`.fk-avatar[data-size="${size}"]`);
      expect(base.map(({ media }) => media)).toEqual([[]]);
      expect(base[0]!.rule.style.getPropertyValue('--_fk-avatar-size')).toBe(`var(--fk-avatar-size-${size})`);
      for (const bp of breakpoints) {
        const rules = findRules(`.fk-avatar[data-size-${bp}="${size}"]`);
        expect(rules.map(({ media }) => media)).toEqual([[`(min-width: ${BREAKPOINTS[bp]}px)`]]);
        for (const prop of ['--_fk-avatar-size', '--_fk-avatar-font-size', '--_fk-avatar-radius']) {
          expect(rules[0]!.rule.style.getPropertyValue(prop)).toBe(base[0]!.rule.style.getPropertyValue(prop));
        }
      }
    }
  });
});

describe('Avatar identicon colours', () => {
  it('uses --fk-color-identicon-N-background and -text for entityId % 7 + 1', () => {
    render(
      <>
        {Array.from({ length: IDENTICON_COLOR_COUNT }, (_, id) => (
          <Avatar key={id} entityId={id} entityName={`Entity ${id}`} />
        ))}
      </>,
    );
    for (let id = 0; id < IDENTICON_COLOR_COUNT; id++) {
      const style = getComputedStyle(screen.getByRole('img', { name: `Entity ${id}` }));
      const n = id + 1;
      expect(style.backgroundColor).toBe(tokenColor(`--fk-color-identicon-${n}-background`));
      expect(style.color).toBe(tokenColor(`--fk-color-identicon-${n}-text`));
    }
  });
});

describe('AvatarLink and AvatarStack in the browser', () => {
  it('shows a focus ring on the link when reached with the keyboard', async () => {
    render(<AvatarLink href="#ada" entityName="Ada" label="Ada Lovelace" sublabel="@ada" />);
    const link = screen.getByRole('link', { name: 'Ada Lovelace @ada' });
    expect(getComputedStyle(link).outlineStyle).toBe('none');
    await userEvent.keyboard('{Tab}');
    expect(link).toHaveFocus();
    const style = getComputedStyle(link);
    expect(style.outlineStyle).toBe('solid');
    expect(style.outlineWidth).toBe('2px');
    expect(style.outlineColor).toBe(tokenColor('--fk-color-focus-ring'));
  });

  it('overlaps each avatar with the next by a quarter of the size', () => {
    render(
      <AvatarStack
        size={32}
        maxVisible={2}
        avatars={[
          { entityId: 1, entityName: 'Ada' },
          { entityId: 2, entityName: 'Bob', href: '#bob' },
          { entityId: 3, entityName: 'Cy' },
        ]}
      />,
    );
    const [ada, bob, badge] = screen.getAllByRole('img');
    const right = (el: Element) => el.getBoundingClientRect().right;
    const left = (el: Element) => el.getBoundingClientRect().left;
    expect(right(ada!) - left(bob!)).toBe(8);
    expect(right(bob!) - left(badge!)).toBe(8);
    expect(box(badge!).height).toBe(32);
    expect(box(badge!).width).toBeGreaterThanOrEqual(32);
  });
});
