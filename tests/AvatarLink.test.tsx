import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { AvatarLink } from '../src/components/Avatar';

describe('AvatarLink', () => {
  it('is a link named by the avatar (entityName) when it has no label', () => {
    render(<AvatarLink href="/ada" entityId={1} entityName="Ada Lovelace" src="/ada.png" />);
    const link = screen.getByRole('link', { name: 'Ada Lovelace' });
    expect(link).toHaveAttribute('href', '/ada');
    expect(link).toHaveAttribute('data-component', 'AvatarLink');
    const img = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(link).toContainElement(img);
    expect(img).toHaveAttribute('data-size', '32');
  });

  it('names an identicon link by entityName too', () => {
    render(<AvatarLink href="/groups/dev" entityId={3} entityName="Dev team" shape="rect" />);
    const link = screen.getByRole('link', { name: 'Dev team' });
    const identicon = screen.getByRole('img', { name: 'Dev team' });
    expect(link).toContainElement(identicon);
    expect(identicon).toHaveAttribute('data-identicon', '4');
    expect(identicon).toHaveAttribute('data-shape', 'rect');
  });

  it('shows the label and sublabel beside a decorative avatar; the text names the link', () => {
    render(
      <AvatarLink
        href="/ada"
        entityId={1}
        entityName="Ada Lovelace"
        src="/ada.png"
        label="Ada Lovelace"
        sublabel="@ada"
      />,
    );
    expect(screen.getByRole('link', { name: 'Ada Lovelace @ada' })).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toHaveClass('fk-avatar-link__label');
    expect(screen.getByText('@ada')).toHaveClass('fk-avatar-link__sublabel');
    // The avatar repeats the name, so it is hidden from the accessibility tree.
    expect(screen.queryByRole('img')).toBeNull();
    expect(document.querySelector('img')).toHaveAttribute('alt', '');
  });

  it('passes size, className, ref and anchor props through', () => {
    const ref = createRef<HTMLAnchorElement>();
    render(
      <AvatarLink
        ref={ref}
        href="/ada"
        entityName="Ada"
        size={{ default: 16, md: 24 }}
        className="mine"
        target="_blank"
        rel="noopener"
      />,
    );
    const link = screen.getByRole('link', { name: 'Ada' });
    expect(ref.current).toBe(link);
    expect(link).toHaveClass('fk-avatar-link', 'mine');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('img')).toHaveAttribute('data-size', '16');
    expect(screen.getByRole('img')).toHaveAttribute('data-size-md', '24');
  });

  it('is reached with Tab', async () => {
    render(<AvatarLink href="/ada" entityName="Ada" />);
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Ada' })).toHaveFocus();
  });
});
