import clsx from 'clsx';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { addDelimiter } from '../../utils/number';
import { Avatar } from '../Avatar';
import { Badge } from '../Badge';
import { Icon, type IconName } from '../Icon';
import { TimeAgo, type TimeAgoProps } from '../TimeAgo';
import { VisibilityIcon, type VisibilityLevel } from '../VisibilityIcon';
import './ProjectList.css';

/** Whether the list holds projects or groups: it decides the counts shown and the texts. */
export type ProjectListKind = 'project' | 'group';

/** The names of the counts (their icons' accessible names) and the updated-time prefix. */
export const PROJECT_LIST_ITEM_LABELS = {
  stars: 'Stars',
  forks: 'Forks',
  subgroups: 'Subgroups',
  projects: 'Projects',
  members: 'Members',
  updated: 'Updated',
} as const;

/** The size of the avatars in the list. */
export const PROJECT_LIST_AVATAR_SIZE = 48;

/** A project or a group as the list shows it (the REST API's fields, in the page's words). */
export interface ProjectListItemData {
  /** The project's or group's id (also picks the identicon colour). */
  id: number;
  /** Its name (`name`). */
  name: string;
  /**
   * The namespace it lives in, shown before the name: `"Forge / Platform"` (from `name_with_namespace`
   * or `full_name`, without the name).
   */
  namespace?: string;
  /** Its page (`web_url`). */
  href: string;
  /** `avatar_url`; without it an identicon shows. */
  avatarUrl?: string | null;
  visibility?: VisibilityLevel;
  /** Plain text (`description`); cut after two lines. */
  description?: string | null;
  /** The signed-in user's role in it ("Maintainer"), shown as a badge. */
  role?: string;
  /** `last_activity_at` (projects) or the group's update time. */
  updatedAt?: string | null;
  /** Projects: `star_count`. */
  starCount?: number;
  /** Projects: `forks_count`. */
  forksCount?: number;
  /** Groups: how many subgroups. */
  subgroupCount?: number;
  /** Groups: how many projects. */
  projectCount?: number;
  /** Groups: how many members. */
  memberCount?: number;
}

/** Options passed to every item's TimeAgo (a fixed `now` for server renders, stories and tests). */
export type ProjectListTimeAgoOptions = Pick<TimeAgoProps, 'now' | 'timeZone' | 'timeDisplayFormat'>;

export interface ProjectListItemProps extends Omit<ComponentPropsWithoutRef<'li'>, 'children'> {
  item: ProjectListItemData;
  /**
   * A project shows stars and forks; a group shows subgroups, projects and members.
   * @default 'project'
   */
  kind?: ProjectListKind;
  /**
   * Passed to the updated time.
   * @default undefined
   */
  timeAgoOptions?: ProjectListTimeAgoOptions;
  ref?: Ref<HTMLLIElement>;
}

function Stat({ icon, label, count }: { icon: IconName; label: string; count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <span className="fk-project-list-item__stat" data-component="ProjectListItem.Stat" data-stat={icon}>
      <Icon name={icon} label={label} />
      {addDelimiter(count)}
    </span>
  );
}

/**
 * One project or group in a `ProjectList` (GitLab's dashboard and explore lists): avatar, the
 * namespace and name as a link, the visibility icon, the user's role, the description, the
 * counts (stars and forks, or subgroups, projects and members) and when it was last updated.
 */
export function ProjectListItem({
  item,
  kind = 'project',
  timeAgoOptions,
  className,
  ref,
  ...rest
}: ProjectListItemProps) {
  const labels = PROJECT_LIST_ITEM_LABELS;
  return (
    <li
      {...rest}
      ref={ref}
      className={clsx('fk-project-list-item', className)}
      data-component="ProjectListItem"
      data-kind={kind}
    >
      <Avatar
        className="fk-project-list-item__avatar"
        entityId={item.id}
        entityName={item.name}
        src={item.avatarUrl ?? undefined}
        size={PROJECT_LIST_AVATAR_SIZE}
        shape="rect"
        alt=""
        fallbackOnError
      />
      <div className="fk-project-list-item__main">
        <div className="fk-project-list-item__title-row">
          <a className="fk-project-list-item__link" data-component="ProjectListItem.Link" href={item.href}>
            {item.namespace ? <span className="fk-project-list-item__namespace">{`${item.namespace} /`}</span> : null}
            {item.namespace ? ' ' : null}
            <span className="fk-project-list-item__name">{item.name}</span>
          </a>
          {item.visibility ? <VisibilityIcon level={item.visibility} entity={kind} /> : null}
          {item.role ? (
            <Badge size="sm" className="fk-project-list-item__role">
              {item.role}
            </Badge>
          ) : null}
        </div>
        {item.description ? (
          <p className="fk-project-list-item__description" data-component="ProjectListItem.Description">
            {item.description}
          </p>
        ) : null}
      </div>
      <div className="fk-project-list-item__meta">
        <div className="fk-project-list-item__stats">
          {kind === 'project' ? (
            <>
              <Stat icon="star-o" label={labels.stars} count={item.starCount} />
              <Stat icon="fork" label={labels.forks} count={item.forksCount} />
            </>
          ) : (
            <>
              <Stat icon="subgroup" label={labels.subgroups} count={item.subgroupCount} />
              <Stat icon="project" label={labels.projects} count={item.projectCount} />
              <Stat icon="users" label={labels.members} count={item.memberCount} />
            </>
          )}
        </div>
        {item.updatedAt ? (
          <span className="fk-project-list-item__updated" data-component="ProjectListItem.Updated">
            {labels.updated} <TimeAgo date={item.updatedAt} {...timeAgoOptions} />
          </span>
        ) : null}
      </div>
    </li>
  );
}
