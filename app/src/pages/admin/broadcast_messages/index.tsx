/**
 * `admin:broadcast_messages:index` (`/admin/broadcast_messages`): administrators write a broadcast
 * message (Markdown text, banner or notification, theme, dismissable, start and end in UTC) with a
 * live preview through the library's BroadcastMessage (the text rendered by `POST /markdown`, as
 * the banner will show it), and list and delete the existing messages.
 */
import {
  Alert,
  BROADCAST_MESSAGE_THEMES,
  BroadcastMessage,
  Button,
  Form,
  TextField,
  formatDate,
  type BroadcastMessageTheme,
} from 'forgekit';
import { api, restClient } from 'forgekit/client';
import { useEffect, useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { AdminLayout } from '../../../layout/layouts.tsx';
import { clientFor } from '../../../page.ts';
import { apiErrorMessage } from '../../projects/settings/project.ts';
import { requireAdmin } from '../admin.ts';
import { confirmAction } from '../../../layout/confirm.ts';

/** The page's texts (GitLab's). */
export const BROADCAST_TEXT = {
  title: 'Broadcast Messages',
  intro: 'Use banners and notifications to notify your users about scheduled maintenance, recent upgrades, and more.',
  message: 'Message',
  type: 'Type',
  types: { banner: 'Banner', notification: 'Notification' },
  theme: 'Theme',
  dismissable: 'Allow users to dismiss the broadcast message',
  startsAt: 'Starts at (UTC)',
  endsAt: 'Ends at (UTC)',
  preview: 'Preview',
  placeholder: 'Your message here',
  add: 'Add broadcast message',
  list: 'Messages',
  empty: 'No broadcast messages',
  delete: 'Delete',
  deleteTitle: 'Delete broadcast message?',
  deleteMessage: (message: string) => `The message "${message}" will stop showing to users.`,
  failed: 'An error occurred while saving the broadcast message.',
  schedule: (starts: string, ends: string) => `${starts} – ${ends}`,
} as const;

/** How long the preview waits after the last keystroke before rendering the text. */
export const PREVIEW_DEBOUNCE_MS = 250;
/** Times are entered and shown in UTC (GitLab's form says so). */
const UTC = { timeZone: 'UTC' } as const;
const MESSAGE_TYPES = ['banner', 'notification'] as const;

/** A message as `GET /broadcast_messages` returns it. */
export interface BroadcastMessageEntity {
  id: number;
  message: string;
  starts_at: string;
  ends_at: string;
  broadcast_type: (typeof MESSAGE_TYPES)[number];
  theme: BroadcastMessageTheme;
  dismissable: boolean;
  active: boolean;
}

export async function loader(args: LoaderFunctionArgs) {
  await requireAdmin(args);
  const { data: messages } = await clientFor(args).get<BroadcastMessageEntity[]>(api`/broadcast_messages`);
  return { messages };
}

/** A `datetime-local` value read as UTC, in ISO 8601; undefined when empty. */
export function utcFromLocalInput(value: FormDataEntryValue | null): string | undefined {
  return value ? new Date(`${String(value)}Z`).toISOString() : undefined;
}

/** The message rendered as the banner will show it (after a pause in typing). */
function usePreviewHtml(message: string): string {
  const [html, setHtml] = useState('');
  useEffect(() => {
    if (!message.trim()) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      restClient
        .post<{ html: string }>(api`/markdown`, { text: message, gfm: true }, { signal: controller.signal })
        .then(({ data }) => setHtml(data.html))
        .catch(() => undefined); // the preview keeps its last text; saving reports errors
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [message]);
  return message.trim() ? html : '';
}

function NewMessageForm({ onAdded }: { onAdded: () => Promise<void> }) {
  const [message, setMessage] = useState('');
  const [type, setType] = useState<(typeof MESSAGE_TYPES)[number]>('banner');
  const [theme, setTheme] = useState<BroadcastMessageTheme>(BROADCAST_MESSAGE_THEMES[0]);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const previewHtml = usePreviewHtml(message);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setPending(true);
    try {
      await restClient.post(api`/broadcast_messages`, {
        message,
        broadcast_type: type,
        theme,
        dismissable: form.get('dismissable') === 'on',
        starts_at: utcFromLocalInput(form.get('starts_at')),
        ends_at: utcFromLocalInput(form.get('ends_at')),
      });
      setError(null);
      setMessage('');
      formElement.reset();
      await onAdded();
    } catch (failure) {
      setError(apiErrorMessage(failure, BROADCAST_TEXT.failed));
    }
    setPending(false);
  }

  return (
    <Form onSubmit={add} aria-label={BROADCAST_TEXT.add} requiresInput>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <label>
        {BROADCAST_TEXT.message}
        <textarea name="message" required value={message} onChange={(event) => setMessage(event.target.value)} />
      </label>
      <label>
        {BROADCAST_TEXT.type}
        <select name="broadcast_type" value={type} onChange={(event) => setType(event.target.value as typeof type)}>
          {MESSAGE_TYPES.map((value) => (
            <option key={value} value={value}>
              {BROADCAST_TEXT.types[value]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {BROADCAST_TEXT.theme}
        <select name="theme" value={theme} onChange={(event) => setTheme(event.target.value as BroadcastMessageTheme)}>
          {BROADCAST_MESSAGE_THEMES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input type="checkbox" name="dismissable" /> {BROADCAST_TEXT.dismissable}
      </label>
      <TextField label={BROADCAST_TEXT.startsAt} name="starts_at" type="datetime-local" />
      <TextField label={BROADCAST_TEXT.endsAt} name="ends_at" type="datetime-local" />
      <section aria-labelledby="broadcast-preview">
        <h2 id="broadcast-preview">{BROADCAST_TEXT.preview}</h2>
        <BroadcastMessage
          id="preview"
          cookieKey="broadcast_message_preview"
          messageHtml={previewHtml || BROADCAST_TEXT.placeholder}
          type={type}
          theme={theme}
        />
      </section>
      <Button type="submit" variant="confirm" disabled={pending}>
        {BROADCAST_TEXT.add}
      </Button>
    </Form>
  );
}

export function Component() {
  const { messages } = useLoaderData() as { messages: BroadcastMessageEntity[] };
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);

  async function remove(message: BroadcastMessageEntity) {
    const confirmed = await confirmAction(BROADCAST_TEXT.deleteMessage(message.message), {
      title: BROADCAST_TEXT.deleteTitle,
      primaryBtnText: BROADCAST_TEXT.delete,
      primaryBtnVariant: 'danger',
    });
    if (!confirmed) return;
    try {
      await restClient.delete(api`/broadcast_messages/${message.id}`);
      setError(null);
      await revalidator.revalidate();
    } catch (failure) {
      setError(apiErrorMessage(failure, BROADCAST_TEXT.failed));
    }
  }

  const when = (time: string) => formatDate(time, 'mmm dd, yyyy HH:MM', UTC);
  return (
    <AdminLayout current="broadcast_messages" title={BROADCAST_TEXT.title}>
      <h1>{BROADCAST_TEXT.title}</h1>
      <p>{BROADCAST_TEXT.intro}</p>
      <NewMessageForm onAdded={() => revalidator.revalidate()} />
      <h2>{BROADCAST_TEXT.list}</h2>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      {messages.length === 0 ? (
        <p>{BROADCAST_TEXT.empty}</p>
      ) : (
        <ul aria-label={BROADCAST_TEXT.list}>
          {messages.map((message) => (
            <li key={message.id} data-broadcast-id={message.id}>
              <p>{message.message}</p>
              <p>
                {BROADCAST_TEXT.types[message.broadcast_type]} · {message.theme} ·{' '}
                {BROADCAST_TEXT.schedule(when(message.starts_at), when(message.ends_at))}
              </p>
              <Button
                variant="danger"
                aria-label={`${BROADCAST_TEXT.delete} ${message.message}`}
                onClick={() => void remove(message)}
              >
                {BROADCAST_TEXT.delete}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </AdminLayout>
  );
}
