/**
 * The executable schema: `schema.graphql` (GitLab's names, hand-written subset) with the resolvers
 * of `resolvers/`. The SDL file is the single source: the client's fragment map is generated from it.
 */
import { readFileSync } from 'node:fs';
// `graphql/index.js`, not `graphql`: the CommonJS build graphql-yoga and graphql-tools load in Node.
// A bundler or test runner that prefers the package's `module` field would otherwise give this
// code a second copy of graphql-js, whose functions refuse the other copy's schema.
import type { GraphQLSchema } from 'graphql/index.js';
import { createSchema } from 'graphql-yoga';
import type { GraphqlContext } from './context.ts';
import { scalars } from './ids.ts';
import { designResolvers } from './resolvers/designs.ts';
import { groupWorkItemResolvers } from './resolvers/groupWorkItems.ts';
import { iterationResolvers } from './resolvers/iterations.ts';
import { mutationResolvers } from './resolvers/mutations.ts';
import { queryResolvers } from './resolvers/query.ts';
import { repositoryResolvers } from './resolvers/repository.ts';
import { subscriptionResolvers } from './resolvers/subscriptions.ts';
import { widgetResolvers } from './resolvers/widgets.ts';
import { workItemResolvers } from './resolvers/workItems.ts';

/** Where the SDL lives (the fragment map generator reads the same file). */
export const SCHEMA_FILE = new URL('./schema.graphql', import.meta.url);

/** The schema's SDL. */
export const typeDefs = readFileSync(SCHEMA_FILE, 'utf8');

/** The executable product schema. */
export const schema: GraphQLSchema = createSchema<GraphqlContext>({
  typeDefs,
  resolvers: [
    scalars,
    queryResolvers,
    {
      ...workItemResolvers,
      ...widgetResolvers,
      Query: { ...queryResolvers.Query, ...workItemResolvers.Query },
      WorkItemWidgetHierarchy: {
        ...workItemResolvers.WorkItemWidgetHierarchy,
        ...widgetResolvers.WorkItemWidgetHierarchy,
      },
    },
    groupWorkItemResolvers,
    iterationResolvers,
    designResolvers,
    repositoryResolvers,
    mutationResolvers,
    subscriptionResolvers,
  ],
});
