/**
 * What a page module is, and how its loader reaches the REST API: in the browser through
 * `forgekit/client`'s default client (cookies, CSRF), on the server through a client that the
 * server hands over in the request context (the same requests, answered in-process with the
 * visitor's session). One loader, both sides.
 */
import { HttpError, restClient, type RestClient } from 'forgekit/client';
import type { ComponentType } from 'react';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';

const NOT_FOUND = 404;

/** Where the server serves the library's icon sprite (`forgekit/icons.svg`), below the relative root. */
export const ICON_SPRITE_PATH = '/assets/icons.svg';

/** A page module: `pages/<area>/<controller>/<action>.tsx`. */
export interface PageModule {
  loader?: LoaderFunction;
  Component: ComponentType;
  ErrorBoundary?: ComponentType;
}

/** What the route table knows of a page before its module loads. */
export interface PageHandle {
  /** `<body data-page>`: `area:controller:action` (spec section 2). */
  pageId: string;
}

/** The signed-in user as the page shell needs it. */
export interface ShellUser {
  id: number;
  username: string;
  name: string;
  avatarUrl: string | null;
  isAdmin: boolean;
  /** The user's status, if set and not yet cleared. */
  status: { emoji: string | null; message: string | null; availability: 'busy' | 'not_set' } | null;
}

/** The product's colour modes (`<html data-color-mode>`): GitLab's light, dark and auto (the system's). */
export type ColorMode = 'light' | 'dark' | 'auto';

/** The visitor's display preferences (spec section 9: 12- or 24-hour times, or the system's). */
export interface ShellPreferences {
  colorMode: ColorMode;
  timeFormat: '12h' | '24h' | 'system';
}

/** A broadcast message showing on this page. */
export interface ShellBroadcast {
  id: number;
  /** Rendered and sanitised by the server (the library sanitises again). */
  messageHtml: string;
  type: 'banner' | 'notification';
  theme: string;
  dismissable: boolean;
  /** ISO time the message stops: the dismissal cookie expires then. */
  endsAt: string;
  cookieKey: string;
  /** Where a signed-in user's dismissal is recorded; none for an anonymous visitor (the cookie only). */
  dismissalPath: string | undefined;
}

/** GitLab's `PersonalAccessToken::DAYS_TO_EXPIRE`: tokens expiring within this many days raise the callout. */
export const TOKEN_EXPIRY_NOTICE_DAYS = 7;

/** GitLab's `Users::Callout` feature name of the callout about personal access tokens that expire soon. */
export const TOKEN_EXPIRY_CALLOUT = 'personal_access_token_expiry';

/** A dismissible callout the server raises for the visitor (spec section 2), until they dismiss it. */
export interface ShellCallout {
  featureName: typeof TOKEN_EXPIRY_CALLOUT;
  /** Where the dismissal is POSTed (`feature_name`), below the relative root. */
  dismissEndpoint: string;
  /** The visitor's tokens that expire soon, soonest first: name and expiry date (`YYYY-MM-DD`). */
  tokens: { name: string; expiresAt: string }[];
}

/** For administrators: this server's version and how it stands (spec section 3, "Version check data"). */
export interface ShellVersionCheck {
  currentVersion: string;
  /** The badge's status; none when version checks are off. */
  severity?: 'success' | 'warning' | 'danger';
  latestStableVersions: string[];
  latestStableVersionOfMinor?: string;
  details?: string;
  /** A release fixes a critical vulnerability: the critical-patch modal shows. */
  criticalVulnerability: boolean;
}

/** Per request, from the server: who is asking, how to reach the API for them, and the page chrome's data. */
export interface RequestContext {
  client: RestClient;
  currentUser: ShellUser | null;
  csrfToken: string | null;
  relativeUrlRoot: string;
  preferences: ShellPreferences;
  broadcasts: ShellBroadcast[];
  callouts: ShellCallout[];
  /** Administrators only; `null` for everyone else. */
  versionCheck: ShellVersionCheck | null;
}

/** The REST client for a loader: the server's in-process one, or the browser's. */
export function clientFor({ context }: Pick<LoaderFunctionArgs, 'context'>): RestClient {
  return (context as RequestContext | undefined)?.client ?? restClient;
}

/** GETs `url`; `null` for a 404 (not there, or not visible to this visitor, as GitLab answers both). */
export async function getOrNull<T>(client: RestClient, url: string): Promise<T | null> {
  try {
    return (await client.get<T>(url)).data;
  } catch (error) {
    if (error instanceof HttpError && error.status === NOT_FOUND) return null;
    throw error;
  }
}
