// UserStatusForm in jsdom: the fields, the clear-status list (Never first), availability, the
// partial update sent on submit (only the changed fields), saving and error states, the adapter
// from the DataProvider. Picking an emoji in the real picker: the Emoji story's play function.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataProvider } from '../src/components/DataProvider';
import {
  USER_STATUS_CLEAR_AFTER_OPTIONS,
  USER_STATUS_FORM_TEXTS,
  USER_STATUS_MESSAGE_MAX_LENGTH,
  UserStatusForm,
  type UserStatusFormValue,
  type UserStatusUpdate,
} from '../src/components/UserStatusForm';

const T = USER_STATUS_FORM_TEXTS;
const message = () => screen.getByRole('textbox', { name: T.messageLabel });
const busy = () => screen.getByRole('checkbox', { name: T.busyLabel });
const clearAfter = () => screen.getByRole('combobox', { name: T.clearAfterLabel });
const submit = () => screen.getByRole('button', { name: T.submit });
const form = () => document.querySelector('[data-component="UserStatusForm"]')!;

/** An adapter whose calls the test settles. */
function deferredAdapter() {
  const calls: { update: UserStatusUpdate; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const adapter = vi.fn(
    (update: UserStatusUpdate) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ update, resolve: () => resolve(), reject });
      }),
  );
  return { adapter, calls };
}

