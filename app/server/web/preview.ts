/**
 * The Markdown preview (`GITLAB-API.md` §6, GitLab's `PreviewMarkdown` concern):
 * `POST {root}/{namespace}/{project}/-/preview_markdown` and `POST {root}/groups/{group}/-/preview_markdown`
 * with `text` answer `{ body, references: { users, suggestions, commands } }`: the rendered HTML of
 * the text without its quick action lines, the usernames it mentions, and the quick actions
 * explained as HTML (`''` when none). Signed-in users only, on what they may read.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findNamespace } from '../domain/groups.ts';
import { renderGfm, type MarkdownScope } from '../domain/markdown.ts';
import { mentionedUsers } from '../domain/mentions.ts';
import { canReadGroup, canReadProject } from '../domain/permissions.ts';
import { findProject } from '../domain/projects.ts';
import { explainQuickActions } from '../domain/quickActions.ts';
import { requireUser } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { NO_QUERY, pathParams } from '../api/v4/params.ts';

/** The deepest namespace nesting GitLab allows (`Namespace::NUMBER_OF_ANCESTORS_ALLOWED`). */
export const MAX_NAMESPACE_DEPTH = 20;
/** GitLab joins the explained commands with a line break before rendering them. */
const COMMAND_SEPARATOR = '<br>';
/** Longest text previewed (GitLab's description limit). */
export const MAX_PREVIEW_LENGTH = 1_048_576;

interface PreviewBody {
  text?: string;
  target_type?: string;
  target_id?: string | number;
}

const BODY_SCHEMA = {
  type: 'object',
  properties: {
    text: { type: 'string', maxLength: MAX_PREVIEW_LENGTH },
    target_type: { type: 'string', maxLength: 255 },
    target_id: { type: ['string', 'integer'] },
    preview_suggestions: { type: ['string', 'boolean'] },
    path: { type: 'string', maxLength: 4096 },
  },
} as const;

/** Renders the preview of `text` in `scope`. */
async function preview(request: FastifyRequest, text: string, scope: MarkdownScope) {
  const db = request.server.db;
  const explained = explainQuickActions(text);
  const body = await renderGfm(db, explained.text, scope);
  const { ids } = mentionedUsers(explained.text, body);
  const users = ids.length
    ? (await db.selectFrom('users').select('username').where('id', 'in', ids).orderBy('id').execute()).map(
        (user) => user.username,
      )
    : [];
  const commands = explained.commands.length
    ? await renderGfm(db, explained.commands.join(COMMAND_SEPARATOR), scope)
    : '';
  return { body, references: { users, suggestions: [], commands } };
}

/** `/:p0/.../:pN` for every nesting depth, ending in `suffix`. */
function nestedPaths(prefix: string, minSegments: number, suffix: string): string[] {
  return Array.from({ length: MAX_NAMESPACE_DEPTH + 1 }, (_, depth) => depth + minSegments).map(
    (count) => `${prefix}${Array.from({ length: count }, (_, i) => `/:p${i}`).join('')}${suffix}`,
  );
}

function pathOf(params: Record<string, string>): string {
  return Object.keys(params)
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))
    .map((key) => params[key])
    .join('/');
}

/** The preview routes. */
export async function previewRoutes(app: FastifyInstance): Promise<void> {
  const root = app.relativeUrlRoot;

  for (const url of nestedPaths('/groups', 1, '/-/preview_markdown')) {
    app.post<{ Params: Record<string, string>; Body: PreviewBody }>(
      url,
      { schema: { params: pathParams(url), querystring: NO_QUERY, body: BODY_SCHEMA } },
      async (request) => {
        const user = requireUser(request);
        const group = await findNamespace(app.db, pathOf(request.params));
        if (!group || group.type !== 'Group' || !(await canReadGroup(app.db, user, group))) throw notFound('Group');
        return preview(request, request.body?.text ?? '', {
          root,
          group: {
            id: group.id,
            fullPath: group.full_path,
            traversalIds: group.traversal_ids,
            visibilityLevel: group.visibility_level,
          },
        });
      },
    );
  }

  for (const url of nestedPaths('', 2, '/-/preview_markdown')) {
    app.post<{ Params: Record<string, string>; Body: PreviewBody }>(
      url,
      { schema: { params: pathParams(url), querystring: NO_QUERY, body: BODY_SCHEMA } },
      async (request) => {
        const user = requireUser(request);
        const fullPath = pathOf(request.params);
        const project = await findProject(app.db, fullPath);
        if (!project || !(await canReadProject(app.db, user, project))) throw notFound('Project');
        const namespace = await app.db
          .selectFrom('namespaces')
          .selectAll()
          .where('id', '=', project.namespace_id)
          .executeTakeFirstOrThrow();
        return preview(request, request.body?.text ?? '', {
          root,
          project: {
            id: project.id,
            fullPath: `${namespace.full_path}/${project.path}`,
            namespaceId: namespace.id,
            visibilityLevel: project.visibility_level,
          },
        });
      },
    );
  }
}
