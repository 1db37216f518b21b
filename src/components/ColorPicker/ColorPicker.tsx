import clsx from 'clsx';
import { useState } from 'react';
import { useControllableState } from '../../hooks/useControllableState';
import { ON_COLOR_TEXT, readableTextColor, toSixDigitHex } from '../../utils/contrast';
import { isValidColor } from '../../utils/validation';
import { TextField, type TextFieldProps } from '../Form/TextField';
import { Icon } from '../Icon';
import './ColorPicker.css';

/** A suggested colour: its hex value and the name its button is announced by. */
export interface SuggestedColor {
  color: string;
  name: string;
}

/** The product's suggested label colours. */
export const DEFAULT_SUGGESTED_COLORS: readonly SuggestedColor[] = [
  { color: '#009966', name: 'Green-cyan' },
  { color: '#8fbc8f', name: 'Dark sea green' },
  { color: '#3cb371', name: 'Medium sea green' },
  { color: '#00b140', name: 'Green screen' },
  { color: '#013220', name: 'Dark green' },
  { color: '#6699cc', name: 'Blue-gray' },
  { color: '#0000ff', name: 'Blue' },
  { color: '#e6e6fa', name: 'Lavender' },
  { color: '#9400d3', name: 'Dark violet' },
  { color: '#330066', name: 'Deep violet' },
  { color: '#808080', name: 'Gray' },
  { color: '#36454f', name: 'Charcoal grey' },
  { color: '#f7e7ce', name: 'Champagne' },
  { color: '#c21e56', name: 'Rose red' },
  { color: '#cc338b', name: 'Magenta-pink' },
  { color: '#dc143c', name: 'Crimson' },
  { color: '#ff0000', name: 'Red' },
  { color: '#cd5b45', name: 'Dark coral' },
  { color: '#eee600', name: 'Titanium yellow' },
  { color: '#ed9121', name: 'Carrot orange' },
  { color: '#c39953', name: 'Aztec Gold' },
];

/** Shown while the value is not a 3 or 6 digit hex colour (spec section 5 gives the rule, not the text). */
export const INVALID_COLOR_MESSAGE = 'Please enter a valid hex (#RRGGBB or #RGB) color value';

/** What `<input type="color">` shows before any valid value (its HTML default). */
const COLOR_INPUT_DEFAULT = '#000000';

/** `''` for an empty or valid colour, else the invalid-colour message. */
export function validateColor(value: string): string {
  return value === '' || isValidColor(value) ? '' : INVALID_COLOR_MESSAGE;
}

export interface ColorPickerProps extends Omit<TextFieldProps, 'validate' | 'start' | 'label' | 'onChange'> {
  /**
   * The visible label.
   * @default 'Color'
   */
  label?: TextFieldProps['label'];
  /** Called with the new value: typed, picked in the swatch or a suggestion. @default undefined */
  onChange?: (value: string) => void;
  /**
   * Colours offered as buttons under the field; `[]` shows none.
   * @default DEFAULT_SUGGESTED_COLORS
   */
  suggestedColors?: readonly SuggestedColor[];
  /**
   * Accessible name of the colour swatch (the browser's colour chooser).
   * @default 'Choose color'
   */
  pickerLabel?: string;
  /**
   * Accessible name of the group of suggested colours.
   * @default 'Suggested colors'
   */
  suggestionsLabel?: string;
}

/**
 * A colour field: a hex text input, a swatch that previews the colour and opens the browser's
 * colour chooser, and buttons for suggested colours. A value that is not '#' and 3 or 6 hex digits
 * (spec section 5, `isValidColor`) shows an error as the user types and blocks the form's submit.
 */
export function ColorPicker({
  label = 'Color',
  suggestedColors = DEFAULT_SUGGESTED_COLORS,
  pickerLabel = 'Choose color',
  suggestionsLabel = 'Suggested colors',
  value: valueProp,
  defaultValue = '',
  onChange,
  className,
  style,
  disabled,
  ...rest
}: ColorPickerProps) {
  const [value, setValue] = useControllableState({ value: valueProp, defaultValue });
  // The swatch keeps showing the last valid colour while the text is being edited.
  const current = toSixDigitHex(value);
  const [lastValid, setLastValid] = useState(current ?? COLOR_INPUT_DEFAULT);
  if (current && current !== lastValid) setLastValid(current);

  const update = (next: string) => {
    setValue(next);
    onChange?.(next);
  };

  return (
    <div className={clsx('fk-color-picker', className)} style={style} data-component="ColorPicker">
      <TextField
        autoComplete="off"
        spellCheck={false}
        {...rest}
        disabled={disabled}
        label={label}
        value={value}
        onChange={update}
        validate={validateColor}
        start={
          <input
            type="color"
            className="fk-color-picker__swatch"
            data-component="ColorPicker.Swatch"
            aria-label={pickerLabel}
            value={current ?? lastValid}
            disabled={disabled}
            onChange={(event) => update(event.target.value)}
          />
        }
      />
      {suggestedColors.length > 0 ? (
        <div
          role="group"
          aria-label={suggestionsLabel}
          className="fk-color-picker__suggestions"
          data-component="ColorPicker.Suggestions"
        >
          {suggestedColors.map(({ color, name }) => {
            const selected = current !== null && current === toSixDigitHex(color);
            const text = isValidColor(color) ? ON_COLOR_TEXT[readableTextColor(color)] : undefined;
            return (
              <button
                key={color}
                type="button"
                className="fk-color-picker__suggestion"
                data-component="ColorPicker.Suggestion"
                data-state={selected ? 'selected' : undefined}
                aria-label={name}
                title={name}
                disabled={disabled}
                onClick={() => update(color)}
              >
                <span className="fk-color-picker__fill" style={{ backgroundColor: color, color: text }}>
                  {selected ? <Icon name="check" size={12} /> : null}
                </span>
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
