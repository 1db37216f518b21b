import clsx from 'clsx';
import { type ComponentPropsWithoutRef, type ReactNode, type Ref } from 'react';
import { SKELETON_DEFAULT_LINES } from '../../tokens';
import { formatDate } from '../../utils/date';
import { EmptyState } from '../EmptyState';
import { SkeletonLoader } from '../SkeletonLoader';
import { TIME_AGO_SERVER_TIME_ZONE } from '../TimeAgo';
import { CommitRow, type CommitRowData, type CommitTimeAgoOptions } from './CommitRow';
import './CommitRow.css';

/** The empty list's title. */
export const COMMIT_LIST_EMPTY_TITLE = 'There are no commits to show';

/** The count under each day's header: "1 commit", "3 commits". */
export function commitCountText(count: number): string {
  return count === 1 ? '1 commit' : `${count} commits`;
}

/** Heading levels a day header can take. */
export type CommitListHeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface CommitListProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The commits, newest first (as the API returns them); consecutive commits of a day share a header. */
  commits: readonly CommitRowData[];
  /**
   * The time zone the days are counted in. It must be the same on the server and in the browser
   * (hydration), so it is not guessed.
   * @default 'UTC'
   */
  timeZone?: string;
  /**
   * The day headers' heading level.
   * @default 2
   */
  headingLevel?: CommitListHeadingLevel;
  /**
   * Shows skeleton lines instead of the commits, and marks the list busy.
   * @default false
   */
  isLoading?: boolean;
  /**
   * What shows when there are no commits.
   * @default an EmptyState titled 'There are no commits to show'
   */
  empty?: ReactNode;
  /**
   * Passed to every commit's authored time (`timeZone` defaults to the list's).
   * @default undefined
   */
  timeAgoOptions?: CommitTimeAgoOptions;
  ref?: Ref<HTMLDivElement>;
}

interface Day {
  key: string;
  title: string;
  commits: CommitRowData[];
}

/** Consecutive commits grouped by the day they were authored on, in `timeZone`. */
function groupByDay(commits: readonly CommitRowData[], timeZone: string): Day[] {
  const days: Day[] = [];
  for (const commit of commits) {
    const key = formatDate(commit.authoredDate, 'isoDate', { timeZone });
    const last = days.at(-1);
    if (last?.key === key) last.commits.push(commit);
    else days.push({ key, title: formatDate(commit.authoredDate, 'mediumDate', { timeZone }), commits: [commit] });
  }
  return days;
}

/**
 * A project's commits grouped by day (GitLab's commits page): a header per day with the date and
 * how many commits it has, then its `CommitRow`s. Skeleton lines while loading, an empty state
 * with no commits.
 */
export function CommitList({
  commits,
  timeZone = TIME_AGO_SERVER_TIME_ZONE,
  headingLevel = 2,
  isLoading = false,
  empty,
  timeAgoOptions,
  className,
  ref,
  ...rest
}: CommitListProps) {
  const Heading = `h${headingLevel}` as const;
  const state = isLoading ? 'loading' : commits.length === 0 ? 'empty' : 'ready';
  let content: ReactNode;
  if (state === 'loading') content = <SkeletonLoader lines={SKELETON_DEFAULT_LINES} />;
  else if (state === 'empty') content = empty ?? <EmptyState variant="compact" title={COMMIT_LIST_EMPTY_TITLE} />;
  else {
    content = groupByDay(commits, timeZone).map((day) => (
      <div key={day.key} className="fk-commit-list__day" data-component="CommitList.Day">
        <div className="fk-commit-list__day-header">
          <Heading className="fk-commit-list__date">
            <time dateTime={day.key}>{day.title}</time>
          </Heading>
          <span className="fk-commit-list__count">{commitCountText(day.commits.length)}</span>
        </div>
        <ul className="fk-commit-list__commits">
          {day.commits.map((commit) => (
            <CommitRow key={commit.id} commit={commit} timeAgoOptions={{ timeZone, ...timeAgoOptions }} />
          ))}
        </ul>
      </div>
    ));
  }
  return (
    <div
      {...rest}
      ref={ref}
      className={clsx('fk-commit-list', className)}
      data-component="CommitList"
      data-state={state}
      aria-busy={isLoading || undefined}
    >
      {content}
    </div>
  );
}
