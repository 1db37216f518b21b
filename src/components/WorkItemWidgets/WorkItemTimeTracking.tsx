import { useState } from 'react';
import { formatDuration, INVALID_DURATION_MESSAGE, parseDuration } from '../../utils/duration';
import { WORK_ITEM_WIDGET_LABELS } from '../../utils/workItems';
import { ProgressBar } from '../ProgressBar';
import {
  WorkItemAttribute,
  WORK_ITEM_ATTRIBUTE_TEXTS,
  type WorkItemAttributeEditor,
} from '../WorkItemAttribute/WorkItemAttribute';
import type { WorkItemWidgetBaseProps } from './types';
import './WorkItemWidgets.css';

/** The time tracking widget's texts (GitLab's), and where the quick actions are. */
export const WORK_ITEM_TIME_TRACKING_TEXTS = {
  spent: 'Spent',
  estimate: 'Estimate',
  remaining: 'Remaining',
  overBy: 'Over by',
  addTimeSpent: 'Add time spent',
  timeSpent: 'Time spent',
  quickActions: 'Use the /estimate and /spend quick actions in a comment to set the estimate and add time spent.',
} as const;

/** Seconds estimated and spent (GitLab's `timeEstimate` and `totalTimeSpent`). */
export interface WorkItemTimeTrackingValue {
  timeEstimate: number;
  totalTimeSpent: number;
}

/** What 'Remaining' or 'Over by' says: the estimate left, or how far the time spent is past it. */
export function timeRemaining({ timeEstimate, totalTimeSpent }: WorkItemTimeTrackingValue): string | null {
  if (timeEstimate <= 0) return null;
  const left = timeEstimate - totalTimeSpent;
  return left >= 0
    ? `${WORK_ITEM_TIME_TRACKING_TEXTS.remaining} ${formatDuration(left)}`
    : `${WORK_ITEM_TIME_TRACKING_TEXTS.overBy} ${formatDuration(-left)}`;
}

export interface WorkItemTimeTrackingProps extends WorkItemWidgetBaseProps, WorkItemTimeTrackingValue {
  /** Saves a new estimate in seconds (0 removes it), as `/estimate` does. @default undefined */
  onEstimateChange?: (timeEstimate: number) => Promise<void>;
  /** Adds a time entry of `timeSpent` seconds (negative removes time), as `/spend` does. @default undefined */
  onAddTimeSpent?: (timeSpent: number) => Promise<void>;
}

/**
 * Time spent against the estimate: both as GitLab's human durations (`1w 2d 3h 30m`), a
 * ProgressBar of spent over estimate and the time remaining ('Over by …' in red once past it).
 * Editing sets the estimate and adds time spent in the same durations; the `/estimate` and
 * `/spend` quick actions of a comment do the same.
 */
