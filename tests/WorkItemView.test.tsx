import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WorkItemView } from '../src/components/WorkItemView';
import { WORK_ITEM_SKELETON_LINES } from '../src/utils/workItems';

describe('WorkItemView', () => {
  it('lays out the header, main column slots in order, the named sidebar and the activity', () => {
    const { container } = render(
      <WorkItemView
        header={<h1>Title</h1>}
        description={<p>Description</p>}
        childItems={<p>Children</p>}
        linkedItems={<p>Linked</p>}
        notes={<p>Notes</p>}
        sidebar={<p>Assignees</p>}
        page="projects:issues:show"
      >
        <p>Designs</p>
      </WorkItemView>,
    );
    expect(container.firstElementChild).toHaveAttribute('data-state', 'ready');
    const main = container.querySelector('[data-component="WorkItemView.Main"]')!;
    expect([...main.children].map((child) => child.textContent)).toEqual([
      'Description',
      'Children',
      'Linked',
      'Designs',
    ]);
    expect(screen.getByRole('complementary', { name: 'Attributes' })).toHaveTextContent('Assignees');
    expect(container.querySelector('[data-component="WorkItemView.Notes"]')).toHaveTextContent('Notes');
  });

  it('shows the 4-line skeleton while loading (spec section 9)', () => {
    const { container } = render(<WorkItemView isLoading header={<h1>Title</h1>} />);
    expect(screen.getByRole('status')).toHaveAttribute('data-lines', String(WORK_ITEM_SKELETON_LINES));
    expect(container.querySelectorAll('[data-component="SkeletonLoader.Line"]')).toHaveLength(4);
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it.each([
    [
      'not-available',
      "This work item is not available. It either doesn't exist or you don't have permission to view it.",
    ],
    ['not-found', 'Work item not found'],
  ] as const)('shows the %s error instead of the content', (error, message) => {
    render(<WorkItemView error={error} header={<h1>Title</h1>} />);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
