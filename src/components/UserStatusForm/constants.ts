import { TIME_RANGE_OPTIONS, type TimeRangeName } from '../TimeRangePicker/timeRangeOptions';

/** Spec section 3: "availability (busy or not_set)". `busy` marks a busy user. */
export const USER_STATUS_AVAILABILITIES = ['not_set', 'busy'] as const;
export type UserStatusAvailability = (typeof USER_STATUS_AVAILABILITIES)[number];

/** The first choice of the clear-status list (spec section 3: "The clear-status choice list starts with Never"). */
export const USER_STATUS_CLEAR_NEVER = 'never';

/**
 * The API values of `clear_status_after` for the spec's time ranges (section 9), in their order.
 * The spec does not show them; these are GitLab's (`UserStatus::CLEAR_STATUS_QUICK_OPTIONS`, the
 * `shortcut` of each time range in its `set_status_modal`).
 */
const CLEAR_AFTER_BY_TIME_RANGE = {
  thirtyMinutes: '30_minutes',
  threeHours: '3_hours',
  eightHours: '8_hours',
  oneDay: '1_day',
  threeDays: '3_days',
  sevenDays: '7_days',
  thirtyDays: '30_days',
} as const satisfies Record<TimeRangeName, string>;

/** When a status clears itself: never, or one of the time ranges' API values (`30_minutes`, ...). */
export type UserStatusClearAfter =
  typeof USER_STATUS_CLEAR_NEVER | (typeof CLEAR_AFTER_BY_TIME_RANGE)[keyof typeof CLEAR_AFTER_BY_TIME_RANGE];

/** One choice of the clear-status list. */
export interface UserStatusClearAfterOption {
  readonly value: UserStatusClearAfter;
  readonly label: string;
}

/** The clear-status list: Never, then the spec's time ranges (30 minutes ... 30 days). */
export const USER_STATUS_CLEAR_AFTER_OPTIONS: readonly UserStatusClearAfterOption[] = Object.freeze([
  Object.freeze({ value: USER_STATUS_CLEAR_NEVER, label: 'Never' }),
  ...TIME_RANGE_OPTIONS.map((range) =>
    Object.freeze({ value: CLEAR_AFTER_BY_TIME_RANGE[range.name], label: range.label }),
  ),
]);

/**
 * Longest status message GitLab accepts (its `UserStatus` validation and the modal's
 * `STATUS_MAX_LENGTH`; the spec does not give one).
 */
export const USER_STATUS_MESSAGE_MAX_LENGTH = 100;

/** The form's texts (GitLab's set-status modal; the spec shows none). */
export const USER_STATUS_FORM_TEXTS = {
  emojiLabel: 'Add status emoji',
  messageLabel: 'Status message',
  messagePlaceholder: "What's your status?",
  clearStatus: 'Clear status',
  busyLabel: 'Set yourself as busy',
  busyDescription: 'Displays that you are busy or not able to respond',
  clearAfterLabel: 'Clear status after',
  submit: 'Set status',
  saveError: "Sorry, we weren't able to set your status. Please try again later.",
} as const;
