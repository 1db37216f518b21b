import { WORK_ITEM_WIDGET_LABELS } from '../../utils/workItems';
import { ProgressBar } from '../ProgressBar';
import { WorkItemAttribute } from '../WorkItemAttribute/WorkItemAttribute';
import { NumberEditor } from './NumberEditor';
import type { WorkItemWidgetBaseProps } from './types';
import './WorkItemWidgets.css';

/** Progress runs from 0 to 100 percent. */
export const WORK_ITEM_PROGRESS_MIN = 0;
export const WORK_ITEM_PROGRESS_MAX = 100;

/** The progress widget's texts. */
export const WORK_ITEM_PROGRESS_TEXTS = {
  input: 'Progress (%)',
  invalid: `Progress must be a whole number from ${WORK_ITEM_PROGRESS_MIN} to ${WORK_ITEM_PROGRESS_MAX}.`,
} as const;

export interface WorkItemProgressProps extends WorkItemWidgetBaseProps {
  /** The percentage done (objectives and key results), or `null`. */
  progress: number | null;
  /** Saves the new percentage (optimistic, reverted on rejection). */
  onChange?: (progress: number | null) => Promise<void>;
}

/** How far an objective or key result is: a percentage with a ProgressBar; editing takes 0 to 100. */
export function WorkItemProgress({ progress, onChange, ...rest }: WorkItemProgressProps) {
  return (
    <WorkItemAttribute<number | null>
      {...rest}
      label={WORK_ITEM_WIDGET_LABELS.PROGRESS}
      data-widget="PROGRESS"
      value={progress}
      onChange={onChange}
      renderValue={(value) => (
        <ProgressBar
          label={WORK_ITEM_WIDGET_LABELS.PROGRESS}
          isLabelHidden
          showValueLabel
          value={value!}
          minValue={WORK_ITEM_PROGRESS_MIN}
          maxValue={WORK_ITEM_PROGRESS_MAX}
          variant={value === WORK_ITEM_PROGRESS_MAX ? 'success' : 'primary'}
        />
      )}
      renderEditor={(editor) => (
        <NumberEditor
          editor={editor}
          label={WORK_ITEM_PROGRESS_TEXTS.input}
          min={WORK_ITEM_PROGRESS_MIN}
          max={WORK_ITEM_PROGRESS_MAX}
          invalidMessage={WORK_ITEM_PROGRESS_TEXTS.invalid}
        />
      )}
    />
  );
}
