/**
 * The persisted cache (spec sections 4 and 9): the cache is restored from IndexedDB at start under a
 * caller-given key and written back (debounced) after cache writes. When the serialized cache grows past
 * the size limit, the stored copy is purged and persistence pauses. Without IndexedDB (private
 * browsing, server rendering) the client works without persistence.
 */
import type { ApolloClient } from '@apollo/client';
import type { PersistentStorage } from 'apollo3-cache-persist';
import { createStore, del, get, set } from 'idb-keyval';
import {
  PERSISTED_CACHE_DB_NAME,
  PERSISTED_CACHE_DEBOUNCE_MS,
  PERSISTED_CACHE_MAX_SIZE,
  PERSISTED_CACHE_STORE_NAME,
} from './constants';
import { createApolloClient, type CreateApolloClientOptions } from './createApolloClient';

/** Options of {@link createApolloClientWithCaching}. */
export interface CreateApolloClientWithCachingOptions extends CreateApolloClientOptions {
  /** The key the cache is stored under (one per page or feature); without it nothing is persisted. */
  localCacheKey?: string;
}

/**
 * The persisted cache's storage: one IndexedDB object store (idb-keyval), or `undefined` when IndexedDB
 * is missing or refuses to open (Firefox's private mode throws on open).
 */
export async function openPersistedCacheStorage(key: string): Promise<PersistentStorage<string> | undefined> {
  if (typeof indexedDB === 'undefined') return undefined;
  try {
    const store = createStore(PERSISTED_CACHE_DB_NAME, PERSISTED_CACHE_STORE_NAME);
    // idb-keyval opens lazily: one read proves the store works before the persistor relies on it.
    await get(key, store);
    return {
      getItem: async (name) => (await get<string>(name, store)) ?? null,
      setItem: (name, value) => set(name, value, store),
      removeItem: (name) => del(name, store),
    };
  } catch {
    return undefined;
  }
}

/**
 * {@link createApolloClient} with its cache restored from IndexedDB under `localCacheKey` before it
 * resolves, and persisted from then on (at most 1,048,576 characters, writes debounced by 1000 ms).
 */
export async function createApolloClientWithCaching(
  options: CreateApolloClientWithCachingOptions = {},
): Promise<ApolloClient> {
  const { localCacheKey, ...clientOptions } = options;
  const client = createApolloClient(clientOptions);
  if (!localCacheKey) return client;
  const storage = await openPersistedCacheStorage(localCacheKey);
  if (!storage) return client;
  try {
    // Loaded on use: apollo3-cache-persist's modules cannot be tree-shaken, so a static import would
    // weigh on every importer of forgekit/client.
    const { persistCache } = await import('apollo3-cache-persist');
    await persistCache({
      cache: client.cache,
      storage,
      key: localCacheKey,
      maxSize: PERSISTED_CACHE_MAX_SIZE,
      debounce: PERSISTED_CACHE_DEBOUNCE_MS,
    });
  } catch {
    // An unreadable stored cache: start from an empty one.
  }
  return client;
}
