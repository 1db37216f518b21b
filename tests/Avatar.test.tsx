import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRef, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Avatar, type AvatarSize } from '../src/components/Avatar';
import { AVATAR_DEFAULT_SIZE, AVATAR_SIZES } from '../src/tokens';

const ALLOWED = 'Allowed sizes: 96, 64, 48, 32, 24, 16.';

function identicon(container: HTMLElement) {
  return container.querySelector<HTMLElement>('[data-component="Avatar.Identicon"]');
}

function spyOnConsoleError() {
  return vi.spyOn(console, 'error').mockImplementation(() => {});
}

/** Server-rendered HTML in a container of its own, hydrated; removed after the test even if it fails. */
const hydrated: { root: Root; container: HTMLElement }[] = [];
async function hydrate(ui: ReactNode, html = renderToString(ui)) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const root = await act(async () => hydrateRoot(container, ui));
  hydrated.push({ root, container });
  return container;
}

afterEach(() => {
  for (const { root, container } of hydrated.splice(0)) {
    act(() => root.unmount());
    container.remove();
  }
  vi.restoreAllMocks();
});

describe('Avatar identicon', () => {
  it.each([
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 4],
    [4, 5],
    [5, 6],
    [6, 7],
    [7, 1],
    [13, 7],
    ['42', 1],
  ])('entityId %j gets background colour %i (entityId mod 7, plus 1)', (entityId, index) => {
    render(<Avatar entityId={entityId} entityName="dev team" />);
    const avatar = screen.getByRole('img', { name: 'dev team' });
    expect(avatar).toHaveAttribute('data-component', 'Avatar.Identicon');
    expect(avatar).toHaveAttribute('data-identicon', String(index));
    expect(avatar).toHaveTextContent(/^D$/);
  });

  it('shows the first character upper-cased, a leading ZWJ emoji kept whole', () => {
    render(<Avatar entityId={3} entityName="👩‍💻 Dev team" />);
    expect(screen.getByRole('img', { name: '👩‍💻 Dev team' }).textContent).toBe('👩‍💻');
  });

  it('is shown when src is missing or empty', () => {
    const { container, rerender } = render(<Avatar entityName="Ada" />);
    expect(identicon(container)).toHaveTextContent('A');
    rerender(<Avatar entityName="Ada" src="" />);
    expect(identicon(container)).toHaveTextContent('A');
    expect(container.querySelector('img')).toBeNull();
  });

  it('is named by alt when given, else by entityName, else "avatar"', () => {
    const { rerender } = render(<Avatar entityName="Ada" alt="Ada's avatar" />);
    expect(screen.getByRole('img', { name: "Ada's avatar" })).toBeInTheDocument();
    rerender(<Avatar entityName="Ada" />);
    expect(screen.getByRole('img', { name: 'Ada' })).toBeInTheDocument();
    rerender(<Avatar />);
    expect(screen.getByRole('img', { name: 'avatar' })).toBeInTheDocument();
  });

  it('is decorative with alt=""', () => {
    const { container } = render(<Avatar entityName="Ada" alt="" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(identicon(container)).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('Avatar image', () => {
  it('renders no identicon when src is given, and has the default alt "avatar"', () => {
    const { container } = render(<Avatar entityName="Ada" src="/ada.png" />);
    const img = screen.getByRole('img', { name: 'avatar' });
    expect(img.tagName).toBe('IMG');
    expect(img).toHaveAttribute('src', '/ada.png');
    expect(img).toHaveAttribute('alt', 'avatar');
    expect(img).toHaveAttribute('data-component', 'Avatar');
    expect(identicon(container)).toBeNull();
  });

  it('uses the given alt text', () => {
    render(<Avatar src="/ada.png" alt="Ada Lovelace" />);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', '/ada.png');
  });

  it('swaps to the identicon when the image fails and fallbackOnError is on', () => {
    const onError = vi.fn();
    const { container } = render(
      <Avatar entityId={2} entityName="Ada" src="/missing.png" fallbackOnError onError={onError} />,
    );
    fireEvent.error(screen.getByRole('img'));
    expect(onError).toHaveBeenCalledTimes(1);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Ada' })).toHaveAttribute('data-identicon', '3');
  });

  it('keeps the broken image when fallbackOnError is off (the default)', () => {
    const { container } = render(<Avatar entityName="Ada" src="/missing.png" />);
    fireEvent.error(screen.getByRole('img'));
    expect(container.querySelector('img')).toHaveAttribute('src', '/missing.png');
    expect(identicon(container)).toBeNull();
  });

  it('tries a new src again after a failure', () => {
    const { container, rerender } = render(<Avatar entityName="Ada" src="/missing.png" fallbackOnError />);
    fireEvent.error(screen.getByRole('img'));
    expect(identicon(container)).not.toBeNull();
    rerender(<Avatar entityName="Ada" src="/ada.png" fallbackOnError />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/ada.png');
    expect(identicon(container)).toBeNull();
  });

  it('detects an image that failed before hydration (complete, no natural width)', async () => {
    const ui = <Avatar entityName="Ada" src="/missing.png" fallbackOnError />;
    const html = renderToString(ui);
    // The error event fired before React attached its handler: the image is complete and empty.
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    const error = spyOnConsoleError();
    const container = await hydrate(ui, html);
    expect(error).not.toHaveBeenCalled();
    expect(identicon(container)).toHaveTextContent('A');
  });

  it('hydrates server-rendered HTML without a warning', async () => {
    const ui = (
      <>
        <Avatar entityId={4} entityName="Ada" size={{ default: 24, md: 32 }} shape="rect" />
        <Avatar src="/ada.png" alt="Ada" size={16} />
      </>
    );
    const html = renderToString(ui);
    const error = spyOnConsoleError();
    const container = await hydrate(ui, html);
    expect(error).not.toHaveBeenCalled();
    expect(container.querySelector('[data-identicon="5"]')).toHaveAttribute('data-size-md', '32');
  });

  it('passes the root element to ref and other props through; the consumer style wins', () => {
    const ref = createRef<HTMLElement>();
    render(<Avatar ref={ref} src="/ada.png" alt="Ada" className="mine" id="me" loading="lazy" style={{ width: 10 }} />);
    const img = screen.getByRole('img', { name: 'Ada' });
    expect(ref.current).toBe(img);
    expect(img).toHaveClass('fk-avatar', 'mine');
    expect(img).toHaveAttribute('id', 'me');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img.style.width).toBe('10px');
  });
});

describe('Avatar size and shape', () => {
  it('defaults to 64 and a circle', () => {
    render(<Avatar entityName="Ada" />);
    const avatar = screen.getByRole('img');
    expect(AVATAR_DEFAULT_SIZE).toBe(64);
    expect(avatar).toHaveAttribute('data-size', '64');
    expect(avatar).toHaveAttribute('data-shape', 'circle');
  });

  it.each(AVATAR_SIZES)('renders size %i as data-size', (size) => {
    const error = spyOnConsoleError();
    render(<Avatar src="/ada.png" size={size} />);
    const img = screen.getByRole('img');
    expect(img).toHaveAttribute('data-size', String(size));
    expect(img).toHaveAttribute('width', String(size));
    expect(error).not.toHaveBeenCalled();
  });

  it('allows exactly the sizes 96, 64, 48, 32, 24, 16', () => {
    expect(AVATAR_SIZES).toEqual([96, 64, 48, 32, 24, 16]);
  });

  it('renders shape rect', () => {
    render(<Avatar entityName="Ada" shape="rect" />);
    expect(screen.getByRole('img')).toHaveAttribute('data-shape', 'rect');
  });

  it('logs a console error naming the allowed sizes for an invalid size, and renders the nearest size', () => {
    const error = spyOnConsoleError();
    render(<Avatar entityName="Ada" size={30 as AvatarSize} />);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('size=30 is not allowed, rendered as 32'));
    expect(error).toHaveBeenCalledWith(expect.stringContaining(ALLOWED));
    expect(screen.getByRole('img', { name: 'Ada' })).toHaveAttribute('data-size', '32');
  });

  it('takes the larger size on a tie and the default for a non-number', () => {
    const error = spyOnConsoleError();
    const { rerender } = render(<Avatar entityName="Ada" size={40 as AvatarSize} />);
    expect(screen.getByRole('img')).toHaveAttribute('data-size', '48');
    rerender(<Avatar entityName="Ada" size={'32' as unknown as AvatarSize} />);
    expect(screen.getByRole('img')).toHaveAttribute('data-size', '64');
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('renders a responsive size as one attribute per breakpoint', () => {
    const error = spyOnConsoleError();
    render(<Avatar entityName="Ada" size={{ default: 24, md: 32, lg: 48 }} />);
    const avatar = screen.getByRole('img');
    expect(avatar).toHaveAttribute('data-size', '24');
    expect(avatar).not.toHaveAttribute('data-size-sm');
    expect(avatar).toHaveAttribute('data-size-md', '32');
    expect(avatar).toHaveAttribute('data-size-lg', '48');
    expect(avatar).not.toHaveAttribute('data-size-xl');
    expect(error).not.toHaveBeenCalled();
  });

  it('starts a responsive size at the default 64, or at xs when given', () => {
    const { rerender } = render(<Avatar entityName="Ada" size={{ xl: 96 }} />);
    expect(screen.getByRole('img')).toHaveAttribute('data-size', '64');
    expect(screen.getByRole('img')).toHaveAttribute('data-size-xl', '96');
    rerender(<Avatar entityName="Ada" size={{ default: 24, xs: 16, sm: 32 }} />);
    expect(screen.getByRole('img')).toHaveAttribute('data-size', '16');
    expect(screen.getByRole('img')).toHaveAttribute('data-size-sm', '32');
  });

  it('logs an error for an invalid size inside the responsive object and still renders', () => {
    const error = spyOnConsoleError();
    const size = { default: 24, md: 50, tablet: 32 } as unknown as AvatarSize;
    render(<Avatar entityName="Ada" size={size} />);
    expect(error).toHaveBeenCalledTimes(1);
    const message = String(error.mock.calls[0]?.[0]);
    expect(message).toContain('size.md=50 is not allowed, rendered as 48');
    expect(message).toContain('size.tablet is not a breakpoint');
    expect(message).toContain(ALLOWED);
    const avatar = screen.getByRole('img', { name: 'Ada' });
    expect(avatar).toHaveAttribute('data-size', '24');
    expect(avatar).toHaveAttribute('data-size-md', '48');
  });

  it('logs the same invalid size once, not on every render', () => {
    const error = spyOnConsoleError();
    const { rerender } = render(<Avatar entityName="Ada" size={30 as AvatarSize} />);
    rerender(<Avatar entityName="Ada" size={30 as AvatarSize} className="x" />);
    expect(error).toHaveBeenCalledTimes(1);
  });
});
