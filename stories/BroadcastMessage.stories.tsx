import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import {
  BroadcastMessage,
  BROADCAST_MESSAGE_THEMES,
  BROADCAST_MESSAGE_TYPES,
  type BroadcastMessageDismissal,
} from '../src/components/BroadcastMessage';
import { removeCookie } from '../src/utils/storage';
import { BROADCAST_BANNERS_HEIGHT_PROPERTY } from '../src/tokens';

// Links carry a class as the product's rendered HTML does (GitLab UI's `gl-link`); the story
// canvas colours class-less links itself, over the component's layered styles.
const MESSAGE =
  'Scheduled maintenance on <strong>Saturday 14 June, 02:00–04:00 UTC</strong>: Git operations may be slow. ' +
  '<a class="gl-link" href="#maintenance">Read the announcement</a>';

const COOKIE_KEYS = ['hide_broadcast_message_41', 'hide_broadcast_message_42', 'hide_broadcast_message_43'];

/** A dismissal adapter that records what it would send. */
const recordingSend = (sent: string[]) => (path: string, payload: BroadcastMessageDismissal) => {
  sent.push(`POST ${path} ${JSON.stringify(payload)}`);
  return Promise.resolve();
};

const meta = {
  title: 'Components/BroadcastMessage',
  component: BroadcastMessage,
  args: {
    id: 40,
    messageHtml: MESSAGE,
    cookieKey: 'hide_broadcast_message_40',
    expireDate: '2030-06-15T04:00:00.000Z',
    type: 'banner',
    theme: 'indigo',
    isDismissible: false,
    sendDismissal: () => Promise.resolve(),
  },
  argTypes: {
    type: { control: 'radio', options: BROADCAST_MESSAGE_TYPES },
    theme: { control: 'select', options: BROADCAST_MESSAGE_THEMES },
  },
  beforeEach: () => {
    for (const key of ['hide_broadcast_message_40', ...COOKIE_KEYS]) removeCookie(key);
  },
  // The sanitiser loads on first use; wait for the message markup (its links) before the screenshot.
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('link'))[0]).toBeVisible();
  },
  parameters: {
    docs: {
      description: {
        component:
          'An instance-wide announcement set by administrators: a full-width **banner** at the top of every ' +
          'page, or a **notification** card (placed by the page, usually in a fixed corner). **Themes:** indigo ' +
          '(default), light-indigo, blue, light-blue, green, light-green, red, light-red, dark, light; each is a ' +
          'fixed colour pair from the palette that passes WCAG AA in light and dark mode, and links and the focus ' +
          "ring take the theme's text colour.\n\n" +
          '**Message:** `messageHtml` from the server, always through `sanitizeHtml`. The sanitiser (DOMPurify) ' +
          'loads on first use in its own chunk; on the server, during hydration and until it has loaded, the ' +
          'plain text is shown, and the sanitised markup replaces it.\n\n' +
          '**Dismissing**, when `isDismissible`: sets the cookie `{cookieKey}=true` ' +
          'expiring at `expireDate`; POSTs `{ broadcast_message_id, expires_at }` to `dismissalPath` when one is ' +
          'configured (a same-origin path only: anything else is refused with a console error, and the path is ' +
          'never built from the message); removes the message; and writes the total height of the remaining ' +
          `banners to \`${BROADCAST_BANNERS_HEIGHT_PROPERTY}\` on \`<html>\`, which sticky headers and the ` +
          'scroll-to-hash offset read. A failed POST goes to `reportError` (error tracking; default ' +
          '`console.error`) and is never shown to the user. A message whose cookie is set renders nothing.\n\n' +
          '**Keyboard:** links in the message and the close button (named "Dismiss") are in the Tab order; when ' +
          'the message holding focus goes, focus moves to the next focusable element.',
      },
    },
  },
} satisfies Meta<typeof BroadcastMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = { args: { isDismissible: true, theme: 'light-blue' } };

const THEME_COPY: Record<(typeof BROADCAST_MESSAGE_THEMES)[number], string> = {
  indigo: 'Scheduled maintenance on Saturday: Git operations may be slow.',
  'light-indigo': 'New: merge request reviews now suggest reviewers.',
  blue: 'Our status page has moved to status.example.com.',
  'light-blue': 'Two-factor authentication will be required from 1 July.',
  green: 'The upgrade to 17.2 is complete.',
  'light-green': 'CI/CD minutes were reset for the new month.',
  red: 'Incident: pipelines are delayed. We are investigating.',
  'light-red': 'Container registry cleanup runs tonight.',
  dark: 'Read-only mode for the database migration until 04:00 UTC.',
  light: 'Join the community day on 20 June.',
};

