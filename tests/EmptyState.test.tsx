import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState } from '../src/components/EmptyState';
import { Icon } from '../src/components/Icon';

describe('EmptyState', () => {
  it('shows the illustration, a level-2 title, the description and its children', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <EmptyState
        ref={ref}
        className="extra"
        title="There are no issues to show"
        description="Issues track work."
        illustration={<Icon name="issues" size={72} />}
        data-testid="empty"
      >
        <p>Tip: try another filter.</p>
      </EmptyState>,
    );
    const root = screen.getByTestId('empty');
    expect(ref.current).toBe(root);
    expect(root).toHaveClass('fk-empty-state', 'extra');
    expect(root).toHaveAttribute('data-variant', 'default');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('There are no issues to show');
    expect(root.querySelector('[data-component="EmptyState.Description"]')).toHaveTextContent('Issues track work.');
    expect(root.querySelector('[data-component="EmptyState.Illustration"] svg')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Tip: try another filter.')).toBeInTheDocument();
    expect(root.querySelector('[data-component="EmptyState.Actions"]')).toBeNull();
  });

  it('takes another heading level and the compact variant', () => {
    render(<EmptyState title="No commits" headingLevel={3} variant="compact" data-testid="empty" />);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('No commits');
    expect(screen.getByTestId('empty')).toHaveAttribute('data-variant', 'compact');
  });

  it('draws the primary action as a confirm link and the secondary as a default button', async () => {
    const onImport = vi.fn();
    render(
      <EmptyState
        title="No projects"
        primaryAction={{ text: 'New project', href: '/projects/new' }}
        secondaryAction={{ text: 'Import project', onClick: onImport }}
      />,
    );
    const primary = screen.getByRole('link', { name: 'New project' });
    expect(primary).toHaveAttribute('href', '/projects/new');
    expect(primary).toHaveAttribute('data-variant', 'confirm');
    expect(primary).toHaveAttribute('data-kind', 'primary');
    const secondary = screen.getByRole('button', { name: 'Import project' });
    expect(secondary).toHaveAttribute('data-variant', 'default');
    await userEvent.click(secondary);
    expect(onImport).toHaveBeenCalledOnce();
  });
});
