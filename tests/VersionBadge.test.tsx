import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  VersionBadge,
  VERSION_BADGE_DEFAULT_HREF,
  VERSION_BADGE_STATUSES,
  VERSION_BADGE_TEXT,
} from '../src/components/VersionBadge';

describe('VersionBadge', () => {
  it('says the spec texts for each status (spec section 4)', () => {
    expect(VERSION_BADGE_TEXT).toEqual({
      success: 'Up to date',
      warning: 'Update available',
      danger: 'Update ASAP',
    });
    expect(VERSION_BADGE_STATUSES).toEqual(['success', 'warning', 'danger']);
  });

  it.each(VERSION_BADGE_STATUSES)('renders status %s as a Badge in the matching variant, not a link', (status) => {
    const { container } = render(<VersionBadge status={status} />);
    const badge = container.querySelector('.fk-badge');
    expect(badge).toHaveTextContent(VERSION_BADGE_TEXT[status]);
    expect(badge).toHaveAttribute('data-variant', status);
    expect(badge).toHaveAttribute('data-version-status', status);
    expect(badge).toHaveClass('fk-version-badge');
    expect(badge?.tagName).toBe('SPAN');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('links to the update docs only when actionable', () => {
    render(<VersionBadge status="danger" actionable />);
    const link = screen.getByRole('link', { name: 'Update ASAP' });
    expect(link).toHaveAttribute('href', VERSION_BADGE_DEFAULT_HREF);
    expect(VERSION_BADGE_DEFAULT_HREF).toBe('/help/update/index');
    expect(link).toHaveAttribute('data-actionable', 'true');
  });

  it('takes another docs address', () => {
    render(<VersionBadge status="warning" actionable href="/gitlab/help/update/index" />);
    expect(screen.getByRole('link', { name: 'Update available' })).toHaveAttribute('href', '/gitlab/help/update/index');
  });

  it('ignores href when not actionable', () => {
    render(<VersionBadge status="warning" href="/help/update/index" />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('renders nothing without a status, or with an unknown one', () => {
    const { container, rerender } = render(<VersionBadge />);
    expect(container).toBeEmptyDOMElement();
    rerender(<VersionBadge status={null} actionable />);
    expect(container).toBeEmptyDOMElement();
    rerender(<VersionBadge status={'unknown' as 'success'} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('passes Badge props on (size, className)', () => {
    const { container } = render(<VersionBadge status="success" size="sm" className="mine" />);
    expect(container.querySelector('.fk-badge')).toHaveAttribute('data-size', 'sm');
    expect(container.querySelector('.fk-badge')).toHaveClass('mine', 'fk-version-badge');
  });
});
