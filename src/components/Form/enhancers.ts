/**
 * Form behaviours of spec sections 5 and 9 as plain DOM enhancers, so one implementation serves
 * server-rendered forms (`initForms(document)`) and the React `<Form>` (which calls the same
 * functions from an effect):
 *
 * - `initFormValidation`: native validity, an error paragraph per invalid field, focus on the first
 *   invalid field, errors clear as the user types;
 * - `initRequiresInput`: submit buttons stay disabled while a required field is empty;
 * - `initQuickSubmit`: Ctrl-Enter or Cmd-Enter submits, with a hint on keyboard focus of the
 *   submit button;
 * - `initDisableOnSubmit`: submit buttons disable 13 ms after a submission that goes ahead.
 *
 * Each returns a cleanup function that undoes what it did. Nothing here runs at import time, and
 * every function is a no-op without a DOM.
 */
import { isApplePlatform, isQuickSubmitKey } from '../../utils/keyboard';
import { fieldErrorMessage, SELF_VALIDATING_ATTRIBUTE } from './fieldValidity';

export { fieldErrorMessage, SELF_VALIDATING_ATTRIBUTE };

/** Spec section 9 "Form submit disable delay 13 ms": long enough for the browser to have taken the submitter's value into the form data. */
export const FORM_SUBMIT_DISABLE_DELAY = 13;

/** Text of the quick-submit hint (spec section 5: "with a hint on Tab focus"), by platform. */
export const QUICK_SUBMIT_HINT = {
  default: 'You can also press Ctrl-Enter',
  apple: 'You can also press ⌘-Enter',
} as const;

/** Input types whose errors get a paragraph (spec section 5); textareas too. */
export const VALIDATED_INPUT_TYPES = ['text', 'password', 'email', 'url', 'number'] as const;

/**
 * Attributes that mark a server-rendered `<form>` for `initForms`, and that `<Form>` renders:
 * - `data-validate` (with `novalidate`): field validation;
 * - `data-requires-input`: submit disabled while a required field is empty;
 * - `data-quick-submit`: Ctrl-Enter / Cmd-Enter submits;
 * - `data-keep-submit-enabled`: opts out of disabling the submit buttons after submit.
 */
export const FORM_ATTRIBUTES = {
  validate: 'data-validate',
  requiresInput: 'data-requires-input',
  quickSubmit: 'data-quick-submit',
  keepSubmitEnabled: 'data-keep-submit-enabled',
} as const;

/** Wrap a field (an input group, say) in an element with this attribute to put the error after the wrapper. */
export const ERROR_ANCHOR_ATTRIBUTE = 'data-error-anchor';

export type Cleanup = () => void;
const noop: Cleanup = () => {};

type SubmitButton = HTMLButtonElement | HTMLInputElement;
type ValidatedField = HTMLInputElement | HTMLTextAreaElement;
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | HTMLButtonElement;

let lastId = 0;
/** A document-unique id; only ever called in the browser, after hydration. */
function nextId(prefix: string): string {
  lastId += 1;
  return `${prefix}-${lastId}`;
}

function hasDom(form: unknown): form is HTMLFormElement {
  return typeof document !== 'undefined' && !!form && typeof (form as HTMLFormElement).elements === 'object';
}

/** The form's submit buttons (`<button>` without a type included), in document order. */
export function submitButtons(form: HTMLFormElement): SubmitButton[] {
  return Array.from(form.elements).filter(
    (el): el is SubmitButton =>
      (el instanceof HTMLButtonElement && el.type === 'submit') ||
      (el instanceof HTMLInputElement && (el.type === 'submit' || el.type === 'image')),
  );
}

function isControl(el: Element): el is Control {
  return (
    el instanceof HTMLInputElement ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    el instanceof HTMLButtonElement
  );
}

function isValidatedField(el: EventTarget | null): el is ValidatedField {
  if (el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && (VALIDATED_INPUT_TYPES as readonly string[]).includes(el.type);
}

// Several behaviours (and several callers: a page's initForms and a <Form>) may attach to one form;
// each attaches once per form, counted, and detaches with its last user.
const attached = new WeakMap<HTMLFormElement, Map<string, { users: number; detach: Cleanup }>>();
function attachOnce(form: HTMLFormElement, key: string, attach: () => Cleanup): Cleanup {
  const byKey = attached.get(form) ?? new Map<string, { users: number; detach: Cleanup }>();
  attached.set(form, byKey);
  const entry = byKey.get(key);
  if (entry) entry.users += 1;
  else byKey.set(key, { users: 1, detach: attach() });
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const current = byKey.get(key);
    if (!current) return;
    current.users -= 1;
    if (current.users === 0) {
      byKey.delete(key);
      current.detach();
    }
  };
}

