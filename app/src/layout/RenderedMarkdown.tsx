/**
 * Markdown that a loader already rendered and sanitised (`forgekit/markdown`'s `renderMarkdown`,
 * on the server or, after a client-side navigation, in the browser), shown as it is: the markup is
 * in the server's HTML and the first paint. After hydration the library's post-processing pipeline
 * (`renderGfm`: highlighting, copy buttons, math, diagrams, task lists, lazy images) enhances it;
 * the pipeline loads on demand, so pages that show Markdown carry neither the renderer nor the
 * pipeline in their first load. (The library's `<Markdown>` sanitises in the browser, so its server
 * render is plain text until the page has loaded it: the right choice for untrusted HTML only.)
 */
import { useDataAdapters } from 'forgekit';
import { useEffect, useRef } from 'react';

/** The library's class of rendered Markdown (its typography and code block styles). */
export const MARKDOWN_CLASS = 'fk-markdown';

export interface RenderedMarkdownProps {
  /** HTML from `renderMarkdown`, which sanitises it: nothing else may be passed here. */
  sanitizedHtml: string;
}

export function RenderedMarkdown({ sanitizedHtml }: RenderedMarkdownProps) {
  const element = useRef<HTMLDivElement>(null);
  // The popovers' data, as the library's <Markdown> reads it: the shell's DataProvider.
  const { fetchUser, followUser, fetchReference } = useDataAdapters();
  useEffect(() => {
    let isActive = true;
    let dispose: (() => void) | undefined;
    void import('./markdownPipeline.ts').then(({ renderGfm }) => {
      if (!isActive || !element.current) return;
      const hasAdapters = Boolean(fetchUser ?? followUser ?? fetchReference);
      const handle = renderGfm(
        element.current,
        hasAdapters ? { mentions: { fetchUser, follow: followUser }, references: { fetchReference } } : undefined,
      );
      dispose = () => handle.dispose();
    });
    return () => {
      isActive = false;
      dispose?.();
    };
  }, [sanitizedHtml, fetchUser, followUser, fetchReference]);
  return (
    <div
      ref={element}
      className={MARKDOWN_CLASS}
      data-state="rendered"
      dangerouslySetInnerHTML={{ __html: sanitizedHtml }}
    />
  );
}
