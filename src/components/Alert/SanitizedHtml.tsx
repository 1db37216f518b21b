import { useEffect, useSyncExternalStore, type ComponentPropsWithoutRef } from 'react';
import type { SanitizeProfile, sanitizeHtml } from '../../utils/sanitize';
import { htmlToText } from '../../utils/text';

type Sanitize = typeof sanitizeHtml;

// The sanitiser (DOMPurify) is heavy and only needed once server HTML is shown, so it loads on
// first use, in its own chunk. Until then (and on the server) the plain text is shown.
let sanitizer: Sanitize | undefined;
let loading: Promise<Sanitize> | undefined;
const listeners = new Set<() => void>();

/** Loads the sanitiser once; resolves with `sanitizeHtml`. */
export function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('../../utils/sanitize').then(
    ({ sanitizeHtml }) => {
      sanitizer = sanitizeHtml;
      for (const listener of listeners) listener();
      return sanitizeHtml;
    },
    (error: unknown) => {
      loading = undefined; // a failed chunk load may be retried; the text stays meanwhile
      throw error;
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getSanitizer = () => sanitizer;
const getServerSanitizer = () => undefined;

export interface SanitizedHtmlProps extends Omit<
  ComponentPropsWithoutRef<'span'>,
  'children' | 'dangerouslySetInnerHTML'
> {
  /** Untrusted HTML; sanitised by `sanitizeHtml` before it reaches the DOM. */
  html: string;
  /** @default 'inline' */
  profile?: SanitizeProfile;
}

/**
 * HTML from the server, sanitised in the browser. The server render, the hydration pass that
 * must match it, and any render before the sanitiser has loaded show the plain text; the
 * sanitised markup (links, emphasis) replaces it as soon as it can.
 */
export function SanitizedHtml({ html, profile = 'inline', ...rest }: SanitizedHtmlProps) {
  const sanitize = useSyncExternalStore(subscribe, getSanitizer, getServerSanitizer);
  useEffect(() => {
    if (!sanitize) loadSanitizer().catch((error: unknown) => console.error(error));
  }, [sanitize]);
  if (!sanitize) {
    return (
      <span {...rest} key="text">
        {htmlToText(html)}
      </span>
    );
  }
  return <span {...rest} key="html" dangerouslySetInnerHTML={{ __html: sanitize(html, { profile }) }} />;
}
