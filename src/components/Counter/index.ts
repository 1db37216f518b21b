export {
  Counter,
  COUNTER_VARIANTS,
  COUNTER_LIMIT_MODES,
  COUNTER_FALLBACK_COUNT,
  type CounterProps,
  type CounterVariant,
  type CounterLimit,
} from './Counter';
