/**
 * Avatar lookup contract (GitLab's avatar.md, `lib/api/avatar.rb`): the avatar of the account
 * whose public e-mail is asked for, the no-Gravatar fallback otherwise, Grape's refusal of a
 * missing e-mail, and the anonymous refusal when the public visibility level is restricted.
 */
import { Gitlab } from '@gitbeaker/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_FORBIDDEN_REASON } from '../../server/api/v4/avatar.ts';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

const PUBLIC_EMAIL = 'ada.public@example.com';
const UPLOADED = 'https://forge.example.com/uploads/-/system/user/avatar/1/ada.png';

let server: TestServer;
let adaToken = '';

const avatarOf = (query: string, token?: string) =>
  server.request<{ avatar_url: string | null }>(`/api/v4/avatar${query}`, { token });

beforeAll(async () => {
  server = await startTestServer();
  const ada = await server.createUser('ada', { email: 'ada@example.com' });
  const bare = await server.createUser('bare', { email: 'bare@example.com' });
  const hidden = await server.createUser('hidden', { email: 'hidden@example.com' });
  adaToken = ada.token;
  // No route uploads an avatar or edits the public e-mail here: both are plain columns.
  const { db } = server.database;
  await db
    .updateTable('users')
    .set({ public_email: PUBLIC_EMAIL, avatar_url: UPLOADED })
    .where('id', '=', ada.user.id)
    .execute();
  await db
    .updateTable('users')
    .set({ public_email: 'bare.public@example.com' })
    .where('id', '=', bare.user.id)
    .execute();
  await db
    .updateTable('users')
    .set({ public_email: 'hidden.public@example.com', avatar_url: `${UPLOADED}?hidden`, private_profile: true })
    .where('id', '=', hidden.user.id)
    .execute();
});
afterAll(() => server?.close());

describe('GET /avatar', () => {
  it('answers the avatar of the account with that public e-mail, without authentication', async () => {
    expect(await avatarOf(`?email=${encodeURIComponent(PUBLIC_EMAIL)}`)).toMatchObject({
      status: 200,
      body: { avatar_url: UPLOADED },
    });
    // `size` only matters for Gravatar: accepted, and the upload is the answer all the same.
    expect((await avatarOf(`?email=${encodeURIComponent(PUBLIC_EMAIL)}&size=32`)).body).toEqual({
      avatar_url: UPLOADED,
    });
    // GitLab's lookup has no private-profile rule: the public e-mail is public.
    expect((await avatarOf('?email=hidden.public%40example.com')).body).toEqual({ avatar_url: `${UPLOADED}?hidden` });
  });

  it('falls back to no avatar (no Gravatar here) for an unknown address, a primary one, or no upload', async () => {
    for (const email of [
      'nobody@example.com',
      'ada@example.com',
      'bare.public@example.com',
      'ADA.PUBLIC@example.com',
    ]) {
      expect(await avatarOf(`?email=${encodeURIComponent(email)}`), email).toMatchObject({
        status: 200,
        body: { avatar_url: null },
      });
    }
  });

  it("refuses a missing e-mail or a size that is not an integer in Grape's shape", async () => {
    expect(await avatarOf('')).toMatchObject({ status: 400, body: { error: 'email is missing' } });
    expect(await avatarOf('?size=32')).toMatchObject({ status: 400, body: { error: 'email is missing' } });
    expect(await avatarOf('?email=a%40b.c&size=big')).toMatchObject({
      status: 400,
      body: { error: 'size is invalid' },
    });
  });

  it('refuses anonymous requests when the public visibility level is restricted', async () => {
    const restrict = (levels: string[]) =>
      server.request('/api/v4/application/settings', {
        method: 'PUT',
        token: ROOT_TOKEN,
        json: { restricted_visibility_levels: levels },
      });
    expect((await restrict(['public'])).status).toBe(200);
    try {
      expect(await avatarOf(`?email=${encodeURIComponent(PUBLIC_EMAIL)}`)).toMatchObject({
        status: 403,
        body: { message: `403 Forbidden - ${AVATAR_FORBIDDEN_REASON}` },
      });
      expect(await avatarOf(`?email=${encodeURIComponent(PUBLIC_EMAIL)}`, adaToken)).toMatchObject({
        status: 200,
        body: { avatar_url: UPLOADED },
      });
    } finally {
      await restrict([]);
    }
  });

  it("serves gitbeaker's Avatar resource", async () => {
    const api = new Gitlab({ host: server.url, token: adaToken });
    expect(await api.Avatar.show(PUBLIC_EMAIL)).toEqual({ avatar_url: UPLOADED });
  });
});
