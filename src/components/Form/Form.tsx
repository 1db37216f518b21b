import clsx from 'clsx';
import { useRef, type ComponentPropsWithoutRef, type Ref } from 'react';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { FORM_ATTRIBUTES } from './enhancers';
import { useFormBehaviour } from './useFormBehaviour';
import './Form.css';

export interface FormProps extends ComponentPropsWithoutRef<'form'> {
  /**
   * Turn field validation off. By default the form validates its fields on submit with native
   * browser validity and shows forgekit's error paragraphs instead of the browser's bubbles (the
   * rendered `<form>` always has `novalidate`); an invalid form never reaches `onSubmit`.
   * @default false
   */
  noValidate?: boolean;
  /**
   * Keep the submit buttons disabled while any `required` field is empty or whitespace only
   * (spec section 5, forms marked as requiring input).
   * @default false
   */
  requiresInput?: boolean;
  /**
   * Submit with Ctrl-Enter or Cmd-Enter from any field, and show 'You can also press Ctrl-Enter'
   * ('⌘-Enter' on Apple platforms) when the submit button gets keyboard focus (spec section 5).
   * @default false
   */
  quickSubmit?: boolean;
  /**
   * Leave the submit buttons enabled after a submission. By default they are disabled 13 ms after
   * a submit that no handler cancelled (spec section 9); a handler that calls `preventDefault` (a
   * client-side submit) disables nothing and manages its own pending state.
   * @default false
   */
  keepSubmitEnabled?: boolean;
  ref?: Ref<HTMLFormElement>;
}

/**
 * A `<form>` with the product's form behaviours: validation with error paragraphs and focus on the
 * first invalid field, requiring input, quick submit and submit disabling. The behaviours are the
 * DOM enhancers that server-rendered forms get from `initForms`, attached after mount.
 */
export function Form({
  noValidate = false,
  requiresInput = false,
  quickSubmit = false,
  keepSubmitEnabled = false,
  className,
  ref,
  ...rest
}: FormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const setRef = useMergedRefs(formRef, ref);
  useFormBehaviour(formRef, {
    validate: !noValidate,
    requiresInput,
    quickSubmit,
    disableOnSubmit: !keepSubmitEnabled,
  });
  return (
    <form
      {...rest}
      ref={setRef}
      noValidate
      className={clsx('fk-form', className)}
      data-component="Form"
      {...{
        [FORM_ATTRIBUTES.validate]: noValidate ? undefined : '',
        [FORM_ATTRIBUTES.requiresInput]: requiresInput ? '' : undefined,
        [FORM_ATTRIBUTES.quickSubmit]: quickSubmit ? '' : undefined,
        [FORM_ATTRIBUTES.keepSubmitEnabled]: keepSubmitEnabled ? '' : undefined,
      }}
    />
  );
}
