/**
 * `sessions:new`: sign in with a username or email and a password. The form posts to the
 * session endpoint from the browser; on success the whole document reloads at `redirect_to`
 * (a new session means a new CSRF token and a new current user in the page).
 */
import { Alert, Button, Form, TextField } from 'forgekit';
import { HttpError, restClient } from 'forgekit/client';
import { useState, type FormEvent } from 'react';
import { useHref, useSearchParams } from 'react-router';
import { BasicLayout } from '../../layout/layouts.tsx';

/** The page's texts. */
export const SIGN_IN_TEXT = {
  title: 'Sign in',
  login: 'Username or primary email',
  password: 'Password',
  submit: 'Sign in',
  failed: 'Invalid login or password.',
} as const;

/** Only a path of this product may be a redirect target (no open redirect). */
export function safeRedirect(target: string | null, fallback: string): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : fallback;
}

export function Component() {
  const [params] = useSearchParams();
  const home = useHref('/');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      await restClient.post('/users/sign_in', {
        user: { login: form.get('login'), password: form.get('password') },
      });
      window.location.assign(safeRedirect(params.get('redirect_to'), home));
    } catch (failure) {
      setPending(false);
      const message =
        failure instanceof HttpError ? (failure.response?.data as { message?: string })?.message : undefined;
      setError(message ?? SIGN_IN_TEXT.failed);
    }
  }

  return (
    <BasicLayout title={SIGN_IN_TEXT.title}>
      <h1>{SIGN_IN_TEXT.title}</h1>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <Form onSubmit={signIn} aria-label={SIGN_IN_TEXT.title}>
        <TextField label={SIGN_IN_TEXT.login} name="login" autoComplete="username" required />
        <TextField
          label={SIGN_IN_TEXT.password}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <Button type="submit" variant="confirm" disabled={pending}>
          {SIGN_IN_TEXT.submit}
        </Button>
      </Form>
    </BasicLayout>
  );
}
