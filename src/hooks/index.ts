export { useControllableState, type UseControllableStateOptions } from './useControllableState';
export { useMergedRefs } from './useMergedRefs';
