import { useEffect, type RefObject } from 'react';
import { initDisableOnSubmit, initFormValidation, initQuickSubmit, initRequiresInput } from './enhancers';

export interface FormBehaviourOptions {
  /** Validate fields on submit and show their errors (`initFormValidation`). @default false */
  validate?: boolean;
  /** Keep submit buttons disabled while a required field is empty (`initRequiresInput`). @default false */
  requiresInput?: boolean;
  /** Submit on Ctrl-Enter / Cmd-Enter, with the hint on keyboard focus (`initQuickSubmit`). @default false */
  quickSubmit?: boolean;
  /** Disable the submit buttons 13 ms after a submission that goes ahead (`initDisableOnSubmit`). @default false */
  disableOnSubmit?: boolean;
}

/**
 * Attaches the form behaviours of spec sections 5 and 9 to the form in `ref` after it mounts (the
 * same enhancers server-rendered forms use), and detaches each when its option turns off or the
 * component unmounts. Nothing runs on the server.
 */
export function useFormBehaviour(
  ref: RefObject<HTMLFormElement | null>,
  { validate = false, requiresInput = false, quickSubmit = false, disableOnSubmit = false }: FormBehaviourOptions,
): void {
  useEffect(() => (validate && ref.current ? initFormValidation(ref.current) : undefined), [ref, validate]);
  useEffect(() => (requiresInput && ref.current ? initRequiresInput(ref.current) : undefined), [ref, requiresInput]);
  useEffect(() => (quickSubmit && ref.current ? initQuickSubmit(ref.current) : undefined), [ref, quickSubmit]);
  useEffect(
    () => (disableOnSubmit && ref.current ? initDisableOnSubmit(ref.current) : undefined),
    [ref, disableOnSubmit],
  );
}
