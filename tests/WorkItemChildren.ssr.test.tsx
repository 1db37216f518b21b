// The hierarchy widget on the server (no DOM globals): the tree, counts and menus render to HTML,
// and hydrating that HTML matches without a warning; the expander then works in the page.
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkItemChildren } from '../src/components/WorkItemChildren';
import { demoChildren, demoGrandchildren, demoObjectiveChildren } from '../stories/support/workItems';
import { renderAndHydrate } from './support/hydration';

afterEach(() => vi.restoreAllMocks());

describe('WorkItemChildren server render', () => {
  it('renders the tree with counts, states and row menus', () => {
    const html = renderToString(<WorkItemChildren parentType="Issue" items={demoChildren} canUpdate />);
    expect(html).toContain('Design the sign-in form');
    expect(html).toContain('1 of 3 closed');
    expect(html).toContain('aria-label="Actions for Write the session store"');
  });

  it('hydrates without a warning, and a lazy expander loads in the hydrated page', async () => {
    const onLoadChildren = vi.fn(async () => demoGrandchildren);
    await renderAndHydrate(
      <WorkItemChildren
        parentType="Objective"
        items={demoObjectiveChildren}
        canUpdate
        onLoadChildren={onLoadChildren}
      />,
      async (container) => {
        const expander = container.querySelector<HTMLButtonElement>('[aria-label="Expand Ship passkeys"]')!;
        await act(async () => expander.click());
        expect(container.textContent).toContain('Passkeys on web');
      },
      { preserves: '.fk-work-item-children__list' },
    );
  });
});