// A button may be disabled by several behaviours at once (empty required field, submitted): it is
// enabled again only when none holds it.
const disabledBy = new WeakMap<SubmitButton, Set<string>>();
function holdDisabled(button: SubmitButton, reason: string, hold: boolean) {
  const reasons = disabledBy.get(button) ?? new Set<string>();
  disabledBy.set(button, reasons);
  if (hold) reasons.add(reason);
  else reasons.delete(reason);
  button.disabled = reasons.size > 0;
}

function addIds(element: Element, attribute: string, id: string) {
  const ids = (element.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean);
  if (!ids.includes(id)) element.setAttribute(attribute, [...ids, id].join(' '));
}

function removeIds(element: Element, attribute: string, id: string) {
  const ids = (element.getAttribute(attribute) ?? '').split(/\s+/).filter((x) => x && x !== id);
  if (ids.length) element.setAttribute(attribute, ids.join(' '));
  else element.removeAttribute(attribute);
}

/**
 * Validation on native browser validity (spec section 5). The form gets `novalidate` (the browser's
 * own bubbles are replaced). On submit, an invalid form is not submitted: each invalid text,
 * password, email, url or number input and textarea gets `<p class="fk-form__error">` after it (or
 * after its `[data-error-anchor]` wrapper) with the field's `title`, or 'This field is required.',
 * plus `aria-invalid="true"` and the paragraph's id added to `aria-describedby`; the first invalid
 * control is focused (another kind of control shows the browser's message). From then on each
 * field is checked as the user types and its error clears once it is valid. Reset clears all.
 */
export function initFormValidation(form: HTMLFormElement): Cleanup {
  if (!hasDom(form)) return noop;
  return attachOnce(form, 'validate', () => {
    const hadNoValidate = form.noValidate;
    form.noValidate = true;
    const errors = new Map<ValidatedField, HTMLParagraphElement>();
    const checked = new Set<ValidatedField>();

    const hideError = (field: ValidatedField) => {
      const error = errors.get(field);
      if (!error) return;
      errors.delete(field);
      error.remove();
      removeIds(field, 'aria-describedby', error.id);
      field.removeAttribute('aria-invalid');
    };

    const showError = (field: ValidatedField) => {
      let error = errors.get(field);
      if (!error) {
        error = document.createElement('p');
        error.className = 'fk-form__error';
        error.id = nextId(field.id ? `${field.id}-error` : 'fk-form-error');
        error.setAttribute('data-component', 'Form.Error');
        const anchor = field.closest(`[${ERROR_ANCHOR_ATTRIBUTE}]`);
        (anchor && form.contains(anchor) ? anchor : field).after(error);
        errors.set(field, error);
      }
      error.textContent = fieldErrorMessage(field);
      field.setAttribute('aria-invalid', 'true');
      addIds(field, 'aria-describedby', error.id);
    };

    const render = (field: ValidatedField) => {
      if (field.hasAttribute(SELF_VALIDATING_ATTRIBUTE) || field.validity.valid || !field.willValidate) {
        hideError(field);
      } else {
        showError(field);
      }
    };

    const onSubmit = (event: Event) => {
      const fields = Array.from(form.elements).filter(isValidatedField);
      for (const field of fields) {
        checked.add(field);
        render(field);
      }
      const firstInvalid = Array.from(form.elements).find(
        (el): el is Control => isControl(el) && el.willValidate && !el.validity.valid,
      );
      if (!firstInvalid) return;
      event.preventDefault();
      // Nothing else (the consumer's onSubmit, a page's submit handlers) sees an invalid submission.
      event.stopImmediatePropagation();
      // Self-validating fields show their own message on the native `invalid` event.
      for (const el of Array.from(form.elements)) {
        if (isControl(el) && el.hasAttribute(SELF_VALIDATING_ATTRIBUTE)) el.checkValidity();
      }
      firstInvalid.focus();
      if (!isValidatedField(firstInvalid)) firstInvalid.reportValidity();
    };

    const onInput = (event: Event) => {
      const field = event.target;
      if (isValidatedField(field) && checked.has(field)) render(field);
    };

    const onReset = () => {
      for (const field of [...errors.keys()]) hideError(field);
      checked.clear();
    };

    // Capture: runs before the form's other submit listeners, so they never see an invalid form.
    form.addEventListener('submit', onSubmit, true);
    form.addEventListener('input', onInput);
    form.addEventListener('change', onInput);
    form.addEventListener('reset', onReset);
    return () => {
      form.removeEventListener('submit', onSubmit, true);
      form.removeEventListener('input', onInput);
      form.removeEventListener('change', onInput);
      form.removeEventListener('reset', onReset);
      onReset();
      form.noValidate = hadNoValidate;
    };
  });
}

