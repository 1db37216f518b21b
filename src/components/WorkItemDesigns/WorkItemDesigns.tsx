import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useControllableState } from '../../hooks/useControllableState';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { Counter } from '../Counter';
import { LazyImage } from '../LazyImage';
import { Menu } from '../Menu';
import { confirmAction } from '../Modal';
import { SkeletonLoader } from '../SkeletonLoader';
import { VisuallyHidden } from '../VisuallyHidden';
import { WorkItemCard, type WorkItemCardProps } from '../WorkItemChildren/WorkItemCard';
import './WorkItemDesigns.css';

/** At most this many designs are uploaded at once (GitLab's `MAXIMUM_FILE_UPLOAD_LIMIT`). */
export const DESIGN_UPLOAD_LIMIT = 10;
/** The image types a design may be (GitLab's `VALID_DESIGN_FILE_MIMETYPE`). */
export const DESIGN_FILE_TYPES = 'image/png, image/jpg, image/jpeg, image/gif, image/bmp, image/tiff, image/ico';

/** GitLab's design management texts. */
export const WORK_ITEM_DESIGNS_TEXTS = {
  title: 'Designs',
  add: 'Add',
  addLabel: 'Add designs',
  dropzoneStart: 'Drop or',
  dropzoneLink: 'upload',
  dropzoneEnd: 'designs to attach',
  dropOverlay: 'Drop your images to start the upload.',
  uploadError: 'Error uploading a new design. Please try again.',
  invalidType: 'Could not upload your designs as one or more files uploaded are not supported.',
  tooMany: `The maximum number of designs allowed to be uploaded is ${DESIGN_UPLOAD_LIMIT}. Please try again.`,
  /** The badges of a design changed in the shown version. */
  events: { CREATION: 'Added in this version', MODIFICATION: 'Modified in this version' },
  /** The version selector's button when the latest version is shown. */
  latestVersion: 'Latest version',
  loadingError: 'An error occurred while loading designs. Please try again.',
  allArchived: 'All designs have been archived.',
  selectAll: 'Select all',
  deselectAll: 'Deselect all',
  selectDesign: 'Select the design',
  unselectDesign: 'Unselect the design',
  archiveSelected: 'Archive selected',
  /** The confirmation before deleting (GitLab's archive modal). */
  archiveConfirm: {
    title: 'Are you sure you want to archive the selected designs?',
    text: 'Archived designs will still be available in previous versions of the design collection.',
    primary: 'Archive designs',
    cancel: 'Cancel',
  },
} as const;

/** 'Showing version #2': the version selector's button when an earlier version is shown. */
export function showingVersionText(versionNumber: number): string {
  return `Showing version #${versionNumber}`;
}

/** 'Version 3 (latest)' or 'Version 2': a version in the selector. */
export function versionText(versionNumber: number, isLatest: boolean): string {
  return isLatest ? `Version ${versionNumber} (latest)` : `Version ${versionNumber}`;
}

/** GitLab's error when deleting `count` designs failed. */
export function archiveErrorText(count: number): string {
  return count === 1 ? 'Failed to archive a design. Please try again.' : 'Failed to archive designs. Please try again.';
}

/** 'Uploading 2 designs': the live announcement while an upload runs. */
export function uploadingAnnouncement(count: number): string {
  return count === 1 ? 'Uploading 1 design' : `Uploading ${count} designs`;
}

/** A design as the widget lists it (GitLab's `Design` fields). */
export interface WorkItemDesign {
  id: string;
  filename: string;
  /** The thumbnail (GitLab's `imageV432x230`, else `image`). */
  image: string;
  /** The design's page. */
  webUrl?: string;
  /** What the shown version did to it (GitLab's `event`). */
  event?: 'CREATION' | 'MODIFICATION' | 'DELETION' | 'NONE';
}

/** A version of the designs (GitLab's `DesignVersion`): an upload or a deletion. */
export interface WorkItemDesignVersion {
  id: string;
  /** Who made it; its name is shown under the version in the selector. */
  author?: { name: string } | null;
}

export interface WorkItemDesignsProps extends Pick<
  WorkItemCardProps,
  'headingLevel' | 'open' | 'defaultOpen' | 'onOpenChange' | 'className' | 'style'
> {
  /** The designs at the latest version. */
  designs: readonly WorkItemDesign[];
  /** Every version, the latest first: with `onLoadVersion`, a selector shows an earlier one. @default [] */
  versions?: readonly WorkItemDesignVersion[];
  /** The shown version's id (controlled); `null` is the latest. */
  versionId?: string | null;
  /** The version shown first (uncontrolled). @default null */
  defaultVersionId?: string | null;
  /** Called when another version is chosen (`null`: the latest). */
  onVersionIdChange?: (versionId: string | null) => void;
  /** Loads the designs at an earlier version (GitLab's `designs(atVersion:)`). */
  onLoadVersion?: (versionId: string) => Promise<readonly WorkItemDesign[]>;
  /** May the user upload and delete designs? @default false */
  canUpdate?: boolean;
  /** @default false */
  isLoading?: boolean;
  error?: string | null;
  /** Uploads image files (at most 10); the page then passes the new `designs`. */
  onUpload?: (files: File[]) => Promise<void>;
  /**
   * Deletes designs by filename, after the user confirmed (GitLab's `designManagementDelete`: a new
   * version without them); the page then passes the new `designs` and `versions`.
   */
  onDelete?: (filenames: string[]) => Promise<void>;
}

