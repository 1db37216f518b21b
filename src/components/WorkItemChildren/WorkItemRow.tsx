import clsx from 'clsx';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { WORK_ITEM_STATES, WORK_ITEM_TYPES } from '../../utils/workItems';
import { AvatarStack } from '../Avatar';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { Icon, type IconName } from '../Icon';
import { Label } from '../Label';
import { Menu, type MenuEntry } from '../Menu';
import { WORK_ITEM_CHILDREN_TEXTS, type WorkItemLinkItem } from './workItemLinks';
import './WorkItemRow.css';

/** Texts of a row's parts. */
export const WORK_ITEM_ROW_TEXTS = {
  confidential: 'Confidential',
  assignees: 'Assignees',
  actions: (title: string) => `Actions for ${title}`,
} as const;

export interface WorkItemRowProps extends Omit<ComponentPropsWithoutRef<'li'>, 'children'> {
  item: WorkItemLinkItem;
  /** Entries of the row's actions menu (move, remove); no menu when empty. */
  menuItems?: readonly MenuEntry[];
  /** Before the type icon: an expander or a drag handle. */
  leading?: ReactNode;
  /** Under the row: its own children, as a nested list. */
  nested?: ReactNode;
  /** Buttons at the end of the row, before the menu (e.g. a Remove button). */
  actions?: ReactNode;
}

/**
 * One work item in a hierarchy or linked-items list (GitLab's `WorkItemLinkChild`): type icon,
 * title link, confidentiality, reference, state, labels, assignees and an actions menu.
 */
export function WorkItemRow({ item, menuItems = [], leading, nested, actions, className, ...rest }: WorkItemRowProps) {
  const type = WORK_ITEM_TYPES[item.type];
  const isClosed = item.state === WORK_ITEM_STATES.closed;
  return (
    <li
      {...rest}
      className={clsx('fk-work-item-row', className)}
      data-component="WorkItemRow"
      data-state={isClosed ? 'closed' : 'open'}
    >
      <div className="fk-work-item-row__main">
        {leading}
        <Icon name={type.icon as IconName} label={type.label} className="fk-work-item-row__type" />
        <span className="fk-work-item-row__text">
          <span className="fk-work-item-row__heading">
            {item.confidential ? (
              <Icon
                name="eye-slash"
                label={WORK_ITEM_ROW_TEXTS.confidential}
                className="fk-work-item-row__confidential"
              />
            ) : null}
            {item.webUrl ? (
              <a className="fk-work-item-row__title" href={item.webUrl}>
                {item.title}
              </a>
            ) : (
              <span className="fk-work-item-row__title">{item.title}</span>
            )}
          </span>
          <span className="fk-work-item-row__meta">
            <span className="fk-work-item-row__reference">{item.reference}</span>
            {isClosed ? (
              <Badge variant="closed" size="sm">
                {WORK_ITEM_CHILDREN_TEXTS.closed}
              </Badge>
            ) : null}
            {item.labels?.map((label) => (
              <Label key={label.title} title={label.title} color={label.color} />
            ))}
          </span>
        </span>
        {item.assignees?.length ? (
          <AvatarStack avatars={item.assignees} size={16} label={WORK_ITEM_ROW_TEXTS.assignees} />
        ) : null}
        {actions}
        {menuItems.length > 0 ? (
          <Menu items={menuItems} placement="bottom-end">
            <Button className="fk-work-item-row__menu" aria-label={WORK_ITEM_ROW_TEXTS.actions(item.title)}>
              <Icon name="ellipsis_v" />
            </Button>
          </Menu>
        ) : null}
      </div>
      {nested}
    </li>
  );
}