function isEmpty(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): boolean {
  if (field instanceof HTMLInputElement) {
    if (field.type === 'checkbox') return !field.checked;
    if (field.type === 'radio') {
      const group = field.form?.elements.namedItem(field.name);
      const radios = group instanceof RadioNodeList ? Array.from(group) : [field];
      return !radios.some((radio) => radio instanceof HTMLInputElement && radio.checked);
    }
    if (field.type === 'file') return (field.files?.length ?? 0) === 0;
  }
  return field.value.trim() === '';
}

/**
 * Requiring input (spec section 5): the form's submit buttons stay disabled while any `required`
 * field is empty (whitespace only counts as empty; an unchecked checkbox or radio group, or a file
 * input without a file, too). Re-evaluated on every input, change and reset.
 */
export function initRequiresInput(form: HTMLFormElement): Cleanup {
  if (!hasDom(form)) return noop;
  return attachOnce(form, 'requires-input', () => {
    const reason = 'requires-input';
    let held: SubmitButton[] = [];
    const update = () => {
      const missing = Array.from(form.elements).some(
        (el) =>
          (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) &&
          el.required &&
          !el.disabled &&
          isEmpty(el),
      );
      const buttons = submitButtons(form);
      for (const button of held) if (!buttons.includes(button)) holdDisabled(button, reason, false);
      for (const button of buttons) holdDisabled(button, reason, missing);
      held = buttons;
    };
    // A reset restores the values after its event: look once it is done.
    const onReset = () => setTimeout(update);
    update();
    form.addEventListener('input', update);
    form.addEventListener('change', update);
    form.addEventListener('reset', onReset);
    return () => {
      form.removeEventListener('input', update);
      form.removeEventListener('change', update);
      form.removeEventListener('reset', onReset);
      for (const button of held) holdDisabled(button, reason, false);
    };
  });
}

/** The quick-submit hint for the platform the page runs on. */
export function quickSubmitHint(): string {
  return isApplePlatform() ? QUICK_SUBMIT_HINT.apple : QUICK_SUBMIT_HINT.default;
}

/** Has this element keyboard focus (`:focus-visible`)? False where the selector is unknown. */
function hasVisibleFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

/**
 * Quick submit (spec section 5): Ctrl-Enter or Cmd-Enter (no other modifier) in the form submits
 * it with `requestSubmit()` through its first submit button, unless that button is disabled. When a
 * submit button gets keyboard focus (Tab, not a click), a hint 'You can also press Ctrl-Enter'
 * ('You can also press ⌘-Enter' on Apple platforms) shows above it as a tooltip that describes the
 * button; it hides on blur, a click or Escape.
 */
