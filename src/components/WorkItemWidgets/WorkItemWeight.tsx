import { WORK_ITEM_WIDGET_LABELS } from '../../utils/workItems';
import { Button } from '../Button';
import { WorkItemAttribute } from '../WorkItemAttribute/WorkItemAttribute';
import { NumberEditor } from './NumberEditor';
import type { WorkItemWidgetBaseProps } from './types';
import './WorkItemWidgets.css';

/** The weight widget's texts: the field's name, the clear button and the rule (weight is 0 or more). */
export const WORK_ITEM_WEIGHT_TEXTS = {
  input: 'Enter a number',
  remove: 'Remove weight',
  invalid: 'Weight must be a whole number, 0 or more.',
} as const;

/** The smallest weight. */
export const WORK_ITEM_WEIGHT_MIN = 0;

export interface WorkItemWeightProps extends WorkItemWidgetBaseProps {
  /** The weight (a whole number, 0 or more), or `null`. */
  weight: number | null;
  /** Saves the new weight (optimistic, reverted on rejection). */
  onChange?: (weight: number | null) => Promise<void>;
}

/** The item's weight; editing takes a whole number of 0 or more, or nothing to clear it. */
export function WorkItemWeight({ weight, onChange, ...rest }: WorkItemWeightProps) {
  return (
    <WorkItemAttribute<number | null>
      {...rest}
      label={WORK_ITEM_WIDGET_LABELS.WEIGHT}
      data-widget="WEIGHT"
      value={weight}
      onChange={onChange}
      renderValue={(value, { commit, canUpdate }) => (
        <span className="fk-work-item-widgets__row">
          <span>{value}</span>
          {canUpdate ? (
            <Button className="fk-work-item-widgets__link-button" onClick={() => commit(null)}>
              {WORK_ITEM_WEIGHT_TEXTS.remove}
            </Button>
          ) : null}
        </span>
      )}
      renderEditor={(editor) => (
        <NumberEditor
          editor={editor}
          label={WORK_ITEM_WEIGHT_TEXTS.input}
          min={WORK_ITEM_WEIGHT_MIN}
          invalidMessage={WORK_ITEM_WEIGHT_TEXTS.invalid}
        />
      )}
    />
  );
}
