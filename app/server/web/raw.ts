/**
 * A repository file's bytes at GitLab's `/{project path}/-/raw/{ref}/{file path}` (the file
 * view's "Open raw" and "Download" links). Not a page: the blob itself, through the same
 * repository scope and permission checks as the REST files API. Like GitLab, text is served as
 * `text/plain` whatever its extension (never as HTML the browser would run), only safe image
 * types keep their own type, everything else is `application/octet-stream`; `?inline=false`
 * asks for a download (`Content-Disposition: attachment`).
 */
import { isUtf8 } from 'node:buffer';
import { extname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MAX_PROJECT_PATH_SEGMENTS, segmentsPattern } from '../../src/routing.ts';
import { findBlob, readBlob } from '../domain/gitObjects.ts';
import { notFound } from '../http/errors.ts';
import { filePathParam, repositoryScope } from '../api/v4/repository.ts';
import { BOOLEAN_SCHEMA, pathParams } from '../api/v4/params.ts';

/** Image types served as themselves (GitLab's `SAFE_IMAGE_EXT`); SVG runs no script (see `SVG_POLICY`). */
export const SAFE_IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.tiff': 'image/tiff',
  '.ico': 'image/vnd.microsoft.icon',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
};

/** Content types of the other answers. */
export const RAW_TEXT_TYPE = 'text/plain; charset=utf-8';
export const RAW_BINARY_TYPE = 'application/octet-stream';
/** An SVG opened directly is a document: sandboxed, it can run no script and load nothing. */
export const SVG_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

/** The content type a file is served with. */
export function rawContentType(filePath: string, content: Buffer): string {
  const image = SAFE_IMAGE_TYPES[extname(filePath).toLowerCase()];
  if (image) return image;
  return !content.includes(0) && isUtf8(content) ? RAW_TEXT_TYPE : RAW_BINARY_TYPE;
}

/** `Content-Disposition` naming the file (RFC 6266, UTF-8 name). */
export function contentDisposition(filePath: string, download: boolean): string {
  const name = filePath.slice(filePath.lastIndexOf('/') + 1);
  return `${download ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Registers `/{project}/-/raw/*` for each project path depth (a project sits in at least one namespace). */
export async function rawRoutes(app: FastifyInstance): Promise<void> {
  for (let segments = 2; segments <= MAX_PROJECT_PATH_SEGMENTS; segments++) {
    const url = `/${segmentsPattern(segments)}/-/raw/*`;
    app.get<{ Params: Record<string, string>; Querystring: { inline?: boolean } }>(
      url,
      { schema: { params: pathParams(url), querystring: { type: 'object', properties: { inline: BOOLEAN_SCHEMA } } } },
      async (request, reply) => {
        const { '*': refAndPath = '', ...namespaces } = request.params;
        const fullPath = Array.from({ length: segments }, (_, index) => namespaces[`ns${index + 1}`]).join('/');
        const scope = await repositoryScope(request, fullPath);
        // The ref may itself hold slashes (`feature/x`): the longest prefix naming a commit wins,
        // as on the file pages.
        const parts = refAndPath.split('/');
        for (let end = parts.length - 1; end >= 1; end--) {
          const commit = await scope.repository.resolveCommit(parts.slice(0, end).join('/'));
          if (!commit) continue;
          const filePath = filePathParam(parts.slice(end).join('/'));
          const blob = await findBlob(scope.repository, commit, filePath);
          const content = blob ? await readBlob(scope.repository, blob.id) : null;
          if (!content) break;
          const type = rawContentType(filePath, content);
          if (type === SAFE_IMAGE_TYPES['.svg']) reply.header('content-security-policy', SVG_POLICY);
          return reply
            .header('content-type', type)
            .header('content-disposition', contentDisposition(filePath, request.query.inline === false))
            .header('x-content-type-options', 'nosniff')
            .send(content);
        }
        throw notFound('File');
      },
    );
  }
}
