/**
 * Version check data for administrators (GitLab's `GET /admin/version_check.json`, read by the
 * version badge and the critical-patch modal): how this server's version stands against the
 * product's release feed, in version.gitlab.com's fields: `latest_stable_versions`,
 * `latest_stable_version_of_minor`, `latest_version`, `severity` (`success` up to date,
 * `warning` an update available, `danger` a security update available), `critical_vulnerability`
 * and `details`. The feed is a JSON file of releases named by `FORGEKIT_VERSION_CHECK_FEED`
 * (`[{"version":"1.2.3","security":true,"critical":false,"details":"..."}]`); without one this
 * version is the latest. `{}` when the `version_check_enabled` setting is off; 404 to anyone but
 * administrators, as GitLab's admin area.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { readSettings } from '../api/v4/application.ts';
import { APP_VERSION } from '../api/v4/version.ts';
import { notFound } from '../http/errors.ts';
import { NO_QUERY } from '../api/v4/params.ts';

/** Where the data is served (below the relative root). */
export const VERSION_CHECK_PATH = '/admin/version_check.json';
/** The environment variable naming the release feed. */
export const VERSION_FEED_VARIABLE = 'FORGEKIT_VERSION_CHECK_FEED';
/** How many minors `latest_stable_versions` lists (the newest patch of each). */
export const LATEST_MINORS_LISTED = 3;
/** Badge statuses (spec §4: success 'Up to date', warning 'Update available', danger 'Update ASAP'). */
export const SEVERITY = { upToDate: 'success', updateAvailable: 'warning', securityUpdate: 'danger' } as const;

/** One release of the feed. */
export interface Release {
  version: string;
  /** A security release. */
  security?: boolean;
  /** Fixes a critical vulnerability (the critical-patch modal shows). */
  critical?: boolean;
  details?: string;
}

/** Orders `1.10.0` after `1.9.2` (numeric segments). */
const byVersion = new Intl.Collator('en', { numeric: true }).compare;
const minorOf = (version: string) => version.split('.').slice(0, 2).join('.');

/** The version check data of `current` against `releases`. */
export function versionCheck(current: string, releases: readonly Release[]) {
  const known: Release[] = [...releases.filter((release) => release.version !== current), { version: current }];
  known.sort((a, b) => byVersion(b.version, a.version));
  const newer = known.filter((release) => byVersion(release.version, current) > 0);
  const latestPerMinor = new Map<string, string>();
  for (const { version } of known)
    if (!latestPerMinor.has(minorOf(version))) latestPerMinor.set(minorOf(version), version);
  const security = newer.filter((release) => release.security);
  const critical = newer.filter((release) => release.critical);
  const severity = security.length
    ? SEVERITY.securityUpdate
    : newer.length
      ? SEVERITY.updateAvailable
      : SEVERITY.upToDate;
  return {
    latest_stable_versions: [...latestPerMinor.values()].slice(0, LATEST_MINORS_LISTED),
    latest_stable_version_of_minor: latestPerMinor.get(minorOf(current)) ?? current,
    latest_version: known[0]!.version,
    severity,
    critical_vulnerability: critical.length > 0,
    details: [...critical, ...security].find((release) => release.details)?.details ?? '',
  };
}

/** The release feed (none configured, or no file there yet: no releases beyond this one). */
async function readFeed(): Promise<Release[]> {
  const path = process.env[VERSION_FEED_VARIABLE];
  if (!path) return [];
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Release[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** This server's version check data, or `{}` when the `version_check_enabled` setting is off. */
export async function currentVersionCheck(app: FastifyInstance): Promise<Partial<ReturnType<typeof versionCheck>>> {
  if (!(await readSettings(app.db)).version_check_enabled) return {};
  return versionCheck(APP_VERSION, await readFeed());
}

/** The version check route. */
export async function versionCheckRoutes(app: FastifyInstance): Promise<void> {
  app.get(VERSION_CHECK_PATH, { schema: { querystring: NO_QUERY } }, async (request) => {
    if (!request.auth.user?.admin) throw notFound();
    return currentVersionCheck(app);
  });
}
