/**
 * Small presentational helpers for the Tokens/* documentation stories: swatches, scale rows and
 * tables that read every value from `src/tokens` (never a hard-coded copy). Used only by
 * stories/tokens/*.stories.tsx; not part of the library.
 */
import type { CSSProperties, ReactNode } from 'react';
import { THEME_CLASS, cssVar, cssVarName, darkColorValues, tokenValues } from '../../src/tokens';
import './tokens-docs.css';

/** A token's path in the token tree, as in `tokenValues` (`['color', 'text', 'default']`). */
export type TokenPath = readonly string[];

/** A leaf of a token tree: its path and resolved value. */
export interface TokenLeaf {
  path: TokenPath;
  value: unknown;
}

/** The CSS custom property of a token path (`--fk-color-text-default`). */
export const tokenVarName = (path: TokenPath): string => cssVarName(...path);

/** `var(--fk-…)` for a token path, for inline styles. */
export const tokenVar = (path: TokenPath): string => cssVar(...path);

const isBranch = (node: unknown): node is Record<string, unknown> =>
  typeof node === 'object' && node !== null && !Array.isArray(node);

/** The value at `path` in a token tree, or undefined. */
export function tokenAt(tree: unknown, path: TokenPath): unknown {
  return path.reduce<unknown>((node, key) => (isBranch(node) ? node[key] : undefined), tree);
}

/** Every leaf under `path` in a token tree, in source order. */
export function tokenLeaves(tree: unknown, path: TokenPath = []): TokenLeaf[] {
  const node = tokenAt(tree, path);
  if (!isBranch(node)) return node === undefined ? [] : [{ path, value: node }];
  return Object.keys(node).flatMap((key) => tokenLeaves(tree, [...path, key]));
}

/** Page section: a heading and a short line under it. */
export function DocSection({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="token-doc">
      <h2 className="token-doc__title">{title}</h2>
      {intro && <p className="token-doc__intro">{intro}</p>}
      {children}
    </section>
  );
}

/** Inline code in the docs' mono face. */
export function Code({ children }: { children: ReactNode }) {
  return <code className="token-doc__code">{children}</code>;
}

/**
 * A data table: `rows[i][0]` is the row header (`<th scope="row">`), the rest are cells. The
 * `fill` column (default: the last) takes the spare width, the others shrink to their content.
 */
export function DocTable({
  caption,
  columns,
  rows,
  fill = columns.length - 1,
  className,
}: {
  caption: ReactNode;
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  fill?: number;
  className?: string;
}) {
  const fillClass = (i: number) => (i === fill ? 'token-doc__fill' : undefined);
  return (
    <table className={['token-doc__table', className].filter(Boolean).join(' ')}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column, i) => (
            <th key={column} scope="col" className={fillClass(i)}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([header, ...cells], i) => (
          <tr key={i}>
            <th scope="row" className={fillClass(0)}>
              {header}
            </th>
            {cells.map((cell, j) => (
              <td key={j} className={fillClass(j + 1)}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A bar as long as a share of a fixed track: for durations and other values with no length token. */
export function ShareBar({ share }: { share: number }) {
  return (
    <span className="token-doc__track">
      <span className="token-doc__bar" style={{ inlineSize: `${share * 100}%` }} />
    </span>
  );
}

/** A filled square in a colour token (resolved in the surrounding theme scope). */
export function Swatch({ path, style }: { path: TokenPath; style?: CSSProperties }) {
  return <span className="token-doc__swatch" style={{ background: tokenVar(path), ...style }} />;
}

/** A horizontal bar as long as a length token, for scales. */
export function ScaleBar({ path }: { path: TokenPath }) {
  return <span className="token-doc__bar" style={{ inlineSize: tokenVar(path) }} />;
}

/** The label of a group of colour tokens: `['color', 'feedback', 'success']` → `Feedback: success`. */
function groupLabel(parent: TokenPath): string {
  const [, first = '', ...rest] = parent;
  const head = first.charAt(0).toUpperCase() + first.slice(1);
  return rest.length ? `${head}: ${rest.join(' ')}` : head;
}

/** Paired background of a `…text` colour token (feedback, status, identicon, action), if any. */
function pairedBackground(path: TokenPath): TokenPath | undefined {
  if (path.at(-1) !== 'text') return undefined;
  const background = [...path.slice(0, -1), 'background'];
  return tokenAt(tokenValues, background) === undefined ? undefined : background;
}

const COLOR_THEMES = [
  { mode: 'light', label: 'Light', values: tokenValues },
  { mode: 'dark', label: 'Dark', values: darkColorValues },
] as const;

/** One theme's table of colour tokens, grouped by their parent path (`tbody` per group). */
function ColorTable({ groups, theme }: { groups: readonly TokenPath[]; theme: (typeof COLOR_THEMES)[number] }) {
  const leaves = groups.flatMap((group) => tokenLeaves(tokenValues, group));
  const byParent = new Map<string, TokenLeaf[]>();
  for (const leaf of leaves) {
    const key = leaf.path.slice(0, -1).join('.');
    byParent.set(key, [...(byParent.get(key) ?? []), leaf]);
  }
  return (
    <div className={`token-doc__panel ${THEME_CLASS[theme.mode]}`}>
      <table className="token-doc__table token-doc__table--colors">
        <caption>
          {theme.label} <Code>.{THEME_CLASS[theme.mode]}</Code>
        </caption>
        <thead>
          <tr>
            <th scope="col">Sample</th>
            <th scope="col">Token</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        {[...byParent].map(([key, group]) => (
          <tbody key={key}>
            <tr>
              <th scope="rowgroup" colSpan={3} className="token-doc__group">
                {groupLabel(group[0]!.path.slice(0, -1))}
              </th>
            </tr>
            {group.map(({ path }) => {
              const background = pairedBackground(path);
              const value = tokenAt(theme.values, path);
              return (
                <tr key={path.join('.')}>
                  <td>
                    {background ? (
                      <span
                        className="token-doc__swatch token-doc__swatch--text"
                        style={{ color: tokenVar(path), background: tokenVar(background) }}
                      >
                        Aa
                      </span>
                    ) : (
                      <Swatch path={path} />
                    )}
                  </td>
                  <th scope="row">
                    <Code>{tokenVarName(path)}</Code>
                  </th>
                  <td>
                    <Code>{value === undefined ? 'missing' : String(value)}</Code>
                  </td>
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
    </div>
  );
}

/**
 * Semantic colour tokens light and dark side by side: two panels scoped with `.fk-theme-light`
 * and `.fk-theme-dark`, so each swatch is drawn by the real custom property in that theme, next
 * to its CSS name and the resolved value from `tokenValues` / `darkColorValues`.
 */
export function ColorComparison({ groups }: { groups: readonly TokenPath[] }) {
  return (
    <div className="token-doc__panels">
      {COLOR_THEMES.map((theme) => (
        <ColorTable key={theme.mode} groups={groups} theme={theme} />
      ))}
    </div>
  );
}
