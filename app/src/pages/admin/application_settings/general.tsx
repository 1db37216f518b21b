/**
 * `admin:application_settings:general` (`/admin/application_settings/general`): a few of the
 * instance's settings (`GET`/`PUT /application/settings`): sign-up, default project visibility,
 * projects limit, home page URL and the version check.
 */
import { Alert, Button, Form, TextField } from 'forgekit';
import { api, restClient, type Visibility } from 'forgekit/client';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { AdminLayout } from '../../../layout/layouts.tsx';
import { clientFor } from '../../../page.ts';
import { VISIBILITY_NAMES, apiErrorMessage } from '../../projects/settings/project.ts';
import { requireAdmin } from '../admin.ts';

/** The page's texts (GitLab's). */
export const APPLICATION_SETTINGS_TEXT = {
  title: 'General',
  signUp: 'Sign-up enabled',
  defaultProjectVisibility: 'Default project visibility',
  projectsLimit: 'Default projects limit',
  homePageUrl: 'Home page URL',
  homePageUrlHelp: 'Direct non-authenticated users to this page.',
  versionCheck: 'Enable version check',
  save: 'Save changes',
  saved: 'Application settings saved successfully',
  failed: 'An error occurred while saving the settings.',
} as const;

/** The settings this page edits (of the many GitLab has). */
export interface GeneralSettings {
  signup_enabled: boolean;
  default_project_visibility: Visibility;
  default_projects_limit: number;
  home_page_url: string | null;
  version_check_enabled: boolean;
}

export async function loader(args: LoaderFunctionArgs) {
  await requireAdmin(args);
  const { data: settings } = await clientFor(args).get<GeneralSettings>(api`/application/settings`);
  return { settings };
}

export function Component() {
  const { settings } = useLoaderData() as { settings: GeneralSettings };
  const revalidator = useRevalidator();
  const [status, setStatus] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const changes: GeneralSettings = {
      signup_enabled: form.get('signup_enabled') === 'on',
      default_project_visibility: form.get('default_project_visibility') as Visibility,
      default_projects_limit: Number(form.get('default_projects_limit')),
      home_page_url: (form.get('home_page_url') as string) || null,
      version_check_enabled: form.get('version_check_enabled') === 'on',
    };
    setPending(true);
    try {
      await restClient.put(api`/application/settings`, changes);
      setStatus({ variant: 'success', text: APPLICATION_SETTINGS_TEXT.saved });
      await revalidator.revalidate();
    } catch (failure) {
      setStatus({ variant: 'danger', text: apiErrorMessage(failure, APPLICATION_SETTINGS_TEXT.failed) });
    }
    setPending(false);
  }

  return (
    <AdminLayout current="settings" title={APPLICATION_SETTINGS_TEXT.title}>
      <h1>{APPLICATION_SETTINGS_TEXT.title}</h1>
      {status ? <Alert variant={status.variant}>{status.text}</Alert> : null}
      <Form onSubmit={save} aria-label={APPLICATION_SETTINGS_TEXT.title}>
        <label>
          <input type="checkbox" name="signup_enabled" defaultChecked={settings.signup_enabled} />{' '}
          {APPLICATION_SETTINGS_TEXT.signUp}
        </label>
        <label>
          {APPLICATION_SETTINGS_TEXT.defaultProjectVisibility}
          <select name="default_project_visibility" defaultValue={settings.default_project_visibility}>
            {(Object.keys(VISIBILITY_NAMES) as Visibility[]).map((visibility) => (
              <option key={visibility} value={visibility}>
                {VISIBILITY_NAMES[visibility]}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={APPLICATION_SETTINGS_TEXT.projectsLimit}
          name="default_projects_limit"
          type="number"
          min={0}
          defaultValue={String(settings.default_projects_limit)}
          required
        />
        <TextField
          label={APPLICATION_SETTINGS_TEXT.homePageUrl}
          description={APPLICATION_SETTINGS_TEXT.homePageUrlHelp}
          name="home_page_url"
          type="url"
          defaultValue={settings.home_page_url ?? ''}
        />
        <label>
          <input type="checkbox" name="version_check_enabled" defaultChecked={settings.version_check_enabled} />{' '}
          {APPLICATION_SETTINGS_TEXT.versionCheck}
        </label>
        <Button type="submit" variant="confirm" disabled={pending}>
          {APPLICATION_SETTINGS_TEXT.save}
        </Button>
      </Form>
    </AdminLayout>
  );
}
