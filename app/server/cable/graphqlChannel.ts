/**
 * GitLab's `GraphqlChannel`: the subscription's parameters carry `query`, `variables`,
 * `operationName` (and the client's `nonce`). On subscribe the operation runs and its result is
 * transmitted as `{ result, more }`: a subscription answers `{ data: { field: null } }` with
 * `more: true` (GitLab's `BaseSubscription#subscribe` returns nil) and then one
 * `{ result: { data }, more: true }` per event; a query or mutation answers once with
 * `more: false`. Invalid variables transmit `{ errors: [{ message }] }`.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  execute,
  getOperationAST,
  parse,
  specifiedRules,
  subscribe,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLError,
} from 'graphql/index.js';
import type { Db } from '../db/schema.ts';
import type { UserRow } from '../domain/users.ts';
import { createContext } from '../graphql/context.ts';
import { askerOf, queryLimitsRule } from '../graphql/limits.ts';
import { schema } from '../graphql/schema.ts';
import type { EventBus } from './bus.ts';

/** The channel's ActionCable class name. */
export const GRAPHQL_CHANNEL = 'GraphqlChannel';

/** What a channel knows of its connection. */
export interface ChannelConnection {
  db: Db;
  user: UserRow | null;
  baseUrl: string;
  root: string;
  bus: EventBus;
  log: FastifyBaseLogger;
}

/** A started subscription: `ready` once it listens (or has answered for good); `stop` ends it. */
export interface ChannelSubscription {
  /**
   * Settles once the subscription receives every later event (or, for a query or an error, has
   * transmitted its one answer): the server confirms only then, so that nothing broadcast after
   * the confirmation is missed.
   */
  ready: Promise<void>;
  /** What `unsubscribed` must run. */
  stop: () => void;
}

/** A channel: `subscribed` starts a subscription. */
export interface Channel {
  subscribed(
    params: Record<string, unknown>,
    connection: ChannelConnection,
    transmit: (message: unknown) => void,
  ): ChannelSubscription;
}

function formatErrors(errors: readonly GraphQLError[]) {
  return errors.map((error) => error.toJSON());
}

/** Runs one GraphqlChannel subscription until `stop()`. */
async function run(
  params: Record<string, unknown>,
  connection: ChannelConnection,
  transmit: (message: unknown) => void,
  stopped: { value: boolean; iterator?: AsyncIterator<ExecutionResult> },
  listening: () => void,
): Promise<void> {
  const variables = params.variables ?? {};
  if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) {
    transmit({ errors: [{ message: 'Unexpected parameter: variables' }] });
    return;
  }
  let document: DocumentNode;
  try {
    document = parse(String(params.query ?? ''));
  } catch (error) {
    transmit({ result: { errors: [(error as GraphQLError).toJSON()] }, more: false });
    return;
  }
  const validationErrors = validate(schema, document, [...specifiedRules, queryLimitsRule(askerOf(connection.user))]);
  if (validationErrors.length) {
    transmit({ result: { errors: formatErrors(validationErrors) }, more: false });
    return;
  }
  // Anonymous operations come with a null or empty name.
  const operationName =
    typeof params.operationName === 'string' && params.operationName ? params.operationName : undefined;
  const operation = getOperationAST(document, operationName);
  const args = {
    schema,
    document,
    variableValues: variables as Record<string, unknown>,
    operationName,
    contextValue: createContext(connection.db, connection.user, connection.baseUrl, connection.root, connection.bus),
  };
  if (operation?.operation !== 'subscription') {
    const result = await execute(args);
    transmit({ result: { ...result, ...(result.errors ? { errors: formatErrors(result.errors) } : {}) }, more: false });
    return;
  }
  const outcome = await subscribe(args);
  if (!(Symbol.asyncIterator in outcome)) {
    const errors = outcome.errors ?? [];
    // Errors without a path are the variables' (GitLab's Variables::Invalid): `{ errors }` alone.
    if (errors.every((error) => !error.path)) {
      transmit({ errors: errors.map((error) => ({ message: error.message })) });
      return;
    }
    const field = errors[0]?.path?.[0];
    transmit({ result: { data: { [String(field)]: null }, errors: formatErrors(errors) }, more: false });
    return;
  }
  stopped.iterator = outcome;
  // The resolver subscribed to the bus while creating the iterator: events from now on are queued.
  listening();
  if (stopped.value) {
    await outcome.return?.();
    return;
  }
  const fieldSelection = operation.selectionSet.selections.find((selection) => selection.kind === 'Field');
  const responseKey = fieldSelection ? (fieldSelection.alias ?? fieldSelection.name).value : 'data';
  transmit({ result: { data: { [responseKey]: null } }, more: true });
  for await (const result of outcome) {
    transmit({ result: { ...result, ...(result.errors ? { errors: formatErrors(result.errors) } : {}) }, more: true });
  }
}

/** The GraphQL channel. */
export const graphqlChannel: Channel = {
  subscribed(params, connection, transmit) {
    const stopped: { value: boolean; iterator?: AsyncIterator<ExecutionResult> } = { value: false };
    let listening!: () => void;
    const ready = new Promise<void>((resolve) => (listening = resolve));
    run(params, connection, transmit, stopped, listening)
      .catch((error: unknown) => {
        connection.log.error({ err: error }, 'GraphqlChannel subscription failed');
      })
      .finally(listening);
    return {
      ready,
      stop() {
        stopped.value = true;
        void stopped.iterator?.return?.();
      },
    };
  },
};
