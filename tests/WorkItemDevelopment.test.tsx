import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WorkItemDevelopment, WORK_ITEM_DEVELOPMENT_TEXTS as TEXTS } from '../src/components/WorkItemDevelopment';
import { demoBranches, demoMergeRequests } from '../stories/support/workItems';

describe('WorkItemDevelopment', () => {
  it('lists merge requests with state, reference and pipeline status, then branches', () => {
    render(<WorkItemDevelopment mergeRequests={demoMergeRequests} branches={demoBranches} />);
    expect(screen.getByRole('region', { name: TEXTS.title })).toBeInTheDocument();
    const mrs = screen.getByRole('list', { name: TEXTS.mergeRequests });
    const [open, merged, closed] = mrs.querySelectorAll<HTMLElement>(':scope > li');
    expect(within(open!).getByRole('img', { name: 'Open' })).toBeInTheDocument();
    expect(within(open!).getByRole('link', { name: 'Pipeline: running' })).toHaveAttribute(
      'href',
      '/demo/project/-/pipelines/90',
    );
    expect(within(open!).getByText('!11')).toBeInTheDocument();
    expect(within(merged!).getByRole('img', { name: 'Merged' })).toBeInTheDocument();
    expect(within(merged!).getByRole('img', { name: 'Pipeline: passed' })).toBeInTheDocument();
    expect(within(closed!).getByRole('img', { name: 'Closed' })).toBeInTheDocument();
    expect(within(closed!).queryByRole('img', { name: /^Pipeline/ })).toBeNull();
    const branches = screen.getByRole('list', { name: TEXTS.branches });
    expect(within(branches).getByRole('link', { name: '12-sign-in-with-passkeys' })).toBeInTheDocument();
    expect(within(branches).getByText('spike/webauthn')).toBeInTheDocument();
  });

  it('says None when there is nothing, and offers no actions to readers', () => {
    render(<WorkItemDevelopment onCreateBranch={vi.fn()} />);
    expect(screen.getByText(TEXTS.empty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXTS.add })).toBeNull();
  });

  it('calls back for Create merge request and Create branch', async () => {
    const user = userEvent.setup();
    const onCreateMergeRequest = vi.fn();
    const onCreateBranch = vi.fn();
    render(
      <WorkItemDevelopment canUpdate onCreateMergeRequest={onCreateMergeRequest} onCreateBranch={onCreateBranch} />,
    );
    await user.click(screen.getByRole('button', { name: TEXTS.add }));
    await user.click(await screen.findByRole('menuitem', { name: TEXTS.createMergeRequest }));
    expect(onCreateMergeRequest).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: TEXTS.add }));
    await user.click(await screen.findByRole('menuitem', { name: TEXTS.createBranch }));
    expect(onCreateBranch).toHaveBeenCalledTimes(1);
  });

  it('leaves Create merge request out when merge requests are off', async () => {
    const user = userEvent.setup();
    render(<WorkItemDevelopment canUpdate onCreateBranch={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: TEXTS.add }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([TEXTS.createBranch]);
  });

  it('shows the error instead of None', () => {
    render(<WorkItemDevelopment error="Something went wrong when fetching items. Please refresh this page." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong when fetching items.');
    expect(screen.queryByText(TEXTS.empty)).toBeNull();
  });
});
