import type { Meta, StoryObj } from '@storybook/react-vite';
import { tokenValues } from '../../src/tokens';
import {
  Code,
  ColorComparison,
  DocSection,
  DocTable,
  Swatch,
  tokenLeaves,
  tokenVarName,
  type TokenPath,
} from './TokenDocs';

const meta = {
  title: 'Tokens/Colors',
  parameters: {
    docs: {
      description: {
        component:
          'Semantic colour tokens name a **role** (body text, a success message, an open issue), not a hue, and ' +
          'every one of them has a light and a dark value. In CSS use the custom property, e.g. ' +
          '`color: var(--fk-color-text-default)` on `background: var(--fk-color-background-default)`; dark mode ' +
          'then comes for free from `data-color-mode="dark"` on `<html>` (or the `.fk-theme-dark` class on a ' +
          'subtree, `.fk-theme-light` to force light). In TypeScript, `tokenValues.color` and ' +
          '`darkColorValues.color` from `forgekit/tokens` hold the resolved hex values (for canvas drawing, charts ' +
          'or tests), but prefer the custom property in anything the theme should reach. Never use a palette ' +
          'token in a component: palette colours do not change with the theme.\n\n' +
          'Pairs are designed together: a `…-text` token is only guaranteed to meet contrast on its sibling ' +
          '`…-background` (shown as **Aa** below), and `text-default`/`text-subtle` on `background-default`/' +
          '`background-subtle`. `text-disabled` is for disabled controls only (exempt from contrast).',
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const color = (...path: string[]): TokenPath => ['color', ...path];

/**
 * Text, surfaces, borders and icons: the neutral colours most UI is made of. Use `text-default` for
 * body text, `text-subtle` for secondary text, `text-strong` for emphasis, `text-link` for links and
 * `text-inverse` on `background-inverse`. `background-subtle`/`-strong` raise a surface a step;
 * `background-overlay` dims the page behind a modal. `border-default` draws dividers and control
 * borders, `border-strong` when a border must be seen (3:1), `border-subtle` inside a surface.
 */
export const TextAndSurfaces: Story = {
  name: 'Text, background, border and icon',
  render: () => <ColorComparison groups={[color('text'), color('background'), color('border'), color('icon')]} />,
};

/**
 * Feedback colours for alerts, toasts, form validation and inline messages, one set per kind:
 * success, warning, danger, info and tip. A message uses its `background` and `border`, its text in
 * `…-text` and its icon in `…-icon` (e.g. `var(--fk-color-feedback-danger-text)`). Never signal a
 * kind by colour alone: pair it with an icon and words.
 */
export const Feedback: Story = {
  render: () => <ColorComparison groups={[color('feedback')]} />,
};

/**
 * `action-primary-*`: the primary button (`background`, `background-hover`, `text`).
 * `status-*`: issue and merge request state badges (open, closed, merged); `neutral-*` for badges
 * with no state. `focus-ring`: the focus indicator, drawn `var(--fk-focus-ring-width)` wide and
 * offset by `var(--fk-focus-ring-offset)`. `skeleton-base`/`-highlight`: the loading placeholder
 * and its shimmer.
 */
export const ActionStatusFocusSkeleton: Story = {
  name: 'Action, status, focus and skeleton',
  render: () => (
    <ColorComparison groups={[color('action'), color('status'), color('neutral'), color('focus'), color('skeleton')]} />
  ),
};

/**
 * Identicon colours: an avatar without an image shows the entity's initial on one of 7 colour pairs
 * (`IDENTICON_COLOR_COUNT`), chosen from the entity id (`identiconBackgroundIndex(id)` in
 * `forgekit`: id modulo 7, plus 1). Use `var(--fk-color-identicon-<n>-background)` with
 * `var(--fk-color-identicon-<n>-text)`.
 */
export const Identicon: Story = {
  render: () => <ColorComparison groups={[color('identicon')]} />,
};

const palette: [string, unknown][] = Object.entries(tokenValues.color.palette);
const ramps = palette.filter((entry): entry is [string, Record<string, string>] => typeof entry[1] === 'object');
const singles = palette.filter((entry): entry is [string, string] => typeof entry[1] === 'string');
const steps = [...new Set(ramps.flatMap(([, ramp]) => Object.keys(ramp)))].sort((x, y) => Number(x) - Number(y));

/**
 * The raw palette (`tokenValues.color.palette`, `--fk-color-palette-*`). These are the ingredients
 * the semantic tokens are made from; they do not change with the colour mode. Use them only to
 * define new semantic tokens (in `src/tokens/source/`), never directly in a component.
 */
export const Palette: Story = {
  render: () => (
    <DocSection
      title="Palette"
      intro={
        <>
          Custom property <Code>--fk-color-palette-&lt;hue&gt;-&lt;step&gt;</Code>; the same in light and dark.
        </>
      }
    >
      <DocTable
        className="token-doc__table--compact"
        caption="Single colours"
        columns={['Token', 'Sample', 'Value']}
        rows={singles.map(([name, value]) => [
          <Code key="name">{tokenVarName(color('palette', name))}</Code>,
          <Swatch key="swatch" path={color('palette', name)} />,
          <Code key="value">{value}</Code>,
        ])}
      />
      <DocTable
        className="token-doc__palette"
        caption="Ramps, light to dark"
        columns={['Hue', ...steps]}
        rows={ramps.map(([hue, ramp]) => [
          hue,
          ...steps.map((step) =>
            tokenLeaves(ramp, [step]).map(({ value }) => (
              <span key={step}>
                <Swatch path={color('palette', hue, step)} />
                <Code>{String(value)}</Code>
              </span>
            )),
          ),
        ])}
      />
    </DocSection>
  ),
};
