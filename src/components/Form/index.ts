export { Form, type FormProps } from './Form';
export { TextField, type TextFieldProps } from './TextField';
export { useFormBehaviour, type FormBehaviourOptions } from './useFormBehaviour';
export {
  initForms,
  initFormValidation,
  initRequiresInput,
  initQuickSubmit,
  initDisableOnSubmit,
  quickSubmitHint,
  fieldErrorMessage,
  submitButtons,
  FORM_SUBMIT_DISABLE_DELAY,
  QUICK_SUBMIT_HINT,
  VALIDATED_INPUT_TYPES,
  FORM_ATTRIBUTES,
  SELF_VALIDATING_ATTRIBUTE,
  ERROR_ANCHOR_ATTRIBUTE,
} from './enhancers';
