/**
 * The message a failed write should show: GitLab's error bodies are `{"message": "..."}`,
 * `{"error": "..."}`, `{"errors": [...]}` (the settings forms) or model validation,
 * `{"message": {"path": ["has already been taken"]}}` (read as "Path has already been taken").
 */
import { HttpError } from 'forgekit/client';

type ErrorBody = { message?: unknown; error?: unknown; errors?: unknown } | undefined;

const capitalised = (field: string) => field.charAt(0).toUpperCase() + field.slice(1).replaceAll('_', ' ');

/** The server's message in `error`, or `fallback` when there is none (a network failure, a bare status). */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof HttpError)) return fallback;
  const body = error.response?.data as ErrorBody;
  if (typeof body?.message === 'string' && body.message) return body.message;
  if (body?.message && typeof body.message === 'object') {
    const parts = Object.entries(body.message as Record<string, unknown>).flatMap(([field, messages]) =>
      (Array.isArray(messages) ? messages : [messages]).map((message) => `${capitalised(field)} ${String(message)}`),
    );
    if (parts.length) return parts.join(', ');
  }
  if (typeof body?.error === 'string' && body.error) return body.error;
  if (Array.isArray(body?.errors) && body.errors.length) return body.errors.join(', ');
  return fallback;
}
