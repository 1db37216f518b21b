// The post-processing pipeline's contracts: what an enhancer is and what it is given.
// The option types live in leaf modules (options.ts, mentionData.ts, referenceData.ts), not in the
// enhancers, which import this module: no import circle.
import type { MentionOptions } from './enhancers/mentionData';
import type { ReferenceOptions } from './enhancers/referenceData';
import type { JsonTableOptions, MathOptions, MermaidOptions, TaskListOptions } from './options';
import type { MarkdownViewer } from './viewer';

export type { MarkdownViewer } from './viewer';

/** What every enhancer gets besides its elements. */
export interface EnhancerContext {
  /** The container `renderGfm` runs over. */
  root: HTMLElement;
  /** Every option passed to `renderGfm`. */
  options: RenderGfmOptions;
  /** Aborted by `dispose()`: stop timers and pending work, don't touch the DOM after it. */
  signal: AbortSignal;
  /** Registers cleanup run by `dispose()` (observers, listeners, React roots). */
  onDispose(cleanup: () => void): void;
  /** Reports a failure without stopping the other enhancers (`options.onError`, default console.error). */
  reportError(error: unknown): void;
}

/**
 * One step of the pipeline. `renderGfm` finds the elements matching `selector` that this enhancer
 * has not seen yet (each element is handed to an enhancer at most once, however often
 * `renderGfm` runs on the container) and calls `enhance` with them. Enhancers run in list order;
 * an async enhancer (lazy imports) does not hold up the next one.
 */
export interface MarkdownEnhancer {
  /** Unique name; also what errors are reported under. */
  name: string;
  /** The elements it enhances, e.g. `pre.js-syntax-highlight`. */
  selector: string;
  enhance(elements: HTMLElement[], context: EnhancerContext): void | Promise<void>;
}

/** Options of `renderGfm` and `<Markdown>`. Every field is optional. */
export interface RenderGfmOptions {
  /**
   * The enhancers to run, in order. Pass a list built from `DEFAULT_ENHANCERS` to add, remove or
   * reorder steps. @default DEFAULT_ENHANCERS
   */
  enhancers?: readonly MarkdownEnhancer[];
  /** The signed-in viewer: their mentions are highlighted; user popovers need one. @default null */
  currentUser?: MarkdownViewer | null;
  /**
   * The page's identifier (`document.body.dataset.page` on server-rendered pages, e.g.
   * `projects:wikis:show`): diagram limits and skipping depend on it.
   * @default document.body.dataset.page
   */
  page?: string;
  /**
   * URL of the icon sprite for icons in the UI the pipeline mounts (buttons, warnings, popovers),
   * which an `IconSpriteProvider` around the content cannot reach (they are separate React roots).
   * @default '/assets/icons.svg'
   */
  iconSpriteHref?: string;
  /** Where enhancer failures go. @default console.error */
  onError?: (error: unknown, enhancer: string) => void;
  math?: MathOptions;
  mermaid?: MermaidOptions;
  jsonTable?: JsonTableOptions;
  mentions?: MentionOptions;
  references?: ReferenceOptions;
  taskList?: TaskListOptions;
}

/** What `renderGfm` returns. */
export interface GfmHandle {
  /** Settles when every enhancer's work started by this run has finished (lazy ones included). */
  done: Promise<void>;
  /** Stops pending work and removes listeners, observers and mounted popovers. Idempotent. */
  dispose(): void;
}
