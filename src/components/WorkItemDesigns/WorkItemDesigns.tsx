import clsx from 'clsx';
import { useRef, useState, type DragEvent } from 'react';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { Counter } from '../Counter';
import { LazyImage } from '../LazyImage';
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
} as const;

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

export interface WorkItemDesignsProps extends Pick<
  WorkItemCardProps,
  'headingLevel' | 'open' | 'defaultOpen' | 'onOpenChange' | 'className' | 'style'
> {
  designs: readonly WorkItemDesign[];
  /** The shown version's name, e.g. 'Version 3 (latest)'. */
  version?: string;
  /** May the user upload designs? @default false */
  canUpdate?: boolean;
  /** @default false */
  isLoading?: boolean;
  error?: string | null;
  /** Uploads image files (at most 10); the page then passes the new `designs`. */
  onUpload?: (files: File[]) => Promise<void>;
}

/** Is every file one of the design image types? */
function areDesignFiles(files: readonly File[]): boolean {
  const types = DESIGN_FILE_TYPES.split(', ');
  return files.every((file) => types.includes(file.type));
}

/**
 * The designs widget of a work item: design thumbnails with their filenames and what the shown
 * version changed, and uploading images with the Add button, the empty state's upload button, or
 * by dropping files on the card (at most 10 at a time, images only).
 */
export function WorkItemDesigns({
  designs,
  version,
  canUpdate = false,
  isLoading = false,
  error: fetchError,
  onUpload,
  className,
  ...cardProps
}: WorkItemDesignsProps) {
  const T = WORK_ITEM_DESIGNS_TEXTS;
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<readonly File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [isDragging, setDragging] = useState(false);
  const canUpload = canUpdate && Boolean(onUpload);

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
  // As in GitLab, a reader sees no designs card when there are no designs.
  if (isEmpty && !canUpload && !isLoading && !fetchError) return null;

  return (
    <WorkItemCard
      {...cardProps}
      className={clsx('fk-work-item-designs', className)}
      data-component="WorkItemDesigns"
      title={T.title}
      counts={
        <>
          <Counter count={designs.length} />
          {version ? <span className="fk-work-item-designs__version">{version}</span> : null}
        </>
      }
      isLoading={isLoading}
      error={error ?? fetchError}
      onDismissError={error ? () => setError(null) : undefined}
      actions={
        canUpload ? (
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
        ) : null
      }
    >
      <div className="fk-work-item-designs__dropzone" data-dragging={isDragging || undefined} {...dropProps}>
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
              // The filename names the tile: the thumbnail is decorative.
              const tile = (
                <>
                  <LazyImage
                    src={design.image}
                    alt=""
                    aspectRatio="432 / 230"
                    className="fk-work-item-designs__image"
                  />
                  <span className="fk-work-item-designs__filename">{design.filename}</span>
                </>
              );
              return (
                <li key={design.id} className="fk-work-item-designs__tile">
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
