import clsx from 'clsx';
import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';
import type { WorkItemWidgetType } from '../../utils/workItems';
import {
  WorkItemAssignees,
  WorkItemColor,
  WorkItemDates,
  WorkItemHealthStatus,
  WorkItemIteration,
  WorkItemLabels,
  WorkItemMilestone,
  WorkItemNotifications,
  WorkItemParticipants,
  WorkItemProgress,
  WorkItemRolledUpDates,
  WorkItemTimeTracking,
  WorkItemTodos,
  WorkItemWeight,
  type WorkItemAssigneesProps,
  type WorkItemColorProps,
  type WorkItemDatesProps,
  type WorkItemHealthStatusProps,
  type WorkItemIterationProps,
  type WorkItemLabelsProps,
  type WorkItemMilestoneProps,
  type WorkItemNotificationsProps,
  type WorkItemParticipantsProps,
  type WorkItemProgressProps,
  type WorkItemRolledUpDatesProps,
  type WorkItemTimeTrackingProps,
  type WorkItemTodosProps,
  type WorkItemWeightProps,
} from '../WorkItemWidgets';
import './WorkItemSidebar.css';

/** The props every editable widget shares, given once to the sidebar. */
type Shared = 'canUpdate' | 'errorMessage' | 'onError';

/** Each sidebar widget's props, by its widget type (the shared ones come from the sidebar). */
export interface WorkItemSidebarWidgets {
  CURRENT_USER_TODOS?: Omit<WorkItemTodosProps, Shared>;
  ASSIGNEES?: Omit<WorkItemAssigneesProps, Shared>;
  LABELS?: Omit<WorkItemLabelsProps, Shared>;
  WEIGHT?: Omit<WorkItemWeightProps, Shared>;
  MILESTONE?: Omit<WorkItemMilestoneProps, Shared>;
  ITERATION?: Omit<WorkItemIterationProps, Shared>;
  START_AND_DUE_DATE?: Omit<WorkItemDatesProps, Shared>;
  ROLLEDUP_DATES?: WorkItemRolledUpDatesProps;
  PROGRESS?: Omit<WorkItemProgressProps, Shared>;
  HEALTH_STATUS?: Omit<WorkItemHealthStatusProps, Shared>;
  COLOR?: Omit<WorkItemColorProps, Shared>;
  TIME_TRACKING?: Omit<WorkItemTimeTrackingProps, Shared>;
  PARTICIPANTS?: WorkItemParticipantsProps;
  /** Its own `canUpdate` may be given: anyone who can see an item may subscribe to it. */
  NOTIFICATIONS?: Omit<WorkItemNotificationsProps, Shared> & Partial<Pick<WorkItemNotificationsProps, 'canUpdate'>>;
}

type SharedProps = Pick<WorkItemAssigneesProps, Shared>;

/** How each widget type is drawn, in GitLab's sidebar order. */
const WIDGETS: {
  [Type in keyof WorkItemSidebarWidgets]-?: (
    props: NonNullable<WorkItemSidebarWidgets[Type]>,
    shared: SharedProps,
  ) => ReactNode;
} = {
  CURRENT_USER_TODOS: (props, { errorMessage, onError }) => (
    <WorkItemTodos errorMessage={errorMessage} onError={onError} {...props} />
  ),
  ASSIGNEES: (props, shared) => <WorkItemAssignees {...shared} {...props} />,
  LABELS: (props, shared) => <WorkItemLabels {...shared} {...props} />,
  WEIGHT: (props, shared) => <WorkItemWeight {...shared} {...props} />,
  MILESTONE: (props, shared) => <WorkItemMilestone {...shared} {...props} />,
  ITERATION: (props, shared) => <WorkItemIteration {...shared} {...props} />,
  START_AND_DUE_DATE: (props, shared) => <WorkItemDates {...shared} {...props} />,
  ROLLEDUP_DATES: (props) => <WorkItemRolledUpDates {...props} />,
  PROGRESS: (props, shared) => <WorkItemProgress {...shared} {...props} />,
  HEALTH_STATUS: (props, shared) => <WorkItemHealthStatus {...shared} {...props} />,
  COLOR: (props, shared) => <WorkItemColor {...shared} {...props} />,
  TIME_TRACKING: (props, shared) => <WorkItemTimeTracking {...shared} {...props} />,
  NOTIFICATIONS: (props, shared) => <WorkItemNotifications {...shared} {...props} />,
  PARTICIPANTS: (props) => <WorkItemParticipants {...props} />,
};

/** The widget types the sidebar draws, in its order. */
export const WORK_ITEM_SIDEBAR_WIDGET_TYPES = Object.keys(WIDGETS) as (keyof WorkItemSidebarWidgets)[];

export interface WorkItemSidebarProps extends Omit<ComponentPropsWithoutRef<'div'>, 'onError'> {
  /** Each widget's props by widget type; a widget without props is not drawn. */
  widgets: WorkItemSidebarWidgets;
  /**
   * The widget types the item's type has (GitLab's `widgets[].type`): only these are drawn, so
   * an epic shows colour and rolled-up dates and a task does not.
   * @default every type given in `widgets`
   */
  widgetTypes?: readonly WorkItemWidgetType[];
  /** Whether the user may edit the item (GitLab's `userPermissions.setWorkItemMetadata`). @default false */
  canUpdate?: boolean;
  /** Shown by a widget whose save fails: `workItemUpdateErrorMessage(typeLabel)`. @default WORK_ITEM_UPDATE_ERROR_MESSAGE */
  errorMessage?: string;
  /** Told about every failed save. @default undefined */
  onError?: (message: string, error: unknown) => void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The right sidebar of the work item view: the attribute widgets of the item's type, stacked in
 * GitLab's order, from one object of props. Permissions and the error text are given once.
 */
export function WorkItemSidebar({
  widgets,
  widgetTypes,
  canUpdate = false,
  errorMessage,
  onError,
  className,
  ...rest
}: WorkItemSidebarProps) {
  const shared: SharedProps = { canUpdate, errorMessage, onError };
  return (
    // A plain stack: the landmark is the view's sidebar (`WorkItemView`) it is placed in.
    <div {...rest} className={clsx('fk-work-item-sidebar', className)} data-component="WorkItemSidebar">
      {WORK_ITEM_SIDEBAR_WIDGET_TYPES.filter(
        (type) => widgets[type] !== undefined && (widgetTypes === undefined || widgetTypes.includes(type)),
      ).map((type) => {
        const render = WIDGETS[type] as (props: unknown, shared: SharedProps) => ReactNode;
        return (
          <div key={type} className="fk-work-item-sidebar__widget" data-widget-type={type}>
            {render(widgets[type], shared)}
          </div>
        );
      })}
    </div>
  );
}
