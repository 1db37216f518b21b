import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ICON_SPRITE_HREF, ICON_NAMES, Icon, IconSpriteProvider } from '../src/components/Icon';

describe('Icon', () => {
  it('references its symbol in the default sprite and is decorative by default', () => {
    const { container } = render(<Icon name="branch" />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).not.toHaveAttribute('role');
    expect(svg.querySelector('use')).toHaveAttribute('href', `${DEFAULT_ICON_SPRITE_HREF}#branch`);
    expect(svg).toHaveAttribute('data-size', '16');
    expect(svg).toHaveAttribute('width', '16');
    expect(svg).toHaveAttribute('focusable', 'false');
  });

  it('is an image named by its label when given one', () => {
    render(<Icon name="status_success" label="Pipeline passed" size={24} />);
    const img = screen.getByRole('img', { name: 'Pipeline passed' });
    expect(img).not.toHaveAttribute('aria-hidden');
    expect(img).toHaveAttribute('height', '24');
  });

  it('reads the sprite location from the provider', () => {
    const { container } = render(
      <IconSpriteProvider href="/static/sprite.svg">
        <Icon name="pipeline" />
      </IconSpriteProvider>,
    );
    expect(container.querySelector('use')).toHaveAttribute('href', '/static/sprite.svg#pipeline');
  });

  it('merges the consumer className and passes other props to the svg', () => {
    const { container } = render(<Icon name="commit" className="mine" data-testid="x" />);
    expect(container.querySelector('svg')).toHaveClass('fk-icon', 'mine');
    expect(screen.getByTestId('x')).toBe(container.querySelector('svg'));
  });

  it('types the names of the whole sprite, code-hosting concepts and emoji categories included', () => {
    for (const name of ['branch', 'merge-request', 'commit', 'issues', 'epic', 'pipeline', 'smiley', 'flag', 'food']) {
      expect(ICON_NAMES).toContain(name);
    }
  });
});
