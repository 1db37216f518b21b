import { useState } from 'react';
import type { WorkItemAttributeEditor } from '../WorkItemAttribute/WorkItemAttribute';

/** A whole number field for an attribute (weight, progress): empty means none, Enter applies. */
export function NumberEditor({
  editor,
  label,
  min,
  max,
  invalidMessage,
}: {
  editor: WorkItemAttributeEditor<number | null>;
  label: string;
  min: number;
  max?: number;
  /** Shown while the text is not a whole number within `min` and `max`. */
  invalidMessage: string;
}) {
  const [text, setText] = useState(editor.draft === null ? '' : String(editor.draft));
  const id = `${editor.headingId}-input`;
  const errorId = `${id}-error`;
  const parse = (value: string): number | null | undefined => {
    if (value.trim() === '') return null;
    const number = Number(value);
    return Number.isInteger(number) && number >= min && (max === undefined || number <= max) ? number : undefined;
  };
  const isInvalid = parse(text) === undefined;
  return (
    <div className="fk-work-item-widgets__field">
      <label htmlFor={id} className="fk-visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        className="fk-work-item-widgets__input"
        min={min}
        max={max}
        step={1}
        // The field takes focus as the editor opens, as GitLab's does.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        value={text}
        aria-invalid={isInvalid || undefined}
        aria-describedby={isInvalid ? errorId : undefined}
        onChange={(event) => {
          const next = parse(event.target.value);
          setText(event.target.value);
          editor.setInvalid(next === undefined);
          if (next !== undefined) editor.setDraft(next);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !isInvalid) editor.apply();
        }}
      />
      {isInvalid ? (
        <p id={errorId} className="fk-work-item-widgets__error" role="alert">
          {invalidMessage}
        </p>
      ) : null}
    </div>
  );
}
