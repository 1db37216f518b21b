import clsx from 'clsx';
import { useEffect, useRef, type ComponentPropsWithoutRef } from 'react';
import { useDataAdapters, type DataAdapters } from '../../components/DataProvider/DataProvider';
import { lazyModule, useLazyModule } from '../../hooks/useLazyModule';
import { htmlToText } from '../../utils/text';
import type { RenderGfmOptions } from '../pipeline/types';

/** `<Markdown>` (the sanitiser and the pipeline with it), loaded when untrusted HTML is shown. */
const markdownModule = lazyModule(() => import('../Markdown/Markdown'));
/** The enhancers' pipeline alone, loaded after hydration for HTML sanitised where it was rendered. */
const pipelineModule = lazyModule(() => import('../pipeline/renderGfm'));

/** The class `<Markdown>` gives rendered Markdown (its typography and code block styles). */
const MARKDOWN_CLASS = 'fk-markdown';

export interface MarkdownHtmlProps extends Omit<
  ComponentPropsWithoutRef<'div'>,
  'children' | 'dangerouslySetInnerHTML'
> {
  /** Rendered Markdown. */
  html: string;
  /**
   * `html` was sanitised where it was rendered (`renderMarkdown`, on the server or in the browser,
   * as GitLab's `bodyHtml` and `descriptionHtml` are): it is drawn as it is, in the server render
   * and the first paint, and enhanced once the pipeline has loaded. Otherwise `<Markdown>`
   * sanitises it in the browser (text alone until then, as `<Markdown>` does).
   * @default false
   */
  isSanitized?: boolean;
  /** Pipeline options, as `<Markdown>` takes them (the `DataProvider`'s popover adapters fill the gaps). */
  options?: RenderGfmOptions;
}

/** `options` with the popover adapters of the `DataProvider` filled in where the options have none (as `<Markdown>`). */
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
 * Rendered Markdown whose code loads on demand: a work item's description, a note's body, an
 * editor's preview.
 * Neither the sanitiser (DOMPurify) nor the enhancers come with it: HTML sanitised where it was rendered needs neither to be drawn, and untrusted HTML
 * shows as text until `<Markdown>` has arrived.
 */
export function MarkdownHtml({ isSanitized = false, ...props }: MarkdownHtmlProps) {
  return isSanitized ? <SanitizedHtml {...props} /> : <UntrustedHtml {...props} />;
}

function SanitizedHtml({ html, options, className, ...rest }: Omit<MarkdownHtmlProps, 'isSanitized'>) {
  const element = useRef<HTMLDivElement>(null);
  const adapters = useDataAdapters();
  const latestOptions = useRef(withDataAdapters(options, adapters));
  useEffect(() => {
    latestOptions.current = withDataAdapters(options, adapters);
  });
  useEffect(() => {
    let isShown = true;
    let dispose: (() => void) | undefined;
    void pipelineModule.load().then(({ renderGfm }) => {
      if (!isShown || !element.current) return;
      const handle = renderGfm(element.current, latestOptions.current);
      dispose = () => handle.dispose();
    });
    return () => {
      isShown = false;
      dispose?.();
    };
  }, [html]);
  return (
    <div
      {...rest}
      ref={element}
      className={clsx(MARKDOWN_CLASS, className)}
      data-state="rendered"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function UntrustedHtml({ html, options, className, ...rest }: Omit<MarkdownHtmlProps, 'isSanitized'>) {
  const markdown = useLazyModule(markdownModule);
  useEffect(() => {
    void markdownModule.load();
  }, []);
  if (markdown) return <markdown.Markdown {...rest} html={html} options={options} className={className} />;
  // `<Markdown>`'s own markup before it can sanitise.
  return (
    <div {...rest} className={clsx(MARKDOWN_CLASS, className)} data-state="pending">
      {htmlToText(html)}
    </div>
  );
}
