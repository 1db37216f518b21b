// The persisted cache in real Chromium: apollo3-cache-persist over IndexedDB (idb-keyval) with Apollo
// Client 4's InMemoryCache. Restored at start under the caller's key, written back 1000 ms after the
// last cache write, purged and paused past 1,048,576 characters, and no persistence (but a working
// client) when IndexedDB refuses to open.
import { gql, type ApolloClient, type TypedDocumentNode } from '@apollo/client';
import { createStore, del, get, set } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PERSISTED_CACHE_DB_NAME,
  PERSISTED_CACHE_DEBOUNCE_MS,
  PERSISTED_CACHE_MAX_SIZE,
  PERSISTED_CACHE_STORE_NAME,
  createApolloClientWithCaching,
  openPersistedCacheStorage,
} from '../../src/client/graphql';

const NOTE: TypedDocumentNode<{ note: string }> = gql`
  query Note {
    note
  }
`;

const store = createStore(PERSISTED_CACHE_DB_NAME, PERSISTED_CACHE_STORE_NAME);
const stored = (key: string) => get<string>(key, store);
const usedKeys: string[] = [];
let keyCount = 0;
const newKey = () => {
  const key = `graphqlPersist-${Date.now()}-${keyCount++}`;
  usedKeys.push(key);
  return key;
};

const writeNote = (client: ApolloClient, note: string) => client.writeQuery({ query: NOTE, data: { note } });
/** Long enough for a debounced write to have happened, with room for a loaded machine. */
const WELL_AFTER_DEBOUNCE_MS = PERSISTED_CACHE_DEBOUNCE_MS * 3;
const waitForStored = (key: string, check: (value: string | undefined) => void) =>
  vi.waitFor(async () => check(await stored(key)), { timeout: WELL_AFTER_DEBOUNCE_MS, interval: 50 });

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(usedKeys.splice(0).map((key) => del(key, store)));
});

describe('persisted cache (spec sections 4 and 9)', () => {
  it('names the limits', () => {
    expect(PERSISTED_CACHE_MAX_SIZE).toBe(1_048_576);
    expect(PERSISTED_CACHE_DEBOUNCE_MS).toBe(1000);
  });

  it('restores the cache stored under the caller-given key at start', async () => {
    const key = newKey();
    await set(key, JSON.stringify({ ROOT_QUERY: { __typename: 'Query', note: 'from last visit' } }), store);

    const client = await createApolloClientWithCaching({ localCacheKey: key });
    expect(client.readQuery({ query: NOTE })).toEqual({ note: 'from last visit' });

    const other = await createApolloClientWithCaching({ localCacheKey: newKey() });
    expect(other.readQuery({ query: NOTE })).toBeNull();
  });

  it('writes the cache back once 1000 ms have passed since the last write', async () => {
    const key = newKey();
    const client = await createApolloClientWithCaching({ localCacheKey: key });
    const written = performance.now();
    writeNote(client, 'draft');

    await waitForStored(key, (value) => expect(value).toContain('draft'));
    expect(performance.now() - written).toBeGreaterThanOrEqual(PERSISTED_CACHE_DEBOUNCE_MS);

    const nextVisit = await createApolloClientWithCaching({ localCacheKey: key });
    expect(nextVisit.readQuery({ query: NOTE })).toEqual({ note: 'draft' });
  });

  it('keeps a cache of exactly 1,048,576 characters, purges and pauses past it', async () => {
    const key = newKey();
    const client = await createApolloClientWithCaching({ localCacheKey: key });
    writeNote(client, '');
    const overhead = JSON.stringify(client.cache.extract()).length;

    writeNote(client, 'x'.repeat(PERSISTED_CACHE_MAX_SIZE - overhead));
    await waitForStored(key, (value) => expect(value?.length).toBe(PERSISTED_CACHE_MAX_SIZE));

    writeNote(client, 'x'.repeat(PERSISTED_CACHE_MAX_SIZE - overhead + 1));
    await waitForStored(key, (value) => expect(value).toBeUndefined());

    // Paused: a small cache is not written any more.
    writeNote(client, 'small');
    await new Promise((resolve) => setTimeout(resolve, WELL_AFTER_DEBOUNCE_MS));
    expect(await stored(key)).toBeUndefined();
    expect(client.readQuery({ query: NOTE })).toEqual({ note: 'small' });
  });

  it('works without persistence when IndexedDB refuses to open (private browsing)', async () => {
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException(
        'A mutation operation was attempted on a database that did not allow mutations.',
        'InvalidStateError',
      );
    });
    const key = newKey();
    expect(await openPersistedCacheStorage(key)).toBeUndefined();

    const client = await createApolloClientWithCaching({ localCacheKey: key });
    writeNote(client, 'in memory only');
    expect(client.readQuery({ query: NOTE })).toEqual({ note: 'in memory only' });
    vi.restoreAllMocks();
    await new Promise((resolve) => setTimeout(resolve, WELL_AFTER_DEBOUNCE_MS));
    expect(await stored(key)).toBeUndefined();
  });
});
