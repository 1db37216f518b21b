// WorkItemDescription renders on the server (the text, Edit, 'Edited ... by ...') and hydrates without a warning.
import { describe, expect, it } from 'vitest';
import { renderMarkdown, WorkItemDescription } from '../src/markdown';
import { renderAndHydrate } from './support/hydration';

describe('WorkItemDescription server render', () => {
  it('renders the description text and the edited line, and hydrates cleanly', async () => {
    const html = await renderAndHydrate(
      <WorkItemDescription
        description="Hello **world**"
        descriptionHtml={await renderMarkdown('Hello **world**')}
        canUpdate
        onSave={() => Promise.resolve()}
        lastEditedAt="2026-11-24T12:00:00Z"
        now="2026-11-25T12:00:00Z"
        lastEditedBy={{ name: 'Grace' }}
      />,
    );
    expect(html).toContain('Hello world');
    expect(html).toContain('aria-label="Edit description"');
    expect(html).toContain('Edited <time');
    expect(html).toContain('by <!-- -->Grace');
  });
});
