/**
 * `profiles:preferences:show`: the signed-in user's preferences at `/-/profile/preferences`:
 * colour mode (light, dark, auto) and time format (the system's, 12-hour, 24-hour), saved
 * through GitLab's form route (`PUT /-/profile/preferences` with `user: {color_mode_id,
 * time_display_format}`). The new colour mode applies at once to `<html data-color-mode>`.
 */
import { Alert, Button, Form } from 'forgekit';
import { restClient } from 'forgekit/client';
import { useState, type FormEvent } from 'react';
import { type LoaderFunctionArgs } from 'react-router';
import { UserSettingsLayout } from '../../../layout/layouts.tsx';
import type { ColorMode, ShellPreferences } from '../../../page.ts';
import { useRootData } from '../../../root.tsx';
import { requireSignIn } from '../../../session.ts';
import { serverMessage } from '../../users/serverMessage.ts';

/** Where the form saves (GitLab's route; the page's own path). */
export const PREFERENCES_PATH = '/-/profile/preferences';
/** GitLab's colour mode ids (`Gitlab::ColorModes`). */
export const COLOR_MODE_IDS = { light: 1, dark: 2, auto: 3 } as const satisfies Record<ColorMode, number>;
/** GitLab's time display formats (spec section 9: 1 means 12-hour, 2 means 24-hour; 0 the system's). */
export const TIME_DISPLAY_FORMATS = { system: 0, '12h': 1, '24h': 2 } as const satisfies Record<
  ShellPreferences['timeFormat'],
  number
>;

/** The page's texts (GitLab's). */
export const PREFERENCES_TEXT = {
  title: 'Preferences',
  colorMode: 'Color mode',
  colorModes: { light: 'Light', dark: 'Dark', auto: 'Auto' },
  timeFormat: 'Time format',
  timeFormats: { system: 'System', '12h': '12-hour: 2:34 PM', '24h': '24-hour: 14:34' },
  submit: 'Save changes',
  failed: 'Failed to save preferences.',
} as const;

export function loader(args: LoaderFunctionArgs) {
  requireSignIn(args);
  return null;
}

function Choices<K extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: Record<K, string>;
  value: K;
  onChange: (value: K) => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {(Object.keys(options) as K[]).map((key) => (
        <div key={key}>
          <label>
            <input type="radio" name={name} value={key} checked={value === key} onChange={() => onChange(key)} />{' '}
            {options[key]}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

export function Component() {
  const { preferences } = useRootData();
  const [colorMode, setColorMode] = useState<ColorMode>(preferences.colorMode);
  const [timeFormat, setTimeFormat] = useState(preferences.timeFormat);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setNotice(null);
    setError(null);
    try {
      const { data } = await restClient.put<{ message: string }>(PREFERENCES_PATH, {
        user: { color_mode_id: COLOR_MODE_IDS[colorMode], time_display_format: TIME_DISPLAY_FORMATS[timeFormat] },
      });
      // The document's data never reloads in the browser: apply the colour mode here.
      document.documentElement.dataset.colorMode = colorMode;
      setNotice(data.message);
    } catch (failure) {
      setError(serverMessage(failure, PREFERENCES_TEXT.failed));
    } finally {
      setPending(false);
    }
  }

  return (
    <UserSettingsLayout current="preferences" title={PREFERENCES_TEXT.title}>
      <h1>{PREFERENCES_TEXT.title}</h1>
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <Form onSubmit={save} aria-label={PREFERENCES_TEXT.title} keepSubmitEnabled>
        <Choices
          legend={PREFERENCES_TEXT.colorMode}
          name="color_mode"
          options={PREFERENCES_TEXT.colorModes}
          value={colorMode}
          onChange={setColorMode}
        />
        <Choices
          legend={PREFERENCES_TEXT.timeFormat}
          name="time_format"
          options={PREFERENCES_TEXT.timeFormats}
          value={timeFormat}
          onChange={setTimeFormat}
        />
        <Button type="submit" variant="confirm" disabled={pending}>
          {PREFERENCES_TEXT.submit}
        </Button>
      </Form>
    </UserSettingsLayout>
  );
}
