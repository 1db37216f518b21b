import { useEffect, useRef, useState } from 'react';
import { restClient } from '../../client/rest/request';
import type { MarkdownPreviewState } from './constants';

/** What the preview endpoint answers (spec section 7: "returning body and references"). */
export interface MarkdownPreviewResult {
  /** The rendered HTML (untrusted: `<Markdown>` sanitises it). */
  body: string;
  references?: {
    /** Usernames the text mentions; 10 or more show the notification note. */
    users?: string[];
    /** HTML describing the quick actions (slash commands) the text holds; shown when non-empty. */
    commands?: string;
  };
}

/** Turns Markdown into its preview: the default POSTs `{ text }` to the editor's `previewUrl`. */
export type MarkdownPreviewAdapter = (text: string) => Promise<MarkdownPreviewResult>;

/**
 * The default adapter (spec section 7, "POST to a preview URL from page data (text), returning body
 * and references"): POST `{ text }` through the REST client (CSRF token, same-origin credentials).
 */
export function createMarkdownPreviewAdapter(url: string | undefined): MarkdownPreviewAdapter {
  return (text) => {
    if (!url) return Promise.reject(new Error('forgekit: MarkdownEditor needs `previewUrl` or `previewMarkdown`.'));
    return restClient.post<MarkdownPreviewResult>(url, { text }).then((response) => response.data);
  };
}

/** Is there anything to preview? (Spec section 5: "Markdown preview is requested only for non-blank text".) */
export function isBlankMarkdown(text: string): boolean {
  return text.trim() === '';
}

export interface MarkdownPreview {
  state: MarkdownPreviewState;
  /** The response shown, in the `rendered` state. */
  result?: MarkdownPreviewResult;
}

/**
 * The preview of `text` while `isOpen`: idle when closed; `empty` for blank text (no request);
 * otherwise loading, then rendered or error. The last text and its response are kept, so the same
 * text is never sent twice (spec section 4); a request already on its way for the same text is
 * awaited rather than repeated (React StrictMode's double effects, quick toggling). A failure is
 * forgotten when the preview closes, so opening it again retries. Only the latest text's answer
 * is shown.
 */
export function useMarkdownPreview(text: string, isOpen: boolean, adapter: MarkdownPreviewAdapter): MarkdownPreview {
  const [cache, setCache] = useState<{ text: string; result: MarkdownPreviewResult } | null>(null);
  const [failure, setFailure] = useState<{ text: string } | null>(null);
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (isOpen) setFailure(null);
  }

  const latestAdapter = useRef(adapter);
  useEffect(() => {
    latestAdapter.current = adapter;
  });
  const pending = useRef<{ text: string; promise: Promise<MarkdownPreviewResult> } | null>(null);
  const wanted = useRef<string | null>(null);

  const isBlank = isBlankMarkdown(text);
  const isCached = cache?.text === text;
  const hasFailed = failure?.text === text;
  const needsRequest = isOpen && !isBlank && !isCached && !hasFailed;

  useEffect(() => {
    if (!needsRequest) return;
    wanted.current = text;
    let request = pending.current?.text === text ? pending.current.promise : undefined;
    if (!request) {
      // Called asynchronously so that an adapter throwing synchronously also ends up as a failure.
      request = Promise.resolve(text).then((sent) => latestAdapter.current(sent));
      pending.current = { text, promise: request };
    }
    const current = request;
    const settle = () => {
      if (pending.current?.promise === current) pending.current = null;
    };
    current.then(
      (result) => {
        settle();
        if (wanted.current === text) setCache({ text, result: result ?? { body: '' } });
      },
      () => {
        settle();
        if (wanted.current === text) setFailure({ text });
      },
    );
  }, [needsRequest, text]);

  if (!isOpen) return { state: 'idle' };
  if (isBlank) return { state: 'empty' };
  if (isCached) return { state: 'rendered', result: cache.result };
  if (hasFailed) return { state: 'error' };
  return { state: 'loading' };
}
