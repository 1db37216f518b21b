// Every token value as one object per theme, for tools that walk them (swatch pages, contrast
// checks). Apart from the named constants, so that reading one constant does not bring them.
export { tokenValues } from './generated/tokenValues';
export { darkColorValues } from './generated/tokens.dark';
