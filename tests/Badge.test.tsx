import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { Badge, BADGE_ICON_SIZE, BADGE_VARIANTS } from '../src/components/Badge';

describe('Badge', () => {
  it('renders its label as a neutral, medium span by default', () => {
    render(<Badge>Draft</Badge>);
    const badge = screen.getByText('Draft').closest('[data-component="Badge"]');
    expect(badge?.tagName).toBe('SPAN');
    expect(badge).toHaveAttribute('data-variant', 'neutral');
    expect(badge).toHaveAttribute('data-size', 'md');
    expect(badge).toHaveClass('fk-badge');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it.each(BADGE_VARIANTS)('sets data-variant="%s"', (variant) => {
    render(<Badge variant={variant}>{variant}</Badge>);
    expect(screen.getByText(variant).closest('.fk-badge')).toHaveAttribute('data-variant', variant);
  });

  it('offers the feedback and status variants', () => {
    expect(BADGE_VARIANTS).toEqual([
      'neutral',
      'info',
      'success',
      'warning',
      'danger',
      'tip',
      'open',
      'closed',
      'merged',
    ]);
  });

  it('sets data-size and sizes the icon to match', () => {
    const { container } = render(
      <Badge size="sm" icon="issues">
        Small
      </Badge>,
    );
    expect(container.querySelector('.fk-badge')).toHaveAttribute('data-size', 'sm');
    const icon = container.querySelector('[data-component="Icon"]');
    expect(icon).toHaveAttribute('data-size', String(BADGE_ICON_SIZE.sm));
  });

  it('draws a leading, decorative icon', () => {
    const { container } = render(
      <Badge icon="merge" variant="merged">
        Merged
      </Badge>,
    );
    const badge = container.querySelector('.fk-badge');
    const icon = container.querySelector('[data-component="Icon"]');
    expect(icon).toHaveAttribute('data-name', 'merge');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(icon).toHaveAttribute('data-size', String(BADGE_ICON_SIZE.md));
    expect(badge?.firstElementChild).toBe(icon);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('has no icon unless asked', () => {
    const { container } = render(<Badge>Plain</Badge>);
    expect(container.querySelector('svg')).toBeNull();
  });

  it('becomes a link with href, named by its label', () => {
    render(
      <Badge href="/help/update" variant="warning" target="_blank" rel="noopener">
        Update available
      </Badge>,
    );
    const link = screen.getByRole('link', { name: 'Update available' });
    expect(link).toHaveAttribute('href', '/help/update');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(link).toHaveAttribute('data-variant', 'warning');
    expect(link).toHaveAttribute('data-component', 'Badge');
  });

  it('puts className, style, other props and ref on the root', () => {
    const ref = createRef<HTMLElement>();
    render(
      <Badge ref={ref} className="mine" style={{ marginInlineStart: 4 }} title="State" data-testid="b">
        Open
      </Badge>,
    );
    const badge = screen.getByTestId('b');
    expect(ref.current).toBe(badge);
    expect(badge).toHaveClass('fk-badge', 'mine');
    expect(badge).toHaveStyle({ marginInlineStart: '4px' });
    expect(badge).toHaveAttribute('title', 'State');
  });

  it('forwards the ref to the link', () => {
    const ref = createRef<HTMLElement>();
    render(
      <Badge ref={ref} href="#x">
        Linked
      </Badge>,
    );
    expect(ref.current).toBe(screen.getByRole('link', { name: 'Linked' }));
  });
});
