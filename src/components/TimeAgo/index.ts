export {
  TimeAgo,
  TIME_AGO_DISPLAYS,
  TIME_AGO_SERVER_TIME_ZONE,
  type TimeAgoProps,
  type TimeAgoDisplay,
} from './TimeAgo';
export { TIME_AGO_TICK_INTERVALS, TIME_AGO_FAST_TICK_LIMIT } from './timeAgoTicker';
