export {
  EMPTY_USER_STATUS,
  UserStatusForm,
  userStatusChanges,
  type UpdateUserStatusAdapter,
  type UserStatusFormProps,
  type UserStatusFormState,
  type UserStatusFormValue,
  type UserStatusUpdate,
} from './UserStatusForm';
export {
  USER_STATUS_AVAILABILITIES,
  USER_STATUS_CLEAR_AFTER_OPTIONS,
  USER_STATUS_CLEAR_NEVER,
  USER_STATUS_FORM_TEXTS,
  USER_STATUS_MESSAGE_MAX_LENGTH,
  type UserStatusAvailability,
  type UserStatusClearAfter,
  type UserStatusClearAfterOption,
} from './constants';
