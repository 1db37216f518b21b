import { useCallback, type Ref, type RefCallback } from 'react';

/** Sets one ref (object or callback) and returns what a React 19 callback ref returned. */
function assign<T>(ref: Ref<T> | undefined, node: T | null): void | (() => void) {
  if (typeof ref === 'function') return ref(node) ?? undefined;
  if (ref) ref.current = node;
}

/**
 * One ref callback that sets both refs (objects or callbacks, including React 19 callbacks that
 * return a cleanup), so a component keeps its own ref and honours the consumer's `ref` prop.
 */
export function useMergedRefs<T>(own: Ref<T> | undefined, consumer: Ref<T> | undefined): RefCallback<T> {
  return useCallback(
    (node: T | null) => {
      const cleanups = [own, consumer].map((ref) => [ref, assign(ref, node)] as const);
      return () => {
        for (const [ref, cleanup] of cleanups) {
          if (typeof cleanup === 'function') cleanup();
          else assign(ref, null);
        }
      };
    },
    [own, consumer],
  );
}
