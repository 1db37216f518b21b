/**
 * Errors in GitLab's shapes, written in one place. Routes throw; the error handler and the
 * not-found handler write the bodies:
 *
 * - `{"message":"404 Project Not Found"}`, `{"message":"401 Unauthorized"}`, `{"message":"403 Forbidden"}`
 * - `{"error":"title is missing"}` / `{"error":"title is invalid"}` (parameter validation, like Grape)
 * - `{"message":{"title":["can't be blank"]}}` (model validation, see `ValidationError`)
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from '../domain/errors.ts';

/** An HTTP error with GitLab's body. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : JSON.stringify(body));
    this.name = 'ApiError';
  }
}

/** 404 `{"message":"404 <Thing> Not Found"}`; `notFound()` alone is `404 Not Found`. */
export function notFound(thing?: string): ApiError {
  return new ApiError(404, { message: thing ? `404 ${thing} Not Found` : '404 Not Found' });
}

/** 401 `{"message":"401 Unauthorized"}`. */
export function unauthorized(): ApiError {
  return new ApiError(401, { message: '401 Unauthorized' });
}

/** 403 `{"message":"403 Forbidden"}`, or `403 Forbidden - <reason>`. */
export function forbidden(reason?: string): ApiError {
  return new ApiError(403, { message: reason ? `403 Forbidden - ${reason}` : '403 Forbidden' });
}

/** 400 `{"message":"400 Bad request - <reason>"}`. */
export function badRequest(reason?: string): ApiError {
  return new ApiError(400, { message: reason ? `400 Bad request - ${reason}` : '400 Bad request' });
}

/** 400 `{"error":"<field> is missing"}` (a required parameter is absent), Grape's wording. */
export function missingParam(field: string): ApiError {
  return new ApiError(400, { error: `${field} is missing` });
}

/** 400 `{"error":"<field> is invalid"}` (a parameter of the wrong type or value). */
export function invalidParam(field: string): ApiError {
  return new ApiError(400, { error: `${field} is invalid` });
}

/** 409 `{"message":"<message>"}`. */
export function conflict(message: string): ApiError {
  return new ApiError(409, { message });
}

/** Fastify's own errors for unreadable requests, mapped to GitLab's statuses. */
const REQUEST_ERRORS: Record<string, ApiError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: new ApiError(413, { message: '413 Request Entity Too Large' }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new ApiError(415, { message: '415 Unsupported Media Type' }),
  FST_ERR_BAD_URL: badRequest('invalid URL encoding'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: badRequest('invalid content length'),
};

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a URL whose percent
 * encoding does not decode) get GitLab's shape and the request id like every other response.
 */
export function onFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = (error.code && REQUEST_ERRORS[error.code]) || badRequest();
  // Before routing no hook runs, and Fastify would add a charset to JSON: write the reply as
  // the hooks would (request id, exact `application/json`).
  reply.hijack();
  reply.raw
    .writeHead(known.statusCode, { 'x-request-id': request.id, 'content-type': 'application/json' })
    .end(JSON.stringify(known.body));
}

/** The parameter a schema validation error is about (`title`, `user.login`...). */
function validationField(error: FastifyError): string {
  const [first] = error.validation ?? [];
  if (!first) return 'parameters';
  const missing = (first.params as { missingProperty?: string }).missingProperty;
  const path = first.instancePath.split('/').filter(Boolean);
  return [...path, ...(missing ? [missing] : [])].join('.') || 'parameters';
}

/** Installs the error and not-found handlers on the root instance. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) return reply.code(error.statusCode).headers(error.headers).send(error.body);
    if (error instanceof ValidationError) return reply.code(400).send({ message: error.errors });
    if (error.validation) {
      const field = validationField(error);
      const isMissing = error.validation[0]?.keyword === 'required';
      return reply.code(400).send({ error: `${field} is ${isMissing ? 'missing' : 'invalid'}` });
    }
    const known = error.code ? REQUEST_ERRORS[error.code] : undefined;
    if (known) return reply.code(known.statusCode).send(known.body);
    if (error.statusCode && error.statusCode < 500) {
      // Another client error raised by Fastify or a plugin (e.g. malformed JSON): GitLab's shape.
      return reply.code(error.statusCode).send({ message: `${error.statusCode} ${error.message}` });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: '500 Internal Server Error' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: '404 Not Found' }));
}
