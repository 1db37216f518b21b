export {
  TimeRangePicker,
  TIME_RANGE_PICKER_DEFAULT_LABEL,
  TIME_RANGE_PICKER_OFFSET,
  TIME_RANGE_PICKER_VIEWPORT_PADDING,
  type TimeRangePickerProps,
} from './TimeRangePicker';
export {
  TIME_RANGE_OPTIONS,
  TIME_RANGE_NAMES,
  TIME_RANGE_INTERVALS,
  DEFAULT_TIME_RANGE,
  DEFAULT_TIME_RANGE_NAME,
  findTimeRange,
  type TimeRangeOption,
  type TimeRangeName,
  type TimeRangeInterval,
} from './timeRangeOptions';
