/**
 * The product's routes beyond REST: GraphQL, `/cable` (both fed by one broadcast bus, opened here
 * and closed with the server), the emoji data, the diagram sandbox, the Markdown preview and the
 * dismissals. Registered below the relative root by `buildServer`.
 */
import type { FastifyInstance } from 'fastify';
import { openEventBus } from '../cable/bus.ts';
import { cableRoutes } from '../cable/server.ts';
import type { Database } from '../db/connection.ts';
import { graphqlRoutes } from '../graphql/routes.ts';
import { dismissalRoutes } from './dismissals.ts';
import { emojiRoutes } from './emoji.ts';
import { pageRoutes } from './pages.ts';
import { previewRoutes } from './preview.ts';
import { logsTreeRoutes } from './logs_tree.ts';
import { rawRoutes } from './raw.ts';
import { sandboxRoutes } from './sandbox.ts';
import { userSettingsRoutes } from './user_settings.ts';
import { versionCheckRoutes } from './version_check.ts';

/** Registers the product routes; the bus listens on `database` until the server closes. */
export function productRoutes(database: Database) {
  return async (app: FastifyInstance): Promise<void> => {
    const bus = await openEventBus(database, (error) => app.log.error({ err: error }, 'broadcast bus event failed'));
    app.addHook('onClose', () => bus.close());
    await app.register(graphqlRoutes(bus));
    await app.register(cableRoutes(bus));
    await app.register(emojiRoutes);
    await app.register(sandboxRoutes);
    await app.register(previewRoutes);
    await app.register(dismissalRoutes);
    await app.register(versionCheckRoutes);
    await app.register(userSettingsRoutes);
    await app.register(rawRoutes);
    await app.register(logsTreeRoutes);
    // Last: the pages take every GET that nothing above claims.
    await app.register(pageRoutes);
  };
}
