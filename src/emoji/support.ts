/**
 * Can this browser draw an emoji? (spec section 4: "Standard emoji whose unicode the browser does
 * not support are dropped"; the `<gl-emoji>` element falls back to an image for them.)
 *
 * The test draws a sample emoji of each Unicode version on a canvas in black: a colour emoji font
 * paints coloured pixels, while a missing glyph (an empty box, a black outline from a text font)
 * paints none. A sequence the font does not join (ZWJ sequences, flags) falls apart into several
 * glyphs, so the drawn text must also be at most one emoji wide. One sample per version keeps the
 * test to a few draws per page; results are remembered for the page's lifetime.
 *
 * Without `OffscreenCanvas` (server rendering, jsdom, very old browsers) there is nothing to measure
 * and every emoji counts as supported.
 */
import { CUSTOM_EMOJI_CATEGORY, EMOJI_FONT_FAMILY } from './constants';

/** Tells whether `emoji` (its unicode text, of the given unicode version) can be drawn. */
export type EmojiSupportDetector = (emoji: string, unicodeVersion: string) => boolean;

/** One newly added emoji per Unicode version, as written in the data's `u` field. */
export const UNICODE_VERSION_SAMPLES: Readonly<Record<string, string>> = {
  '6.0': '\u{1F602}', // face with tears of joy
  '7.0': '\u{1F4EC}', // open mailbox with raised flag (emoji 0.7)
  '8.0': '\u{1F984}', // unicorn
  '9.0': '\u{1F941}', // drum
  '10.0': '\u{1F9E6}', // socks
  '11.0': '\u{1F9FF}', // nazar amulet
  '12.0': '\u{1F7EB}', // brown square
  '12.1': '\u{1F9D1}\u200D\u{1F9BD}', // person in manual wheelchair (ZWJ only version)
  '13.0': '\u{1FAA6}', // headstone
  '13.1': '\u2764\uFE0F\u200D\u{1FA79}', // mending heart (ZWJ only version)
  '14.0': '\u{1FAE0}', // melting face
  '15.0': '\u{1FAE8}', // shaking face
  '15.1': '\u{1F34B}\u200D\u{1F7E9}', // lime (ZWJ only version)
  '16.0': '\u{1FAE9}', // face with bags under eyes
  '17.0': '\u{1FA8A}', // trombone
};

/** Samples of features some platforms lack whatever the version (Windows draws no flags). */
export const FEATURE_SAMPLES = {
  /** A pair of regional indicators (country flag). */
  flag: '\u{1F1FA}\u{1F1F8}',
  /** A black flag with tag characters (England, Scotland, Wales). */
  subdivisionFlag: '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
  /** A zero-width-joiner sequence of four people (family). */
  zwj: '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}',
} as const;

const REGIONAL_INDICATOR = /[\u{1F1E6}-\u{1F1FF}]/u;
const TAG_CHARACTER = /[\u{E0020}-\u{E007F}]/u;
const ZERO_WIDTH_JOINER = '\u200D';

/** Font size (px) of the test drawing. */
const PROBE_SIZE = 24;
/** Drawn text wider than this many ems is more than one glyph (a colour emoji is 1 to 1.3 em wide). */
const MAX_SINGLE_GLYPH_EMS = 1.5;

type Probe = (text: string) => boolean;

/** A canvas test of whether `text` draws as one colour glyph, or null without a canvas. */
export function createCanvasProbe(): Probe | null {
  if (typeof OffscreenCanvas === 'undefined') return null;
  const width = PROBE_SIZE * 3;
  const canvas = new OffscreenCanvas(width, PROBE_SIZE);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.font = `${PROBE_SIZE}px ${EMOJI_FONT_FAMILY}`;
  context.textBaseline = 'middle';
  context.fillStyle = '#000';
  return (text) => {
    context.clearRect(0, 0, width, PROBE_SIZE);
    context.fillText(text, 0, PROBE_SIZE / 2);
    if (context.measureText(text).width > PROBE_SIZE * MAX_SINGLE_GLYPH_EMS) return false;
    const { data } = context.getImageData(0, 0, width, PROBE_SIZE);
    for (let i = 0; i < data.length; i += 4) {
      // Any visible pixel that is not black: a colour font drew it.
      if (data[i + 3]! > 0 && (data[i]! > 0 || data[i + 1]! > 0 || data[i + 2]! > 0)) return true;
    }
    return false;
  };
}

/** A detector backed by `probe` (a canvas by default), remembering each drawn sample. */
export function createEmojiSupportDetector(probe: Probe | null = createCanvasProbe()): EmojiSupportDetector {
  if (!probe) return () => true;
  const results = new Map<string, boolean>();
  const draws = (text: string) => {
    let result = results.get(text);
    if (result === undefined) {
      result = probe(text);
      results.set(text, result);
    }
    return result;
  };
  return (emoji, unicodeVersion) => {
    if (unicodeVersion === CUSTOM_EMOJI_CATEGORY) return false; // custom emoji are images
    const sample = UNICODE_VERSION_SAMPLES[unicodeVersion];
    // A version without a sample (newer than this table, or unusual) is tested with the emoji itself.
    if (!draws(sample ?? emoji)) return false;
    if (REGIONAL_INDICATOR.test(emoji) && !draws(FEATURE_SAMPLES.flag)) return false;
    if (TAG_CHARACTER.test(emoji) && !draws(FEATURE_SAMPLES.subdivisionFlag)) return false;
    if (emoji.includes(ZERO_WIDTH_JOINER) && !draws(FEATURE_SAMPLES.zwj)) return false;
    return true;
  };
}

let defaultDetector: EmojiSupportDetector | undefined;

/**
 * Whether this browser draws `emoji` of `unicodeVersion` in colour (custom emoji: never, they are
 * images). The canvas is created on first use, never at import.
 */
export const isEmojiUnicodeSupported: EmojiSupportDetector = (emoji, unicodeVersion) => {
  defaultDetector ??= createEmojiSupportDetector();
  return defaultDetector(emoji, unicodeVersion);
};
