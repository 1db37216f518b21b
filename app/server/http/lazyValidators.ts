/**
 * Route validators compiled on a route's first request instead of when the server starts.
 *
 * Every route declares JSON schemas for its parameters, query string and body (routeSchemas.test),
 * several hundred in all, and Fastify compiles each with Ajv when the server becomes ready: 1.4 s
 * of CPU per start, most of a test server's start, for routes a test file mostly never calls.
 * This keeps Fastify's own compiler (@fastify/ajv-compiler, with the server's Ajv options) and
 * defers each compile to the first request that needs it (a few milliseconds, once per route).
 * routeSchemas.test compiles every route's schemas, so a broken schema still fails the tests.
 */
import AjvCompiler, { type ValidatorCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';

type Validate = ReturnType<ValidatorCompiler>;

/** Fastify's `schemaController.compilersFactory.buildValidator`, compiling on first use. */
export function lazyValidatorFactory(): ValidatorFactory {
  const compilers = AjvCompiler();
  return (externalSchemas, options) => {
    const compile = compilers(externalSchemas, options);
    return (route) => {
      let validate: Validate | undefined;
      // Fastify reads a failed validation's errors from the function it called, as Ajv leaves them.
      const lazy = Object.assign(
        (data: unknown) => {
          validate ??= compile(route);
          const valid = validate(data);
          lazy.errors = validate.errors;
          return valid;
        },
        { errors: null as Validate['errors'] },
      );
      return lazy as unknown as Validate;
    };
  };
}
