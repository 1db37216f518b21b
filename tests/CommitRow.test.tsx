import { render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import {
  COMMIT_LIST_EMPTY_TITLE,
  COMMIT_ROW_LABELS,
  CommitList,
  CommitRow,
  PIPELINE_STATUS_ICONS,
  commitCountText,
  type CommitRowData,
} from '../src/components/CommitRow';
import { SHORT_COMMIT_ID_LENGTH } from '../src/tokens';
import { USER_LINK_CLASS, USER_LINK_SELECTOR } from '../src/utils/userLink';

const NOW = '2026-11-25T12:00:00Z';
const SHA = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';

const commit = (overrides: Partial<CommitRowData> = {}): CommitRowData => ({
  id: SHA,
  title: 'Add the DataTable',
  href: '/forge/forgekit/-/commit/1a2b3c4d',
  authorName: 'Ada Lovelace',
  authoredDate: '2026-11-25T09:00:00Z',
  ...overrides,
});

describe('CommitRow', () => {
  it('shows the title link, "author authored time ago", the 8-character SHA and a copy button', () => {
    const ref = createRef<HTMLLIElement>();
    render(
      <ul>
        <CommitRow ref={ref} commit={commit({ authorHref: '/ada' })} timeAgoOptions={{ now: NOW, timeZone: 'UTC' }} />
      </ul>,
    );
    const row = screen.getByRole('listitem');
    expect(ref.current).toBe(row);
    expect(within(row).getByRole('link', { name: 'Add the DataTable' })).toHaveAttribute(
      'href',
      '/forge/forgekit/-/commit/1a2b3c4d',
    );
    expect(within(row).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/ada');
    expect(row.querySelector('.fk-commit-row__meta')).toHaveTextContent('Ada Lovelace authored 3 hours ago');
    const sha = row.querySelector('[data-component="CommitRow.Sha"] code')!;
    expect(SHORT_COMMIT_ID_LENGTH).toBe(8);
    expect(sha.textContent).toBe('1a2b3c4d');
    expect(within(row).getByRole('button', { name: 'Copy commit SHA' })).toBeInTheDocument();
    expect(row.querySelector('[data-component="CommitRow.Pipeline"]')).toBeNull();
    // The avatar is decorative: the author's name is written next to it.
    expect(row.querySelector('.fk-avatar')).toHaveAttribute('aria-hidden', 'true');
  });

  it('makes a known user’s name a user link (js-user-link with id and username) for the user popover', () => {
    render(
      <ul>
        <CommitRow commit={commit({ authorHref: '/ada', authorId: 3, authorUsername: 'ada' })} />
      </ul>,
    );
    const link = screen.getByRole('link', { name: 'Ada Lovelace' });
    expect(link).toHaveClass('fk-commit-row__author', USER_LINK_CLASS);
    expect(link).toHaveAttribute('data-user-id', '3');
    expect(link).toHaveAttribute('data-username', 'ada');
    expect(link.matches(USER_LINK_SELECTOR)).toBe(true);
  });

  it('keeps a profile link without a username a plain link', () => {
    render(
      <ul>
        <CommitRow commit={commit({ authorHref: '/ada', authorId: 3 })} />
      </ul>,
    );
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).not.toHaveClass(USER_LINK_CLASS);
  });

  it('shows the author as text without a profile link', () => {
    render(
      <ul>
        <CommitRow commit={commit()} />
      </ul>,
    );
    expect(screen.queryByRole('link', { name: 'Ada Lovelace' })).toBeNull();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('shows the pipeline status as a named icon, linked when it has a page', () => {
    const { rerender } = render(
      <ul>
        <CommitRow commit={commit({ pipelineStatus: 'failed', pipelineHref: '/forge/forgekit/-/pipelines/7' })} />
      </ul>,
    );
    const icon = screen.getByRole('img', { name: 'Pipeline: failed' });
    expect(icon).toHaveAttribute('data-name', PIPELINE_STATUS_ICONS.failed);
    expect(screen.getByRole('link', { name: 'Pipeline: failed' })).toHaveAttribute(
      'href',
      '/forge/forgekit/-/pipelines/7',
    );
    expect(icon.closest('[data-component="CommitRow.Pipeline"]')).toHaveAttribute('data-status', 'failed');
    rerender(
      <ul>
        <CommitRow commit={commit({ pipelineStatus: 'success' })} />
      </ul>,
    );
    expect(screen.getByRole('img', { name: COMMIT_ROW_LABELS.pipeline('passed') })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pipeline: passed' })).toBeNull();
  });
});

describe('CommitList', () => {
  const COMMITS = [
    commit({ id: 'a'.repeat(40), title: 'Late on the 25th', authoredDate: '2026-11-25T23:30:00Z' }),
    commit({ id: 'b'.repeat(40), title: 'Morning of the 25th', authoredDate: '2026-11-25T06:00:00Z' }),
    commit({ id: 'c'.repeat(40), title: 'On the 23rd', authoredDate: '2026-11-23T10:00:00Z' }),
  ];

  it('groups consecutive commits by day, each day a heading with its count and a list', () => {
    render(<CommitList commits={COMMITS} data-testid="list" />);
    expect(screen.getByTestId('list')).toHaveAttribute('data-state', 'ready');
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Nov 25, 2026', 'Nov 23, 2026']);
    expect(headings[0]!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-25');
    const days = screen.getByTestId('list').querySelectorAll<HTMLElement>('[data-component="CommitList.Day"]');
    expect(within(days[0]!).getByText('2 commits')).toBeInTheDocument();
    expect(within(days[0]!).getAllByRole('listitem')).toHaveLength(2);
    expect(within(days[1]!).getByText('1 commit')).toBeInTheDocument();
  });

  it('counts days in the given time zone', () => {
    render(<CommitList commits={COMMITS} timeZone="Asia/Tokyo" headingLevel={3} />);
    // 23:30 UTC on the 25th is the 26th in Tokyo; 06:00 UTC is still the 25th.
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Nov 26, 2026',
      'Nov 25, 2026',
      'Nov 23, 2026',
    ]);
  });

  it('words the count', () => {
    expect([0, 1, 2].map(commitCountText)).toEqual(['0 commits', '1 commit', '2 commits']);
  });

  it('shows skeleton lines while loading and an empty state without commits', () => {
    const { rerender } = render(<CommitList commits={[]} isLoading data-testid="list" />);
    expect(screen.getByTestId('list')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    rerender(<CommitList commits={[]} data-testid="list" />);
    expect(screen.getByRole('heading', { name: COMMIT_LIST_EMPTY_TITLE })).toBeInTheDocument();
    expect(COMMIT_LIST_EMPTY_TITLE).toBe('There are no commits to show');
    rerender(<CommitList commits={[]} empty={<p>No commits on this branch</p>} />);
    expect(screen.getByText('No commits on this branch')).toBeInTheDocument();
  });
});
