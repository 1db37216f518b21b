/** The emoji picker's texts, timings and width, named once (light: no emoji data, no store). */
import { EMOJI_ROW_HEIGHT, EMOJIS_PER_ROW } from '../../emoji/constants';

/** Width in px of the grid: EMOJIS_PER_ROW square cells as high as an emoji row (spec section 9). */
export const EMOJI_GRID_WIDTH = EMOJIS_PER_ROW * EMOJI_ROW_HEIGHT;

/** Default accessible name of the toggle (GitLab's award emoji button). */
export const EMOJI_PICKER_TOGGLE_LABEL = 'Add reaction';
/** Accessible name and placeholder of the search box. */
export const EMOJI_PICKER_SEARCH_LABEL = 'Search emoji';
/** Accessible name of the category tab list. */
export const EMOJI_PICKER_CATEGORIES_LABEL = 'Emoji categories';
/** Accessible name of the grid. */
export const EMOJI_PICKER_GRID_LABEL = 'Emoji';
/** Header (and row group name) of the search results. */
export const EMOJI_PICKER_SEARCH_RESULTS_LABEL = 'Search results';
/** Shown when a search matches nothing (spec section 8: 'No matches found'). */
export const EMOJI_PICKER_NO_MATCHES = 'No matches found';

/**
 * Spec section 9: "Async component loading delay 200 ms". The loading state appears only when
 * loading takes longer, so a fast load does not flash a skeleton.
 */
export const EMOJI_PICKER_LOADING_DELAY = 200;
/** What screen readers hear while the picker loads. */
export const EMOJI_PICKER_LOADING_LABEL = 'Loading emoji';
/** Title of the error state; the error's own message follows it. */
export const EMOJI_PICKER_LOAD_ERROR_TITLE = 'The emoji could not be loaded.';
/** The error state's button. */
export const EMOJI_PICKER_RETRY_LABEL = 'Try again';
