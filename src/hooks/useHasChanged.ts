import { useState } from 'react';

/**
 * True during the render in which `value` differs from the previous render's, so a component can
 * adjust its state to a changed prop while rendering (React's recommended alternative to an
 * effect: the component renders again at once, before its children see stale state).
 */
export function useHasChanged<T>(value: T): boolean {
  const [previous, setPrevious] = useState(value);
  if (Object.is(previous, value)) return false;
  setPrevious(value);
  return true;
}
