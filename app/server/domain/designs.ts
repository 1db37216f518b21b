/**
 * Designs of a work item and their versions (GitLab's `DesignManagement::SaveDesignsService` and
 * `DeleteDesignsService`): an upload of at most {@link DESIGN_UPLOAD_LIMIT} images with distinct
 * filenames is one version (a filename already on the item modified, the same bytes again skipped),
 * a deletion another in which the designs are deleted; earlier versions still show them. Each
 * version's image is a file in the project's design store, `{repositories}/{project id}.design/`
 * (GitLab keeps designs in a design repository beside the project's); the row keeps the latest
 * media type and size.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { DESIGN_UPLOAD_LIMIT } from 'forgekit';
import type { Generated, Selectable } from 'kysely';
import type { CreatedAt, DbOrTx, Defaulted } from '../db/schema.ts';
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

/** A version's sha: 20 random bytes in hex (GitLab's is the design repository's commit). */
const SHA_BYTES = 20;

/** May `user` (of role `level`) upload designs: to a project's item, Developer and above (GitLab's `create_design`). */
export function canCreateDesign(user: Actor | null, level: number, isProjectItem: boolean): boolean {
  return user !== null && isProjectItem && level >= ACCESS_LEVEL.DEVELOPER;
}

/** May `user` (of role `level`) delete designs: as uploading them (GitLab's `destroy_design`). */
export const canDestroyDesign = canCreateDesign;

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

/** What a version did to a design (GitLab's `DesignManagement::Action` events, stored as numbers). */
export const DESIGN_EVENTS = { CREATION: 0, MODIFICATION: 1, DELETION: 2 } as const;
export type DesignEventName = keyof typeof DESIGN_EVENTS;

/** The name of a stored event. */
export function designEventName(event: number): DesignEventName {
  return (Object.keys(DESIGN_EVENTS) as DesignEventName[]).find((name) => DESIGN_EVENTS[name] === event)!;
}

/** A version of an item's designs (migration 076). */
export interface DesignVersionsTable {
  id: Generated<number>;
  issue_id: number;
  sha: string;
  author_id: number | null;
  created_at: CreatedAt;
}

/** What one version did to one design (migration 076). */
export interface DesignActionsTable {
  id: Generated<number>;
  design_id: number;
  version_id: number;
  event: number;
  /** The design's file predates versions: it is `{design id}` (or the row's data URL). */
  legacy_file: Defaulted<boolean>;
}

declare module '../db/schema.ts' {
  interface Tables {
    design_management_versions: DesignVersionsTable;
    design_management_designs_versions: DesignActionsTable;
  }
}

export type DesignVersionRow = Selectable<DesignVersionsTable>;

/** The file a design has at a version: the version that wrote it, and whether it predates versions. */
export interface DesignFileRef {
  versionId: number;
  legacy: boolean;
}

/** Where a project's uploaded designs live. */
export class DesignStore {
  constructor(readonly repositoriesRoot: string) {}

  /** The file of a design as written by a version (`{design id}.{version id}`, or `{design id}` from before versions). */
  pathOf(projectId: number, designId: number, file: DesignFileRef): string {
    const name = file.legacy ? String(designId) : `${designId}.${file.versionId}`;
    return join(this.repositoriesRoot, `${projectId}.design`, name);
  }