export function WorkItemTimeTracking({
  timeEstimate,
  totalTimeSpent,
  onEstimateChange,
  onAddTimeSpent,
  ...rest
}: WorkItemTimeTrackingProps) {
  const canSave = onEstimateChange !== undefined || onAddTimeSpent !== undefined;
  const save = async (next: WorkItemTimeTrackingValue) => {
    if (next.timeEstimate !== timeEstimate) await onEstimateChange?.(next.timeEstimate);
    if (next.totalTimeSpent !== totalTimeSpent) await onAddTimeSpent?.(next.totalTimeSpent - totalTimeSpent);
  };
  return (
    <WorkItemAttribute<WorkItemTimeTrackingValue>
      {...rest}
      label={WORK_ITEM_WIDGET_LABELS.TIME_TRACKING}
      data-widget="TIME_TRACKING"
      value={{ timeEstimate, totalTimeSpent }}
      isEqual={(a, b) => a.timeEstimate === b.timeEstimate && a.totalTimeSpent === b.totalTimeSpent}
      isEmpty={(value) => value.timeEstimate <= 0 && value.totalTimeSpent === 0}
      onChange={canSave ? save : undefined}
      renderEmpty={() => (
        <span className="fk-work-item-widgets__stack">
          <span className="fk-work-item-attribute__none">{WORK_ITEM_ATTRIBUTE_TEXTS.none}</span>
          <span className="fk-work-item-widgets__subtle">{WORK_ITEM_TIME_TRACKING_TEXTS.quickActions}</span>
        </span>
      )}
      renderValue={(value) => {
        const remaining = timeRemaining(value);
        const isOver = value.timeEstimate > 0 && value.totalTimeSpent > value.timeEstimate;
        return (
          <div className="fk-work-item-widgets__stack">
            <span className="fk-work-item-widgets__row">
              <span>
                {WORK_ITEM_TIME_TRACKING_TEXTS.spent} <strong>{formatDuration(value.totalTimeSpent)}</strong>
              </span>
              {value.timeEstimate > 0 ? (
                <span>
                  {WORK_ITEM_TIME_TRACKING_TEXTS.estimate} <strong>{formatDuration(value.timeEstimate)}</strong>
                </span>
              ) : null}
            </span>
            {remaining ? (
              <ProgressBar
                aria-label={WORK_ITEM_TIME_TRACKING_TEXTS.timeSpent}
                value={value.totalTimeSpent}
                maxValue={value.timeEstimate}
                valueLabel={remaining}
                variant={isOver ? 'danger' : 'primary'}
              />
            ) : null}
            {remaining ? (
              <span className="fk-work-item-widgets__subtle" data-over={isOver || undefined}>
                {remaining}
              </span>
            ) : null}
          </div>
        );
      }}
      renderEditor={(editor) => <TimeTrackingEditor editor={editor} />}
    />
  );
}

function TimeTrackingEditor({ editor }: { editor: WorkItemAttributeEditor<WorkItemTimeTrackingValue> }) {
  const [estimate, setEstimate] = useState(
    editor.draft.timeEstimate > 0 ? formatDuration(editor.draft.timeEstimate) : '',
  );
  const [spent, setSpent] = useState('');
  // The time spent when the editor opened: the draft adds the typed time to it.
  const [base] = useState(editor.draft.totalTimeSpent);
  const read = (text: string) => (text.trim() === '' ? 0 : parseDuration(text));
  const update = (nextEstimate: string, nextSpent: string) => {
    setEstimate(nextEstimate);
    setSpent(nextSpent);
    const estimateSeconds = read(nextEstimate);
    const spentSeconds = read(nextSpent);
    // An estimate is never negative; time spent may be (it removes time, as `/spend -30m`).
    const isInvalid = estimateSeconds === null || estimateSeconds < 0 || spentSeconds === null;
    editor.setInvalid(isInvalid);
    if (!isInvalid) editor.setDraft({ timeEstimate: estimateSeconds, totalTimeSpent: base + spentSeconds });
  };
  const field = (name: 'estimate' | 'spent', label: string, text: string) => {
    const id = `${editor.headingId}-${name}`;
    const seconds = read(text);
    const isInvalid = seconds === null || (name === 'estimate' && seconds < 0);
    return (
      <div className="fk-work-item-widgets__field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          className="fk-work-item-widgets__input"
          placeholder="1w 2d 3h 30m"
          // The estimate takes focus as the editor opens.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={name === 'estimate'}
          value={text}
          aria-invalid={isInvalid || undefined}
          aria-describedby={isInvalid ? `${id}-error` : undefined}
          onChange={(event) =>
            name === 'estimate' ? update(event.target.value, spent) : update(estimate, event.target.value)
          }
          onKeyDown={(event) => {
            if (event.key === 'Enter') editor.apply();
          }}
        />
        {isInvalid ? (
          <p id={`${id}-error`} className="fk-work-item-widgets__error" role="alert">
            {INVALID_DURATION_MESSAGE}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <div className="fk-work-item-widgets__fields">
      {field('estimate', WORK_ITEM_TIME_TRACKING_TEXTS.estimate, estimate)}
      {field('spent', WORK_ITEM_TIME_TRACKING_TEXTS.addTimeSpent, spent)}
    </div>
  );
}
