/**
 * `POST|GET {root}/api/graphql`: graphql-yoga in the Fastify server, authenticated like REST (token
 * or session cookie with its CSRF token), with array batching of at most
 * {@link GRAPHQL_BATCH_LIMIT} operations, introspection, and GitLab's depth and complexity limits
 * for the asker. Answers are `application/json`, GitLab's GraphQL content type.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validate } from 'graphql/index.js';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { EventBus } from '../cable/bus.ts';
import { entityContext } from '../api/v4/entities/context.ts';
import { DESIGN_MAX_REQUEST_BYTES, DesignStore } from '../domain/designs.ts';
import { createContext, type GraphqlContext } from './context.ts';
import { askerOf, queryLimitsRule } from './limits.ts';
import { schema } from './schema.ts';

/** The limits depend on the asker, so they run per execution, after yoga's cached validation. */
const limitsPlugin: Plugin<GraphqlContext> = {
  onExecute({ args, setResultAndStopExecution }) {
    const errors = validate(args.schema, args.document, [queryLimitsRule(askerOf(args.contextValue.user))]);
    if (errors.length) setResultAndStopExecution({ errors });
  },
  onSubscribe({ args, setResultAndStopExecution }) {
    const errors = validate(args.schema, args.document, [queryLimitsRule(askerOf(args.contextValue.user))]);
    if (errors.length) setResultAndStopExecution({ errors });
  },
};

/** HTTP's answer to a body over the limit. */
const PAYLOAD_TOO_LARGE = 413;

/** Where GraphQL is mounted (below the relative root). */
export const GRAPHQL_PATH = '/api/graphql';
/** Most operations in one batched request (spec §9: "GraphQL batch interval 10 ms, max 10"). */
export const GRAPHQL_BATCH_LIMIT = 10;

/** The GraphQL route, with the broadcast bus for subscriptions run over HTTP's sibling, `/cable`. */
export function graphqlRoutes(bus: EventBus) {
  return async (app: FastifyInstance): Promise<void> => {
    const designs = new DesignStore(app.repositories.root);
    // Multipart requests (design uploads) are read by yoga from the stream, after a size check.
    app.addContentTypeParser('multipart/form-data', (request, _payload, done) => {
      const length = Number(request.headers['content-length']);
      if (!(length <= DESIGN_MAX_REQUEST_BYTES))
        done(Object.assign(new Error('Request Entity Too Large'), { statusCode: PAYLOAD_TOO_LARGE }));
      else done(null);
    });
    const yoga = createYoga<{ graphql: GraphqlContext }, GraphqlContext>({
      schema,
      graphqlEndpoint: `${app.relativeUrlRoot}${GRAPHQL_PATH}`,
      batching: { limit: GRAPHQL_BATCH_LIMIT },
      graphiql: false,
      landingPage: false,
      logging: false,
      context: ({ graphql }) => graphql,
      plugins: [limitsPlugin],
    });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const graphql: GraphqlContext = {
        ...createContext(app.db, request.auth.user, entityContext(request).baseUrl, app.relativeUrlRoot, bus),
        designs,
        repositories: app.repositories,
      };
      // GitLab answers GraphQL with `application/json` (errors in the body, status 200).
      request.headers.accept = 'application/json';
      const response = await yoga.handleNodeRequestAndResponse(request, reply, { graphql });
      response.headers.forEach((value, key) => void reply.header(key, value));
      reply.code(response.status);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    };
    app.route({ method: ['GET', 'POST'], url: GRAPHQL_PATH, handler });
  };
}
