import clsx from 'clsx';
import {
  createElement,
  useEffect,
  useId,
  useState,
  type ComponentPropsWithoutRef,
  type FormEvent,
  type Ref,
} from 'react';
import type { InitEmojiMapOptions } from '../../emoji/store';
import { useControllableState } from '../../hooks/useControllableState';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { useDataAdapters, useEmojiInitOptions } from '../DataProvider/DataProvider';
import { EmojiPicker } from '../EmojiPicker';
import { TextField } from '../Form';
import { Icon } from '../Icon';
import {
  USER_STATUS_CLEAR_AFTER_OPTIONS,
  USER_STATUS_CLEAR_NEVER,
  USER_STATUS_FORM_TEXTS,
  USER_STATUS_MESSAGE_MAX_LENGTH,
  type UserStatusClearAfter,
} from './constants';
import type { UpdateUserStatusAdapter, UserStatusFormValue, UserStatusUpdate } from './types';
import './UserStatusForm.css';

export type { UpdateUserStatusAdapter, UserStatusFormValue, UserStatusUpdate } from './types';

/** A form with no saved status yet: no emoji, no message, available, never cleared. */
export const EMPTY_USER_STATUS: Readonly<UserStatusFormValue> = Object.freeze({
  emoji: '',
  message: '',
  availability: 'not_set',
  clearStatusAfter: USER_STATUS_CLEAR_NEVER,
});

/** The fields of `value` that differ from `saved`. */
export function userStatusChanges(saved: UserStatusFormValue, value: UserStatusFormValue): UserStatusUpdate {
  const changes: UserStatusUpdate = {};
  for (const key of Object.keys(EMPTY_USER_STATUS) as (keyof UserStatusFormValue)[]) {
    if (value[key] !== saved[key]) Object.assign(changes, { [key]: value[key] });
  }
  return changes;
}

const complete = (value: Partial<UserStatusFormValue> | undefined): UserStatusFormValue => ({
  ...EMPTY_USER_STATUS,
  ...value,
});

/** `idle`, `saving` while the update is on its way, `error` after it failed. */
export type UserStatusFormState = 'idle' | 'saving' | 'error';

export interface UserStatusFormProps extends Omit<
  ComponentPropsWithoutRef<'form'>,
  'onSubmit' | 'onChange' | 'defaultValue' | 'children' | 'onError'
> {
  /** The status (controlled). Missing fields read as empty. @default undefined */
  value?: Partial<UserStatusFormValue>;
  /**
   * The user's saved status, when uncontrolled: the form starts from it, and saving sends only
   * what differs from it. @default no emoji, no message, not busy, Never
   */
  defaultValue?: Partial<UserStatusFormValue>;
  /** Called with the whole status on every edit. @default undefined */
  onValueChange?: (value: UserStatusFormValue) => void;
  /**
   * Saves the changed fields (a partial update). @default the `DataProvider`'s `updateUserStatus`
   * (forgekit/client's default PATCHes `user/status`)
   */
  onSave?: UpdateUserStatusAdapter;
  /** Called after a successful save with the status now saved. @default undefined */
  onSaved?: (value: UserStatusFormValue) => void;
  /** Called with the reason of a failed save (the form shows its error alert too). @default console.error */
  onError?: (error: unknown) => void;
  /**
   * Options for the emoji map (the picker and the chosen emoji's `<gl-emoji>`).
   * @default the `DataProvider`'s custom emoji adapter, else the emoji store's defaults
   */
  initOptions?: InitEmojiMapOptions;
  ref?: Ref<HTMLFormElement>;
}

/**
 * `<gl-emoji data-name>`, empty: the element draws the emoji itself once the emoji map is loaded,
 * so React owns no children there and hydration compares nothing inside.
 */
function StatusEmoji({ name }: { name: string }) {
  return createElement('gl-emoji', {
    className: 'fk-user-status-form__emoji',
    'data-name': name,
    'aria-hidden': 'true',
    dangerouslySetInnerHTML: { __html: '' },
    suppressHydrationWarning: true,
  });
}

/**
 * The user status form (GitLab's "Set a status"): an emoji from the emoji picker and a message,
 * busy or not, and when the status clears itself (Never first, then 30 minutes to 30 days).
 * Submitting saves only the changed fields through `onSave` or the `DataProvider`'s
 * `updateUserStatus`; a failure keeps the input and shows an error alert. Clear status empties
 * the emoji and the message. Put it in a `Modal` for the modal flavour.
 */
