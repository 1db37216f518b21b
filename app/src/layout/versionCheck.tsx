/**
 * An administrator's version check, on every page (spec sections 2 and 4): the badge titled by
 * status ('Up to date', 'Update available', 'Update ASAP', linking to the update docs only when
 * actionable) and the critical-patch modal when a release fixes a critical vulnerability. The
 * server reads the check once per page render for administrators only (`RootData.versionCheck`).
 */
import { VERSION_BADGE_DEFAULT_HREF, VersionBadge } from 'forgekit';
import { lazy, Suspense } from 'react';
import { useRootData } from '../root.tsx';
import { useUrl } from './urls.ts';

// A modal for a few administrators on rare days: its chunk (Modal, react-aria's focus scope) loads
// only then. It opens after hydration, so the server renders nothing of it.
const CriticalPatchModal = lazy(() =>
  import('./CriticalPatchModal.ts').then((module) => ({ default: module.CriticalPatchModal })),
);

/** The version badge, for administrators when version checks are on; nothing otherwise. */
export function VersionCheckBadge() {
  const { versionCheck } = useRootData();
  const url = useUrl();
  if (!versionCheck?.severity) return null;
  return (
    <VersionBadge
      status={versionCheck.severity}
      actionable={versionCheck.severity !== 'success'}
      href={url(VERSION_BADGE_DEFAULT_HREF)}
    />
  );
}

/** The critical-patch modal (once per version, hidden for 3 days by its buttons), for administrators. */
export function CriticalPatchNotice() {
  const { versionCheck } = useRootData();
  const url = useUrl();
  if (!versionCheck?.criticalVulnerability) return null;
  return (
    <Suspense fallback={null}>
      <CriticalPatchModal
        currentVersion={versionCheck.currentVersion}
        latestStableVersions={versionCheck.latestStableVersions}
        latestStableVersionOfMinor={versionCheck.latestStableVersionOfMinor}
        details={versionCheck.details}
        upgradeDocsUrl={url(VERSION_BADGE_DEFAULT_HREF)}
      />
    </Suspense>
  );
}
