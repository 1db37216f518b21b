import clsx from 'clsx';
import { useEffect, useMemo, useRef, type ComponentPropsWithoutRef, type Ref } from 'react';
import { useDataAdapters, type DataAdapters } from '../../components/DataProvider/DataProvider';
import { useIsClient } from '../../hooks/useIsClient';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { sanitizeHtml } from '../../utils/sanitize';
import { htmlToText } from '../../utils/text';
import { renderGfm } from '../pipeline/renderGfm';
import type { RenderGfmOptions } from '../pipeline/types';
import './Markdown.css';

export interface MarkdownProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'dangerouslySetInnerHTML'> {
  /**
   * Rendered Markdown (from `renderMarkdown` or the server's preview). Treated as untrusted: it
   * always goes through `sanitizeHtml` before it reaches the DOM.
   */
  html: string;
  /**
   * Pipeline options: enhancers, the signed-in viewer, adapters for popovers and task toggling,
   * math and diagram settings. Read when the HTML changes, so a new object each render is fine.
   * The user and reference popovers default to the `DataProvider`'s `fetchUser`, `followUser` and
   * `fetchReference`; options given here win.
   */
  options?: RenderGfmOptions;
  ref?: Ref<HTMLDivElement>;
}

/** `options` with the popover adapters of the `DataProvider` filled in where the options have none. */
function withDataAdapters(options: RenderGfmOptions | undefined, adapters: DataAdapters): RenderGfmOptions | undefined {
  const { fetchUser, followUser, fetchReference } = adapters;
  if (!fetchUser && !followUser && !fetchReference) return options;
  return {
    ...options,
    mentions: { fetchUser, follow: followUser, ...options?.mentions },
    references: { fetchReference, ...options?.references },
  };
}

/**
 * Rendered Markdown, sanitised and enhanced (syntax highlighting, copy buttons, math, diagrams,
 * JSON tables, mention and reference popovers, task lists, lazy images) by `renderGfm`.
 *
 * Sanitising needs a DOM, so the server render and the hydration pass show the text alone
 * (`data-state="pending"`); the markup replaces it right after hydration. Server-rendered pages
 * that already hold sanitised HTML call `renderGfm(element)` instead.
 */
export function Markdown({ html, options, className, ref, ...rest }: MarkdownProps) {
  const isClient = useIsClient();
  const element = useRef<HTMLDivElement>(null);
  const mergedRef = useMergedRefs(element, ref);
  const adapters = useDataAdapters();
  const latestOptions = useRef(withDataAdapters(options, adapters));
  useEffect(() => {
    latestOptions.current = withDataAdapters(options, adapters);
  });
  const safeHtml = useMemo(() => (isClient ? sanitizeHtml(html) : null), [isClient, html]);

  useEffect(() => {
    if (safeHtml === null || !element.current) return;
    const handle = renderGfm(element.current, latestOptions.current);
    return () => handle.dispose();
  }, [safeHtml]);

  const props = { ...rest, ref: mergedRef, className: clsx('fk-markdown', className) };
  if (safeHtml === null) {
    return (
      <div {...props} key="text" data-state="pending">
        {htmlToText(html)}
      </div>
    );
  }
  return <div {...props} key="html" data-state="rendered" dangerouslySetInnerHTML={{ __html: safeHtml }} />;
}
