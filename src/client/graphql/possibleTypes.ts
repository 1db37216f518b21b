/**
 * The fragment map: which object types implement each interface or union of the schema, so the cache
 * can match a fragment on `WorkItemWidget` against a `WorkItemWidgetAssignees` object. The product's
 * map is generated from the server's schema by `scripts/generate-possible-types.mjs`.
 */
import type { PossibleTypesMap } from '@apollo/client/cache';
import generated from './possibleTypes.generated.json';

/** Supertype (interface or union) name → names of its implementing types. */
export type FragmentMap = Readonly<Record<string, readonly string[]>>;

/** The fragment-matcher form of an introspection result (`fragmentTypes.json` of Apollo 2 days). */
export interface IntrospectionFragmentMap {
  __schema: { types: ReadonlyArray<{ name: string; possibleTypes?: ReadonlyArray<{ name: string }> | null }> };
}

/** The product schema's fragment map, generated from the server's schema. */
export const productFragmentMap: FragmentMap = generated;

/**
 * Apollo's `possibleTypes` from a fragment map, given either as GitLab's `possible_types.json`
 * (supertype → type names) or as an introspection result (`{ __schema }` or `{ data: { __schema } }`).
 */
export function toPossibleTypes(
  fragmentMap: FragmentMap | IntrospectionFragmentMap | { data: IntrospectionFragmentMap },
): PossibleTypesMap {
  const introspection = 'data' in fragmentMap ? fragmentMap.data : fragmentMap;
  if ('__schema' in introspection && typeof introspection.__schema === 'object') {
    const { types } = (introspection as IntrospectionFragmentMap).__schema;
    return Object.fromEntries(
      types.flatMap((type) => (type.possibleTypes ? [[type.name, type.possibleTypes.map(({ name }) => name)]] : [])),
    );
  }
  return Object.fromEntries(Object.entries(fragmentMap as FragmentMap).map(([name, types]) => [name, [...types]]));
}
