/**
 * Designs uploaded to a work item (GitLab's `DesignManagement::SaveDesignsService`): at most
 * {@link DESIGN_UPLOAD_LIMIT} images at once with distinct filenames; a filename already on the item
 * is a new version of that design (its file replaced), the same bytes again are skipped. The image
 * lives in the project's design store, `{repositories}/{project id}.design/{design id}` (GitLab keeps
 * designs in a design repository beside the project's), the row keeps its media type and size.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { DESIGN_UPLOAD_LIMIT } from 'forgekit';
import type { DbOrTx } from '../db/schema.ts';
import { ACCESS_LEVEL } from './access.ts';
import type { Actor } from './permissions.ts';
import { inTransaction } from './transaction.ts';
import type { DesignRow } from './workItemWidgets.ts';

export { DESIGN_UPLOAD_LIMIT };

/** GitLab's `DesignManagement::Design::SAFE_IMAGE_EXT` with each one's media type (SVG is not served). */
export const DESIGN_IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  ico: 'image/vnd.microsoft.icon',
  webp: 'image/webp',
};
const EXTENSIONS = Object.keys(DESIGN_IMAGE_TYPES);

/** GitLab's refusals of an upload. */
export const DESIGN_ERRORS = {
  tooMany: `Only ${DESIGN_UPLOAD_LIMIT} files are allowed simultaneously`,
  duplicate: 'Duplicate filenames are not allowed!',
  none: 'Files are required',
  extension: `Filename does not have a supported extension. Only ${EXTENSIONS.slice(0, -1).join(', ')} and ${EXTENSIONS.at(-1)} are supported`,
} as const;

/**
 * The largest multipart request an upload may be (GitLab's default `max_attachment_size`, 100 MB),
 * refused before it is read.
 */
export const DESIGN_MAX_REQUEST_BYTES = 100 * 1024 * 1024;

/** An image to save on a work item. */
export interface DesignFile {
  filename: string;
  bytes: Buffer;
}

/** What an upload did: the designs saved (new or new versions) and those skipped (unchanged). */
export interface DesignUploadResult {
  designs: DesignRow[];
  skippedDesigns: DesignRow[];
}

/** May `user` (of role `level`) upload designs: to a project's item, Developer and above (GitLab's `create_design`). */
export function canCreateDesign(user: Actor | null, level: number, isProjectItem: boolean): boolean {
  return user !== null && isProjectItem && level >= ACCESS_LEVEL.DEVELOPER;
}

/** The media type of a design file by its extension, or null when it is not one. */
export function designMediaType(filename: string): string | null {
  return DESIGN_IMAGE_TYPES[extname(filename).slice(1).toLowerCase()] ?? null;
}

/** The refusal of a set of files, or null when they may be saved. */
export function designUploadError(files: readonly DesignFile[]): string | null {
  if (files.length === 0) return DESIGN_ERRORS.none;
  if (files.length > DESIGN_UPLOAD_LIMIT) return DESIGN_ERRORS.tooMany;
  if (new Set(files.map((file) => file.filename)).size !== files.length) return DESIGN_ERRORS.duplicate;
  if (files.some((file) => designMediaType(file.filename) === null)) return DESIGN_ERRORS.extension;
  return null;
}

/** Where a project's uploaded designs live. */
export class DesignStore {
  constructor(readonly repositoriesRoot: string) {}

  /** The file of a design. */
  pathOf(projectId: number, designId: number): string {
    return join(this.repositoriesRoot, `${projectId}.design`, String(designId));
  }

  /** Writes a design's image whole (a temporary file renamed, so a reader never sees half of it). */
  async write(projectId: number, designId: number, bytes: Buffer): Promise<void> {
    const path = this.pathOf(projectId, designId);
    await mkdir(join(path, '..'), { recursive: true });
    const temporary = `${path}.${randomUUID()}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  }

  /** A design's image, or null when it has no file. */
  read(projectId: number, designId: number): Promise<Buffer | null> {
    return readFile(this.pathOf(projectId, designId)).catch(() => null);
  }

  /** Removes a design's file (a failed save). */
  remove(projectId: number, designId: number): Promise<void> {
    return rm(this.pathOf(projectId, designId), { force: true });
  }
}

/**
 * Saves checked files on the work item `issueId` of `projectId`: new filenames become designs,
 * known ones a new version unless the bytes are the same (then skipped).
 */
export async function saveDesigns(
  db: DbOrTx,
  store: DesignStore,
  target: { projectId: number; issueId: number },
  files: readonly DesignFile[],
): Promise<DesignUploadResult> {
  const result: DesignUploadResult = { designs: [], skippedDesigns: [] };
  for (const file of files) {
    const existing = await db
      .selectFrom('design_management_designs')
      .selectAll()
      .where('issue_id', '=', target.issueId)
      .where('filename', '=', file.filename)
      .executeTakeFirst();
    if (existing && existing.image === null) {
      const stored = await store.read(target.projectId, existing.id);
      if (stored?.equals(file.bytes)) {
        result.skippedDesigns.push(existing);
        continue;
      }
    }
    const values = {
      image: null,
      content_type: designMediaType(file.filename),
      size_bytes: file.bytes.length,
      updated_at: new Date(),
    };
    if (existing) {
      // The file first: the row's change announces the new version to the item's readers.
      await store.write(target.projectId, existing.id, file.bytes);
      result.designs.push(
        await db
          .updateTable('design_management_designs')
          .set(values)
          .where('id', '=', existing.id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      continue;
    }
    // In one transaction: the insert's announcement goes out at commit, once the file is there
    // (a reader refreshing on it would otherwise ask for a file not yet written), and a failed
    // write leaves no row.
    const row = await inTransaction(db, async (trx) => {
      const inserted = await trx
        .insertInto('design_management_designs')
        .values({ issue_id: target.issueId, filename: file.filename, ...values })
        .returningAll()
        .executeTakeFirstOrThrow();
      await store.write(target.projectId, inserted.id, file.bytes);
      return inserted;
    });
    result.designs.push(row);
  }
  return result;
}
