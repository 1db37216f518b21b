import clsx from 'clsx';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { formatDate, isPastDue, type DateInput } from '../../utils/date';
import { PAST_DUE_TEXT } from '../../utils/timeAgo';
import { WORK_ITEM_TYPES, type WorkItemTypeName } from '../../utils/workItems';
import { AvatarStack } from '../Avatar';
import { Badge } from '../Badge';
import { Icon, type IconName } from '../Icon';
import { Label } from '../Label';
import { TimeAgo, type TimeAgoProps } from '../TimeAgo';
import './IssuableList.css';

/** The words of a row: icon names, the created/updated prefixes and counts' accessible names. */
export const ISSUABLE_LIST_ITEM_TEXTS = {
  confidential: 'Confidential',
  closed: 'Closed',
  created: 'created',
  by: 'by',
  updated: 'updated',
  comments: 'Comments',
  upvotes: 'Upvotes',
  downvotes: 'Downvotes',
  milestone: 'Milestone',
  dueDate: 'Due date',
  pastDue: PAST_DUE_TEXT,
  assignees: 'Assignees',
  select: (reference: string) => `Select ${reference}`,
} as const;

/** A person on a row: the author or an assignee. */
export interface IssuableListPerson {
  id: number;
  name: string;
  username: string;
  avatarUrl?: string | null;
  /** Their profile page. */
  href?: string;
}

/** An issue (or any issuable) as a list row shows it: the REST API's fields, in the page's words. */
export interface IssuableListItemData {
  id: number;
  /** What the row shows before the meta line, e.g. `#42` (the REST `references.short`). */
  reference: string;
  title: string;
  /** The page (`web_url`). */
  href: string;
  state: 'opened' | 'closed';
  /** Its work item type; other types than Issue show their icon before the title. @default 'Issue' */
  type?: WorkItemTypeName;
  confidential?: boolean;
  labels?: readonly { title: string; color?: string; href?: string }[];
  milestone?: { title: string; href?: string } | null;
  author: IssuableListPerson;
  assignees?: readonly IssuableListPerson[];
  createdAt: DateInput;
  updatedAt?: DateInput | null;
  /** `YYYY-MM-DD`; an open item past it reads 'Past due'. */
  dueDate?: string | null;
  userNotesCount?: number;
  upvotes?: number;
  downvotes?: number;
}

/** Options passed to every row's times (a fixed `now` for server renders, stories and tests). */
export type IssuableListTimeAgoOptions = Pick<TimeAgoProps, 'now' | 'timeZone' | 'timeDisplayFormat'>;

export interface IssuableListItemProps extends Omit<ComponentPropsWithoutRef<'li'>, 'children' | 'onSelect'> {
  item: IssuableListItemData;
  /** Passed to the row's times. @default undefined */
  timeAgoOptions?: IssuableListTimeAgoOptions;
  /** Shows a checkbox for bulk editing. @default false */
  selectable?: boolean;
  /** Whether the checkbox is ticked. @default false */
  selected?: boolean;
  /** Called when the checkbox is ticked or unticked. */
  onSelectedChange?: (selected: boolean) => void;
  ref?: Ref<HTMLLIElement>;
}

function Count({
  icon,
  label,
  count,
}: {
  icon: 'comments' | 'thumb-up' | 'thumb-down';
  label: string;
  count?: number;
}) {
  if (!count) return null;
  return (
    <span className="fk-issuable-list-item__count" data-component="IssuableListItem.Count" data-count={icon}>
      <Icon name={icon} label={label} />
      {count}
    </span>
  );
}

/**
 * One issue in an `IssuableList`, as GitLab lays out its issue lists: the title (a link) with the
 * confidential icon and the labels; under it the reference, when and by whom it was created, the
 * milestone and the due date; on the right the Closed badge, the assignees, the counts of
 * comments and votes, and when it was last updated.
 */
