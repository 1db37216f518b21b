// Star re-exports only (every export of these modules is public): a module of nothing but
// `export *` is never part of a bundle itself, so importing Icon does not reach the list of names.
export * from './Icon';
export * from './IconSpriteContext';
export * from './generated/names';
