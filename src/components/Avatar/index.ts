// Star re-exports only (every export of these modules is public): a module of nothing but
// `export *` is never part of a bundle itself, so importing Avatar does not reach AvatarStack.
export * from './Avatar';
export * from './AvatarLink';
export * from './AvatarStack';
