/**
 * Design tokens as typed constants (`forgekit/tokens`). Values come from the W3C token sources in
 * `src/tokens/source/`, compiled by Style Dictionary; the CSS custom properties live in
 * `forgekit/tokens.css`. Star re-exports only: a module of nothing but `export *` is never part of
 * a bundle itself, so an app (or a lazily loaded part of the package) importing one constant
 * through it reaches that constant's module and no other.
 */
export * from './constants';
export * from './values';
