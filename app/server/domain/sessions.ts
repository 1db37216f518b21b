/** Browser sessions, stored in the database (so every server process shares them). */
import type { DbOrTx } from '../db/schema.ts';
import { digestSecret, randomSecret } from './secrets.ts';

/** How long a session lasts without signing in again (GitLab's default: one week). */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Starts a session; returns the cookie value and the CSRF token bound to it. */
export async function createSession(db: DbOrTx, userId: number): Promise<{ sessionId: string; csrfToken: string }> {
  const sessionId = randomSecret();
  const csrfToken = randomSecret();
  await db
    .insertInto('sessions')
    .values({
      id_digest: digestSecret(sessionId),
      user_id: userId,
      csrf_token: csrfToken,
      expires_at: new Date(Date.now() + SESSION_LIFETIME_MS),
    })
    .execute();
  return { sessionId, csrfToken };
}

/** The user of a live session and the session's `session_csrf_token`, in one query. */
export async function findSessionOwner(db: DbOrTx, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.csrf_token as session_csrf_token')
    .where('sessions.id_digest', '=', digestSecret(sessionId))
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
}

/** Ends a session. */
export async function destroySession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_digest', '=', digestSecret(sessionId)).execute();
}
