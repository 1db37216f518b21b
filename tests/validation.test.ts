import {
  findForbiddenRefNameParts,
  isValidColor,
  REF_NAME_FORBIDDEN,
  REQUIRED_FIELD_MESSAGE,
  TITLE_MAX_LENGTH,
  TITLE_TOO_LONG_MESSAGE,
  titleLength,
  validateRefName,
  validateTitle,
} from '../src/utils/validation';

describe('validateRefName', () => {
  it('lists the forbidden sequences of spec section 5, in its order', () => {
    expect(REF_NAME_FORBIDDEN).toEqual([' ', '~', '^', ':', '?', '*', '[', '..', '@{', '\\', '//']);
  });

  it.each(['main', 'feature/login-form', 'release-1.2', 'fix_#42', 'a.b/c', 'user@domain', 'v1.0.0', '@', ''])(
    'accepts %j',
    (name) => {
      expect(validateRefName(name)).toBe('');
    },
  );

  // One row per forbidden sequence, alone and inside a name.
  it.each([
    [' ', "Can't contain spaces"],
    ['~', "Can't contain ~"],
    ['^', "Can't contain ^"],
    [':', "Can't contain :"],
    ['?', "Can't contain ?"],
    ['*', "Can't contain *"],
    ['[', "Can't contain ["],
    ['..', "Can't contain .."],
    ['@{', "Can't contain @{"],
    ['\\', "Can't contain \\"],
    ['//', "Can't contain //"],
  ])('rejects %j', (part, message) => {
    expect(validateRefName(part)).toBe(message);
    expect(validateRefName(`feature${part}name`)).toBe(message);
  });

  it('covers every forbidden sequence in the table above', () => {
    for (const part of REF_NAME_FORBIDDEN) expect(validateRefName(`x${part}y`)).not.toBe('');
  });

  it.each([
    ['a~b^c', "Can't contain ~, ^"],
    // Listed in spec order, not the order they appear in the name.
    ['a^b~c', "Can't contain ~, ^"],
    ['a//b..c', "Can't contain .., //"],
    ['a b~c', "Can't contain spaces, ~"],
    ['my branch: fix?', "Can't contain spaces, :, ?"],
    ['two  spaces', "Can't contain spaces"],
    ['~~~', "Can't contain ~"],
    ['a*b[c]', "Can't contain *, ["],
    ['ref@{1}', "Can't contain @{"],
    ['a\\b//c', "Can't contain \\, //"],
    ['...', "Can't contain .."],
    ['a ~^:?*[..@{\\//', "Can't contain spaces, ~, ^, :, ?, *, [, .., @{, \\, //"],
    ['~^:?*[..@{\\//', "Can't contain ~, ^, :, ?, *, [, .., @{, \\, //"],
  ])('rejects %j with %j', (name, message) => {
    expect(validateRefName(name)).toBe(message);
  });

  it('treats only the space character as a space', () => {
    expect(validateRefName('a\tb')).toBe('');
  });

  it('finds each forbidden sequence once', () => {
    expect(findForbiddenRefNameParts('a b c~~')).toEqual([' ', '~']);
  });
});

describe('isValidColor', () => {
  it.each(['#fff', '#FFF', '#1f75cb', '#1F75CB', '#000000', '#aBc'])('accepts %j', (value) => {
    expect(isValidColor(value)).toBe(true);
  });

  it.each([
    ['#ff', '2 digits'],
    ['#ffff', '4 digits'],
    ['#fffff', '5 digits'],
    ['#fffffff', '7 digits'],
    ['#ffffffff', '8 digits'],
    ['fff', "3 digits without '#'"],
    ['1f75cb', "6 digits without '#'"],
    ['#ggg', 'non-hex digits'],
    ['#12345g', 'a non-hex sixth digit'],
    ['##fff', "two '#'"],
    [' #fff', 'leading space'],
    ['#fff ', 'trailing space'],
    ['red', 'a named colour'],
    ['rgb(0, 0, 0)', 'rgb()'],
    ['', 'empty'],
    ['#', "a lone '#'"],
  ])('rejects %j (%s)', (value) => {
    expect(isValidColor(value)).toBe(false);
  });

  it.each([undefined, null, 0xfff, {}])('rejects the non-string %j', (value) => {
    expect(isValidColor(value)).toBe(false);
  });
});

describe('title length', () => {
  it('allows 255 characters and says so in the message', () => {
    expect(TITLE_MAX_LENGTH).toBe(255);
    expect(TITLE_TOO_LONG_MESSAGE).toBe('Title cannot have more than 255 characters.');
  });

  it('accepts 255 characters and rejects 256', () => {
    expect(validateTitle('a'.repeat(255))).toBe('');
    expect(validateTitle('a'.repeat(256))).toBe('Title cannot have more than 255 characters.');
    expect(validateTitle('')).toBe('');
  });

  it('counts an emoji once, as the server does', () => {
    expect(titleLength('🦊')).toBe(1);
    expect(validateTitle('🦊'.repeat(255))).toBe('');
    expect(validateTitle('🦊'.repeat(256))).toBe(TITLE_TOO_LONG_MESSAGE);
  });
});

it('has the required-field message of spec section 5', () => {
  expect(REQUIRED_FIELD_MESSAGE).toBe('This field is required.');
});
