/**
 * GraphQL startup calls (spec section 7): the page may start a GraphQL request before its scripts load
 * (`window.gl.startup_graphql_calls`). The first operation with the same name and equal variables is
 * answered from that response instead of the network. A failed startup call (not ok, errors, or no
 * data) logs a warning and the operation goes to the network (spec section 8).
 */
import { ApolloLink } from '@apollo/client/link';
import { canonicalStringify } from '@apollo/client/cache';
import { getOperationAST, parse } from 'graphql';
import { catchError, from, map } from 'rxjs';
import type { StartupGraphqlCall } from '../config';
import { STARTUP_CALL_FAILED_WARNING } from './constants';

/** Equal as JSON, whatever the key order; `undefined` values count as absent. */
function variablesEqual(a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): boolean {
  return canonicalStringify(a ?? {}) === canonicalStringify(b ?? {});
}

async function readStartupResult(
  fetchCall: Promise<Response>,
): Promise<{ response: Response; result: ApolloLink.Result }> {
  // A clone, so that a second client on the page reads the same prefetched body.
  const response = (await fetchCall).clone();
  if (!response.ok) throw new Error(`status ${response.status}`);
  const result = (await response.json()) as ApolloLink.Result;
  if (result.errors) throw new Error('errors in the result', { cause: result.errors });
  if (!result.data) throw new Error('no data in the result');
  return { response, result };
}

/** The startup link over the page's prefetched GraphQL calls; each one answers at most once. */
export function createStartupLink(calls: readonly StartupGraphqlCall[]): ApolloLink {
  const byName = new Map<string, StartupGraphqlCall>();
  for (const call of calls) {
    const name = getOperationAST(parse(call.query))?.name?.value;
    if (name) byName.set(name, call);
  }
  return new ApolloLink((operation, forward) => {
    const call = operation.operationName ? byName.get(operation.operationName) : undefined;
    if (!call) return forward(operation);
    byName.delete(operation.operationName!);
    if (!variablesEqual(call.variables, operation.variables)) return forward(operation);
    return from(readStartupResult(call.fetchCall)).pipe(
      map(({ response, result }) => {
        operation.setContext({ response });
        return result;
      }),
      catchError((reason: unknown) => {
        console.warn(STARTUP_CALL_FAILED_WARNING, operation.operationName, reason);
        return forward(operation);
      }),
    );
  });
}