describe('UserStatusForm', () => {
  it('has the emoji toggle, the message, busy with its description, the clear-after list and the submit', () => {
    render(<UserStatusForm onSave={async () => {}} />);
    expect(screen.getByRole('button', { name: T.emojiLabel })).toHaveAttribute('data-component', 'EmojiPicker');
    expect(message()).toHaveAttribute('placeholder', "What's your status?");
    expect(message()).toHaveAttribute('maxlength', String(USER_STATUS_MESSAGE_MAX_LENGTH));
    expect(busy()).not.toBeChecked();
    expect(busy()).toHaveAccessibleDescription('Displays that you are busy or not able to respond');
    expect(submit()).toHaveAttribute('type', 'submit');
    expect(form()).toHaveAttribute('data-state', 'idle');
    // Nothing to clear yet.
    expect(screen.queryByRole('button', { name: T.clearStatus })).toBeNull();
  });

  it('lists Never first, then 30 minutes to 30 days with GitLab API values; Never is the default', () => {
    render(<UserStatusForm onSave={async () => {}} />);
    const options = within(clearAfter()).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => [option.textContent, option.value])).toEqual([
      ['Never', 'never'],
      ['30 minutes', '30_minutes'],
      ['3 hours', '3_hours'],
      ['8 hours', '8_hours'],
      ['1 day', '1_day'],
      ['3 days', '3_days'],
      ['7 days', '7_days'],
      ['30 days', '30_days'],
    ]);
    expect(USER_STATUS_CLEAR_AFTER_OPTIONS[0]).toEqual({ value: 'never', label: 'Never' });
    expect(clearAfter()).toHaveValue('never');
  });

  it('starts from the saved status and sends only what changed (a partial update)', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async (_update: UserStatusUpdate) => {});
    const onSaved = vi.fn();
    render(
      <UserStatusForm
        defaultValue={{ emoji: 'coffee', message: 'On a break', availability: 'not_set' }}
        onSave={onSave}
        onSaved={onSaved}
      />,
    );
    expect(message()).toHaveValue('On a break');
    expect(screen.getByRole('button', { name: T.emojiLabel })).toHaveAttribute('data-emoji', 'coffee');

    await user.click(busy());
    await user.selectOptions(clearAfter(), '3_hours');
    await user.click(submit());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ availability: 'busy', clearStatusAfter: '3_hours' });
    expect(onSaved).toHaveBeenCalledWith({
      emoji: 'coffee',
      message: 'On a break',
      availability: 'busy',
      clearStatusAfter: '3_hours',
    } satisfies UserStatusFormValue);

    // The saved status is the new baseline: the next save sends only the newer change.
    await user.clear(message());
    await user.type(message(), 'Back at 3');
    await user.click(submit());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave).toHaveBeenLastCalledWith({ message: 'Back at 3' });
  });

  it('unticking busy sends availability not_set', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async (_update: UserStatusUpdate) => {});
    render(<UserStatusForm defaultValue={{ availability: 'busy' }} onSave={onSave} />);
    expect(busy()).toBeChecked();
    await user.click(busy());
    await user.click(submit());
    await waitFor(() => expect(onSave).toHaveBeenCalledExactlyOnceWith({ availability: 'not_set' }));
  });

  it('sends nothing when nothing changed, and still reports the save', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {});
    const onSaved = vi.fn();
    render(<UserStatusForm defaultValue={{ message: 'Hi' }} onSave={onSave} onSaved={onSaved} />);
    await user.click(submit());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSave).not.toHaveBeenCalled();
  });

  it('Clear status empties the emoji and the message', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async (_update: UserStatusUpdate) => {});
    render(<UserStatusForm defaultValue={{ emoji: 'coffee', message: 'On a break' }} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: T.clearStatus }));
    expect(message()).toHaveValue('');
    expect(screen.getByRole('button', { name: T.emojiLabel })).not.toHaveAttribute('data-emoji');
    expect(screen.queryByRole('button', { name: T.clearStatus })).toBeNull();
    await user.click(submit());
    await waitFor(() => expect(onSave).toHaveBeenCalledExactlyOnceWith({ emoji: '', message: '' }));
  });

  it('is saving until the adapter settles (submit busy, one request), then shows a failure', async () => {
    const user = userEvent.setup();
    const { adapter, calls } = deferredAdapter();
    const onError = vi.fn();
    render(<UserStatusForm onSave={adapter} onError={onError} />);
    await user.type(message(), 'Out sick');
    await user.click(submit());
    expect(form()).toHaveAttribute('data-state', 'saving');
    expect(form()).toHaveAttribute('aria-busy', 'true');
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
    // A second press while saving sends nothing.
    await user.click(submit());
    expect(adapter).toHaveBeenCalledTimes(1);

    const failure = new Error('Request failed with status code 500');
    calls[0]!.reject(failure);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Sorry, we weren't able to set your status. Please try again later.");
    expect(form()).toHaveAttribute('data-state', 'error');
    expect(onError).toHaveBeenCalledWith(failure);
    // The input stays, and the next try sends the same change again.
    expect(message()).toHaveValue('Out sick');
    await user.click(submit());
    expect(adapter).toHaveBeenCalledTimes(2);
    expect(calls[1]!.update).toEqual({ message: 'Out sick' });
    calls[1]!.resolve();
    await waitFor(() => expect(form()).toHaveAttribute('data-state', 'idle'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves through the DataProvider’s updateUserStatus; its own onSave wins', async () => {
    const user = userEvent.setup();
    const updateUserStatus = vi.fn(async (_update: UserStatusUpdate) => {});
    const { rerender } = render(
      <DataProvider adapters={{ updateUserStatus }}>
        <UserStatusForm />
      </DataProvider>,
    );
    await user.type(message(), 'Hi');
    await user.click(submit());
    await waitFor(() => expect(updateUserStatus).toHaveBeenCalledExactlyOnceWith({ message: 'Hi' }));

    const onSave = vi.fn(async (_update: UserStatusUpdate) => {});
    rerender(
      <DataProvider adapters={{ updateUserStatus }}>
        <UserStatusForm onSave={onSave} />
      </DataProvider>,
    );
    await user.click(busy());
    await user.click(submit());
    await waitFor(() => expect(onSave).toHaveBeenCalledExactlyOnceWith({ availability: 'busy' }));
    expect(updateUserStatus).toHaveBeenCalledTimes(1);
  });

  it('fails visibly without any adapter', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    render(<UserStatusForm onError={onError} />);
    await user.type(message(), 'Hi');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(T.saveError);
    expect(String(onError.mock.calls[0]![0])).toContain('updateUserStatus');
  });

  it('is controllable: value and onValueChange', async () => {
    const user = userEvent.setup();
    const changes: UserStatusFormValue[] = [];
    function Controlled() {
      const [value, setValue] = useState<Partial<UserStatusFormValue>>({ message: 'A' });
      return (
        <UserStatusForm
          value={value}
          onValueChange={(next) => {
            changes.push(next);
            setValue(next.message.length > 3 ? value : next); // refuses messages over 3 characters
          }}
          onSave={async () => {}}
        />
      );
    }
    render(<Controlled />);
    await user.type(message(), 'BCD');
    expect(message()).toHaveValue('ABC');
    expect(changes.at(-1)).toMatchObject({ message: 'ABCD', availability: 'not_set', clearStatusAfter: 'never' });
  });
});
