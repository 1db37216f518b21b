import { useCallback, useRef, useState } from 'react';

/** What {@link useOptimisticValue} gives: the value to show and how to change it. */
export interface OptimisticValue<T> {
  /** The value to show: the pending or confirmed local change, else the given value. */
  value: T;
  /** Shows `next` at once and saves it; on rejection shows the given value again and the error. */
  commit: (next: T) => Promise<void>;
  /** A save is in flight. */
  isSaving: boolean;
  /** The error text of the last rejected save, until the next save or `clearError`. */
  error: string | null;
  clearError: () => void;
}

/**
 * An optimistic edit of a server value: `commit(next)` shows `next` straight away and calls
 * `onChange(next)`; when that rejects, the shown value goes back to `value` and `error` holds
 * `errorMessage`. A local change is kept until `value` itself changes (the server's answer, a
 * realtime update), so a page that does not feed the saved value back still shows it.
 */
export function useOptimisticValue<T>(
  value: T,
  onChange: ((next: T) => Promise<void>) | undefined,
  errorMessage: string,
  onError?: (message: string, error: unknown) => void,
): OptimisticValue<T> {
  // The local value and the given value it was made on: once the given value changes, it wins.
  const [local, setLocal] = useState<{ value: T; base: T } | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const saves = useRef(0);

  const commit = useCallback(
    async (next: T) => {
      const save = ++saves.current;
      setLocal({ value: next, base: value });
      setError(null);
      setSaving(true);
      try {
        await onChange?.(next);
      } catch (reason) {
        // Only the latest save decides what is shown: an older failure does not undo a newer edit.
        if (save === saves.current) {
          setLocal(null);
          setError(errorMessage);
        }
        onError?.(errorMessage, reason);
      } finally {
        if (save === saves.current) setSaving(false);
      }
    },
    [value, onChange, errorMessage, onError],
  );

  return {
    value: local && Object.is(local.base, value) ? local.value : value,
    commit,
    isSaving,
    error,
    clearError: useCallback(() => setError(null), []),
  };
}