/** Every theme as a dismissible banner, with a link in the message. */
export const BannerThemes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 8 }}>
      {BROADCAST_MESSAGE_THEMES.map((theme, index) => (
        <BroadcastMessage
          key={theme}
          {...args}
          id={100 + index}
          cookieKey={`hide_broadcast_message_${100 + index}`}
          theme={theme}
          isDismissible
          messageHtml={`${THEME_COPY[theme]} <a class="gl-link" href="#more">Learn more</a>`}
        />
      ))}
    </div>
  ),
};

/** Every theme as a notification card. */
export const NotificationThemes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, max-content)', gap: 16 }}>
      {BROADCAST_MESSAGE_THEMES.map((theme, index) => (
        <BroadcastMessage
          key={theme}
          {...args}
          id={200 + index}
          cookieKey={`hide_broadcast_message_${200 + index}`}
          type="notification"
          theme={theme}
          isDismissible
          messageHtml={`${THEME_COPY[theme]} <a class="gl-link" href="#more">Learn more</a>`}
        />
      ))}
    </div>
  ),
};

/** Not dismissible: no close button (the default, as in the product's admin form). */
export const NotDismissible: Story = { args: { theme: 'dark', isDismissible: false } };

function DismissDemo({ send, reportError }: { send?: 'ok' | 'fail'; reportError?: boolean }) {
  const [sent] = useState<string[]>([]);
  const [log, setLog] = useState<string[]>([]);
  const note = (line: string) => setLog((lines) => [...lines, line]);
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      {COOKIE_KEYS.slice(0, 2).map((cookieKey, index) => (
        <BroadcastMessage
          key={cookieKey}
          id={41 + index}
          cookieKey={cookieKey}
          expireDate="2030-06-15T04:00:00.000Z"
          dismissalPath={`/-/broadcast_messages/${41 + index}/dismiss`}
          theme={index === 0 ? 'indigo' : 'light-green'}
          isDismissible
          messageHtml={index === 0 ? MESSAGE : 'CI/CD minutes were reset for the new month.'}
          sendDismissal={
            send === 'fail'
              ? () => Promise.reject(new Error('Request failed with status code 500'))
              : recordingSend(sent)
          }
          reportError={reportError ? (error) => note(`Reported to error tracking: ${String(error)}`) : undefined}
          onDismiss={() => {
            // The height is recomputed once the banner has left the DOM.
            requestAnimationFrame(() => {
              const height = document.documentElement.style.getPropertyValue(BROADCAST_BANNERS_HEIGHT_PROPERTY);
              note(`${sent.join('; ') || 'Dismissed'}. Banners height: ${height}`);
            });
          }}
        />
      ))}
      <output aria-label="Events" style={{ whiteSpace: 'pre-wrap' }}>
        {log.join('\n')}
      </output>
    </div>
  );
}

/**
 * Dismissing: the cookie is set until the expire date, the dismissal is POSTed, the banner goes
 * and the remaining banners' height is written to `--fk-broadcast-banners-height`.
 */
export const Dismissal: Story = {
  render: () => <DismissDemo send="ok" />,
  play: async ({ canvas }) => {
    await canvas.findByRole('link', { name: 'Read the announcement' });
    const [first] = await canvas.findAllByRole('button', { name: 'Dismiss' });
    await userEvent.click(first!);
    await waitFor(() => expect(canvas.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(1));
    await expect(document.cookie).toContain('hide_broadcast_message_41=true');
    const events = canvas.getByRole('status', { name: 'Events' });
    await waitFor(() =>
      expect(events).toHaveTextContent(
        'POST /-/broadcast_messages/41/dismiss {"broadcast_message_id":41,"expires_at":"2030-06-15T04:00:00.000Z"}',
      ),
    );
    await expect(events).toHaveTextContent(/Banners height: [1-9]\d*px/);
  },
};

/**
 * A failed dismissal request is reported to error tracking (`reportError`), never shown: the
 * banner still goes, and the cookie keeps it gone.
 */
export const FailedDismissal: Story = {
  render: () => <DismissDemo send="fail" reportError />,
  play: async ({ canvas }) => {
    await canvas.findByRole('link', { name: 'Read the announcement' });
    const [first] = await canvas.findAllByRole('button', { name: 'Dismiss' });
    await userEvent.click(first!);
    const events = canvas.getByRole('status', { name: 'Events' });
    await waitFor(() =>
      expect(events).toHaveTextContent('Reported to error tracking: Error: Request failed with status code 500'),
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(1);
  },
};