export function initQuickSubmit(form: HTMLFormElement): Cleanup {
  if (!hasDom(form)) return noop;
  return attachOnce(form, 'quick-submit', () => {
    let hint: { element: HTMLElement; button: SubmitButton; stop: Cleanup } | undefined;

    const hideHint = () => {
      if (!hint) return;
      const { element, button, stop } = hint;
      hint = undefined;
      stop();
      removeIds(button, 'aria-describedby', element.id);
      element.remove();
    };

    const showHint = (button: SubmitButton) => {
      hideHint();
      const element = document.createElement('div');
      element.id = nextId('fk-quick-submit-hint');
      element.className = 'fk-form__quick-submit-hint';
      element.setAttribute('role', 'tooltip');
      element.setAttribute('data-component', 'Form.QuickSubmitHint');
      element.textContent = quickSubmitHint();
      // The top layer (popover) keeps the hint above modals and out of overflow clipping.
      element.setAttribute('popover', 'manual');
      button.after(element);
      if (typeof element.showPopover === 'function') element.showPopover();
      addIds(button, 'aria-describedby', element.id);
      const shown = { element, button, stop: noop };
      hint = shown;
      // The positioning (floating-ui) loads with the first hint shown.
      void import('./quickSubmitHintPosition').then(({ positionQuickSubmitHint }) => {
        // Hidden (or replaced) while the code was on its way: nothing to place.
        if (hint === shown) shown.stop = positionQuickSubmitHint(button, element);
      });
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        hideHint();
        return;
      }
      if (event.defaultPrevented || !isQuickSubmitKey(event)) return;
      event.preventDefault();
      const [submitter] = submitButtons(form);
      if (submitter?.disabled) return;
      hideHint();
      if (submitter) form.requestSubmit(submitter);
      else form.requestSubmit();
    };

    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      const button = submitButtons(form).find((b) => b === target);
      if (button && hasVisibleFocus(button)) showHint(button);
    };

    const onFocusOut = (event: FocusEvent) => {
      if (hint && event.target === hint.button) hideHint();
    };

    form.addEventListener('keydown', onKeyDown);
    form.addEventListener('focusin', onFocusIn);
    form.addEventListener('focusout', onFocusOut);
    form.addEventListener('pointerdown', hideHint);
    return () => {
      form.removeEventListener('keydown', onKeyDown);
      form.removeEventListener('focusin', onFocusIn);
      form.removeEventListener('focusout', onFocusOut);
      form.removeEventListener('pointerdown', hideHint);
      hideHint();
    };
  });
}

/**
 * Submit disable (spec section 9): `FORM_SUBMIT_DISABLE_DELAY` (13 ms) after a submit event that no
 * handler cancelled, the form's submit buttons are disabled so a second click cannot submit again.
 * The delay lets the browser build the form data with the clicked button's name and value (a
 * disabled button is left out). A submission a handler takes over (`preventDefault`, as client-side
 * forms do) disables nothing. Returning to the page from the back-forward cache enables them again.
 */
export function initDisableOnSubmit(form: HTMLFormElement): Cleanup {
  if (!hasDom(form)) return noop;
  return attachOnce(form, 'disable-on-submit', () => {
    const reason = 'submitted';
    const timers = new Set<ReturnType<typeof setTimeout>>();
    let held: SubmitButton[] = [];
    const release = () => {
      for (const button of held) holdDisabled(button, reason, false);
      held = [];
    };
    const onSubmit = (event: Event) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (event.defaultPrevented || !form.isConnected) return;
        held = submitButtons(form);
        for (const button of held) holdDisabled(button, reason, true);
      }, FORM_SUBMIT_DISABLE_DELAY);
      timers.add(timer);
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) release();
    };
    const view = form.ownerDocument.defaultView;
    form.addEventListener('submit', onSubmit);
    view?.addEventListener('pageshow', onPageShow);
    return () => {
      form.removeEventListener('submit', onSubmit);
      view?.removeEventListener('pageshow', onPageShow);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      release();
    };
  });
}

/**
 * Enhances the server-rendered forms under `root` (default: the document): every form gets submit
 * disabling (unless `data-keep-submit-enabled`), and validation, requiring input and quick submit
 * when marked with `data-validate`, `data-requires-input`, `data-quick-submit`. Returns one cleanup
 * for all. A no-op without a DOM.
 */
export function initForms(root?: ParentNode): Cleanup {
  if (typeof document === 'undefined') return noop;
  const cleanups: Cleanup[] = [];
  for (const form of Array.from((root ?? document).querySelectorAll('form'))) {
    if (!form.hasAttribute(FORM_ATTRIBUTES.keepSubmitEnabled)) cleanups.push(initDisableOnSubmit(form));
    if (form.hasAttribute(FORM_ATTRIBUTES.validate)) cleanups.push(initFormValidation(form));
    if (form.hasAttribute(FORM_ATTRIBUTES.requiresInput)) cleanups.push(initRequiresInput(form));
    if (form.hasAttribute(FORM_ATTRIBUTES.quickSubmit)) cleanups.push(initQuickSubmit(form));
  }
  return () => cleanups.forEach((cleanup) => cleanup());
}
