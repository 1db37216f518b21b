import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { REF_SELECTOR_LABELS, RefSelector, type RefSelectorProps } from '../src/components/RefSelector';
import { LAZY_CODE_TEST_TIMEOUT, LAZY_CODE_TIMEOUT } from './support/lazyCode';

const BRANCHES = ['main', 'feature/ref-selector', 'release-1.x'];
const TAGS = ['v1.0.0', 'v1.1.0'];

function setup(props: Partial<RefSelectorProps> = {}) {
  const onSelect = vi.fn();
  const user = userEvent.setup();
  render(<RefSelector value="main" branches={BRANCHES} tags={TAGS} onSelect={onSelect} {...props} />);
  return { user, onSelect };
}

const toggle = () => screen.getByRole('button', { name: 'Switch branch/tag: main' });
const search = () => screen.getByRole('combobox', { name: 'Search by Git revision' });
/** The search field once the list's code has arrived (it loads on the button's first hover, focus or press). */
const findSearch = () => screen.findByRole('combobox', { name: 'Search by Git revision' }, LAZY_CODE_TIMEOUT);
/** Clicks the button and waits for the open list. */
async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(toggle());
  await findSearch();
}
const activeOption = () => document.getElementById(search().getAttribute('aria-activedescendant') ?? '');

describe('RefSelector', () => {
  it('shows the current ref on a closed button', () => {
    setup();
    expect(toggle()).toHaveTextContent('main');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveAttribute('aria-haspopup', 'listbox');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it(
    'opens on a click that comes before the list code, with the search field focused and branches and tags in named sections',
    { timeout: LAZY_CODE_TEST_TIMEOUT },
    async () => {
      vi.resetModules(); // a fresh module graph: the list's code not loaded yet
      const Fresh = (await import('../src/components/RefSelector')).RefSelector;
      const user = userEvent.setup();
      render(<Fresh value="main" branches={BRANCHES} tags={TAGS} onSelect={vi.fn()} />);
      await user.click(toggle());
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      expect(await findSearch()).toHaveFocus();
      expect(toggle()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
      const branches = screen.getByRole('group', { name: 'Branches' });
      const tags = screen.getByRole('group', { name: 'Tags' });
      expect(
        within(branches)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(BRANCHES);
      expect(
        within(tags)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(TAGS);
      expect(screen.getByRole('option', { name: 'main' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('option', { name: 'v1.0.0' })).toHaveAttribute('aria-selected', 'false');
    },
  );

  it('filters as you type, case-insensitively, hiding empty sections', async () => {
    const onSearchChange = vi.fn();
    const { user } = setup({ onSearchChange });
    await open(user);
    await user.keyboard('V1.1');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['v1.1.0']);
    expect(screen.queryByRole('group', { name: 'Branches' })).toBeNull();
    expect(onSearchChange).toHaveBeenLastCalledWith('V1.1');
  });

  it("says 'No matching results' when nothing matches", async () => {
    const { user } = setup();
    await open(user);
    await user.keyboard('nothing-like-this');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('No matching results');
  });

  it('says it is loading', async () => {
    const { user } = setup({ isLoading: true, branches: [], tags: [] });
    await open(user);
    expect(screen.getByRole('status')).toHaveTextContent(REF_SELECTOR_LABELS.loading);
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'true');
  });

  it('is operable by keyboard: ArrowDown opens, arrows move across sections, Enter chooses', async () => {
    const { user, onSelect } = setup();
    toggle().focus();
    await user.keyboard('{ArrowDown}');
    expect(await findSearch()).toHaveFocus();
    expect(activeOption()).toHaveTextContent('main');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(activeOption()).toHaveTextContent('v1.0.0');
    await user.keyboard('{End}');
    expect(activeOption()).toHaveTextContent('v1.1.0');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('main');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onSelect).toHaveBeenCalledWith({ name: 'v1.1.0', type: 'tag' });
    expect(screen.queryByRole('listbox')).toBeNull();
    // Focus goes back once the popover's focus scope has unmounted (a frame later).
    await waitFor(() => expect(toggle()).toHaveFocus());
  });

  it('calls back with the clicked ref and its type, then closes', async () => {
    const { user, onSelect } = setup();
    await open(user);
    await user.click(screen.getByRole('option', { name: 'feature/ref-selector' }));
    expect(onSelect).toHaveBeenCalledWith({ name: 'feature/ref-selector', type: 'branch' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes on Escape, focus back on the button, without choosing', async () => {
    const { user, onSelect } = setup();
    await open(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Focus goes back once the popover's focus scope has unmounted (a frame later).
    await waitFor(() => expect(toggle()).toHaveFocus());
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('can be controlled, and shows the new ref after a choice', async () => {
    function Controlled() {
      const [ref, setRef] = useState('main');
      return <RefSelector value={ref} branches={BRANCHES} tags={TAGS} onSelect={({ name }) => setRef(name)} />;
    }
    const user = userEvent.setup();
    render(<Controlled />);
    await open(user);
    await user.click(screen.getByRole('option', { name: 'v1.0.0' }));
    expect(screen.getByRole('button', { name: 'Switch branch/tag: v1.0.0' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Switch branch/tag: v1.0.0' }).querySelector('[data-name="tag"]'),
    ).not.toBeNull();
  });
});