  /** Writes a design's image whole (a temporary file renamed, so a reader never sees half of it). */
  async write(projectId: number, designId: number, file: DesignFileRef, bytes: Buffer): Promise<void> {
    const path = this.pathOf(projectId, designId, file);
    await mkdir(join(path, '..'), { recursive: true });
    const temporary = `${path}.${randomUUID()}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  }

  /** A design's image as a version wrote it, or null when there is no such file. */
  read(projectId: number, designId: number, file: DesignFileRef): Promise<Buffer | null> {
    return readFile(this.pathOf(projectId, designId, file)).catch(() => null);
  }

  /** Removes a file of a failed save. */
  remove(projectId: number, designId: number, file: DesignFileRef): Promise<void> {
    return rm(this.pathOf(projectId, designId, file), { force: true });
  }
}

/** A design as a version of its item shows it. */
export interface DesignAtVersion {
  design: DesignRow;
  /** What the shown version did to it: NONE when it was unchanged in that version. */
  event: DesignEventName | 'NONE';
  /** Its file at that version. */
  file: DesignFileRef;
}

/** The versions of the item `issueId`, newest first. */
export function designVersions(db: DbOrTx, issueId: number): Promise<DesignVersionRow[]> {
  return db
    .selectFrom('design_management_versions')
    .selectAll()
    .where('issue_id', '=', issueId)
    .orderBy('id', 'desc')
    .execute();
}

/** The versions that changed the design `designId`, newest first. */
export function versionsOfDesign(db: DbOrTx, designId: number): Promise<DesignVersionRow[]> {
  return db
    .selectFrom('design_management_versions')
    .innerJoin('design_management_designs_versions as action', 'action.version_id', 'design_management_versions.id')
    .selectAll('design_management_versions')
    .where('action.design_id', '=', designId)
    .orderBy('design_management_versions.id', 'desc')
    .execute();
}

/**
 * The designs of the item `issueId` at the version `versionId` (the latest when null or not one
 * of the item's): each design's last action up to it, leaving out the deleted ones and those made
 * later; null when `versionId` names no version of the item.
 */
export async function designsAtVersion(
  db: DbOrTx,
  issueId: number,
  versionId: number | null,
): Promise<DesignAtVersion[] | null> {
  const latest = await db
    .selectFrom('design_management_versions')
    .select('id')
    .where('issue_id', '=', issueId)
    .where((eb) => (versionId === null ? eb.val(true) : eb('id', '=', versionId)))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!latest) return versionId === null ? [] : null;
  const rows = await db
    .selectFrom('design_management_designs as design')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('design_management_designs_versions as action')
          .select(['action.version_id', 'action.event'])
          .whereRef('action.design_id', '=', 'design.id')
          .where('action.version_id', '<=', latest.id)
          .orderBy('action.version_id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .selectAll('design')
    .select(['last.version_id', 'last.event'])
    .where('design.issue_id', '=', issueId)
    .where('last.event', '!=', DESIGN_EVENTS.DELETION)
    .orderBy('design.id')
    .execute();
  // The file a design shows is the one its last upload (not deletion) up to the version wrote.
  const files = rows.length
    ? await db
        .selectFrom('design_management_designs_versions')
        .select(['design_id', 'version_id', 'legacy_file'])
        .where(
          'design_id',
          'in',
          rows.map((row) => row.id),
        )
        .where('version_id', '<=', latest.id)
        .where('event', '!=', DESIGN_EVENTS.DELETION)
        .orderBy('version_id', 'desc')
        .execute()
    : [];
  return rows.map(({ version_id, event, ...design }) => {
    const file = files.find((candidate) => candidate.design_id === design.id)!;
    return {
      design,
      event: version_id === latest.id ? designEventName(event) : 'NONE',
      file: { versionId: file.version_id, legacy: file.legacy_file },
    };
  });
}

/**
 * Saves checked files on the work item `issueId` of `projectId` as one new version by `authorId`:
 * new filenames (or deleted ones) become designs created in it, current ones modified unless the
 * bytes are the same (then skipped). No version is made when every file is skipped.
 */
export async function saveDesigns(
  db: DbOrTx,
  store: DesignStore,
  target: { projectId: number; issueId: number; authorId: number },
  files: readonly DesignFile[],
): Promise<DesignUploadResult> {
  const current = await designsAtVersion(db, target.issueId, null);
  const written: { designId: number; file: DesignFileRef }[] = [];
  try {
    // One transaction: the rows' announcements go out at commit, once every file is there (a
    // reader refreshing on them would otherwise ask for a file not yet written), and a failed
    // write leaves no version.
    return await inTransaction(db, async (trx) => {
      const result: DesignUploadResult = { designs: [], skippedDesigns: [] };
      let version: { id: number } | null = null;
      for (const file of files) {
        const shown = current!.find((entry) => entry.design.filename === file.filename);
        if (shown && shown.design.image === null) {
          const stored = await store.read(target.projectId, shown.design.id, shown.file);
          if (stored?.equals(file.bytes)) {
            result.skippedDesigns.push(shown.design);
            continue;
          }
        }
        version ??= await trx
          .insertInto('design_management_versions')
          .values({ issue_id: target.issueId, sha: randomBytes(SHA_BYTES).toString('hex'), author_id: target.authorId })
          .returning('id')
          .executeTakeFirstOrThrow();
        const values = {
          image: null,
          content_type: designMediaType(file.filename),
          size_bytes: file.bytes.length,
          updated_at: new Date(),
        };
        // A deleted design's filename uploaded again is the same design, created again (GitLab).
        const design = await trx
          .insertInto('design_management_designs')
          .values({ issue_id: target.issueId, filename: file.filename, ...values })
          .onConflict((oc) => oc.columns(['issue_id', 'filename']).doUpdateSet(values))
          .returningAll()
          .executeTakeFirstOrThrow();
        const ref: DesignFileRef = { versionId: version.id, legacy: false };
        await store.write(target.projectId, design.id, ref, file.bytes);
        written.push({ designId: design.id, file: ref });
        await trx
          .insertInto('design_management_designs_versions')
          .values({
            design_id: design.id,
            version_id: version.id,
            event: shown ? DESIGN_EVENTS.MODIFICATION : DESIGN_EVENTS.CREATION,
          })
          .execute();
        result.designs.push(design);
      }
      return result;
    });
  } catch (error) {
    await Promise.all(written.map(({ designId, file }) => store.remove(target.projectId, designId, file)));
    throw error;
  }
}

/** GitLab's refusal of a deletion naming designs the item does not show at its latest version. */
export const DESIGN_DELETE_NOT_FOUND = 'Not all of these designs belong to this issue';

/**
 * Deletes the designs `filenames` of the item `issueId` as one new version by `authorId` (GitLab's
 * `DesignManagement::DeleteDesignsService`): they stay in earlier versions. Returns the version, or
 * the refusal when a filename is not a current design of the item.
 */
export async function deleteDesigns(
  db: DbOrTx,
  target: { issueId: number; authorId: number },
  filenames: readonly string[],
): Promise<{ version: DesignVersionRow } | { error: string }> {
  return inTransaction(db, async (trx) => {
    const current = (await designsAtVersion(trx, target.issueId, null))!;
    const designs = [...new Set(filenames)].map((name) => current.find((entry) => entry.design.filename === name));
    if (designs.length === 0 || designs.some((entry) => !entry)) return { error: DESIGN_DELETE_NOT_FOUND };
    const version = await trx
      .insertInto('design_management_versions')
      .values({ issue_id: target.issueId, sha: randomBytes(SHA_BYTES).toString('hex'), author_id: target.authorId })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('design_management_designs_versions')
      .values(
        designs.map((entry) => ({
          design_id: entry!.design.id,
          version_id: version.id,
          event: DESIGN_EVENTS.DELETION,
        })),
      )
      .execute();
    // The rows' change announces the new version to the item's readers.
    await trx
      .updateTable('design_management_designs')
      .set({ updated_at: new Date() })
      .where(
        'id',
        'in',
        designs.map((entry) => entry!.design.id),
      )
      .execute();
    return { version };
  });
}

/**
 * The file of the design `designId` as the version `versionId` wrote it (its latest file when
 * null), or null when that version wrote none for it.
 */
export async function designFile(
  db: DbOrTx,
  designId: number,
  versionId: number | null,
): Promise<DesignFileRef | null> {
  let query = db
    .selectFrom('design_management_designs_versions')
    .select(['version_id', 'legacy_file'])
    .where('design_id', '=', designId)
    .where('event', '!=', DESIGN_EVENTS.DELETION);
  if (versionId !== null) query = query.where('version_id', '=', versionId);
  const row = await query.orderBy('version_id', 'desc').executeTakeFirst();
  return row ? { versionId: row.version_id, legacy: row.legacy_file } : null;
}
