/**
 * What the layout shows above a page's content (spec section 2): the flash container where the
 * global alerts from session storage and the pages' alerts appear, and the dismissible callouts
 * the server raises for the visitor.
 */
import { DismissibleCallout, FLASH_CONTAINER_CLASS, GLOBAL_ALERTS_STORAGE_KEY, TimeAgo } from 'forgekit';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { TOKEN_EXPIRY_NOTICE_DAYS, type ShellCallout } from '../page.ts';
import { useRootData } from '../root.tsx';
import { useUrl } from './urls.ts';

/** The expiring-token callout's texts (GitLab's `access_token_about_to_expire` wording). */
export const TOKEN_EXPIRY_TEXT = {
  title: `Your personal access tokens will expire in ${TOKEN_EXPIRY_NOTICE_DAYS} days or less`,
  expires: 'expires',
  action: 'View personal access tokens',
} as const;

/** Where the visitor manages their tokens. */
const TOKENS_PATH = '/-/user_settings/personal_access_tokens';

function TokenExpiryCallout({ callout }: { callout: ShellCallout }) {
  const url = useUrl();
  return (
    <DismissibleCallout
      featureName={callout.featureName}
      dismissEndpoint={callout.dismissEndpoint}
      variant="warning"
      title={TOKEN_EXPIRY_TEXT.title}
      primaryAction={{ text: TOKEN_EXPIRY_TEXT.action, href: url(TOKENS_PATH) }}
    >
      <ul>
        {callout.tokens.map((token) => (
          <li key={`${token.name}-${token.expiresAt}`}>
            {token.name}, {TOKEN_EXPIRY_TEXT.expires} <TimeAgo date={token.expiresAt} />
          </li>
        ))}
      </ul>
    </DismissibleCallout>
  );
}

/** Whether session storage holds global alerts (blocked storage holds none). */
function hasStoredGlobalAlerts(): boolean {
  try {
    return Boolean(sessionStorage.getItem(GLOBAL_ALERTS_STORAGE_KEY));
  } catch {
    return false;
  }
}

/**
 * The alert area: the flash container (alerts land here through `createAlert`), where the global
 * alerts stored in session storage are shown once each page starts: once, or on every page they
 * persist on until dismissed. Then the server's callouts.
 */
export function PageNotices() {
  const { callouts } = useRootData();
  const { pathname } = useLocation();
  // After each navigation's commit, when `<body data-page>` names the new page.
  // The alerts' code (Alert, its React root) is in its own chunk: most pages have none to show.
  useEffect(() => {
    // Decided now, on this page: an import still on its way when the next page starts must not
    // show (and so use up) that page's alerts here.
    if (!hasStoredGlobalAlerts()) return;
    let isCurrent = true;
    void import('./globalAlerts.ts').then((module) => {
      if (isCurrent) module.showGlobalAlerts();
    });
    return () => {
      isCurrent = false;
    };
  }, [pathname]);
  return (
    <>
      {/* A new container per page: the alerts shown belong to it, the next page shows what is still stored. */}
      <div key={pathname} className={FLASH_CONTAINER_CLASS} />
      {callouts.map((callout) => (
        <TokenExpiryCallout key={callout.featureName} callout={callout} />
      ))}
    </>
  );
}
