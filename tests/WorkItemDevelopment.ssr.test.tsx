// The development widget on the server (no DOM globals): merge requests and branches render to
// HTML and hydrate without a warning.
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkItemDevelopment } from '../src/components/WorkItemDevelopment';
import { demoBranches, demoMergeRequests } from '../stories/support/workItems';
import { renderAndHydrate } from './support/hydration';

afterEach(() => vi.restoreAllMocks());

const element = (
  <WorkItemDevelopment mergeRequests={demoMergeRequests} branches={demoBranches} canUpdate onCreateBranch={() => {}} />
);

describe('WorkItemDevelopment server render', () => {
  it('renders merge requests and branches', () => {
    const html = renderToString(element);
    expect(html).toContain('Session store on PostgreSQL');
    expect(html).toContain('spike/webauthn');
  });

  it('hydrates without a warning', async () => {
    await renderAndHydrate(element, undefined, { preserves: '.fk-work-item-development__list' });
  });
});
