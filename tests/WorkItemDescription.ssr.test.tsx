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

  it('draws sanitised HTML (isHtmlSanitized) as it is in the server render, and hydrates cleanly', async () => {
    const html = await renderAndHydrate(
      <WorkItemDescription
        description="Hello **world**"
        descriptionHtml={await renderMarkdown('Hello **world**')}
        isHtmlSanitized
      />,
    );
    // Hydration starts loading the enhancers' pipeline: the test ends once it has arrived.
    await import('../src/markdown/pipeline/renderGfm');
    // The markup itself, not the text that stands in while a sanitiser loads.
    expect(html).toContain('<strong>world</strong>');
    expect(html).toContain('data-state="rendered"');
  });
});
