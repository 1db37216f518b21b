// Star re-exports only (each module's exports are all public): a module of nothing but `export *`
// is never part of a bundle itself, so an app importing one utility reaches that utility's module
// and no other (named re-exports made esbuild's code splitting load every module listed here).
export * from './number';
export * from './text';
export * from './identicon';
export * from './date';
export * from './timeAgo';
export * from './pagination';
export * from './storage';
export * from './publicSanitizer';
export * from './url';
export * from './validation';
export * from './contrast';
export * from './dom';
export * from './workItems';
export * from './userLink';
export * from './idle';
export * from './duration';
