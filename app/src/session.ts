/** Who is signed in, for loaders: from the request on the server, from the page in the browser. */
import { getPageConfig } from 'forgekit/client';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { RequestContext } from './page.ts';

/** The sign-in page's path. */
export const SIGN_IN_PATH = '/users/sign_in';

/** Whether the visitor is signed in. */
export function isSignedIn({ context }: Pick<LoaderFunctionArgs, 'context'>): boolean {
  // In the browser React Router passes a context of its own (empty): only the server's has a client.
  const request = context as Partial<RequestContext> | undefined;
  return request?.client ? Boolean(request.currentUser) : getPageConfig().currentUserId !== undefined;
}

/** Sends an anonymous visitor to sign in, coming back here afterwards (GitLab's `redirect_to`). */
export function requireSignIn(args: Pick<LoaderFunctionArgs, 'context' | 'request'>): void {
  if (isSignedIn(args)) return;
  const url = new URL(args.request.url);
  throw redirect(`${SIGN_IN_PATH}?redirect_to=${encodeURIComponent(url.pathname + url.search)}`);
}
