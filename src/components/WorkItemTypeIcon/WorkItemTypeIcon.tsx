import clsx from 'clsx';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { WORK_ITEM_TYPES, type WorkItemTypeName } from '../../utils/workItems';
import { Icon, type IconName, type IconSize } from '../Icon';
import './WorkItemTypeIcon.css';

export interface WorkItemTypeIconProps extends Omit<ComponentPropsWithoutRef<'span'>, 'children'> {
  /** The work item type, by its GraphQL `WorkItemType.name` (`Issue`, `Key Result`, ...). */
  type: WorkItemTypeName;
  /**
   * Shows the type's label beside the icon. Without it the icon alone carries the label as its
   * accessible name.
   * @default false
   */
  showLabel?: boolean;
  /**
   * Edge length of the icon in px.
   * @default 16
   */
  size?: IconSize;
  ref?: Ref<HTMLSpanElement>;
}

/** The sprite icon of a work item type (GitLab's `NAME_TO_ICON_MAP`). */
export function workItemTypeIconName(type: WorkItemTypeName): IconName {
  return WORK_ITEM_TYPES[type].icon as IconName;
}

/**
 * The icon of one of the 8 work item types (spec section 3), named with the type's label for
 * screen readers, optionally with the label written beside it (GitLab's `WorkItemTypeIcon`).
 */
export function WorkItemTypeIcon({
  type,
  showLabel = false,
  size = 16,
  className,
  ref,
  ...rest
}: WorkItemTypeIconProps) {
  const { label } = WORK_ITEM_TYPES[type];
  return (
    <span
      {...rest}
      ref={ref}
      className={clsx('fk-work-item-type-icon', className)}
      data-component="WorkItemTypeIcon"
      data-type={type}
    >
      <Icon
        name={workItemTypeIconName(type)}
        size={size}
        label={showLabel ? undefined : label}
        className="fk-work-item-type-icon__icon"
      />
      {showLabel ? (
        <span className="fk-work-item-type-icon__label" data-component="WorkItemTypeIcon.Label">
          {label}
        </span>
      ) : null}
    </span>
  );
}
