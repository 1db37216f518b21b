// Real Chromium: a child moved with Alt+Arrow keys keeps focus on its own link while its row moves
// (React moves the focused node), a pointer drag of the grip onto a sibling reorders, and the
// token search keeps focus in its field while options are picked with the mouse.
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from 'vitest/browser';
import { WorkItemChildren, WorkItemSearch, type WorkItemLinkItem } from '../src/components/WorkItemChildren';
import { demoChildren, demoItems } from '../stories/support/workItems';
import { useState } from 'react';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

const titles = () =>
  [...document.querySelectorAll('.fk-work-item-children__list > .fk-work-item-row .fk-work-item-row__title')].map(
    (title) => title.textContent,
  );

describe('WorkItemChildren in Chromium', () => {
  it('keeps focus on the moved child through Alt+Arrow moves', async () => {
    const onReorder = vi.fn(async () => {});
    render(<WorkItemChildren parentType="Issue" items={demoChildren} canUpdate onReorder={onReorder} />);
    const link = screen.getByRole('link', { name: 'Design the sign-in form' });
    link.focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() =>
      expect(titles()).toEqual(['Write the session store', 'Document the login flow', 'Design the sign-in form']),
    );
    expect(document.activeElement).toBe(link);
    expect(onReorder).toHaveBeenCalledTimes(2);
  });

  it('reorders when the grip is dragged onto a sibling', async () => {
    const onReorder = vi.fn(async () => {});
    render(<WorkItemChildren parentType="Issue" items={demoChildren} canUpdate onReorder={onReorder} />);
    const [first, , last] = document.querySelectorAll<HTMLElement>('.fk-work-item-children__list > .fk-work-item-row');
    await userEvent.dragAndDrop(first!.querySelector('.fk-work-item-children__handle')!, last!);
    await waitFor(() =>
      expect(onReorder).toHaveBeenCalledWith(demoChildren[0], {
        adjacentWorkItemId: demoChildren[2]!.id,
        relativePosition: 'AFTER',
      }),
    );
    expect(titles()[2]).toBe('Design the sign-in form');
  });

  it('keeps focus in the search field while options are clicked', async () => {
    function Harness() {
      const [value, setValue] = useState<WorkItemLinkItem[]>([]);
      return (
        <WorkItemSearch
          label="Items"
          value={value}
          onChange={setValue}
          onSearch={async () => demoItems(3)}
          searchDelay={0}
        />
      );
    }
    render(<Harness />);
    const field = screen.getByRole('combobox', { name: 'Items' });
    await userEvent.click(field);
    await userEvent.click(await screen.findByRole('option', { name: /Search result 2\b/ }));
    expect(document.activeElement).toBe(field);
    expect(within(screen.getByRole('list', { name: 'Items' })).getByText('Search result 2')).toBeVisible();
  });
});
