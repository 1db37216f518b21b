// The math enhancer's numbers and texts (spec sections 4, 5, 8 and 9), named once. Re-exported by math.ts.

/** Spec 4/9: "Math blocks render lazily, starting 400 ms after the page scan." Milliseconds. */
export const MATH_RENDER_DELAY = 400;

/**
 * Spec 4/9: "If limits are enabled and cumulative render time reaches 2000 ms ... the block shows as
 * plain code with a warning". Milliseconds of KaTeX work summed over one run.
 */
export const MATH_RENDER_TIME_BUDGET = 2000;

/** Spec 4/9: "... or a block exceeds 1000 characters" (with limits on). */
export const MATH_MAX_CHARACTERS = 1000;

/** Spec 5/9: "Math: maximum size 20" (KaTeX `maxSize`, in ems; user sizes are capped to it). */
export const MATH_MAX_SIZE = 20;

/**
 * Spec 5/9: "maximum macro expansions 1000 (unlimited when limits are off)" (KaTeX `maxExpand`;
 * `Infinity` with limits off).
 */
export const MATH_MAX_EXPAND = 1000;

/** Spec 5: "Only link commands with http, https, mailto or relative protocols are trusted": the link commands. */
export const MATH_TRUSTED_COMMANDS: readonly string[] = ['\\url', '\\href'];

/**
 * ... and the protocols, as KaTeX names them (`_relative` is KaTeX's name for a URL without a
 * scheme). Every other trust request (`\includegraphics`, `\htmlClass`, `\htmlId`, `\htmlStyle`,
 * `\htmlData`, links elsewhere) is refused and KaTeX shows the command name as plain text.
 */
export const MATH_TRUSTED_PROTOCOLS: readonly string[] = ['http', 'https', 'mailto', '_relative'];

/** Spec 8: the warning on a block longer than MATH_MAX_CHARACTERS. */
export const MATH_TOO_LONG_MESSAGE = `This math block exceeds ${MATH_MAX_CHARACTERS} characters, and may cause performance issues on this page.`;

/** Spec 8: the warning on blocks reached after the time budget is spent. */
export const MATH_TIME_BUDGET_MESSAGE = 'Displaying this math block may cause performance issues on this page.';

/** Spec 4: the button that renders a withheld block anyway (limits off for that block). */
export const MATH_DISPLAY_ANYWAY_LABEL = 'Display anyway';

/** Spec 8: shown when KaTeX stops at the expansion limit. */
export const MATH_TOO_MANY_EXPANSIONS_MESSAGE = 'Too many expansions. Consider using multiple math blocks.';

/** Spec 8: shown, followed by KaTeX's own message, when a block cannot be rendered. */
export const MATH_ERROR_MESSAGE = 'There was an error rendering this math block.';