export function IssuableListItem({
  item,
  timeAgoOptions,
  selectable = false,
  selected = false,
  onSelectedChange,
  className,
  ref,
  ...rest
}: IssuableListItemProps) {
  const texts = ISSUABLE_LIST_ITEM_TEXTS;
  const type = item.type ?? 'Issue';
  const pastDue = item.state === 'opened' && isPastDue(item.dueDate, timeAgoOptions?.now);
  const titleId = `fk-issuable-${item.id}-title`;
  return (
    <li
      {...rest}
      ref={ref}
      className={clsx('fk-issuable-list-item', className)}
      data-component="IssuableListItem"
      data-state={item.state}
      aria-labelledby={titleId}
    >
      {selectable ? (
        <input
          type="checkbox"
          className="fk-issuable-list-item__checkbox"
          checked={selected}
          onChange={(event) => onSelectedChange?.(event.currentTarget.checked)}
          aria-label={texts.select(item.reference)}
        />
      ) : null}
      <div className="fk-issuable-list-item__main">
        <div className="fk-issuable-list-item__title-row">
          {type !== 'Issue' ? (
            <Icon name={WORK_ITEM_TYPES[type].icon as IconName} label={WORK_ITEM_TYPES[type].label} />
          ) : null}
          {item.confidential ? (
            <Icon name="eye-slash" label={texts.confidential} className="fk-issuable-list-item__confidential" />
          ) : null}
          <a
            id={titleId}
            className="fk-issuable-list-item__title"
            href={item.href}
            data-component="IssuableListItem.Title"
          >
            {item.title}
          </a>
          {item.labels?.map((label) => (
            <Label key={label.title} title={label.title} color={label.color} href={label.href} />
          ))}
        </div>
        <div className="fk-issuable-list-item__meta">
          <span className="fk-issuable-list-item__reference">{item.reference}</span>
          <span>
            {texts.created} <TimeAgo date={item.createdAt} {...timeAgoOptions} /> {texts.by}{' '}
            {item.author.href ? (
              <a
                className="fk-issuable-list-item__author js-user-link"
                href={item.author.href}
                data-user-id={item.author.id}
                data-username={item.author.username}
              >
                {item.author.name}
              </a>
            ) : (
              <span className="fk-issuable-list-item__author">{item.author.name}</span>
            )}
          </span>
          {item.milestone ? (
            <span className="fk-issuable-list-item__milestone">
              <Icon name="milestone" label={texts.milestone} />
              {item.milestone.href ? <a href={item.milestone.href}>{item.milestone.title}</a> : item.milestone.title}
            </span>
          ) : null}
          {item.dueDate ? (
            <span className="fk-issuable-list-item__due" data-past-due={pastDue || undefined}>
              <Icon name={pastDue ? 'calendar-overdue' : 'calendar'} label={texts.dueDate} />
              <time dateTime={item.dueDate}>
                {formatDate(`${item.dueDate}T00:00:00Z`, 'mmm dd, yyyy', { timeZone: 'UTC' })}
              </time>
              {pastDue ? <span className="fk-issuable-list-item__past-due">{` (${texts.pastDue})`}</span> : null}
            </span>
          ) : null}
        </div>
      </div>
      <div className="fk-issuable-list-item__side">
        <div className="fk-issuable-list-item__stats">
          {item.state === 'closed' ? (
            <Badge size="sm" variant="closed">
              {texts.closed}
            </Badge>
          ) : null}
          {item.assignees?.length ? (
            <AvatarStack
              size={24}
              label={texts.assignees}
              avatars={item.assignees.map((person) => ({
                entityId: person.id,
                entityName: person.name,
                src: person.avatarUrl ?? undefined,
                href: person.href,
              }))}
            />
          ) : null}
          <Count icon="thumb-up" label={texts.upvotes} count={item.upvotes} />
          <Count icon="thumb-down" label={texts.downvotes} count={item.downvotes} />
          <Count icon="comments" label={texts.comments} count={item.userNotesCount} />
        </div>
        {item.updatedAt ? (
          <span className="fk-issuable-list-item__updated">
            {texts.updated} <TimeAgo date={item.updatedAt} {...timeAgoOptions} />
          </span>
        ) : null}
      </div>
    </li>
  );
}
