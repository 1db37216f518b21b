/**
 * The transport errors of spec section 8, as GitLab's client (Apollo 3) raised them, on top of Apollo 4's
 * HTTP links:
 * - status 300 or more: `ServerError` 'Response not successful: Received status code {code}', with the
 *   parsed body as `result` (Apollo 4 lets `application/graphql-response+json` error statuses through
 *   as results, and keeps only the body text);
 * - a reply with neither `data` nor `errors`: `ServerError` "Server response was missing for query
 *   '{name}'" (Apollo 4 says "malformed", and does not check the items of a batched reply);
 * - a reply that is not JSON: `ServerParseError` with the status and body text, whatever the status
 *   (Apollo 4 reports a non-JSON error status as a `ServerError`).
 */
import { ApolloLink } from '@apollo/client/link';
import { ServerError, ServerParseError } from '@apollo/client/errors';
import { catchError, map, throwError } from 'rxjs';
import { GRAPHQL_ERROR_MESSAGES, GRAPHQL_ERROR_STATUS } from './constants';

/** Apollo's `ServerError` with the parsed reply, as spec section 8 describes it. */
export type GraphqlServerError = ServerError & {
  /** The reply body, parsed when it is JSON (the text otherwise). */
  readonly result: unknown;
};

/** 'Response not successful: Received status code {code}'. */
export function notSuccessfulMessage(status: number): string {
  return GRAPHQL_ERROR_MESSAGES.notSuccessful.replace('%{code}', String(status));
}

/** "Server response was missing for query '{name}'". */
export function missingResponseMessage(operationName: string | undefined): string {
  return GRAPHQL_ERROR_MESSAGES.missing.replace('%{name}', operationName ?? '');
}

function serverError(message: string, response: Response, bodyText: string, result: unknown): GraphqlServerError {
  return Object.assign(new ServerError(message, { response, bodyText }), { result });
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: unknown };

function parseBody(bodyText: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(bodyText) };
  } catch (error) {
    return { ok: false, error };
  }
}

const hasPayload = (result: object) => 'data' in result || 'errors' in result;

function toSpecError(error: unknown, operation: ApolloLink.Operation): unknown {
  if (!ServerError.is(error)) return error;
  const { response, bodyText } = error;
  const parsed = parseBody(bodyText);
  if (!parsed.ok) return new ServerParseError(parsed.error, { response, bodyText });
  const message =
    response.status >= GRAPHQL_ERROR_STATUS
      ? notSuccessfulMessage(response.status)
      : missingResponseMessage(operation.operationName);
  return serverError(message, response, bodyText, parsed.value);
}

/**
 * A link placed right above the terminating HTTP links that turns their replies and errors into the
 * errors of spec section 8 (see the module comment). It reads the HTTP response the terminating link
 * puts in the operation's context.
 */
export function createResponseCheckLink(): ApolloLink {
  return new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      catchError((error: unknown) => throwError(() => toSpecError(error, operation))),
      map((result) => {
        const { response } = operation.getContext() as { response?: Response };
        if (!response) return result;
        if (response.status >= GRAPHQL_ERROR_STATUS) {
          throw serverError(notSuccessfulMessage(response.status), response, JSON.stringify(result), result);
        }
        if (!hasPayload(result)) {
          throw serverError(missingResponseMessage(operation.operationName), response, JSON.stringify(result), result);
        }
        return result;
      }),
    ),
  );
}
