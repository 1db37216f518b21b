/** `GET /version` (`lib/api/version.rb`): what GitLab clients read to know the server. */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { NO_QUERY } from './params.ts';

/** The app's version, from app/package.json. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** GitLab's answer needs a revision; ours is the version until builds stamp a commit. */
export async function version(app: FastifyInstance): Promise<void> {
  app.get('/version', { schema: { querystring: NO_QUERY } }, async (request) => {
    requireUser(request);
    return {
      version: APP_VERSION,
      revision: APP_VERSION,
      kas: { enabled: false, externalUrl: null, version: null },
      enterprise: false,
    };
  });
}
