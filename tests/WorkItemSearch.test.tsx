import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { WorkItemSearch, type WorkItemLinkItem } from '../src/components/WorkItemChildren';
import {
  MAX_WORK_ITEMS_AT_ONCE,
  MAX_WORK_ITEMS_HINT,
  NO_MATCHES_FOUND_MESSAGE,
  TOO_MANY_WORK_ITEMS_MESSAGE,
} from '../src/utils/workItems';
import { demoItems } from '../stories/support/workItems';

const found = demoItems(MAX_WORK_ITEMS_AT_ONCE + 2);

function Harness({
  onSearch = async () => found,
  excludeIds,
}: {
  onSearch?: () => Promise<WorkItemLinkItem[]>;
  excludeIds?: string[];
}) {
  const [value, setValue] = useState<WorkItemLinkItem[]>([]);
  return (
    <WorkItemSearch
      label="the following items"
      value={value}
      onChange={setValue}
      onSearch={onSearch}
      excludeIds={excludeIds}
      searchDelay={0}
    />
  );
}

describe('WorkItemSearch', () => {
  it('picks items with the keyboard and removes the last with Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByRole('combobox', { name: 'the following items' });
    expect(field).toHaveAccessibleDescription(MAX_WORK_ITEMS_HINT);
    await user.click(field);
    await screen.findByRole('option', { name: /Search result 1\b/ });
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: /Search result 2\b/ }).id,
    );
    await user.keyboard('{Enter}');
    const tokens = screen.getByRole('list', { name: 'the following items' });
    expect(within(tokens).getByText('Search result 2')).toBeInTheDocument();
    // A picked item is not offered again.
    expect(screen.queryByRole('option', { name: /Search result 2\b/ })).toBeNull();
    await user.keyboard('{Backspace}');
    expect(screen.queryByRole('list', { name: 'the following items' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
  });

  it(`refuses the item after ${MAX_WORK_ITEMS_AT_ONCE} with GitLab message`, async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('combobox'));
    for (let index = 0; index < MAX_WORK_ITEMS_AT_ONCE; index++) {
      await user.click(await screen.findByRole('option', { name: new RegExp(`Search result ${index + 1}\\b`) }));
    }
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(await screen.findByRole('option', { name: /Search result 11\b/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(TOO_MANY_WORK_ITEMS_MESSAGE);
    expect(screen.getByText(MAX_WORK_ITEMS_HINT)).toBeInTheDocument();
    const tokens = screen.getByRole('list', { name: 'the following items' });
    expect(within(tokens).getAllByRole('listitem')).toHaveLength(MAX_WORK_ITEMS_AT_ONCE);
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-invalid', 'true');
    // Removing one lifts the refusal.
    await user.click(screen.getByRole('button', { name: 'Remove Search result 1' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('never offers excluded items, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn(async () => demoItems(1));
    render(<Harness onSearch={onSearch} excludeIds={[demoItems(1)[0]!.id]} />);
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('zzz');
    expect(await screen.findByText(NO_MATCHES_FOUND_MESSAGE)).toBeInTheDocument();
    expect(onSearch).toHaveBeenLastCalledWith('zzz');
  });
});
