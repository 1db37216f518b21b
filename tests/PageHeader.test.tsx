import { render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Badge } from '../src/components/Badge';
import { Button } from '../src/components/Button';
import { PageHeader } from '../src/components/PageHeader';
import { VISIBILITY_DESCRIPTIONS } from '../src/components/VisibilityIcon';

describe('PageHeader', () => {
  it('is a header whose title is the page h1, with description, badges and actions', () => {
    const ref = createRef<HTMLElement>();
    render(
      <PageHeader
        ref={ref}
        className="extra"
        title="forgekit"
        description="A design system."
        badges={<Badge>Maintainer</Badge>}
        actions={<Button>Star</Button>}
        data-testid="header"
      />,
    );
    const header = screen.getByTestId('header');
    expect(ref.current).toBe(header);
    expect(header.tagName).toBe('HEADER');
    expect(header).toHaveClass('fk-page-header', 'extra');
    expect(header).toHaveAttribute('data-component', 'PageHeader');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('forgekit');
    expect(header.querySelector('[data-component="PageHeader.Description"]')).toHaveTextContent('A design system.');
    const badges = header.querySelector<HTMLElement>('[data-component="PageHeader.Badges"]')!;
    expect(within(badges).getByText('Maintainer')).toBeInTheDocument();
    const actions = header.querySelector<HTMLElement>('[data-component="PageHeader.Actions"]')!;
    expect(within(actions).getByRole('button', { name: 'Star' })).toBeInTheDocument();
  });

  it('leaves out the parts it is not given', () => {
    render(<PageHeader title="Tokens" data-testid="header" />);
    const header = screen.getByTestId('header');
    for (const part of ['Avatar', 'Description', 'Badges', 'Actions']) {
      expect(header.querySelector(`[data-component="PageHeader.${part}"]`)).toBeNull();
    }
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the visibility icon after the title, named for a project or a group', () => {
    const { rerender } = render(<PageHeader title="forgekit" visibility="private" />);
    const icon = screen.getByRole('img', { name: VISIBILITY_DESCRIPTIONS.project.private });
    expect(icon).toHaveAttribute('data-visibility', 'private');
    rerender(<PageHeader title="Platform" visibility="public" visibilityEntity="group" />);
    expect(screen.getByRole('img', { name: VISIBILITY_DESCRIPTIONS.group.public })).toBeInTheDocument();
  });
});
