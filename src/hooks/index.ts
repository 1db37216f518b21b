export { useControllableState, type UseControllableStateOptions } from './useControllableState';
