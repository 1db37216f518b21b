// KaTeX for the math enhancer: loading it (and its stylesheet) on demand, the options every block is
// rendered with, and the messages shown for its errors. Math source is attacker-controlled.
import type katexDefault from 'katex';
import type { KatexOptions, TrustContext } from 'katex';
import {
  MATH_ERROR_MESSAGE,
  MATH_MAX_EXPAND,
  MATH_MAX_SIZE,
  MATH_TOO_MANY_EXPANSIONS_MESSAGE,
  MATH_TRUSTED_COMMANDS,
  MATH_TRUSTED_PROTOCOLS,
} from './mathConstants';

/** The part of KaTeX the enhancer uses (its default export). */
export type Katex = Pick<typeof katexDefault, 'render'>;

/**
 * Loads KaTeX and its stylesheet: only called when the page holds math, so a page without math
 * loads neither. The stylesheet is a separate request; if the bundler cannot load CSS from a
 * dynamic import, `onStylesheetError` hears about it and math still renders (include
 * `katex/dist/katex.min.css` yourself then).
 */
export async function loadKatex(onStylesheetError: (error: unknown) => void): Promise<Katex> {
  const [katex] = await Promise.all([
    import('katex'),
    import('katex/dist/katex.min.css').catch((error: unknown) => onStylesheetError(error)),
  ]);
  // Named exports in the ESM build; through CJS interop only `default` may be there.
  return katex.default ?? katex;
}

/**
 * KaTeX's `trust` option: true only for `\url` and `\href` whose URL is http, https, mailto or
 * relative (spec section 5). KaTeX works the protocol out itself (`protocolFromUrl`, which also
 * refuses encoded colons and control characters); a context without one is refused.
 */
export function isTrustedMath(context: TrustContext): boolean {
  if (!MATH_TRUSTED_COMMANDS.includes(context.command)) return false;
  const protocol = 'protocol' in context ? context.protocol : undefined;
  return typeof protocol === 'string' && MATH_TRUSTED_PROTOCOLS.includes(protocol);
}

/**
 * Colour of commands KaTeX refuses (untrusted links, `\includegraphics`, ...), which it prints as
 * text. A token rather than KaTeX's fixed `#cc0000`, so it keeps its contrast in dark mode.
 */
const ERROR_COLOR = 'var(--fk-color-feedback-danger-text)';

/**
 * The options one block is rendered with. `limits` off (the site setting, or 'Display anyway')
 * lifts the expansion limit; the size cap stays.
 */
export function mathKatexOptions(style: 'inline' | 'display', limits: boolean): KatexOptions {
  return {
    displayMode: style === 'display',
    throwOnError: true,
    maxSize: MATH_MAX_SIZE,
    maxExpand: limits ? MATH_MAX_EXPAND : Infinity,
    trust: isTrustedMath,
    errorColor: ERROR_COLOR,
    // Non-LaTeX conveniences (Unicode text in math, ...) render the same as with KaTeX's default
    // 'warn', without a console warning per block of user content.
    strict: 'ignore',
  };
}

/** What KaTeX says when `maxExpand` is reached ("Too many expansions: infinite loop or need to increase maxExpand setting"). */
const TOO_MANY_EXPANSIONS = /Too many expansions/;

/** The text shown for a block KaTeX could not render (spec section 8). */
export function mathErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (TOO_MANY_EXPANSIONS.test(message)) return MATH_TOO_MANY_EXPANSIONS_MESSAGE;
  return `${MATH_ERROR_MESSAGE} ${message}`;
}
