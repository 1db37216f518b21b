// What a self-validating field (TextField) shares with the form enhancers, in a module of its own:
// a page with a text field does not carry the enhancers (and floating-ui) unless it uses them.
import { REQUIRED_FIELD_MESSAGE } from '../../utils/validation';

/**
 * A field carrying this attribute shows its own message (as `TextField`, `BranchNameInput`,
 * `TitleField` and `ColorPicker` do, listening to the `invalid` event): validation still blocks
 * the submit and focuses it, but adds no paragraph and leaves its ARIA attributes alone.
 */
export const SELF_VALIDATING_ATTRIBUTE = 'data-self-validating';

/** The message an invalid field shows: its `title`, else 'This field is required.' (spec section 5). */
export function fieldErrorMessage(field: Element): string {
  return field.getAttribute('title')?.trim() || REQUIRED_FIELD_MESSAGE;
}
