/**
 * What the document around every page needs from the database, read once per page render:
 * the visitor's colour mode and time format, the broadcast messages showing now (active,
 * aimed at this path, not dismissed by this user or by a cookie), the callouts the server raises
 * for the visitor, and an administrator's version check.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  TOKEN_EXPIRY_CALLOUT,
  TOKEN_EXPIRY_NOTICE_DAYS,
  type ColorMode,
  type ShellBroadcast,
  type ShellCallout,
  type ShellPreferences,
  type ShellUser,
  type ShellVersionCheck,
} from '../../src/page.ts';
import { APP_VERSION } from '../api/v4/version.ts';
import { isBroadcastMessageActive } from '../api/v4/entities/BroadcastMessage.ts';
import { BROADCAST_MESSAGE_COOKIE_PREFIX, dismissedBroadcastMessageIds } from '../domain/dismissals.ts';
import { renderPlainMarkdown } from '../domain/markdown.ts';
import { COLOR_MODE, TIME_DISPLAY_FORMAT, preferencesOf } from '../domain/preferences.ts';
import { DISMISSAL_PATHS } from './dismissals.ts';
import { currentVersionCheck } from './version_check.ts';

/** The signed-in visitor as the page chrome shows them (the top bar's user menu), with their status. */
export async function shellUser(request: FastifyRequest): Promise<ShellUser | null> {
  const user = request.auth.user;
  if (!user) return null;
  const status = await request.server.db
    .selectFrom('user_statuses')
    .select(['emoji', 'message', 'availability'])
    .where('user_id', '=', user.id)
    .where((eb) => eb.or([eb('clear_status_at', 'is', null), eb('clear_status_at', '>', new Date())]))
    .executeTakeFirst();
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    avatarUrl: user.avatar_url,
    isAdmin: user.admin,
    status: status ?? null,
  };
}

/** An anonymous visitor's preferences: follow the system. */
const DEFAULT_PREFERENCES: ShellPreferences = { colorMode: 'auto', timeFormat: 'system' };

const COLOR_MODES = Object.fromEntries(Object.entries(COLOR_MODE).map(([name, id]) => [id, name])) as Record<
  number,
  ColorMode
>;

/** The signed-in visitor's preferences, or the defaults. */
export async function shellPreferences(request: FastifyRequest): Promise<ShellPreferences> {
  const user = request.auth.user;
  if (!user) return DEFAULT_PREFERENCES;
  const preferences = await preferencesOf(request.server.db, user.id);
  return {
    colorMode: COLOR_MODES[preferences.color_mode_id] ?? DEFAULT_PREFERENCES.colorMode,
    timeFormat:
      preferences.time_display_format === TIME_DISPLAY_FORMAT.twelveHour
        ? '12h'
        : preferences.time_display_format === TIME_DISPLAY_FORMAT.twentyFourHour
          ? '24h'
          : 'system',
  };
}

/** Whether a message's `target_path` (GitLab: a path with `*` wildcards, empty for all) covers `path`. */
export function targetsPath(targetPath: string, path: string): boolean {
  if (!targetPath) return true;
  const pattern = targetPath
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(path);
}

/** The broadcast messages to show on `path` to the visitor of `request`. */
export async function shellBroadcasts(request: FastifyRequest, path: string): Promise<ShellBroadcast[]> {
  const { db, relativeUrlRoot } = request.server;
  const now = new Date();
  const rows = await db
    .selectFrom('broadcast_messages')
    .selectAll()
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('id')
    .execute();
  const user = request.auth.user;
  const dismissed = new Set(user ? await dismissedBroadcastMessageIds(db, user.id) : []);
  const showing = rows.filter(
    (row) =>
      isBroadcastMessageActive(row, now) &&
      targetsPath(row.target_path, path) &&
      !dismissed.has(row.id) &&
      !request.cookies[`${BROADCAST_MESSAGE_COOKIE_PREFIX}${row.id}`],
  );
  return Promise.all(
    showing.map(async (row) => ({
      id: row.id,
      messageHtml: row.message_html ?? (await renderPlainMarkdown(row.message)),
      type: row.broadcast_type,
      theme: row.theme,
      dismissable: row.dismissable,
      endsAt: row.ends_at.toISOString(),
      cookieKey: `${BROADCAST_MESSAGE_COOKIE_PREFIX}${row.id}`,
      dismissalPath: user ? `${relativeUrlRoot}${DISMISSAL_PATHS.broadcastMessage}` : undefined,
    })),
  );
}

/**
 * The callouts the server raises for the visitor, each until they dismiss it (`POST
 * /-/users/callouts`): their active tokens that expire within 7 days (GitLab's
 * `personal_access_token_expiry`). GitLab's disabled-webhook callout needs webhooks, which this
 * server does not have.
 */
export async function shellCallouts(request: FastifyRequest): Promise<ShellCallout[]> {
  const user = request.auth.user;
  if (!user) return [];
  const { db, relativeUrlRoot } = request.server;
  const [dismissed, tokens] = await Promise.all([
    db
      .selectFrom('user_callouts')
      .select('feature_name')
      .where('user_id', '=', user.id)
      .where('feature_name', '=', TOKEN_EXPIRY_CALLOUT)
      .executeTakeFirst(),
    db
      .selectFrom('personal_access_tokens')
      .select(['name', sql<string>`to_char(expires_at, 'YYYY-MM-DD')`.as('expires_at')])
      .where('user_id', '=', user.id)
      .where('revoked', '=', false)
      .where(sql<boolean>`expires_at > current_date`)
      .where(sql<boolean>`expires_at <= current_date + ${TOKEN_EXPIRY_NOTICE_DAYS}::int`)
      .orderBy('expires_at')
      .orderBy('id')
      .execute(),
  ]);
  if (dismissed || tokens.length === 0) return [];
  return [
    {
      featureName: TOKEN_EXPIRY_CALLOUT,
      dismissEndpoint: `${relativeUrlRoot}${DISMISSAL_PATHS.callout}`,
      tokens: tokens.map((token) => ({ name: token.name, expiresAt: token.expires_at })),
    },
  ];
}

/** An administrator's version check (the top bar's badge, the critical-patch modal); `null` for anyone else. */
export async function shellVersionCheck(request: FastifyRequest): Promise<ShellVersionCheck | null> {
  if (!request.auth.user?.admin) return null;
  const check = await currentVersionCheck(request.server);
  return {
    currentVersion: APP_VERSION,
    severity: check.severity,
    latestStableVersions: check.latest_stable_versions ?? [],
    latestStableVersionOfMinor: check.latest_stable_version_of_minor,
    details: check.details || undefined,
    criticalVulnerability: check.critical_vulnerability ?? false,
  };
}
