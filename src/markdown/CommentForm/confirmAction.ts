import type { confirmAction as ConfirmAction } from '../../components/Modal/confirmAction';

/**
 * `confirmAction`, its dialog's code (the modal, its focus scope, the sanitiser) loaded when a
 * confirmation is first asked for rather than with the notes, the description or the comment form.
 */
export async function confirmAction(...args: Parameters<typeof ConfirmAction>): ReturnType<typeof ConfirmAction> {
  const dialog = await import('../../components/Modal/confirmAction');
  return dialog.confirmAction(...args);
}
