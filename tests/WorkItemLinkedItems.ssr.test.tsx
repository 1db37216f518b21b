// Linked items on the server (no DOM globals): the groups render to HTML and hydrate without a
// warning; the add form then opens in the hydrated page.
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkItemLinkedItems } from '../src/components/WorkItemLinkedItems';
import { demoLinkedItems } from '../stories/support/workItems';
import { renderAndHydrate } from './support/hydration';

afterEach(() => vi.restoreAllMocks());

const element = (
  <WorkItemLinkedItems workItemType="Issue" items={demoLinkedItems} canUpdate onSearch={async () => []} />
);

describe('WorkItemLinkedItems server render', () => {
  it('renders the groups and counts', () => {
    const html = renderToString(element);
    expect(html).toContain('Blocked by');
    expect(html).toContain('Issue has 4 linked items');
  });

  it('hydrates without a warning, then opens the add form', async () => {
    await renderAndHydrate(
      element,
      async (container) => {
        const add = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Add')!;
        await act(async () => add.click());
        expect(container.querySelector('fieldset legend')?.textContent).toBe('The current issue');
      },
      { preserves: '.fk-work-item-linked-items__list' },
    );
  });
});
