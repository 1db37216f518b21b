/**
 * `admin:dashboard:index` (`/admin`): the instance's statistics (`GET /application/statistics`),
 * this server's version with the version check badge (spec sections 2 and 4: 'Up to date',
 * 'Update available', 'Update ASAP', linking to the update docs only when actionable). The
 * badge's data and the critical-patch modal come with every administrator's page (layout/versionCheck.tsx).
 */
import { api, type ApplicationStatistics } from 'forgekit/client';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { AdminLayout } from '../../../layout/layouts.tsx';
import { VersionCheckBadge } from '../../../layout/versionCheck.tsx';
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

interface DashboardData {
  statistics: ApplicationStatistics;
  version: string;
}

export async function loader(args: LoaderFunctionArgs): Promise<DashboardData> {
  await requireAdmin(args);
  const client = clientFor(args);
  const [statistics, version] = await Promise.all([
    client.get<ApplicationStatistics>(api`/application/statistics`),
    client.get<{ version: string }>(api`/version`),
  ]);
  return { statistics: statistics.data, version: version.data.version };
}

export function Component() {
  const { statistics, version } = useLoaderData() as DashboardData;
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
          {ADMIN_DASHBOARD_TEXT.product} {version} <VersionCheckBadge />
        </p>
      </section>
    </AdminLayout>
  );
}
