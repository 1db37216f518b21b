export type {
  WorkItemUser,
  WorkItemLabel,
  WorkItemMilestoneValue,
  WorkItemIterationValue,
  WorkItemWidgetBaseProps,
} from './types';
export { WorkItemAssignees, WORK_ITEM_ASSIGNEES_TEXTS, type WorkItemAssigneesProps } from './WorkItemAssignees';
export { WorkItemLabels, withScopedLabel, WORK_ITEM_LABELS_TEXTS, type WorkItemLabelsProps } from './WorkItemLabels';
export {
  WorkItemDates,
  WORK_ITEM_DATES_TEXTS,
  type WorkItemDatesProps,
  type WorkItemDatesValue,
} from './WorkItemDates';
export {
  WorkItemMilestone,
  milestoneTimeframe,
  MILESTONE_TIMEFRAME_LABELS,
  WORK_ITEM_MILESTONE_TEXTS,
  type MilestoneTimeframe,
  type WorkItemMilestoneProps,
} from './WorkItemMilestone';
export {
  WorkItemIteration,
  iterationPeriod,
  WORK_ITEM_ITERATION_TEXTS,
  type WorkItemIterationProps,
} from './WorkItemIteration';
export {
  WorkItemWeight,
  WORK_ITEM_WEIGHT_MIN,
  WORK_ITEM_WEIGHT_TEXTS,
  type WorkItemWeightProps,
} from './WorkItemWeight';
export {
  WorkItemHealthStatus,
  HEALTH_STATUSES,
  HEALTH_STATUS_DISPLAY,
  WORK_ITEM_HEALTH_STATUS_TEXTS,
  type HealthStatus,
  type WorkItemHealthStatusProps,
} from './WorkItemHealthStatus';
export {
  WorkItemTimeTracking,
  timeRemaining,
  WORK_ITEM_TIME_TRACKING_TEXTS,
  type WorkItemTimeTrackingProps,
  type WorkItemTimeTrackingValue,
} from './WorkItemTimeTracking';
export {
  WorkItemParticipants,
  WORK_ITEM_PARTICIPANTS_MAX_VISIBLE,
  type WorkItemParticipantsProps,
} from './WorkItemParticipants';
export {
  WorkItemProgress,
  WORK_ITEM_PROGRESS_MAX,
  WORK_ITEM_PROGRESS_MIN,
  WORK_ITEM_PROGRESS_TEXTS,
  type WorkItemProgressProps,
} from './WorkItemProgress';
export { WorkItemColor, DEFAULT_EPIC_COLOR, EPIC_COLORS, type WorkItemColorProps } from './WorkItemColor';
export {
  WorkItemNotifications,
  WORK_ITEM_NOTIFICATIONS_TEXTS,
  type WorkItemNotificationsProps,
} from './WorkItemNotifications';
export { WorkItemTodos, WORK_ITEM_TODOS_TEXTS, type WorkItemTodosProps } from './WorkItemTodos';
export {
  WorkItemRolledUpDates,
  ROLLED_UP_DATE_SOURCE_TEXTS,
  WORK_ITEM_ROLLED_UP_DATES_TEXTS,
  type RolledUpDate,
  type WorkItemRolledUpDatesProps,
} from './WorkItemRolledUpDates';
