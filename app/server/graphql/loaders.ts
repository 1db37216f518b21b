/**
 * Per-operation batching, DataLoader's idea in a few lines (the `dataloader` package is not a
 * dependency, and nothing installed batches by key): the keys that resolvers ask for while
 * graphql-js walks one level of a result (every note's author, every note's award emoji) are
 * loaded together with one query once that walk yields to the event loop, and each key is kept in
 * the operation's memo, so it is loaded once per operation.
 */
import type { GraphqlContext } from './context.ts';

/** Keys waiting for the next dispatch, with what waits for them. */
interface Batch<K, V> {
  keys: K[];
  settle: Map<K, { resolve: (value: V | undefined) => void; reject: (error: unknown) => void }>;
}

/** The open batch of each kind, per operation (a context's cache is per operation). */
const openBatches = new WeakMap<GraphqlContext['cache'], Map<string, Batch<never, unknown>>>();

/**
 * The value of `key` among the `kind` values, loaded with the other keys asked for in the same
 * pass by `loadMany` (which answers a map; a key it leaves out is `undefined`). Cached in the
 * operation's memo under `${kind}:${key}`, as `memo()` keys are.
 */
export function batchLoad<K extends string | number, V>(
  ctx: GraphqlContext,
  kind: string,
  key: K,
  loadMany: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
): Promise<V | undefined> {
  const cacheKey = `${kind}:${key}`;
  const cached = ctx.cache.get(cacheKey) as Promise<V | undefined> | undefined;
  if (cached) return cached;
  let batches = openBatches.get(ctx.cache);
  if (!batches) openBatches.set(ctx.cache, (batches = new Map()));
  let batch = batches.get(kind) as Batch<K, V> | undefined;
  if (!batch) {
    const opened: Batch<K, V> = { keys: [], settle: new Map() };
    batches.set(kind, opened as Batch<never, unknown>);
    batch = opened;
    // After the pending promise jobs: the resolvers of the whole level have asked by then.
    setImmediate(() => {
      batches.delete(kind);
      loadMany(opened.keys).then(
        (values) => opened.settle.forEach(({ resolve }, k) => resolve(values.get(k))),
        (error: unknown) => opened.settle.forEach(({ reject }) => reject(error)),
      );
    });
  }
  const open = batch;
  const value = new Promise<V | undefined>((resolve, reject) => {
    open.keys.push(key);
    open.settle.set(key, { resolve, reject });
  });
  ctx.cache.set(cacheKey, value);
  return value;
}
