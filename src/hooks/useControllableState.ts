import { useCallback, useEffect, useState } from 'react';

export interface UseControllableStateOptions<T> {
  /** The controlled value; when defined, the component reflects it and never changes it itself. */
  value?: T;
  /** The initial value when uncontrolled. */
  defaultValue: T;
  /** Called with every requested change, controlled or not. */
  onChange?: (value: T) => void;
}

/**
 * State for the `open` / `defaultOpen` / `onOpenChange` prop trio every stateful component uses:
 * controlled when `value` is defined, otherwise internal state starting at `defaultValue`.
 * Switching between controlled and uncontrolled after mount logs an error, as React's inputs do.
 */
export function useControllableState<T>({
  value,
  defaultValue,
  onChange,
}: UseControllableStateOptions<T>): [T, (next: T | ((previous: T) => T)) => void] {
  const [internal, setInternal] = useState(defaultValue);
  const isControlled = value !== undefined;
  const [initiallyControlled] = useState(isControlled);
  useEffect(() => {
    if (initiallyControlled !== isControlled) {
      console.error(
        `forgekit: a component changed from ${initiallyControlled ? 'controlled' : 'uncontrolled'} to ${
          isControlled ? 'controlled' : 'uncontrolled'
        }. Decide between a value and a default value for the lifetime of the component.`,
      );
    }
  }, [initiallyControlled, isControlled]);

  const current = isControlled ? value : internal;
  const setValue = useCallback(
    (next: T | ((previous: T) => T)) => {
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(current) : next;
      if (Object.is(resolved, current)) return;
      if (!isControlled) setInternal(resolved);
      onChange?.(resolved);
    },
    [current, isControlled, onChange],
  );
  return [current, setValue];
}
