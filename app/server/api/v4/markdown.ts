/**
 * `POST /api/v4/markdown` (`lib/api/markdown.rb`, GITLAB-API.md §6): `text` (required), `gfm`
 * (false: plain Markdown, no references), `project` (full path; references resolve in it, 404
 * `Project Not Found` when unreadable). Requires authentication; answers 201 `{"html": ...}`.
 */
import type { FastifyInstance } from 'fastify';
import { renderGfm, renderPlainMarkdown } from '../../domain/markdown.ts';
import { requireUser } from '../../http/auth.ts';
import { projectScope } from './issuableScope.ts';
// The endpoint renders at most what a note may hold.
import { MAX_NOTE_LENGTH } from './notes.ts';
import { BOOLEAN_SCHEMA, NO_QUERY } from './params.ts';

interface MarkdownBody {
  text: string;
  gfm?: boolean;
  project?: string;
}

/** The Markdown endpoint. */
export async function markdown(app: FastifyInstance): Promise<void> {
  app.post<{ Body: MarkdownBody }>(
    '/markdown',
    {
      schema: {
        body: {
          type: 'object',
          required: ['text'],
          properties: {
            text: { type: 'string', maxLength: MAX_NOTE_LENGTH },
            gfm: BOOLEAN_SCHEMA,
            project: { type: 'string', minLength: 1, maxLength: 2048 },
          },
        },
        querystring: NO_QUERY,
      },
    },
    async (request, reply) => {
      requireUser(request);
      const { text, gfm, project } = request.body;
      if (!gfm) return reply.code(201).send({ html: await renderPlainMarkdown(text) });
      const scope = project ? (await projectScope(request, project)).markdown : { root: app.relativeUrlRoot };
      return reply.code(201).send({ html: await renderGfm(app.db, text, scope) });
    },
  );
}
