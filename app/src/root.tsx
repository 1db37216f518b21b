/**
 * The document route: `<html>` with the meta tags `forgekit/client` reads (spec section 2), the
 * colour mode, `<body data-page>` from the deepest matched page, and the page itself. Its loader
 * runs on the server only (the browser keeps the values the server rendered).
 */
import {
  BROADCAST_MESSAGE_THEMES,
  BroadcastMessage,
  DataProvider,
  IconSpriteProvider,
  PAGE_LAYOUT_BODY_CLASS,
  type BroadcastMessageTheme,
  type DataAdapters,
} from 'forgekit';
import { getPageConfig } from 'forgekit/client';
import { useEffect, type ReactNode } from 'react';
import {
  Outlet,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type LoaderFunctionArgs,
} from 'react-router';
import { KeyboardShortcuts } from './layout/KeyboardShortcuts.tsx';
import { useLinkNavigation } from './layout/useLinkNavigation.ts';
import { useUserPopovers } from './layout/userPopovers.ts';
import {
  ICON_SPRITE_PATH,
  type PageHandle,
  type RequestContext,
  type ShellBroadcast,
  type ShellCallout,
  type ShellPreferences,
  type ShellUser,
  type ShellVersionCheck,
} from './page.ts';
import { ErrorPage } from './pages/errors/ErrorPage.tsx';

/** What the document route hands to every page. */
export interface RootData {
  currentUser: ShellUser | null;
  csrfToken: string | null;
  relativeUrlRoot: string;
  preferences: ShellPreferences;
  broadcasts: ShellBroadcast[];
  callouts: ShellCallout[];
  versionCheck: ShellVersionCheck | null;
}

/** The product's name, last in every title. */
export const PRODUCT_NAME = 'Forgekit';

/** Reads the request context on the server; in the browser, what the page was rendered with. */
export function loader({ context }: LoaderFunctionArgs): RootData {
  const request = context as RequestContext | undefined;
  if (request) {
    const { currentUser, csrfToken, relativeUrlRoot, preferences, broadcasts, callouts, versionCheck } = request;
    return { currentUser, csrfToken, relativeUrlRoot, preferences, broadcasts, callouts, versionCheck };
  }
  // Not reached in practice (the document never revalidates); a safe reading of the page.
  const config = getPageConfig();
  return {
    currentUser: null,
    csrfToken: config.csrfToken ?? null,
    relativeUrlRoot: config.relativeUrlRoot,
    preferences: { colorMode: 'auto', timeFormat: 'system' },
    broadcasts: [],
    callouts: [],
    versionCheck: null,
  };
}

/** The document never reloads its data in the browser: signing in or out reloads the page. */
export const shouldRevalidate = () => false;

/** A stored theme the library knows, else the library's default. */
function themeOf(theme: string): BroadcastMessageTheme | undefined {
  return (BROADCAST_MESSAGE_THEMES as readonly string[]).includes(theme) ? (theme as BroadcastMessageTheme) : undefined;
}

/** The root route's data, for any page. */
export function useRootData(): RootData {
  return useRouteLoaderData('root') as RootData;
}

/** The product's mark as an inline icon: no request, so no 404 for `/favicon.ico`. */
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%236b4fbb'/%3E%3Cpath d='M4 4h8v2H6v2h5v2H6v2H4z' fill='white'/%3E%3C/svg%3E";

/** The landmark around the broadcast messages. */
export const BROADCASTS_LABEL = 'Broadcast messages';

/**
 * What the library's Markdown reads from the server on every page: reference popovers (issues, work
 * items, merge requests, milestones) through the REST API, with the visitor's own rights, so a
 * confidential issue's preview is refused to whoever may not read it.
 */
const MARKDOWN_ADAPTERS: DataAdapters = {
  // The adapters' code (forgekit/client's REST calls) loads with the first popover, not with the page.
  fetchReference: (reference) =>
    import('./layout/userPopoverAdapters.ts').then(({ createDefaultAdapters }) =>
      createDefaultAdapters().fetchReference!(reference),
    ),
};

/** Marks the document once React has hydrated it (end-to-end tests wait for this). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

function Document({ pageId, children }: { pageId: string; children: ReactNode }) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const root = data?.relativeUrlRoot ?? '';
  useEffect(() => document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, 'true'), []);
  useLinkNavigation(root);
  useUserPopovers(data?.currentUser ?? null, root);
  return (
    <html lang="en" data-color-mode={data?.preferences.colorMode ?? 'auto'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="csrf-param" content="authenticity_token" />
        {data?.csrfToken ? <meta name="csrf-token" content={data.csrfToken} /> : null}
        <meta name="action-cable-url" content={`${root}/cable`} />
        <link rel="icon" href={FAVICON} />
      </head>
      <body data-page={pageId} className={PAGE_LAYOUT_BODY_CLASS}>
        <IconSpriteProvider href={`${root}${ICON_SPRITE_PATH}`}>
          <DataProvider adapters={MARKDOWN_ADAPTERS}>
            {data?.broadcasts.length ? (
              <aside aria-label={BROADCASTS_LABEL}>
                {data.broadcasts.map((message) => (
                  <BroadcastMessage
                    key={message.id}
                    id={message.id}
                    messageHtml={message.messageHtml}
                    type={message.type}
                    theme={themeOf(message.theme)}
                    isDismissible={message.dismissable}
                    expireDate={message.endsAt}
                    cookieKey={message.cookieKey}
                    dismissalPath={message.dismissalPath}
                  />
                ))}
              </aside>
            ) : null}
            {children}
            <KeyboardShortcuts />
          </DataProvider>
        </IconSpriteProvider>
      </body>
    </html>
  );
}

/**
 * The deepest matched page's id: its loader's `pageId` when the page decides at load time (a
 * bare `/{path}` is a user, a group or a project), else its route's.
 */
function usePageId(fallback: string): string {
  for (const match of useMatches().toReversed()) {
    const loaded = (match.data as { pageId?: unknown } | undefined)?.pageId;
    if (typeof loaded === 'string') return loaded;
    const declared = (match.handle as PageHandle | undefined)?.pageId;
    if (declared) return declared;
  }
  return fallback;
}

/** The document around the matched page. */
export function Root() {
  return (
    <Document pageId={usePageId('root:index')}>
      <Outlet />
    </Document>
  );
}

/** A page that failed: 404 for what is not there or not visible, 500 for the rest. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Document pageId={status === 404 ? 'errors:not_found' : 'errors:server_error'}>
      <ErrorPage status={status} />
    </Document>
  );
}
