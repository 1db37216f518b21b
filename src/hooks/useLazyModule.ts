import { useSyncExternalStore } from 'react';

/** A module loaded with `import()` on demand, once per page, shared by every component using it. */
export interface LazyModule<T> {
  /** Starts loading (once; again after a failure) and resolves with the module. */
  load: () => Promise<T>;
  /** The module if it has arrived, else `null`. */
  current: () => T | null;
  subscribe: (listener: () => void) => () => void;
}

/** Loads under way, of every lazy module on the page. */
const loading = new Set<Promise<unknown>>();

/**
 * Resolves once no lazy module is loading, including loads started while it waited (a failed load
 * counts as done): true if it had to wait. For tests and screenshots that must see a page with its
 * lazy parts in.
 */
export async function lazyModulesSettled(): Promise<boolean> {
  const waited = loading.size > 0;
  while (loading.size > 0) await Promise.allSettled(loading);
  return waited;
}

/** A module that `importer` loads on the first `load()`. */
export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | null = null;
  let request: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      if (request) return request;
      const pending = importer().then(
        (module) => {
          loaded = module;
          for (const listener of listeners) listener();
          return module;
        },
        (error: unknown) => {
          request = null; // the next attempt tries again
          throw error;
        },
      );
      request = pending;
      loading.add(pending);
      void pending.then(
        () => loading.delete(pending),
        () => loading.delete(pending),
      );
      return pending;
    },
    current: () => loaded,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const serverSnapshot = () => null;

/**
 * The lazy module once it has arrived, re-rendering when it does; `null` before, and always on the
 * server and during hydration (so the first render in the browser matches the server's markup).
 */
export function useLazyModule<T>(module: LazyModule<T>): T | null {
  return useSyncExternalStore(module.subscribe, module.current, serverSnapshot);
}
