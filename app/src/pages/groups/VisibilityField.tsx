/** The visibility choice of the new group and new project forms: GitLab's three levels with their explanations. */
import { VISIBILITY_DESCRIPTIONS, type VisibilityEntity, type VisibilityLevel } from 'forgekit';
import { useId } from 'react';

/** Most restricted first, as GitLab lists them. */
const LEVELS: readonly VisibilityLevel[] = ['private', 'internal', 'public'];
/** The legend and the levels' names. */
export const VISIBILITY_TEXT = {
  legend: 'Visibility level',
  private: 'Private',
  internal: 'Internal',
  public: 'Public',
} as const;

export function VisibilityField({
  entity,
  value,
  onChange,
}: {
  entity: VisibilityEntity;
  value: VisibilityLevel;
  onChange: (level: VisibilityLevel) => void;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend>{VISIBILITY_TEXT.legend}</legend>
      {LEVELS.map((level) => (
        <div key={level}>
          <label>
            <input
              type="radio"
              name="visibility"
              value={level}
              checked={value === level}
              onChange={() => onChange(level)}
              aria-describedby={`${id}-${level}`}
            />{' '}
            {VISIBILITY_TEXT[level]}
          </label>
          {/* The level's explanation without its "Level - " prefix, which the label already says. */}
          <p id={`${id}-${level}`}>{VISIBILITY_DESCRIPTIONS[entity][level].replace(/^\w+ - /, '')}</p>
        </div>
      ))}
    </fieldset>
  );
}
