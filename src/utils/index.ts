export { addDelimiter, highCountTrim, limitedCounterWithDelimiter, numberToHumanSize } from './number';
export { truncateSha, firstGrapheme, htmlToText } from './text';
export { identiconBackgroundIndex, identiconInitial } from './identicon';
export {
  SECOND_IN_MS,
  MINUTE_IN_MS,
  HOUR_IN_MS,
  DAY_IN_MS,
  DATE_LOCALE,
  INVALID_DATE_MESSAGE,
  DATE_FORMATS,
  PAGE_DATE_FORMAT,
  TIME_DISPLAY_FORMATS,
  DEFAULT_TIME_DISPLAY_FORMAT,
  toDate,
  isValidDate,
  formatDate,
  formatTime,
  formatDateTime,
  parseTime,
  isValidTime,
  invalidTimeMessage,
  type DateFormat,
  type DateInput,
  type DateFormatOptions,
  type TimeFormatOptions,
  type TimeDisplayFormat,
  type TimeOfDay,
} from './date';
export {
  formatTimeAgo,
  timeFor,
  approximateDuration,
  timeAgoStep,
  JUST_NOW_TEXT,
  PAST_DUE_TEXT,
  LESS_THAN_A_MINUTE_TEXT,
  JUST_NOW_LIMIT_SECONDS,
  TIME_AGO_STEPS,
  TIME_LEFT_THRESHOLDS,
  TIME_AGO_FORMS,
  type TimeAgoForm,
  type TimeAgoOptions,
  type TimeAgoStep,
  type TimeAgoUnit,
} from './timeAgo';
export {
  parsePaginationHeaders,
  parseLinkHeader,
  PAGINATION_HEADERS,
  PAGINATION_LINK_RELATIONS,
  type PaginationHeaders,
  type PaginationLinkRelation,
  type HeaderSource,
  type HeaderValue,
} from './pagination';
export {
  getCookie,
  setCookie,
  removeCookie,
  readStorage,
  writeStorage,
  removeStorage,
  COOKIE_DEFAULT_EXPIRY_DAYS,
  type CookieOptions,
  type StorageKind,
} from './storage';
export {
  sanitizeHtml,
  escapeHtml,
  SANITIZE_ALLOWED_EXTRA_TAGS,
  SANITIZE_FORBIDDEN_TAGS,
  SANITIZE_FORBIDDEN_ATTRIBUTES,
  SANITIZE_INLINE_ATTRIBUTES,
  type SanitizeOptions,
  type SanitizeProfile,
} from './sanitize';
export {
  safeUrl,
  isSafeImageSrc,
  isSafeDataImage,
  BLANK_URL,
  LINK_PROTOCOLS,
  SAFE_URL_PROTOCOLS,
  UNSAFE_URL_MESSAGE,
  type SafeUrlOptions,
} from './url';
export {
  validateRefName,
  findForbiddenRefNameParts,
  isValidColor,
  validateTitle,
  titleLength,
  REF_NAME_FORBIDDEN,
  REF_NAME_MESSAGES,
  REQUIRED_FIELD_MESSAGE,
  TITLE_MAX_LENGTH,
  TITLE_TOO_LONG_MESSAGE,
  type RefNameForbidden,
} from './validation';
export {
  contrastRatio,
  contrastGrade,
  relativeLuminance,
  parseHexColor,
  toSixDigitHex,
  textColorForBackground,
  readableTextColor,
  CONTRAST_GRADE_THRESHOLDS,
  CONTRAST_GRADES,
  ON_COLOR_TEXT,
  type ContrastGrade,
  type OnColorText,
} from './contrast';
export { waitForElement, WAIT_FOR_ELEMENT_TIMEOUT, ELEMENT_NOT_FOUND_MESSAGE, type WaitForElementOptions } from './dom';
export * from './workItems';
export { USER_LINK_CLASS, USER_LINK_SELECTOR, userLinkAttributes } from './userLink';
export { IDLE_TIMEOUT, runWhenIdle } from './idle';
export {
  parseDuration,
  formatDuration,
  isValidDuration,
  DURATION_UNITS,
  DURATION_HOURS_PER_DAY,
  DURATION_DAYS_PER_WEEK,
  DURATION_WEEKS_PER_MONTH,
  INVALID_DURATION_MESSAGE,
  type DurationUnit,
} from './duration';
