import {
  CONTRAST_GRADE_THRESHOLDS,
  contrastGrade,
  contrastRatio,
  ON_COLOR_TEXT,
  parseHexColor,
  readableTextColor,
  relativeLuminance,
  textColorForBackground,
  toSixDigitHex,
} from '../src/utils/contrast';

describe('relativeLuminance and contrastRatio', () => {
  it('gives 0 for black and 1 for white', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
  });

  it('gives 21 for black on white, either order, and 1 for equal colours', () => {
    expect(contrastRatio('#000000', '#fff')).toBe(21);
    expect(contrastRatio('#fff', '#000')).toBe(21);
    expect(contrastRatio('#1f75cb', '#1F75CB')).toBe(1);
  });

  it.each([
    // Reference values from the WebAIM contrast checker.
    ['#767676', '#ffffff', 4.54],
    ['#777777', '#ffffff', 4.48],
    ['#ff0000', '#ffffff', 4.0],
    ['#0000ff', '#ffffff', 8.59],
    ['#808080', '#000000', 5.32],
    ['#1f75cb', '#ffffff', 4.7],
  ])('%s on %s is %s:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
  });

  it('reads 3 digit colours as doubled digits', () => {
    expect(contrastRatio('#abc', '#aabbcc')).toBe(1);
    expect(parseHexColor('#abc')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(toSixDigitHex('#ABC')).toBe('#aabbcc');
  });

  it.each(['red', '#ffff', '', 'fff'])('throws a TypeError for %j', (bad) => {
    expect(() => contrastRatio(bad, '#fff')).toThrow(TypeError);
    expect(parseHexColor(bad)).toBeNull();
  });
});

describe('contrastGrade', () => {
  it('uses the thresholds of spec section 9', () => {
    expect(CONTRAST_GRADE_THRESHOLDS).toEqual([3, 4.5, 7, 22]);
  });

  it.each([
    [1, 'fail'],
    [2.99, 'fail'],
    [3, 'AA large'],
    [4.49, 'AA large'],
    [4.5, 'AA'],
    [6.99, 'AA'],
    [7, 'AAA'],
    [21, 'AAA'],
    [21.99, 'AAA'],
  ] as const)('grades %s as %s', (ratio, grade) => {
    expect(contrastGrade(ratio)).toBe(grade);
  });

  it('grades real pairs without rounding', () => {
    expect(contrastGrade(contrastRatio('#777777', '#ffffff'))).toBe('AA large');
    expect(contrastGrade(contrastRatio('#767676', '#ffffff'))).toBe('AA');
  });

  it.each([0.5, 22, 25, Number.NaN, -1])('throws a RangeError for %s', (ratio) => {
    expect(() => contrastGrade(ratio)).toThrow(RangeError);
  });
});

describe('text colour on a background', () => {
  it('picks the candidate with more contrast, the first on a tie', () => {
    expect(textColorForBackground('#ffffff', ['#ffffff', '#000000'])).toBe('#000000');
    expect(textColorForBackground('#000000', ['#ffffff', '#000000'])).toBe('#ffffff');
    expect(textColorForBackground('#808080', ['#808080', '#808080'])).toBe('#808080');
  });

  it('uses white and black', () => {
    expect(ON_COLOR_TEXT).toEqual({ light: '#ffffff', dark: '#000000' });
  });

  it.each([
    ['#ffffff', 'dark'],
    ['#e6e6fa', 'dark'],
    ['#ff0000', 'dark'],
    ['#808080', 'dark'],
    ['#1f75cb', 'light'],
    ['#330066', 'light'],
    ['#000', 'light'],
  ] as const)('%s gets %s text', (background, text) => {
    expect(readableTextColor(background)).toBe(text);
  });

  it('always reaches AA (4.5:1), for every grey and every primary mix', () => {
    const steps = Array.from({ length: 18 }, (_, i) => (i * 15).toString(16).padStart(2, '0'));
    for (const r of steps)
      for (const g of steps)
        for (const b of steps) {
          const background = `#${r}${g}${b}`;
          const text = ON_COLOR_TEXT[readableTextColor(background)];
          expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5);
        }
  });
});
