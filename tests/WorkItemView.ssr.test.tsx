// WorkItemView renders on the server (slots, sidebar, skeleton, error) and hydrates without a warning.
import { describe, expect, it } from 'vitest';
import { WorkItemView } from '../src/components/WorkItemView';
import { renderAndHydrate } from './support/hydration';

describe('WorkItemView server render', () => {
  it('renders the slots and the sidebar expanded on the server, and hydrates cleanly', async () => {
    const html = await renderAndHydrate(
      <WorkItemView
        page="projects:issues:show"
        header={<h1>Title</h1>}
        description={<p>Description</p>}
        notes={<p>Notes</p>}
        sidebar={<p>Assignees</p>}
      />,
      (container) => {
        expect(container.querySelector('h1')?.textContent).toBe('Title');
      },
    );
    expect(html).toContain('data-state="ready"');
    expect(html).toContain('aria-label="Attributes"');
    expect(html).toContain('<p>Notes</p>');
  });

  it('renders the 4-line skeleton and the error on the server', async () => {
    const loading = await renderAndHydrate(<WorkItemView isLoading />);
    expect(loading.match(/data-component="SkeletonLoader.Line"/g)).toHaveLength(4);
    const error = await renderAndHydrate(<WorkItemView error="not-found" />);
    expect(error).toContain('Work item not found');
  });
});
