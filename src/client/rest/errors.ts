/** Errors of the REST client, with the exact texts of spec section 8. */

/** Message of a response outside 2xx: `Request failed with status code {n}` (spec section 8). */
export const requestFailedMessage = (status: number): string => `Request failed with status code ${status}`;

/** Raised when there is no `fetch` to send with (spec section 8: "Missing fetch raises an error about no fetcher"). */
export const NO_FETCHER_MESSAGE = 'forgekit/client: no fetcher available (no global fetch): pass `fetch`.';

/** What an axios-era call site reads from `error.response`. */
export interface HttpErrorResponse<T = unknown> {
  status: number;
  data: T;
  headers: Headers;
}

/**
 * A response outside 2xx. The message is exactly `Request failed with status code {n}`; the
 * error carries the status, the parsed body (JSON, else text, else null) and the headers, also as
 * `error.response` in axios' shape so that code moving off axios keeps reading
 * `error.response.data.message`.
 */
export class HttpError<T = unknown> extends Error {
  override name = 'HttpError';
  /** The same values in axios' shape. */
  readonly response: HttpErrorResponse<T>;

  constructor(
    /** The HTTP status code. */
    readonly status: number,
    /** The parsed response body: JSON, else text, else null. */
    readonly body: T,
    /** The response headers. */
    readonly headers: Headers = new Headers(),
  ) {
    super(requestFailedMessage(status));
    this.response = { status, data: body, headers };
  }

  /** The server's `X-Request-Id` (the correlation id), if it sent one. */
  get correlationId(): string | undefined {
    return this.headers.get('X-Request-Id') ?? undefined;
  }
}

/** Whether `error` is an `HttpError` (also across copies of the library). */
export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError || (error instanceof Error && error.name === 'HttpError' && 'status' in error);
}
