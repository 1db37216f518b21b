import { Badge } from '../../../components/Badge';
import { Icon } from '../../../components/Icon';
import { SkeletonLoader } from '../../../components/SkeletonLoader';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { formatDate, isPastDue, isValidDate } from '../../../utils/date';
import { usePopoverResource } from './referencePopoverCard';
import type { PopoverResource } from './popoverResource';
import {
  REFERENCE_POPOVER_TEXTS,
  REFERENCE_STATE_BADGES,
  REFERENCE_TYPE_LABELS,
  type PreviewReferenceType,
  type ReferencePreview,
} from './referenceData';

/** Lines of the skeleton while a preview loads. */
const LOADING_LINES = 2;
/** States after which a due date is no longer 'Past due'. */
const FINISHED_STATES = new Set(['closed', 'merged']);
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export interface ReferencePreviewContentProps {
  resource: PopoverResource<ReferencePreview>;
  titleId: string;
  type: PreviewReferenceType;
  /** What names the popover until the data is here: the reference as written. */
  fallbackLabel: string;
  /** The current time (ms) when the preview opened, for 'Past due'. */
  now: number;
}

/** A date as 'Jan 5, 2026'; a date without a time is that calendar day wherever the reader is. */
function displayDate(value: string): string {
  if (!isValidDate(value)) return value;
  return formatDate(value, 'mediumDate', DATE_ONLY.test(value) ? { timeZone: 'UTC' } : {});
}

/**
 * A reference preview's body: state badge and type, the title, the full reference, and start and
 * due dates ('Past due' once the due date has passed on an unfinished item); a skeleton while it
 * loads and a message when it fails.
 */
export function ReferencePreviewContent({ resource, titleId, type, fallbackLabel, now }: ReferencePreviewContentProps) {
  const [state] = usePopoverResource(resource);
  const typeLabel = REFERENCE_TYPE_LABELS[type];
  if (state.status === 'pending') {
    return (
      <div className="fk-reference-preview" data-component="ReferencePreview" data-state="loading" data-type={type}>
        <VisuallyHidden id={titleId}>{`${typeLabel} ${fallbackLabel}`}</VisuallyHidden>
        <SkeletonLoader lines={LOADING_LINES} className="fk-reference-preview__skeleton" />
      </div>
    );
  }
  if (state.status === 'rejected') {
    return (
      <div className="fk-reference-preview" data-component="ReferencePreview" data-state="error" data-type={type}>
        <strong id={titleId} className="fk-reference-preview__title">
          {fallbackLabel}
        </strong>
        <p className="fk-reference-preview__error" data-component="ReferencePreview.Error">
          {REFERENCE_POPOVER_TEXTS.loadError}
        </p>
      </div>
    );
  }
  const preview = state.value;
  const stateKey = preview.state?.toLowerCase();
  const badge = stateKey ? REFERENCE_STATE_BADGES[stateKey] : undefined;
  const isPast = Boolean(preview.dueDate) && !FINISHED_STATES.has(stateKey ?? '') && isPastDue(preview.dueDate!, now);
  return (
    <div
      className="fk-reference-preview"
      data-component="ReferencePreview"
      data-state={stateKey ?? 'unknown'}
      data-type={type}
    >
      <div className="fk-reference-preview__meta">
        {badge ? (
          <Badge variant={badge.variant} size="sm" className="fk-reference-preview__state">
            {badge.label}
          </Badge>
        ) : null}
        {preview.confidential ? <Icon name="eye-slash" size={16} label={REFERENCE_POPOVER_TEXTS.confidential} /> : null}
        <span className="fk-reference-preview__type">{preview.workItemType || typeLabel}</span>
      </div>
      <strong id={titleId} className="fk-reference-preview__title" data-component="ReferencePreview.Title">
        {preview.title}
      </strong>
      <span className="fk-reference-preview__reference" data-component="ReferencePreview.Reference">
        {preview.reference || fallbackLabel}
      </span>
      {preview.startDate || preview.dueDate ? (
        <dl className="fk-reference-preview__dates">
          {preview.startDate ? (
            <div>
              <dt>{REFERENCE_POPOVER_TEXTS.startDate}</dt>
              <dd>{displayDate(preview.startDate)}</dd>
            </div>
          ) : null}
          {preview.dueDate ? (
            <div>
              <dt>{REFERENCE_POPOVER_TEXTS.dueDate}</dt>
              <dd>
                {displayDate(preview.dueDate)}
                {isPast ? (
                  <Badge variant="danger" size="sm" className="fk-reference-preview__past-due">
                    {REFERENCE_POPOVER_TEXTS.pastDue}
                  </Badge>
                ) : null}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </div>
  );
}
