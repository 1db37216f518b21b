import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { ScrollableTabs, SCROLLABLE_TABS_LABELS, type ScrollableTabItem } from '../src/components/ScrollableTabs';
import { TAB_SCROLL_STEP } from '../src/tokens';

const ITEMS: ScrollableTabItem[] = [
  { id: 'overview', label: 'Overview', content: 'Overview panel' },
  { id: 'commits', label: 'Commits', content: 'Commits panel' },
  { id: 'pipelines', label: 'Pipelines', content: 'Pipelines panel', isDisabled: true },
  { id: 'changes', label: 'Changes', content: 'Changes panel' },
];

function tabs() {
  return screen.getAllByRole('tab');
}

describe('ScrollableTabs', () => {
  it('scrolls 200 px per click (spec section 9)', () => {
    expect(TAB_SCROLL_STEP).toBe(200);
    expect(SCROLLABLE_TABS_LABELS).toEqual({ scrollLeft: 'Scroll left', scrollRight: 'Scroll right' });
  });

  it('is a named tablist of tabs, each controlling its tabpanel', () => {
    render(<ScrollableTabs label="Merge request tabs" items={ITEMS} />);
    const list = screen.getByRole('tablist', { name: 'Merge request tabs' });
    expect(list).toHaveAttribute('aria-orientation', 'horizontal');
    expect(tabs().map((tab) => tab.textContent)).toEqual(['Overview', 'Commits', 'Pipelines', 'Changes']);
    for (const tab of tabs()) {
      const panel = document.getElementById(tab.getAttribute('aria-controls')!);
      expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(panel).toHaveAttribute('aria-labelledby', tab.id);
    }
    const panel = screen.getByRole('tabpanel', { name: 'Overview' });
    expect(panel).toHaveTextContent('Overview panel');
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });

  it('selects the first tab by default, with a roving tabindex', () => {
    render(<ScrollableTabs label="Tabs" items={ITEMS} />);
    expect(tabs().map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false', 'false']);
    expect(tabs().map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it('selects a tab on click and shows its panel', async () => {
    const onSelectionChange = vi.fn();
    render(<ScrollableTabs label="Tabs" items={ITEMS} onSelectionChange={onSelectionChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Changes' }));
    expect(screen.getByRole('tab', { name: 'Changes' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Changes' })).toHaveTextContent('Changes panel');
    expect(onSelectionChange).toHaveBeenCalledWith('changes');
  });

  it('does not select a disabled tab', async () => {
    render(<ScrollableTabs label="Tabs" items={ITEMS} />);
    const disabled = screen.getByRole('tab', { name: 'Pipelines' });
    expect(disabled).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(disabled);
    expect(disabled).toHaveAttribute('aria-selected', 'false');
  });

  it('moves with Left/Right (wrapping, skipping disabled tabs) and Home/End, selecting as it goes', async () => {
    render(<ScrollableTabs label="Tabs" items={ITEMS} />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    const path: string[] = [];
    for (const key of [
      '{ArrowRight}',
      '{ArrowRight}',
      '{ArrowRight}',
      '{ArrowLeft}',
      '{Home}',
      '{End}',
      '{ArrowLeft}',
    ]) {
      await userEvent.keyboard(key);
      path.push(document.activeElement!.textContent!);
      expect(document.activeElement).toHaveAttribute('aria-selected', 'true');
    }
    expect(path).toEqual(['Commits', 'Changes', 'Overview', 'Changes', 'Overview', 'Changes', 'Commits']);
  });

  it('leaves the tab list with Tab to the panel', async () => {
    render(<ScrollableTabs label="Tabs" items={ITEMS} defaultSelectedKey="commits" />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Commits' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('tabpanel', { name: 'Commits' })).toHaveFocus();
  });

  it('with manual activation, arrows move focus and Enter selects', async () => {
    render(<ScrollableTabs label="Tabs" items={ITEMS} activation="manual" />);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    const commits = screen.getByRole('tab', { name: 'Commits' });
    expect(commits).toHaveFocus();
    expect(commits).toHaveAttribute('aria-selected', 'false');
    await userEvent.keyboard('{Enter}');
    expect(commits).toHaveAttribute('aria-selected', 'true');
  });

  it('can be controlled', async () => {
    const onSelectionChange = vi.fn();
    const { rerender } = render(
      <ScrollableTabs label="Tabs" items={ITEMS} selectedKey="commits" onSelectionChange={onSelectionChange} />,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Changes' }));
    expect(onSelectionChange).toHaveBeenCalledWith('changes');
    expect(screen.getByRole('tab', { name: 'Commits' })).toHaveAttribute('aria-selected', 'true');
    rerender(<ScrollableTabs label="Tabs" items={ITEMS} selectedKey="changes" onSelectionChange={onSelectionChange} />);
    expect(screen.getByRole('tab', { name: 'Changes' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the scroll buttons out of the tab order, hidden until measured', () => {
    const { container } = render(<ScrollableTabs label="Tabs" items={ITEMS} />);
    const buttons = container.querySelectorAll<HTMLButtonElement>('[data-component="ScrollableTabs.ScrollButton"]');
    expect([...buttons].map((b) => [b.dataset.direction, b.tabIndex, b.dataset.visible])).toEqual([
      ['start', -1, 'false'],
      ['end', -1, 'false'],
    ]);
    expect([...buttons].map((b) => b.getAttribute('aria-label'))).toEqual(['Scroll left', 'Scroll right']);
  });

  it('puts className, style, ref and other props on the root', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <ScrollableTabs label="Tabs" items={ITEMS} ref={ref} className="extra" style={{ margin: 2 }} data-testid="t" />,
    );
    const root = screen.getByTestId('t');
    expect(root).toBe(ref.current);
    expect(root).toHaveClass('fk-scrollable-tabs', 'extra');
    expect(root).toHaveAttribute('data-component', 'ScrollableTabs');
    expect(root).toHaveStyle({ margin: '2px' });
  });
});
