import clsx from 'clsx';
import { Fragment, useId } from 'react';
import { Modal, type ModalProps } from '../Modal';
import { KEY_CHORD_SEPARATOR, KEYBOARD_SHORTCUT_GROUPS, type KeyboardShortcutGroup } from './shortcuts';
import './KeyboardShortcutsDialog.css';

/** Texts, for translation: the title, and the words between keys. */
export const KEYBOARD_SHORTCUTS_DIALOG_LABELS = { title: 'Keyboard shortcuts', or: 'or', then: 'then' } as const;

export interface KeyboardShortcutsDialogProps extends Pick<
  ModalProps,
  'open' | 'defaultOpen' | 'onOpenChange' | 'className' | 'portalContainer'
> {
  /**
   * The shortcuts, in groups.
   * @default KEYBOARD_SHORTCUT_GROUPS
   */
  groups?: readonly KeyboardShortcutGroup[];
  /**
   * Texts, for translation.
   * @default KEYBOARD_SHORTCUTS_DIALOG_LABELS
   */
  labels?: { title: string; or: string; then: string };
}

/**
 * The keyboard shortcuts help: a `Modal` listing the shortcuts by group, each key in a `<kbd>`.
 * Open it with `useKeyboardShortcutsDialog` (the `?` key).
 */
export function KeyboardShortcutsDialog({
  groups = KEYBOARD_SHORTCUT_GROUPS,
  labels = KEYBOARD_SHORTCUTS_DIALOG_LABELS,
  className,
  ...modalProps
}: KeyboardShortcutsDialogProps) {
  const id = useId();
  return (
    <Modal
      {...modalProps}
      title={labels.title}
      size="lg"
      className={clsx('fk-keyboard-shortcuts', className)}
      data-component="KeyboardShortcutsDialog"
    >
      <div className="fk-keyboard-shortcuts__groups">
        {groups.map((group, index) => (
          <section key={group.title} aria-labelledby={`${id}-${index}`} className="fk-keyboard-shortcuts__group">
            <h3 id={`${id}-${index}`} className="fk-keyboard-shortcuts__title">
              {group.title}
            </h3>
            <dl className="fk-keyboard-shortcuts__list">
              {group.shortcuts.map((shortcut) => (
                <div key={shortcut.description} className="fk-keyboard-shortcuts__row">
                  <dt className="fk-keyboard-shortcuts__keys">
                    {shortcut.keys.map((sequence, alternative) => (
                      <Fragment key={sequence.join(' ')}>
                        {alternative > 0 ? ` ${labels.or} ` : null}
                        {sequence.map((press, position) => (
                          <Fragment key={press}>
                            {position > 0 ? ` ${labels.then} ` : null}
                            {press.split(KEY_CHORD_SEPARATOR).map((key, index) => (
                              <Fragment key={key}>
                                {index > 0 ? KEY_CHORD_SEPARATOR : null}
                                <kbd>{key}</kbd>
                              </Fragment>
                            ))}
                          </Fragment>
                        ))}
                      </Fragment>
                    ))}
                  </dt>
                  <dd className="fk-keyboard-shortcuts__description">{shortcut.description}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Modal>
  );
}
