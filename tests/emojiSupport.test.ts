import { describe, expect, it, vi } from 'vitest';
import {
  FEATURE_SAMPLES,
  UNICODE_VERSION_SAMPLES,
  createEmojiSupportDetector,
  isEmojiUnicodeSupported,
} from '../src/emoji';

describe('createEmojiSupportDetector', () => {
  it('tests one sample per unicode version and remembers the result', () => {
    const probe = vi.fn((text: string) => text !== UNICODE_VERSION_SAMPLES['17.0']);
    const supported = createEmojiSupportDetector(probe);
    expect(supported('👍', '6.0')).toBe(true);
    expect(supported('😀', '6.0')).toBe(true);
    expect(supported('🪊', '17.0')).toBe(false);
    expect(supported('🪎', '17.0')).toBe(false);
    expect(probe.mock.calls.map(([text]) => text)).toEqual([
      UNICODE_VERSION_SAMPLES['6.0'],
      UNICODE_VERSION_SAMPLES['17.0'],
    ]);
  });

  it('tests an emoji of a version without a sample by drawing it', () => {
    const probe = vi.fn(() => false);
    expect(createEmojiSupportDetector(probe)('🫎', '99.0')).toBe(false);
    expect(probe).toHaveBeenCalledWith('🫎');
  });

  it('also needs flags for country flags, tag sequences for subdivision flags, joined sequences for ZWJ emoji', () => {
    const lacking = new Set<string>([FEATURE_SAMPLES.flag, FEATURE_SAMPLES.subdivisionFlag, FEATURE_SAMPLES.zwj]);
    const supported = createEmojiSupportDetector((text) => !lacking.has(text));
    expect(supported('🇺🇸', '6.0')).toBe(false);
    expect(supported('🏴\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}', '10.0')).toBe(false);
    expect(supported('🧑\u200D💻', '12.0')).toBe(false);
    expect(supported('🧑', '10.0')).toBe(true);
  });

  it('never counts custom emoji as drawable: they are images', () => {
    expect(createEmojiSupportDetector(() => true)('', 'custom')).toBe(false);
  });

  it('counts everything as supported without a canvas (jsdom, server)', () => {
    expect(typeof OffscreenCanvas).toBe('undefined');
    expect(createEmojiSupportDetector(null)('🪊', '17.0')).toBe(true);
    expect(isEmojiUnicodeSupported('🪊', '17.0')).toBe(true);
  });
});
