import clsx from 'clsx';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentPropsWithoutRef,
  type CSSProperties,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
} from 'react';
import { useControllableState } from '../../hooks/useControllableState';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { VisuallyHidden } from '../VisuallyHidden';
import { fieldErrorMessage, SELF_VALIDATING_ATTRIBUTE } from './fieldValidity';
import './Form.css';

export interface TextFieldProps extends Omit<
  ComponentPropsWithoutRef<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'children' | 'size'
> {
  /** The visible label (also the input's accessible name). */
  label: ReactNode;
  /**
   * Hide the label visually; screen readers still read it. Only where the context labels the field
   * for sighted users.
   * @default false
   */
  isLabelHidden?: boolean;
  /**
   * Help text under the label, read as the input's description.
   * @default undefined
   */
  description?: ReactNode;
  /**
   * A rule checked as the user types: returns `''` when the value is fine, else the message to
   * show. The message is also the input's custom validity, so a form does not submit while it
   * stands.
   * @default undefined
   */
  validate?: (value: string) => string;
  /** The value (controlled). @default undefined */
  value?: string;
  /** The initial value when uncontrolled. @default '' */
  defaultValue?: string;
  /** Called with the new value as the user edits. @default undefined */
  onChange?: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  /**
   * Content before the input in the same row (a colour swatch, a prefix).
   * @default undefined
   */
  start?: ReactNode;
  /** Class of the root element (the field's wrapper); the other props go to the `<input>`. */
  className?: string;
  /** Style of the root element. */
  style?: CSSProperties;
  /** The `<input>`. */
  ref?: Ref<HTMLInputElement>;
}

/** Does the field fail a native constraint (required, type, pattern, length, range), not counting a custom error? */
function failsNativeConstraint(input: HTMLInputElement): boolean {
  const v = input.validity;
  return (
    v.valueMissing ||
    v.typeMismatch ||
    v.patternMismatch ||
    v.tooLong ||
    v.tooShort ||
    v.rangeUnderflow ||
    v.rangeOverflow ||
    v.stepMismatch ||
    v.badInput
  );
}

/**
 * A labelled text input with a description and an error message (`<p class="fk-form__error">`,
 * `aria-invalid`, `aria-describedby`). A `validate` rule is checked live as the user types; native
 * constraints (`required`, `type`, `pattern`, ...) show the field's `title` or 'This field is
 * required.' once a submit found the field invalid, and clear as the user types (spec section 5).
 * It validates itself, so `<Form>` leaves it alone apart from focusing it.
 */
export function TextField({
  label,
  isLabelHidden = false,
  description,
  validate,
  value: valueProp,
  defaultValue = '',
  onChange,
  start,
  className,
  style,
  id: idProp,
  onInvalid,
  ref,
  ...rest
}: TextFieldProps) {
  const [value, setValue] = useControllableState({ value: valueProp, defaultValue });
  const inputRef = useRef<HTMLInputElement>(null);
  const setRef = useMergedRefs(inputRef, ref);
  const autoId = useId();
  const inputId = idProp ?? `${autoId}-input`;
  const descriptionId = `${autoId}-description`;
  const errorId = `${autoId}-error`;

  // The rule's message, live; a native constraint's message only after a submit found it invalid.
  const ruleMessage = validate ? validate(value) : '';
  const [nativeMessage, setNativeMessage] = useState('');
  const [wasChecked, setWasChecked] = useState(false);
  const message = ruleMessage || nativeMessage;

  useEffect(() => {
    inputRef.current?.setCustomValidity(ruleMessage);
  }, [ruleMessage]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setValue(event.target.value);
    onChange?.(event.target.value, event);
    if (wasChecked) {
      setNativeMessage(failsNativeConstraint(event.target) ? fieldErrorMessage(event.target) : '');
    }
  };

  const handleInvalid = (event: SyntheticEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    setWasChecked(true);
    setNativeMessage(failsNativeConstraint(input) ? fieldErrorMessage(input) : '');
    onInvalid?.(event);
  };

  const describedBy =
    [description ? descriptionId : '', message ? errorId : '', rest['aria-describedby'] ?? '']
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div
      className={clsx('fk-text-field', className)}
      style={style}
      data-component="TextField"
      data-state={message ? 'invalid' : 'valid'}
    >
      <label htmlFor={inputId} className="fk-text-field__label" data-component="TextField.Label">
        {isLabelHidden ? <VisuallyHidden>{label}</VisuallyHidden> : label}
      </label>
      {description ? (
        <div id={descriptionId} className="fk-text-field__description" data-component="TextField.Description">
          {description}
        </div>
      ) : null}
      <div className="fk-text-field__control">
        {start}
        <input
          type="text"
          {...rest}
          {...{ [SELF_VALIDATING_ATTRIBUTE]: '' }}
          ref={setRef}
          id={inputId}
          className="fk-text-field__input"
          value={value}
          onChange={handleChange}
          onInvalid={handleInvalid}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
        />
      </div>
      <div className="fk-text-field__feedback" aria-live="polite">
        {message ? (
          <p id={errorId} className="fk-form__error" data-component="TextField.Error">
            {message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
