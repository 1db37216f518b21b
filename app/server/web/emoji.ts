/**
 * `GET {root}/-/emojis/3/emojis.json`: the library's emoji data (`forgekit/emojis.json`, GitLab's
 * `[{n, c, e, d, u}]` format) for emoji version {@link EMOJI_VERSION}, with an ETag so browsers
 * revalidate cheaply. Other versions do not exist here.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EMOJI_VERSION, emojiDataPath } from 'forgekit/emoji';
import emojiRecords from 'forgekit/emojis.json' with { type: 'json' };
import { NO_QUERY } from '../api/v4/params.ts';

/** Browsers may reuse the data for an hour, then revalidate with the ETag. */
export const EMOJI_DATA_MAX_AGE_SECONDS = 3600;

/** The emoji data route. */
export async function emojiRoutes(app: FastifyInstance): Promise<void> {
  const body = JSON.stringify(emojiRecords);
  const etag = `"${createHash('sha256').update(body).digest('hex')}"`;
  app.get(
    emojiDataPath(EMOJI_VERSION),
    { schema: { querystring: NO_QUERY }, config: { publicFile: true } },
    async (request, reply) => {
      reply.header('etag', etag).header('cache-control', `public, max-age=${EMOJI_DATA_MAX_AGE_SECONDS}`);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json').send(body);
    },
  );
}
