/**
 * `user_settings:personal_access_tokens:index`: the signed-in user's personal access tokens at
 * `/-/user_settings/personal_access_tokens`. A new token (name, scopes `api`/`read_api`, expiry)
 * is created through GitLab's form route and its value shown this once, with a copy button; the
 * active tokens are listed and each can be revoked after a confirmation
 * (`DELETE /personal_access_tokens/:id`).
 */
import { Alert, Button, ClipboardButton, Form, TextField, TimeAgo } from 'forgekit';
import { api, restClient } from 'forgekit/client';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { UserSettingsLayout } from '../../../layout/layouts.tsx';
import { clientFor } from '../../../page.ts';
import { requireSignIn } from '../../../session.ts';
import { serverMessage } from '../../users/serverMessage.ts';
import { confirmAction } from '../../../layout/confirm.ts';

/** Where new tokens are created (GitLab's route; the page's own path). */
export const TOKENS_PATH = '/-/user_settings/personal_access_tokens';
/** The scopes a personal access token may have here, with GitLab's explanations. */
export const TOKEN_SCOPES = [
  { scope: 'api', help: 'Grants complete read/write access to the API, including all groups and projects.' },
  { scope: 'read_api', help: 'Grants read access to the API, including all groups and projects.' },
] as const;

/** The page's texts (GitLab's). */
export const TOKENS_TEXT = {
  title: 'Personal access tokens',
  add: 'Add a personal access token',
  name: 'Token name',
  expiresAt: 'Expiration date',
  scopes: 'Select scopes',
  create: 'Create token',
  newToken: 'Your new personal access token',
  newTokenHelp: "Make sure you save it - you won't be able to access it again.",
  copy: 'Copy personal access token',
  active: 'Active personal access tokens',
  none: 'This user has no active personal access tokens.',
  created: 'Created',
  lastUsed: 'Last used',
  never: 'Never',
  expires: 'Expires',
  revoke: 'Revoke',
  revokeConfirm: (name: string) =>
    `Are you sure you want to revoke the personal access token "${name}"? This action cannot be undone.`,
  revoked: 'Revoked personal access token',
  failed: 'Failed to create the token.',
  revokeFailed: 'Failed to revoke the token.',
} as const;

/** GitLab's `PersonalAccessToken` entity, the fields the page shows. */
export interface PersonalAccessToken {
  id: number;
  name: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}

/** A page of them is all the page shows (GitLab's table pages at 100 too). */
const TOKENS_PER_PAGE = 100;

export async function loader(args: LoaderFunctionArgs) {
  requireSignIn(args);
  const { data } = await clientFor(args).get<PersonalAccessToken[]>(api`/personal_access_tokens`, {
    params: { state: 'active', per_page: TOKENS_PER_PAGE },
  });
  return { tokens: data };
}

function NewTokenForm({ onCreated }: { onCreated: (token: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setPending(true);
    setError(null);
    try {
      const { data } = await restClient.post<{ new_token: string }>(TOKENS_PATH, {
        personal_access_token: {
          name: form.get('name'),
          scopes: form.getAll('scopes'),
          expires_at: form.get('expires_at') || null,
        },
      });
      formElement.reset();
      onCreated(data.new_token);
    } catch (failure) {
      setError(serverMessage(failure, TOKENS_TEXT.failed));
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="tokens-add">
      <h2 id="tokens-add">{TOKENS_TEXT.add}</h2>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <Form onSubmit={create} aria-labelledby="tokens-add" keepSubmitEnabled>
        <TextField label={TOKENS_TEXT.name} name="name" required />
        <TextField label={TOKENS_TEXT.expiresAt} name="expires_at" type="date" />
        <fieldset>
          <legend>{TOKENS_TEXT.scopes}</legend>
          {TOKEN_SCOPES.map(({ scope, help }) => (
            <div key={scope}>
              <label>
                <input type="checkbox" name="scopes" value={scope} aria-describedby={`scope-${scope}`} /> {scope}
              </label>
              <p id={`scope-${scope}`}>{help}</p>
            </div>
          ))}
        </fieldset>
        <Button type="submit" variant="confirm" disabled={pending}>
          {TOKENS_TEXT.create}
        </Button>
      </Form>
    </section>
  );
}

export function Component() {
  const { tokens } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [newToken, setNewToken] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function created(token: string) {
    setNotice(null);
    setNewToken(token);
    await revalidator.revalidate();
  }

  async function revoke(token: PersonalAccessToken) {
    if (
      !(await confirmAction(TOKENS_TEXT.revokeConfirm(token.name), {
        primaryBtnText: TOKENS_TEXT.revoke,
        primaryBtnVariant: 'danger',
      }))
    )
      return;
    setError(null);
    try {
      await restClient.delete(api`/personal_access_tokens/${token.id}`);
      setNotice(TOKENS_TEXT.revoked);
      await revalidator.revalidate();
    } catch (failure) {
      setError(serverMessage(failure, TOKENS_TEXT.revokeFailed));
    }
  }

  return (
    <UserSettingsLayout current="tokens" title={TOKENS_TEXT.title}>
      <h1>{TOKENS_TEXT.title}</h1>
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {error ? <Alert variant="danger">{error}</Alert> : null}
      {newToken ? (
        <section aria-labelledby="tokens-new">
          <h2 id="tokens-new">{TOKENS_TEXT.newToken}</h2>
          <TextField
            label={TOKENS_TEXT.newToken}
            isLabelHidden
            value={newToken}
            readOnly
            description={TOKENS_TEXT.newTokenHelp}
            start={<ClipboardButton text={newToken} title={TOKENS_TEXT.copy} />}
          />
        </section>
      ) : null}
      <NewTokenForm onCreated={created} />
      <section aria-labelledby="tokens-active">
        <h2 id="tokens-active">
          {TOKENS_TEXT.active} ({tokens.length})
        </h2>
        {tokens.length === 0 ? (
          <p>{TOKENS_TEXT.none}</p>
        ) : (
          <ul>
            {tokens.map((token) => (
              <li key={token.id}>
                <strong>{token.name}</strong> · {token.scopes.join(', ')} · {TOKENS_TEXT.created}{' '}
                <TimeAgo date={token.created_at} /> · {TOKENS_TEXT.lastUsed}{' '}
                {token.last_used_at ? <TimeAgo date={token.last_used_at} /> : TOKENS_TEXT.never} · {TOKENS_TEXT.expires}{' '}
                {token.expires_at ?? TOKENS_TEXT.never}{' '}
                <Button
                  variant="danger"
                  onClick={() => revoke(token)}
                  aria-label={`${TOKENS_TEXT.revoke} ${token.name}`}
                >
                  {TOKENS_TEXT.revoke}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </UserSettingsLayout>
  );
}
