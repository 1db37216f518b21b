/**
 * Form tracking (spec section 5: it needs allow rules): submissions of the allowed forms and
 * changes of the allowed fields become Snowplow's standard `submit_form` and `change_form` events.
 * Field values are never sent, only which field changed.
 */
import { FORM_TRACKING_ALLOW_RULES_MESSAGE } from './constants';
import { getStandardContext, hasCollector, withSnowplow } from './snowplow';
import type { FormTrackingConfig, SelfDescribingJson } from './settings';
import { isDoNotTrackOn } from './track';

/** Snowplow's schema of a form submission. */
export const SUBMIT_FORM_SCHEMA = 'iglu:com.snowplowanalytics.snowplow/submit_form/jsonschema/1-0-0';
/** Snowplow's schema of a field change. */
export const CHANGE_FORM_SCHEMA = 'iglu:com.snowplowanalytics.snowplow/change_form/jsonschema/1-0-0';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isField = (node: unknown): node is Field =>
  node instanceof HTMLInputElement || node instanceof HTMLSelectElement || node instanceof HTMLTextAreaElement;

/**
 * Starts tracking the forms whose class is in `config.forms.allow` (all forms without that list)
 * and, in them, the fields whose name is in `config.fields.allow` (all fields without it). At
 * least one of the two lists is required: 'Unable to enable form event tracking without allow
 * rules.' Returns a function that stops it, or `undefined` when tracking is off (Do Not Track,
 * no collector, no document).
 */
export function enableFormTracking(
  config: FormTrackingConfig,
  contexts: readonly SelfDescribingJson[] = [],
): (() => void) | undefined {
  const formRules = config.forms?.allow;
  const fieldRules = config.fields?.allow;
  if (!Array.isArray(formRules) && !Array.isArray(fieldRules)) throw new Error(FORM_TRACKING_ALLOW_RULES_MESSAGE);
  if (typeof document === 'undefined' || isDoNotTrackOn() || !hasCollector()) return undefined;

  const standard = getStandardContext();
  // The standard context is added to every event here: drop a copy the caller passed.
  const context = [...(standard ? [standard] : []), ...contexts.filter((c) => c.schema !== standard?.schema)];
  const formAllowed = (form: HTMLFormElement | null): form is HTMLFormElement =>
    form !== null && (!formRules || formRules.some((name) => form.classList.contains(name)));
  const fieldAllowed = (field: Field) => Boolean(field.name) && (!fieldRules || fieldRules.includes(field.name));
  const send = (schema: string, data: Record<string, unknown>) =>
    withSnowplow((snowplow, trackers) =>
      snowplow.trackSelfDescribingEvent({ event: { schema, data }, context }, trackers),
    );

  const onSubmit = (event: Event) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (!formAllowed(form)) return;
    const elements = [...form.elements]
      .filter(isField)
      .filter(fieldAllowed)
      .map((field) => ({ name: field.name, value: null, nodeName: field.nodeName, type: field.type }));
    send(SUBMIT_FORM_SCHEMA, { formId: form.id, formClasses: [...form.classList], elements });
  };
  const onChange = (event: Event) => {
    const field = event.target;
    if (!isField(field) || !formAllowed(field.form) || !fieldAllowed(field)) return;
    send(CHANGE_FORM_SCHEMA, {
      formId: field.form.id,
      elementId: field.id,
      nodeName: field.nodeName,
      type: field.type,
      elementClasses: [...field.classList],
      value: null,
    });
  };
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('change', onChange, true);
  return () => {
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('change', onChange, true);
  };
}
