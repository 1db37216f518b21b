/**
 * `admin:dashboard:index` (`/admin`): the instance's statistics (`GET /application/statistics`),
 * this server's version with the version check badge (spec sections 2 and 4: 'Up to date',
 * 'Update available', 'Update ASAP', linking to the update docs only when actionable), and the
 * critical-patch modal when the version check reports a critical vulnerability.
 */
import { CriticalPatchModal, VERSION_BADGE_DEFAULT_HREF, VersionBadge, type VersionBadgeStatus } from 'forgekit';
import { api, path, type ApplicationStatistics } from 'forgekit/client';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { AdminLayout } from '../../../layout/layouts.tsx';
import { useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import { requireAdmin } from '../admin.ts';

/** The page's texts (GitLab's admin dashboard). */
export const ADMIN_DASHBOARD_TEXT = {
  title: 'Admin area',
  statistics: 'Statistics',
  components: 'Components',
  product: 'Forgekit',
} as const;

/** The statistics shown, in GitLab's order, with their labels. */
export const STATISTICS_LABELS = {
  projects: 'Projects',
  users: 'Users',
  active_users: 'Active users',
  groups: 'Groups',
  forks: 'Forks',
  issues: 'Issues',
  merge_requests: 'Merge requests',
  notes: 'Notes',
  snippets: 'Snippets',
  ssh_keys: 'SSH keys',
  milestones: 'Milestones',
} as const satisfies Record<keyof ApplicationStatistics, string>;

/** GitLab's `/admin/version_check.json` (empty when version checks are off). */
export interface VersionCheck {
  latest_stable_versions?: string[];
  latest_stable_version_of_minor?: string;
  latest_version?: string;
  severity?: VersionBadgeStatus;
  critical_vulnerability?: boolean;
  details?: string;
}

/** Where the version check data is served (below the relative root). */
export const VERSION_CHECK_URL = path`/admin/version_check.json`;

interface DashboardData {
  statistics: ApplicationStatistics;
  version: string;
  check: VersionCheck;
}

export async function loader(args: LoaderFunctionArgs): Promise<DashboardData> {
  await requireAdmin(args);
  const client = clientFor(args);
  const [statistics, version, check] = await Promise.all([
    client.get<ApplicationStatistics>(api`/application/statistics`),
    client.get<{ version: string }>(api`/version`),
    // As GitLab, a failed version check leaves the badge out rather than failing the page.
    client.get<VersionCheck>(VERSION_CHECK_URL, { responseType: 'json' }).catch(() => ({ data: {} })),
  ]);
  return { statistics: statistics.data, version: version.data.version, check: check.data };
}

export function Component() {
  const { statistics, version, check } = useLoaderData() as DashboardData;
  const url = useUrl();
  return (
    <AdminLayout current="overview" title={ADMIN_DASHBOARD_TEXT.title}>
      <h1>{ADMIN_DASHBOARD_TEXT.title}</h1>
      <section aria-labelledby="admin-statistics">
        <h2 id="admin-statistics">{ADMIN_DASHBOARD_TEXT.statistics}</h2>
        <dl>
          {(Object.keys(STATISTICS_LABELS) as (keyof ApplicationStatistics)[]).map((key) => (
            <div key={key}>
              <dt>{STATISTICS_LABELS[key]}</dt>
              <dd data-statistic={key}>{statistics[key]}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="admin-components">
        <h2 id="admin-components">{ADMIN_DASHBOARD_TEXT.components}</h2>
        <p>
          {ADMIN_DASHBOARD_TEXT.product} {version}{' '}
          <VersionBadge
            status={check.severity}
            actionable={check.severity !== undefined && check.severity !== 'success'}
            href={url(VERSION_BADGE_DEFAULT_HREF)}
          />
        </p>
      </section>
      {check.critical_vulnerability ? (
        <CriticalPatchModal
          currentVersion={version}
          latestStableVersions={check.latest_stable_versions}
          latestStableVersionOfMinor={check.latest_stable_version_of_minor}
          details={check.details}
          upgradeDocsUrl={url(VERSION_BADGE_DEFAULT_HREF)}
        />
      ) : null}
    </AdminLayout>
  );
}