export function UserStatusForm({
  value: valueProp,
  defaultValue,
  onValueChange,
  onSave,
  onSaved,
  onError,
  initOptions,
  className,
  ref,
  ...rest
}: UserStatusFormProps) {
  const adapters = useDataAdapters();
  const providerEmojiOptions = useEmojiInitOptions();
  const emojiOptions = initOptions ?? providerEmojiOptions;
  const [value, setValue] = useControllableState({
    value: valueProp === undefined ? undefined : complete(valueProp),
    defaultValue: complete(defaultValue),
    onChange: onValueChange,
  });
  // What the server has: the starting value, then each saved one.
  const [saved, setSaved] = useState(() => complete(defaultValue ?? valueProp));
  const [state, setState] = useState<UserStatusFormState>('idle');
  const id = useId();

  // `<gl-emoji>`'s code and the emoji store load after hydration (the element draws the chosen
  // emoji then): a page showing the form does not carry them in its first load.
  useEffect(() => {
    void import('../../emoji/glEmoji').then(({ defineGlEmoji }) => defineGlEmoji(emojiOptions));
  }, [emojiOptions]);

  const update = (changes: Partial<UserStatusFormValue>) => setValue((current) => ({ ...current, ...changes }));

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === 'saving') return;
    const submitted = value;
    const changes = userStatusChanges(saved, submitted);
    setState('saving');
    try {
      if (Object.keys(changes).length > 0) {
        const adapter = onSave ?? adapters.updateUserStatus;
        if (!adapter)
          throw new Error('forgekit: UserStatusForm needs `onSave` or a DataProvider with `updateUserStatus`.');
        await adapter(changes);
      }
      setSaved(submitted);
      setState('idle');
      onSaved?.(submitted);
    } catch (error) {
      setState('error');
      if (onError) onError(error);
      else console.error(error);
    }
  };

  const isSaving = state === 'saving';
  const hasStatus = value.emoji !== '' || value.message !== '';
  const busyId = `${id}-busy`;
  const clearAfterId = `${id}-clear-after`;

  return (
    <form
      {...rest}
      ref={ref}
      className={clsx('fk-user-status-form', className)}
      data-component="UserStatusForm"
      data-state={state}
      aria-busy={isSaving || undefined}
      onSubmit={save}
    >
      <div className="fk-user-status-form__status">
        <TextField
          label={USER_STATUS_FORM_TEXTS.messageLabel}
          placeholder={USER_STATUS_FORM_TEXTS.messagePlaceholder}
          maxLength={USER_STATUS_MESSAGE_MAX_LENGTH}
          value={value.message}
          onChange={(message) => update({ message })}
          className="fk-user-status-form__message"
          start={
            <EmojiPicker
              toggleLabel={USER_STATUS_FORM_TEXTS.emojiLabel}
              toggleContent={value.emoji ? <StatusEmoji name={value.emoji} /> : <Icon name="smile" />}
              initOptions={emojiOptions}
              onSelect={(emoji) => update({ emoji })}
              className="fk-user-status-form__emoji-toggle"
              data-component="UserStatusForm.Emoji"
              data-emoji={value.emoji || undefined}
            />
          }
        />
        {hasStatus ? (
          <Button
            aria-label={USER_STATUS_FORM_TEXTS.clearStatus}
            title={USER_STATUS_FORM_TEXTS.clearStatus}
            className="fk-user-status-form__clear"
            data-component="UserStatusForm.Clear"
            onClick={() => update({ emoji: '', message: '' })}
          >
            <Icon name="close" />
          </Button>
        ) : null}
      </div>

      <div className="fk-user-status-form__availability" data-component="UserStatusForm.Availability">
        <input
          type="checkbox"
          id={busyId}
          className="fk-user-status-form__checkbox"
          checked={value.availability === 'busy'}
          onChange={(event) => update({ availability: event.target.checked ? 'busy' : 'not_set' })}
          aria-describedby={`${busyId}-description`}
        />
        <label htmlFor={busyId} className="fk-user-status-form__label">
          {USER_STATUS_FORM_TEXTS.busyLabel}
        </label>
        <p id={`${busyId}-description`} className="fk-user-status-form__description">
          {USER_STATUS_FORM_TEXTS.busyDescription}
        </p>
      </div>

      <div className="fk-user-status-form__clear-after" data-component="UserStatusForm.ClearAfter">
        <label htmlFor={clearAfterId} className="fk-user-status-form__label">
          {USER_STATUS_FORM_TEXTS.clearAfterLabel}
        </label>
        <select
          id={clearAfterId}
          className="fk-user-status-form__select"
          value={value.clearStatusAfter}
          onChange={(event) => update({ clearStatusAfter: event.target.value as UserStatusClearAfter })}
        >
          {USER_STATUS_CLEAR_AFTER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>

      {state === 'error' ? <Alert variant="danger">{USER_STATUS_FORM_TEXTS.saveError}</Alert> : null}

      <div className="fk-user-status-form__actions">
        {/* Busy, not disabled, while saving: focus stays on the button instead of falling to <body>. */}
        <Button type="submit" variant="confirm" loading={isSaving}>
          {USER_STATUS_FORM_TEXTS.submit}
        </Button>
      </div>
    </form>
  );
}
