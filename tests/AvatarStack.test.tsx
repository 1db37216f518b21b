import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AVATAR_STACK_DEFAULT_MAX_VISIBLE, AvatarStack, type AvatarStackItem } from '../src/components/Avatar';

const PEOPLE: AvatarStackItem[] = [
  { entityId: 1, entityName: 'Ada Lovelace', src: '/ada.png' },
  { entityId: 2, entityName: 'Brendan Eich' },
  { entityId: 3, entityName: 'Carol Shaw', href: '/carol' },
  { entityId: 4, entityName: 'Dana Scott' },
  { entityId: 5, entityName: 'Edsger Dijkstra' },
  { entityId: 6, entityName: 'Frances Allen' },
];

describe('AvatarStack', () => {
  it('is a list, named by its label, with one item per avatar', () => {
    render(<AvatarStack label="Assignees" avatars={PEOPLE.slice(0, 2)} />);
    const list = screen.getByRole('list', { name: 'Assignees' });
    expect(list).toHaveAttribute('data-component', 'AvatarStack');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', '/ada.png');
    expect(within(items[1]!).getByRole('img', { name: 'Brendan Eich' })).toHaveTextContent('B');
  });

  it('shows 3 avatars by default and a "+N" badge named after the rest', () => {
    expect(AVATAR_STACK_DEFAULT_MAX_VISIBLE).toBe(3);
    render(<AvatarStack label="Assignees" avatars={PEOPLE} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(4);
    const badge = screen.getByRole('img', { name: '3 more: Dana Scott, Edsger Dijkstra, Frances Allen' });
    expect(badge).toHaveTextContent(/^\+3$/);
    expect(badge).toHaveAttribute('data-component', 'AvatarStack.Overflow');
    expect(badge).toHaveAttribute('title', 'Dana Scott, Edsger Dijkstra, Frances Allen');
    expect(items[3]).toContainElement(badge);
    expect(screen.queryByRole('img', { name: 'Dana Scott' })).toBeNull();
  });

  it('shows every avatar and no badge up to maxVisible', () => {
    render(<AvatarStack avatars={PEOPLE.slice(0, 3)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText(/^\+/)).toBeNull();
  });

  it('honours maxVisible and a translated overflow label', () => {
    render(<AvatarStack avatars={PEOPLE} maxVisible={5} formatOverflowLabel={(n) => `${n} weitere`} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByRole('img', { name: '1 weitere' })).toHaveTextContent('+1');
  });

  it('makes an avatar with href a link named after the entity', () => {
    render(<AvatarStack avatars={PEOPLE} />);
    expect(screen.getByRole('link', { name: 'Carol Shaw' })).toHaveAttribute('href', '/carol');
  });

  it('renders every avatar and the badge at the stack size (default 24) and shape', () => {
    const { rerender } = render(<AvatarStack avatars={PEOPLE} />);
    for (const img of screen.getAllByRole('img')) {
      expect(img).toHaveAttribute('data-size', '24');
      expect(img).toHaveAttribute('data-shape', 'circle');
    }
    rerender(<AvatarStack avatars={PEOPLE} size={{ default: 16, lg: 32 }} shape="rect" />);
    for (const img of screen.getAllByRole('img')) {
      expect(img).toHaveAttribute('data-size', '16');
      expect(img).toHaveAttribute('data-size-lg', '32');
      expect(img).toHaveAttribute('data-shape', 'rect');
    }
  });
});
