import clsx from 'clsx';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { truncateSha } from '../../utils/text';
import { userLinkAttributes } from '../../utils/userLink';
import { Avatar } from '../Avatar';
import { ClipboardButton } from '../ClipboardButton';
import { Icon, type IconName } from '../Icon';
import { TimeAgo, type TimeAgoProps } from '../TimeAgo';
import './CommitRow.css';

/** Pipeline statuses (GitLab's `status` of a pipeline) and the words GitLab shows for them. */
export const PIPELINE_STATUS_TEXT = {
  success: 'passed',
  failed: 'failed',
  running: 'running',
  pending: 'pending',
  preparing: 'preparing',
  waiting_for_resource: 'waiting for resource',
  created: 'created',
  scheduled: 'scheduled',
  manual: 'manual',
  canceled: 'canceled',
  skipped: 'skipped',
} as const;
export type PipelineStatus = keyof typeof PIPELINE_STATUS_TEXT;

/** The status icon of each pipeline status. */
export const PIPELINE_STATUS_ICONS = {
  success: 'status_success',
  failed: 'status_failed',
  running: 'status_running',
  pending: 'status_pending',
  preparing: 'status_preparing',
  waiting_for_resource: 'status_pending',
  created: 'status_created',
  scheduled: 'status_scheduled',
  manual: 'status_manual',
  canceled: 'status_canceled',
  skipped: 'status_skipped',
} as const satisfies Record<PipelineStatus, IconName>;

/** Texts of a commit row. */
export const COMMIT_ROW_LABELS = {
  authored: 'authored',
  copySha: 'Copy commit SHA',
  pipeline: (status: string) => `Pipeline: ${status}`,
} as const;

/** The author avatar's size. */
export const COMMIT_ROW_AVATAR_SIZE = 32;

/** A commit as a row shows it (the REST API's commit fields, in the page's words). */
export interface CommitRowData {
  /** The full SHA (`id`); the row shows its first 8 characters and copies all of it. */
  id: string;
  /** The commit's first line (`title`). */
  title: string;
  /** The commit's page (`web_url`). */
  href: string;
  /** `author_name`. */
  authorName: string;
  /** The author's profile, when the author is a known user. */
  authorHref?: string;
  /** The author's avatar; without it an identicon shows. */
  authorAvatarUrl?: string | null;
  /** The author's user id (picks the identicon colour). */
  authorId?: number;
  /**
   * The author's username, when the author is a known user: with `authorHref` and `authorId`, the
   * author's name is a user link (`js-user-link` with `data-user-id` and `data-username`), which
   * the product's user popovers open on.
   */
  authorUsername?: string;
  /** `authored_date`. */
  authoredDate: string;
  /** The status of the commit's last pipeline, if it has one. */
  pipelineStatus?: PipelineStatus;
  /** The pipeline's page. */
  pipelineHref?: string;
}

/** Options passed to the authored time (a fixed `now` for server renders, stories and tests). */
export type CommitTimeAgoOptions = Pick<TimeAgoProps, 'now' | 'timeZone' | 'timeDisplayFormat'>;

export interface CommitRowProps extends Omit<ComponentPropsWithoutRef<'li'>, 'children'> {
  commit: CommitRowData;
  /**
   * Passed to the authored time.
   * @default undefined
   */
  timeAgoOptions?: CommitTimeAgoOptions;
  ref?: Ref<HTMLLIElement>;
}

/**
 * A commit in a list (GitLab's commits page): the author's avatar, the title linking to the
 * commit, "author authored 3 hours ago", the pipeline status when there is one, and the short
 * SHA (8 characters) with a button that copies the full SHA. A list item: put it in a
 * `CommitList` (or a `<ul>`).
 */
export function CommitRow({ commit, timeAgoOptions, className, ref, ...rest }: CommitRowProps) {
  const labels = COMMIT_ROW_LABELS;
  const status = commit.pipelineStatus;
  const statusLabel = status ? labels.pipeline(PIPELINE_STATUS_TEXT[status]) : '';
  const authorLink =
    commit.authorId !== undefined && commit.authorUsername
      ? userLinkAttributes({ id: commit.authorId, username: commit.authorUsername })
      : null;
  const statusIcon = status ? <Icon name={PIPELINE_STATUS_ICONS[status]} label={statusLabel} /> : null;
  return (
    <li {...rest} ref={ref} className={clsx('fk-commit-row', className)} data-component="CommitRow">
      <Avatar
        className="fk-commit-row__avatar"
        entityId={commit.authorId}
        entityName={commit.authorName}
        src={commit.authorAvatarUrl ?? undefined}
        size={COMMIT_ROW_AVATAR_SIZE}
        alt=""
        fallbackOnError
      />
      <div className="fk-commit-row__main">
        <a className="fk-commit-row__title" data-component="CommitRow.Title" href={commit.href}>
          {commit.title}
        </a>
        <div className="fk-commit-row__meta">
          {commit.authorHref ? (
            <a
              href={commit.authorHref}
              {...authorLink}
              className={clsx('fk-commit-row__author', authorLink?.className)}
            >
              {commit.authorName}
            </a>
          ) : (
            <span className="fk-commit-row__author">{commit.authorName}</span>
          )}{' '}
          {labels.authored} <TimeAgo date={commit.authoredDate} {...timeAgoOptions} />
        </div>
      </div>
      <div className="fk-commit-row__end">
        {status ? (
          <span className="fk-commit-row__pipeline" data-component="CommitRow.Pipeline" data-status={status}>
            {commit.pipelineHref ? (
              <a className="fk-commit-row__pipeline-link" href={commit.pipelineHref}>
                {statusIcon}
              </a>
            ) : (
              statusIcon
            )}
          </span>
        ) : null}
        <span className="fk-commit-row__sha" data-component="CommitRow.Sha">
          <code className="fk-commit-row__sha-text">{truncateSha(commit.id)}</code>
          <ClipboardButton text={commit.id} title={labels.copySha} className="fk-commit-row__copy" />
        </span>
      </div>
    </li>
  );
}
