import { isValidColor } from '../../utils/validation';
import { WORK_ITEM_WIDGET_LABELS } from '../../utils/workItems';
import type { SuggestedColor } from '../ColorPicker/ColorPicker';
import { WorkItemAttribute } from '../WorkItemAttribute/WorkItemAttribute';
import { AttributeColorPicker, widgetEditorParts } from './lazyEditorParts';
import type { WorkItemWidgetBaseProps } from './types';
import './WorkItemWidgets.css';

/** GitLab's suggested epic colours (`EPIC_COLORS`), each with the name its button is announced by. */
export const EPIC_COLORS: readonly SuggestedColor[] = [
  { color: '#1068bf', name: 'Blue' },
  { color: '#217645', name: 'Forest green' },
  { color: '#c91c00', name: 'Dark red' },
  { color: '#9e5400', name: 'Coffee' },
  { color: '#694cc0', name: 'Purple' },
  { color: '#de198f', name: 'Magenta' },
  { color: '#2e90a5', name: 'Teal' },
  { color: '#55aafe', name: 'Light blue' },
  { color: '#4dd787', name: 'Mint green' },
  { color: '#f17763', name: 'Rose' },
  { color: '#f3ad5d', name: 'Apricot' },
  { color: '#b7a0fd', name: 'Lavender' },
  { color: '#fd8cd0', name: 'Pink' },
  { color: '#6cd3ea', name: 'Aqua' },
];

/** An epic's colour when none was chosen (GitLab's `DEFAULT_EPIC_COLORS`). */
export const DEFAULT_EPIC_COLOR = '#1068bf';

export interface WorkItemColorProps extends WorkItemWidgetBaseProps {
  /** The epic's colour: '#' and 3 or 6 hex digits. */
  color: string | null;
  /** Saves the new colour (optimistic, reverted on rejection). */
  onChange?: (color: string) => Promise<void>;
}

/**
 * An epic's colour: a swatch and its hex value (its name when it is one of GitLab's); editing
 * uses the ColorPicker with GitLab's epic colours and applies only a 3 or 6 digit hex colour.
 */
export function WorkItemColor({ color, onChange, ...rest }: WorkItemColorProps) {
  return (
    <WorkItemAttribute<string | null>
      {...rest}
      label={WORK_ITEM_WIDGET_LABELS.COLOR}
      data-widget="COLOR"
      editorModule={widgetEditorParts}
      value={color}
      onChange={onChange ? (next) => onChange(next ?? DEFAULT_EPIC_COLOR) : undefined}
      renderValue={(value) => {
        const name = EPIC_COLORS.find((entry) => entry.color === value!.toLowerCase())?.name;
        return (
          <span className="fk-work-item-widgets__row">
            <span className="fk-work-item-widgets__color" style={{ backgroundColor: value! }} />
            <span>{name ? `${name} (${value})` : value}</span>
          </span>
        );
      }}
      renderEditor={(editor) => (
        <AttributeColorPicker
          label={WORK_ITEM_WIDGET_LABELS.COLOR}
          value={editor.draft ?? ''}
          suggestedColors={EPIC_COLORS}
          // The field takes focus as the editor opens.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          onChange={(next) => {
            editor.setDraft(next);
            editor.setInvalid(!isValidColor(next));
          }}
        />
      )}
    />
  );
}
