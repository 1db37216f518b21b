import { useId } from 'react';
import { Modal, type ModalActionVariant, type ModalSize } from './Modal';
import { renderInOwnRoot, useOpenUntilAborted } from './ownRoot';

/**
 * What `confirmAction` uses when an option is left out (GitLab's confirm modal): an 'OK' primary
 * button in the `confirm` look, a 'Cancel' button, a `default` secondary look, size `sm`.
 */
export const CONFIRM_ACTION_DEFAULTS = {
  primaryBtnText: 'OK',
  primaryBtnVariant: 'confirm',
  secondaryBtnVariant: 'default',
  cancelBtnText: 'Cancel',
  cancelBtnVariant: 'default',
  size: 'sm',
} as const satisfies {
  primaryBtnText: string;
  primaryBtnVariant: ModalActionVariant;
  secondaryBtnVariant: ModalActionVariant;
  cancelBtnText: string;
  cancelBtnVariant: ModalActionVariant;
  size: ModalSize;
};

export interface ConfirmActionOptions {
  /** Heading of the dialog. Without it the message names the dialog and no header is shown. */
  title?: string;
  /** Text of the confirming button. @default 'OK' */
  primaryBtnText?: string;
  /** Look of the confirming button, e.g. `danger` for a destructive action. @default 'confirm' */
  primaryBtnVariant?: ModalActionVariant;
  /** Text of a secondary button; no secondary button without it. Choosing it resolves `false`. */
  secondaryBtnText?: string;
  /** Look of the secondary button. @default 'default' */
  secondaryBtnVariant?: ModalActionVariant;
  /** Text of the cancel button. @default 'Cancel' */
  cancelBtnText?: string;
  /** Look of the cancel button. @default 'default' */
  cancelBtnVariant?: ModalActionVariant;
  /**
   * The message as HTML, shown instead of `message`. It is always sanitised with `sanitizeHtml`
   * (default profile) before it reaches the page.
   */
  messageHtml?: string;
  /** Leaves out the cancel button (Escape, the close button and outside clicks still cancel). @default false */
  hideCancel?: boolean;
  /** @default 'sm' */
  size?: ModalSize;
  /** Closes the modal when aborted (the promise then resolves `false`), e.g. when a page part unmounts. */
  signal?: AbortSignal;
}

interface ConfirmModalProps extends Omit<ConfirmActionOptions, 'messageHtml'> {
  message: string;
  /** `messageHtml` after sanitizeHtml. */
  safeHtml?: string;
  onConfirm: () => void;
  onHidden: () => void;
}

function ConfirmModal({
  message,
  title,
  primaryBtnText = CONFIRM_ACTION_DEFAULTS.primaryBtnText,
  primaryBtnVariant = CONFIRM_ACTION_DEFAULTS.primaryBtnVariant,
  secondaryBtnText,
  secondaryBtnVariant = CONFIRM_ACTION_DEFAULTS.secondaryBtnVariant,
  cancelBtnText = CONFIRM_ACTION_DEFAULTS.cancelBtnText,
  cancelBtnVariant = CONFIRM_ACTION_DEFAULTS.cancelBtnVariant,
  safeHtml,
  hideCancel = false,
  size = CONFIRM_ACTION_DEFAULTS.size,
  signal,
  onConfirm,
  onHidden,
}: ConfirmModalProps) {
  const messageId = useId();
  const [open, setOpen] = useOpenUntilAborted(signal);
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      role="alertdialog"
      title={title || undefined}
      aria-labelledby={title ? undefined : messageId}
      size={size}
      className="fk-confirm-action"
      actionPrimary={{ text: primaryBtnText, variant: primaryBtnVariant, onClick: onConfirm }}
      actionSecondary={secondaryBtnText ? { text: secondaryBtnText, variant: secondaryBtnVariant } : undefined}
      actionCancel={hideCancel ? undefined : { text: cancelBtnText, variant: cancelBtnVariant }}
      onHidden={onHidden}
    >
      {safeHtml !== undefined ? (
        <div id={messageId} className="fk-modal__message" dangerouslySetInnerHTML={{ __html: safeHtml }} />
      ) : (
        <p id={messageId} className="fk-modal__message">
          {message}
        </p>
      )}
    </Modal>
  );
}

/**
 * Asks for a confirmation in a modal and resolves `true` when the primary button is chosen,
 * `false` when the modal closes any other way: cancel, secondary, Escape, outside click or the
 * close button (spec section 4, "Modal confirm helper: true if confirmed, false if closed without
 * confirming"). It mounts its own React root in a container appended to `document.body` and
 * removes both once the modal has closed; the promise settles then.
 *
 * An aborted `options.signal` closes it (resolving `false`). Rejects with a `TypeError` when there
 * is no message (neither `message` nor `messageHtml`), and with an `Error` where there is no DOM
 * (on a server).
 */
export function confirmAction(message: string, options: ConfirmActionOptions = {}): Promise<boolean> {
  const text = typeof message === 'string' ? message.trim() : '';
  const html = typeof options.messageHtml === 'string' ? options.messageHtml.trim() : '';
  if (!text && !html) {
    return Promise.reject(
      new TypeError(
        `confirmAction needs a message: a non-empty string (or options.messageHtml); got ${JSON.stringify(message)}.`,
      ),
    );
  }
  if (typeof document === 'undefined') {
    return Promise.reject(new Error('confirmAction needs a browser DOM; it cannot run on a server.'));
  }
  const { messageHtml: _html, ...rest } = options;
  const show = (safeHtml?: string) =>
    new Promise<boolean>((resolve) => {
      if (options.signal?.aborted) {
        resolve(false);
        return;
      }
      let confirmed = false;
      renderInOwnRoot('data-fk-confirm-action', (remove) => (
        <ConfirmModal
          {...rest}
          message={text}
          safeHtml={safeHtml}
          onConfirm={() => {
            confirmed = true;
          }}
          onHidden={() => remove(() => resolve(confirmed))}
        />
      ));
    });
  if (!html) return show();
  // The sanitiser (DOMPurify) loads only when an HTML message needs it.
  return import('../../utils/sanitize').then(({ sanitizeHtml }) => show(sanitizeHtml(html)));
}
