import { useCallback, useEffect, useRef, useState } from 'react';

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
  // The latest requested value: two requests before the next render (a hover that opens, then a
  // press that closes a few ms later) must compare against each other, not the rendered value.
  const latest = useRef(current);
  useEffect(() => {
    latest.current = current; // every render: a controlled owner may have refused the change
  });
  const setValue = useCallback(
    (next: T | ((previous: T) => T)) => {
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(latest.current) : next;
      if (Object.is(resolved, latest.current)) return;
      latest.current = resolved;
      if (!isControlled) setInternal(resolved);
      onChange?.(resolved);
    },
    [isControlled, onChange],
  );
  return [current, setValue];
}
