import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WorkItemSidebar, type WorkItemSidebarWidgets } from '../src/components/WorkItemSidebar';
import { workItemUpdateErrorMessage } from '../src/utils/workItems';

const widgets: WorkItemSidebarWidgets = {
  ASSIGNEES: {
    assignees: [],
    currentUser: { id: '1', username: 'ada', name: 'Ada Lovelace' },
    onChange: () => Promise.reject(new Error('no')),
  },
  LABELS: { labels: [{ id: 'l1', title: 'frontend', color: '#6699cc' }] },
  WEIGHT: { weight: 3 },
  COLOR: { color: '#1068bf' },
  PARTICIPANTS: { participants: [{ id: '1', username: 'ada', name: 'Ada Lovelace' }] },
};

describe('WorkItemSidebar', () => {
  it("stacks the widgets in GitLab's order, only those of the item's type", () => {
    const { container } = render(
      <WorkItemSidebar widgets={widgets} widgetTypes={['ASSIGNEES', 'LABELS', 'WEIGHT', 'PARTICIPANTS']} />,
    );
    // Not a landmark: it goes inside WorkItemView's 'Attributes' sidebar, which is one.
    expect(screen.queryByRole('complementary')).toBeNull();
    const sidebar = container.querySelector<HTMLElement>('[data-component="WorkItemSidebar"]')!;
    expect(
      within(sidebar)
        .getAllByRole('region')
        .map((region) => region.getAttribute('data-widget')),
    ).toEqual(['ASSIGNEES', 'LABELS', 'WEIGHT', 'PARTICIPANTS']);
    // COLOR has props but is not a widget of this type.
    expect(screen.queryByRole('region', { name: 'Color' })).toBeNull();
  });

  it('gives every widget the permission and the error text once', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<WorkItemSidebar widgets={widgets} />);
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    rerender(<WorkItemSidebar widgets={widgets} canUpdate errorMessage={workItemUpdateErrorMessage('Issue')} />);
    expect(screen.getByRole('button', { name: 'Edit labels' })).toBeInTheDocument();
    // Notifications may carry their own permission: anyone who sees an item may subscribe.
    rerender(<WorkItemSidebar widgets={{ NOTIFICATIONS: { subscribed: false, canUpdate: true } }} />);
    expect(screen.getByRole('switch')).toBeEnabled();
    rerender(<WorkItemSidebar widgets={widgets} canUpdate errorMessage={workItemUpdateErrorMessage('Issue')} />);
    await user.click(screen.getByRole('button', { name: 'Assign yourself' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while updating the issue. Please try again.',
    );
  });
});
