/**
 * `user_settings:profiles:show`: the signed-in user's profile at `/-/user_settings/profile`:
 * the status (the library's UserStatusForm: emoji, message, busy, clear after) and the public
 * profile fields, saved through GitLab's form route (`PUT /-/user_settings/profile` with
 * `user: {...}`, answered as JSON).
 */
import { Alert, Button, Form, TextField, UserStatusForm, type UserStatusFormValue } from 'forgekit';
import { api, createDefaultAdapters, restClient, type User, type UserStatus } from 'forgekit/client';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { UserSettingsLayout } from '../../../layout/layouts.tsx';
import { clientFor, getOrNull } from '../../../page.ts';
import { requireSignIn } from '../../../session.ts';
import { serverMessage } from '../../users/serverMessage.ts';

/** Where the form saves (GitLab's route; the page's own path). */
export const PROFILE_SETTINGS_PATH = '/-/user_settings/profile';

/** The page's texts (GitLab's). */
export const PROFILE_SETTINGS_TEXT = {
  title: 'Edit profile',
  status: 'Current status',
  statusHelp: 'This emoji and message will appear on your profile and throughout the interface.',
  statusSaved: 'Status updated.',
  main: 'Main settings',
  name: 'Full name',
  pronouns: 'Pronouns',
  bio: 'Bio',
  location: 'Location',
  website: 'Website url',
  jobTitle: 'Job title',
  organization: 'Organization',
  submit: 'Update profile settings',
  saved: 'Profile was successfully updated',
  failed: 'Failed to save the profile.',
} as const;

/** The profile fields of the form, in GitLab's names and order (the name is required). */
const FIELDS = [
  { name: 'name', label: PROFILE_SETTINGS_TEXT.name },
  { name: 'pronouns', label: PROFILE_SETTINGS_TEXT.pronouns },
  { name: 'location', label: PROFILE_SETTINGS_TEXT.location },
  { name: 'website_url', label: PROFILE_SETTINGS_TEXT.website, type: 'url' },
  { name: 'job_title', label: PROFILE_SETTINGS_TEXT.jobTitle },
  { name: 'organization', label: PROFILE_SETTINGS_TEXT.organization },
] as const satisfies readonly { name: keyof User; label: string; type?: string }[];

export async function loader(args: LoaderFunctionArgs) {
  requireSignIn(args);
  const client = clientFor(args);
  const [user, status] = await Promise.all([
    client.get<User>(api`/user`).then((response) => response.data),
    getOrNull<UserStatus>(client, api`/user/status`),
  ]);
  return { user, status };
}

/** The saved status as the form reads it (no automatic clearing unless the server has a time). */
function statusValue(status: UserStatus | null): Partial<UserStatusFormValue> {
  return {
    emoji: status?.emoji ?? '',
    message: status?.message ?? '',
    availability: status?.availability ?? 'not_set',
  };
}

export function Component() {
  const { user, status } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const changes = Object.fromEntries(
      [...FIELDS.map((field) => field.name), 'bio'].map((name) => [name, String(form.get(name) ?? '')]),
    );
    setPending(true);
    setNotice(null);
    setError(null);
    try {
      const { data } = await restClient.put<{ message: string }>(PROFILE_SETTINGS_PATH, { user: changes });
      setNotice(data.message);
      await revalidator.revalidate();
    } catch (failure) {
      setError(serverMessage(failure, PROFILE_SETTINGS_TEXT.failed));
    } finally {
      setPending(false);
    }
  }

  return (
    <UserSettingsLayout current="profile" title={PROFILE_SETTINGS_TEXT.title}>
      <h1>{PROFILE_SETTINGS_TEXT.title}</h1>
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <section aria-labelledby="profile-status">
        <h2 id="profile-status">{PROFILE_SETTINGS_TEXT.status}</h2>
        <p>{PROFILE_SETTINGS_TEXT.statusHelp}</p>
        <UserStatusForm
          defaultValue={statusValue(status)}
          onSave={(update) => createDefaultAdapters().updateUserStatus(update)}
          onSaved={() => setNotice(PROFILE_SETTINGS_TEXT.statusSaved)}
        />
      </section>
      <section aria-labelledby="profile-main">
        <h2 id="profile-main">{PROFILE_SETTINGS_TEXT.main}</h2>
        <Form onSubmit={save} aria-labelledby="profile-main" keepSubmitEnabled>
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              name={field.name}
              type={'type' in field ? field.type : 'text'}
              defaultValue={user[field.name] ?? ''}
              required={field.name === 'name'}
            />
          ))}
          <label>
            {PROFILE_SETTINGS_TEXT.bio}
            <textarea name="bio" defaultValue={user.bio ?? ''} />
          </label>
          <Button type="submit" variant="confirm" disabled={pending}>
            {PROFILE_SETTINGS_TEXT.submit}
          </Button>
        </Form>
      </section>
    </UserSettingsLayout>
  );
}
