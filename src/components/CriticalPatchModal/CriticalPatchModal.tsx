import clsx from 'clsx';
import { useState, type ReactNode } from 'react';
import { useControllableState } from '../../hooks/useControllableState';
import { getCookie, setCookie } from '../../utils/storage';
import { Modal, type ModalProps } from '../Modal/Modal';
import { Button } from '../Button';

/** Spec section 9, "Remind-me-later 3 days": how long either button hides the modal. */
export const CRITICAL_PATCH_REMIND_DAYS = 3;

/** Ending of the per-version cookie name: `<currentVersion>-hide-alert-modal`. */
export const CRITICAL_PATCH_COOKIE_SUFFIX = '-hide-alert-modal';

/** Where 'Upgrade now' leads when no `upgradeDocsUrl` is given (the upgrade documentation). */
export const CRITICAL_PATCH_DEFAULT_UPGRADE_URL = '/help/update/index';

/** The cookie that hides the modal for `currentVersion`. */
export function criticalPatchCookieName(currentVersion: string): string {
  return `${currentVersion}${CRITICAL_PATCH_COOKIE_SUFFIX}`;
}

/** The modal's texts; `{…}` parts are filled in. */
export const CRITICAL_PATCH_TEXTS = {
  title: 'Important notice - Critical patch release',
  bodyNoStableVersions:
    'You are currently on version {currentVersion}! We strongly recommend upgrading your installation immediately.',
  bodyStableVersions:
    'You are currently on version {currentVersion}! We strongly recommend upgrading your installation to one of the following versions immediately: {latestStableVersions}.',
  additionalPatch:
    'Additionally, there is an available stable patch for your current minor version: {latestStableVersionOfMinor}',
  learnMore: 'Learn more about this critical patch release.',
  remindMe: `Remind me in ${CRITICAL_PATCH_REMIND_DAYS} days`,
  upgradeNow: 'Upgrade now',
} as const;

/** Version check data (spec section 3) as the server sends it. */
export interface CriticalPatchVersionData {
  currentVersion: string;
  details?: string;
  latestStableVersions?: readonly string[];
  latestStableVersionOfMinor?: string;
  severity?: 'success' | 'warning' | 'danger';
}

export interface CriticalPatchModalProps
  extends
    Omit<ModalProps, 'title' | 'children' | 'actionPrimary' | 'actionSecondary' | 'actionCancel' | 'footer'>,
    Omit<CriticalPatchVersionData, 'severity'> {
  /** The running version, e.g. `16.8.1`; it names the cookie that hides the modal. */
  currentVersion: string;
  /** Versions to upgrade to, listed in bold. @default [] */
  latestStableVersions?: readonly string[];
  /** The latest patch of the running minor version; mentioned unless already listed. */
  latestStableVersionOfMinor?: string;
  /** More about the release, as text. */
  details?: string;
  /** The upgrade documentation 'Upgrade now' opens. @default '/help/update/index' */
  upgradeDocsUrl?: string;
  /** A page about the release; without it the 'Learn more' link is not shown. */
  releasesUrl?: string;
  /** Accepted and ignored, so version check data can be spread in as it is. */
  severity?: CriticalPatchVersionData['severity'];
}

/** `template` with each `{name}` replaced by the node for it. */
function fill(template: string, values: Record<string, ReactNode>): ReactNode[] {
  return template
    .split(/(\{\w+\})/)
    .filter(Boolean)
    .map((part, index) => {
      const key = /^\{(\w+)\}$/.exec(part)?.[1];
      return key !== undefined && key in values ? <strong key={index}>{values[key]}</strong> : part;
    });
}

/**
 * The critical-patch upgrade notice (spec section 4: "shown once per version, hidden for 3 days
 * after Remind me or Upgrade now, using a cookie"). It opens by itself unless the cookie for
 * `currentVersion` is set; 'Remind me in 3 days' and 'Upgrade now' set it for 3 days. Closing it
 * otherwise (Escape, the close button) hides it for this page only.
 */
export function CriticalPatchModal({
  currentVersion,
  latestStableVersions = [],
  latestStableVersionOfMinor,
  details,
  upgradeDocsUrl = CRITICAL_PATCH_DEFAULT_UPGRADE_URL,
  releasesUrl,
  severity: _severity,
  open,
  defaultOpen,
  onOpenChange,
  className,
  ...rest
}: CriticalPatchModalProps) {
  // Read on the client only: the modal renders nothing on the server or while hydrating.
  const [isHiddenByCookie] = useState(() => getCookie(criticalPatchCookieName(currentVersion)) === 'true');
  const [isOpen, setOpen] = useControllableState({
    value: open,
    defaultValue: defaultOpen ?? !isHiddenByCookie,
    onChange: onOpenChange,
  });
  const remember = () =>
    setCookie(criticalPatchCookieName(currentVersion), 'true', { expires: CRITICAL_PATCH_REMIND_DAYS });

  const versions = latestStableVersions.join(', ');
  const showMinorPatch = !!latestStableVersionOfMinor && !versions.includes(latestStableVersionOfMinor);

  return (
    <Modal
      {...rest}
      className={clsx('fk-critical-patch-modal', className)}
      open={isOpen}
      onOpenChange={setOpen}
      title={
        <>
          <span aria-hidden="true">🚨 </span>
          {CRITICAL_PATCH_TEXTS.title}
        </>
      }
      footer={
        <>
          <Button
            className="fk-modal__action"
            onClick={() => {
              remember();
              setOpen(false);
            }}
          >
            {CRITICAL_PATCH_TEXTS.remindMe}
          </Button>
          <Button
            href={upgradeDocsUrl}
            className="fk-modal__action"
            variant="confirm"
            onClick={() => {
              remember();
              setOpen(false);
            }}
          >
            {CRITICAL_PATCH_TEXTS.upgradeNow}
          </Button>
        </>
      }
    >
      <p data-component="CriticalPatchModal.Body">
        {fill(versions ? CRITICAL_PATCH_TEXTS.bodyStableVersions : CRITICAL_PATCH_TEXTS.bodyNoStableVersions, {
          currentVersion,
          latestStableVersions: versions,
        })}
      </p>
      {showMinorPatch ? (
        <p data-component="CriticalPatchModal.MinorPatch">
          {fill(CRITICAL_PATCH_TEXTS.additionalPatch, { latestStableVersionOfMinor })}
        </p>
      ) : null}
      {details ? <p data-component="CriticalPatchModal.Details">{details}</p> : null}
      {releasesUrl ? (
        <p>
          <a href={releasesUrl}>{CRITICAL_PATCH_TEXTS.learnMore}</a>
        </p>
      ) : null}
    </Modal>
  );
}
