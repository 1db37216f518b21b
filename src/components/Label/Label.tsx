import clsx from 'clsx';
import { useEffect, type ComponentPropsWithoutRef, type CSSProperties, type MouseEvent, type Ref } from 'react';
import { ON_COLOR_TEXT, readableTextColor } from '../../utils/contrast';
import { isValidColor } from '../../utils/validation';
import { Icon } from '../Icon';
import './Label.css';

/** What separates the scope from the name in a scoped label title (`priority::high`). */
export const SCOPED_LABEL_SEPARATOR = '::';

/**
 * The scope and name of a scoped label title, split at the last `::` as the product does
 * (`team::backend::api` has scope `team::backend`); `null` when the title is not scoped (no `::`,
 * or nothing before or after it).
 */
export function splitScopedLabel(title: string): { scope: string; name: string } | null {
  const at = title.lastIndexOf(SCOPED_LABEL_SEPARATOR);
  if (at <= 0) return null;
  const scope = title.slice(0, at);
  const name = title.slice(at + SCOPED_LABEL_SEPARATOR.length);
  return scope && name ? { scope, name } : null;
}

/** Accessible name of a label's remove button. */
export function removeLabelText(title: string): string {
  return `Remove label ${title}`;
}

export interface LabelProps extends Omit<ComponentPropsWithoutRef<'span'>, 'children' | 'title' | 'color'> {
  /**
   * The label's title (spec section 3). `scope::name` makes a scoped label, drawn in two parts.
   */
  title: string;
  /**
   * Background colour (spec section 3): '#' and 3 or 6 hex digits. The text is white or black,
   * whichever contrasts more. Missing, the label is neutral; anything else is neutral too and logs
   * a console warning.
   * @default undefined
   */
  color?: string;
  /**
   * Makes the title a link (to the issues with this label, say).
   * @default undefined
   */
  href?: string;
  /**
   * Shows a remove button named 'Remove label {title}' and calls this when it is pressed.
   * @default undefined
   */
  onRemove?: (event: MouseEvent<HTMLButtonElement>) => void;
  /** The root `<span>`. */
  ref?: Ref<HTMLSpanElement>;
}

/**
 * A label (spec section 3: title and colour): a pill in the label's colour with white or black
 * text, whichever contrasts more (at least 4.58:1). A scoped label (`scope::name`) shows the scope
 * on the label colour and the name on the page background inside a border of the label colour.
 * Optionally a link, optionally removable.
 */
export function Label({ title, color, href, onRemove, className, style, ref, ...rest }: LabelProps) {
  const parts = splitScopedLabel(title);
  const hasColor = isValidColor(color);
  const text = hasColor ? readableTextColor(color) : undefined;

  useEffect(() => {
    if (color !== undefined && !isValidColor(color)) {
      console.warn(
        `[forgekit] Label "${title}": color ${JSON.stringify(color)} is not a 3 or 6 digit hex colour; shown as a neutral label.`,
      );
    }
  }, [color, title]);

  // The colour is data, not design: it goes inline on the root. Scoped, the name part covers it
  // with the page background, leaving a frame and the scope in the label colour.
  const rootStyle: CSSProperties = {
    ...(hasColor && text ? { backgroundColor: color, color: ON_COLOR_TEXT[text] } : undefined),
    ...style,
  };

  const content = parts ? (
    <>
      <span className="fk-label__scope" data-component="Label.Scope">
        {parts.scope}
      </span>
      <span className="fk-label__name" data-component="Label.Name">
        {parts.name}
      </span>
    </>
  ) : (
    <span className="fk-label__name" data-component="Label.Name">
      {title}
    </span>
  );

  return (
    <span
      {...rest}
      ref={ref}
      className={clsx('fk-label', className)}
      style={rootStyle}
      data-component="Label"
      data-variant={parts ? 'scoped' : 'default'}
      data-color={hasColor ? 'custom' : 'neutral'}
      data-text-color={text}
    >
      {href !== undefined ? (
        <a className="fk-label__content" data-component="Label.Link" href={href}>
          {content}
        </a>
      ) : (
        <span className="fk-label__content">{content}</span>
      )}
      {onRemove ? (
        <button
          type="button"
          className="fk-label__remove"
          data-component="Label.Remove"
          aria-label={removeLabelText(title)}
          onClick={onRemove}
        >
          <Icon name="close" size={12} />
        </button>
      ) : null}
    </span>
  );
}
