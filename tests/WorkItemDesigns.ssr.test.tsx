// Designs on the server (no DOM globals): the tiles render with their lazy images' placeholders
// and hydrate without a warning.
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkItemDesigns } from '../src/components/WorkItemDesigns';
import { demoDesigns } from '../stories/support/workItems';
import { renderAndHydrate } from './support/hydration';

afterEach(() => vi.restoreAllMocks());

const element = <WorkItemDesigns designs={demoDesigns} canUpdate onUpload={async () => {}} />;

describe('WorkItemDesigns server render', () => {
  it('renders the tiles with filenames and lazy images', () => {
    const html = renderToString(element);
    expect(html).toContain('passkey-prompt.png');
    expect(html).toContain('data-src="data:image/svg+xml');
  });

  it('hydrates without a warning', async () => {
    await renderAndHydrate(element, undefined, { preserves: '.fk-work-item-designs__grid' });
  });
});