/** Is every file one of the design image types? */
function areDesignFiles(files: readonly File[]): boolean {
  const types = DESIGN_FILE_TYPES.split(', ');
  return files.every((file) => types.includes(file.type));
}

/** An earlier version's designs as loaded: for which version, the designs or the failure. */
type LoadedVersion = { versionId: string; designs: readonly WorkItemDesign[] | null; failed: boolean };

/**
 * The designs widget of a work item: design thumbnails with their filenames and what the shown
 * version changed; a selector of the collection's versions that shows an earlier one; uploading
 * images with the Add button, the empty state's upload button, or by dropping files on the card
 * (at most 10 at a time, images only); and at the latest version, selecting designs (one by one or
 * all) and deleting them after a confirmation.
 */
export function WorkItemDesigns({
  designs: latestDesigns,
  versions = [],
  versionId: versionIdProp,
  defaultVersionId = null,
  onVersionIdChange,
  onLoadVersion,
  canUpdate = false,
  isLoading = false,
  error: fetchError,
  onUpload,
  onDelete,
  className,
  ...cardProps
}: WorkItemDesignsProps) {
  const T = WORK_ITEM_DESIGNS_TEXTS;
  const input = useRef<HTMLInputElement>(null);
  const idPrefix = useId();
  const [uploading, setUploading] = useState<readonly File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [isDragging, setDragging] = useState(false);
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [isDeleting, setDeleting] = useState(false);
  const [chosenVersion, setVersion] = useControllableState<string | null>({
    value: versionIdProp,
    defaultValue: defaultVersionId,
    onChange: onVersionIdChange,
  });
  // An unknown version (e.g. one from an old link) shows the latest, as GitLab does.
  const versionIndex = Math.max(
    0,
    versions.findIndex((version) => version.id === chosenVersion),
  );
  const isLatest = versionIndex === 0;
  const shownVersion = isLatest ? null : versions[versionIndex]!.id;
  const [loaded, setLoaded] = useState<LoadedVersion | null>(null);
  // The latest loader, so that a page passing a new function on every render loads once per version.
  const loadVersion = useRef(onLoadVersion);
  useEffect(() => {
    loadVersion.current = onLoadVersion;
  });
  useEffect(() => {
    if (shownVersion === null || !loadVersion.current) return;
    let current = true;
    loadVersion.current(shownVersion).then(
      (designs) => current && setLoaded({ versionId: shownVersion, designs, failed: false }),
      () => current && setLoaded({ versionId: shownVersion, designs: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [shownVersion]);
  const loadedHere = loaded?.versionId === shownVersion ? loaded : null;
  const designs = isLatest ? latestDesigns : (loadedHere?.designs ?? []);
  const isLoadingVersion = !isLatest && !loadedHere;
  const canUpload = canUpdate && Boolean(onUpload);
  const canDelete = canUpdate && isLatest && Boolean(onDelete);
  // Filenames no longer listed (deleted, or another version) are no longer selected.
  const selection = selected.filter((filename) => designs.some((design) => design.filename === filename));

  const toggle = (filename: string) =>
    setSelected(
      selection.includes(filename) ? selection.filter((name) => name !== filename) : [...selection, filename],
    );
  const deleteSelected = async () => {
    const filenames = selection;
    const confirmed = await confirmAction(T.archiveConfirm.text, {
      title: T.archiveConfirm.title,
      primaryBtnText: T.archiveConfirm.primary,
      cancelBtnText: T.archiveConfirm.cancel,
    });
    if (!confirmed) return;
    setDeleting(true);
    setError(null);
    try {
      await onDelete?.(filenames);
      setSelected([]);
    } catch {
      setError(archiveErrorText(filenames.length));
    } finally {
      setDeleting(false);
    }
  };

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    if (!areDesignFiles(files)) return setError(T.invalidType);
    if (files.length > DESIGN_UPLOAD_LIMIT) return setError(T.tooMany);
    setError(null);
    setUploading(files);
    try {
      await onUpload?.(files);
    } catch {
      setError(T.uploadError);
    } finally {
      setUploading([]);
    }
  };
  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  const dropProps = canUpload
    ? {
        onDragOver: (event: DragEvent) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: (event: DragEvent) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        },
        onDrop: (event: DragEvent) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDragging(false);
          void upload([...event.dataTransfer.files]);
        },
      }
    : {};
  const isEmpty = designs.length === 0 && uploading.length === 0;
  // As in GitLab, a reader sees no designs card when there are no designs and no versions.
  if (isEmpty && versions.length === 0 && !canUpload && !isLoading && !fetchError) return null;
  const versionNumber = (index: number) => versions.length - index;

  return (
    <WorkItemCard
      {...cardProps}
      className={clsx('fk-work-item-designs', className)}
      data-component="WorkItemDesigns"
      title={T.title}
      counts={
        <>
          <Counter count={designs.length} />
          {versions.length > 0 && onLoadVersion ? (
            <Menu
              items={versions.map((version, index) => ({
                key: version.id,
                label: versionText(versionNumber(index), index === 0),
                description: version.author?.name,
              }))}
              onAction={(key) => setVersion(key === versions[0]!.id ? null : key)}
              className="fk-work-item-designs__versions"
            >
              <Button size="small" category="tertiary" data-component="WorkItemDesigns.VersionSelector">
                {isLatest ? T.latestVersion : showingVersionText(versionNumber(versionIndex))}
              </Button>
            </Menu>
          ) : null}
        </>
      }
      isLoading={isLoading || isLoadingVersion}
      error={error ?? (loadedHere?.failed ? T.loadingError : fetchError)}
      onDismissError={error ? () => setError(null) : undefined}
      actions={
        canUpload || canDelete ? (
          <>
            {/* As GitLab's designs widget: selecting and archiving only where there is something to pick. */}
            {canDelete && designs.length > 0 ? (
              <>
                <Button
                  size="small"
                  category="tertiary"
                  onClick={() => setSelected(selection.length > 0 ? [] : designs.map((design) => design.filename))}
                >
                  {selection.length > 0 ? T.deselectAll : T.selectAll}
                </Button>
                <Button
                  size="small"
                  disabled={selection.length === 0 || isDeleting}
                  onClick={() => void deleteSelected()}
                >
                  {T.archiveSelected}
                </Button>
              </>
            ) : null}
            {canUpload ? (
              <>
                <Button onClick={() => input.current?.click()} disabled={uploading.length > 0} aria-label={T.addLabel}>
                  {T.add}
                </Button>
                <input
                  ref={input}
                  type="file"
                  name="design_file"
                  accept={DESIGN_FILE_TYPES}
                  multiple
                  hidden
                  onChange={(event) => {
                    void upload([...(event.target.files ?? [])]);
                    event.target.value = '';
                  }}
                />
              </>
            ) : null}
          </>
        ) : null
      }
    >
      <div className="fk-work-item-designs__dropzone" data-dragging={isDragging || undefined} {...dropProps}>
        {isEmpty && versions.length > 0 && !isLoadingVersion ? (
          <p className="fk-work-item-designs__archived">{T.allArchived}</p>
        ) : null}
        {isEmpty ? (
          canUpload && (
            <p className="fk-work-item-designs__empty">
              {T.dropzoneStart}{' '}
              <button type="button" className="fk-work-item-designs__link" onClick={() => input.current?.click()}>
                {T.dropzoneLink}
              </button>{' '}
              {T.dropzoneEnd}
            </p>
          )
        ) : (
          <ul className="fk-work-item-designs__grid" aria-label={T.title}>
            {designs.map((design) => {
              const event = design.event === 'CREATION' || design.event === 'MODIFICATION' ? design.event : null;
              const filenameId = `${idPrefix}-${design.id}`;
              const isSelected = selection.includes(design.filename);
              // The filename names the tile: the thumbnail is decorative.
              const tile = (
                <>
                  <LazyImage
                    src={design.image}
                    alt=""
                    aspectRatio="432 / 230"
                    className="fk-work-item-designs__image"
                  />
                  <span id={filenameId} className="fk-work-item-designs__filename">
                    {design.filename}
                  </span>
                </>
              );
              return (
                <li
                  key={design.id}
                  className="fk-work-item-designs__tile"
                  data-state={isSelected ? 'selected' : undefined}
                >
                  {design.webUrl ? (
                    <a href={design.webUrl} className="fk-work-item-designs__card">
                      {tile}
                    </a>
                  ) : (
                    <span className="fk-work-item-designs__card">{tile}</span>
                  )}
                  {event ? (
                    <Badge
                      variant={event === 'CREATION' ? 'success' : 'info'}
                      size="sm"
                      className="fk-work-item-designs__event"
                    >
                      {T.events[event]}
                    </Badge>
                  ) : null}
                  {canDelete ? (
                    <input
                      type="checkbox"
                      className="fk-work-item-designs__checkbox"
                      checked={isSelected}
                      onChange={() => toggle(design.filename)}
                      aria-label={isSelected ? T.unselectDesign : T.selectDesign}
                      aria-describedby={filenameId}
                    />
                  ) : null}
                </li>
              );
            })}
            {uploading.map((file) => (
              <li key={`uploading-${file.name}`} className="fk-work-item-designs__tile" aria-busy="true">
                <span className="fk-work-item-designs__card">
                  <SkeletonLoader lines={2} label={file.name} />
                  <span className="fk-work-item-designs__filename">{file.name}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
        {isDragging ? <p className="fk-work-item-designs__overlay">{T.dropOverlay}</p> : null}
      </div>
      <VisuallyHidden role="status">
        {uploading.length > 0 ? uploadingAnnouncement(uploading.length) : ''}
      </VisuallyHidden>
    </WorkItemCard>
  );
}
