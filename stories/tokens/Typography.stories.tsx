import type { Meta, StoryObj } from '@storybook/react-vite';
import { tokenValues } from '../../src/tokens';
import { Code, DocSection, DocTable, tokenVar, tokenVarName } from './TokenDocs';

const meta = {
  title: 'Tokens/Typography',
  parameters: {
    docs: {
      description: {
        component:
          'Font families, the type scale, weights and line heights. In CSS use the custom properties ' +
          '(`font-family: var(--fk-font-family-sans)`, `font-size: var(--fk-font-size-sm)`, ' +
          '`font-weight: var(--fk-font-weight-semibold)`, `line-height: var(--fk-font-line-height-normal)`); ' +
          'in TypeScript `tokenValues.font` from `forgekit/tokens` holds the same values as numbers (px, unitless ' +
          'weights and line heights) and the family stacks as arrays. The fonts ship from npm ' +
          '(`@fontsource/inter`, `@fontsource/jetbrains-mono`) so pixels never depend on the machine: import ' +
          'the weights you use (400, 600, 700 for Inter; 400 for JetBrains Mono). These tokens do not change ' +
          'with the colour mode.',
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const { family, size, weight, lineHeight } = tokenValues.font;

/** Where each step of the type scale is used. */
const SIZE_USE: Record<keyof typeof size, string> = {
  xs: 'Badges, counters, help and meta text',
  sm: 'Default UI text (body of the app shell)',
  md: 'Rendered Markdown, large inputs',
  lg: 'Section headings',
  xl: 'Page headings',
  '2xl': 'Large page titles',
  '3xl': 'Display, empty states',
};

const FAMILY_SAMPLE: Record<keyof typeof family, string> = {
  sans: 'Merge request !42 was merged into main by Ada · 0123456789',
  mono: "git commit -m 'Fix the build' # a1b2c3d4 0O 1lI",
  emoji: '👍 🎉 🚀 ✅ 🐛',
};

/**
 * `--fk-font-family-sans` (Inter) for all UI text; `--fk-font-family-mono` (JetBrains Mono) for code,
 * commit ids, branch names and diffs. Each is a full stack: the fallbacks apply only if the web font
 * has not loaded.
 */
export const Families: Story = {
  name: 'Font families',
  render: () => (
    <DocSection title="Font families">
      <DocTable
        caption="font.family"
        columns={['Token', 'Sample and stack']}
        rows={Object.entries(family).map(([name, stack]) => [
          <Code key="token">{tokenVarName(['font', 'family', name])}</Code>,
          <div key="sample">
            <p
              className="token-doc__sample"
              style={{ fontFamily: tokenVar(['font', 'family', name]), fontSize: tokenVar(['font', 'size', 'lg']) }}
            >
              {FAMILY_SAMPLE[name as keyof typeof family]}
            </p>
            <span className="token-doc__subtle">
              <Code>{stack.join(', ')}</Code>
            </span>
          </div>,
        ])}
      />
    </DocSection>
  ),
};

/**
 * The type scale, `--fk-font-size-xs` to `--fk-font-size-3xl` (`tokenValues.font.size`, px). Pick a
 * step by role, never a literal pixel size; pair large steps with `--fk-font-line-height-tight`.
 */
export const TypeScale: Story = {
  name: 'Type scale',
  render: () => (
    <DocSection title="Type scale">
      <DocTable
        caption="font.size"
        columns={['Token', 'Size', 'Use', 'Sample']}
        rows={Object.entries(size).map(([name, px]) => [
          <Code key="token">{tokenVarName(['font', 'size', name])}</Code>,
          `${px}px`,
          <span key="use" className="token-doc__subtle">
            {SIZE_USE[name as keyof typeof size]}
          </span>,
          <p
            key="sample"
            className="token-doc__sample"
            style={{
              fontSize: tokenVar(['font', 'size', name]),
              lineHeight: tokenVar(['font', 'lineHeight', 'tight']),
            }}
          >
            Merge request !42
          </p>,
        ])}
      />
    </DocSection>
  ),
};

/**
 * Weights: `normal` for text, `semibold` for labels, headings and emphasis, `bold` sparingly, for
 * strong emphasis. Line heights: `normal` for running text, `tight` for headings and single-line
 * controls. The shaded block shows the line box.
 */
export const WeightsAndLineHeights: Story = {
  name: 'Weights and line heights',
  render: () => (
    <DocSection title="Weights and line heights">
      <DocTable
        caption="font.weight"
        columns={['Token', 'Value', 'Sample']}
        rows={Object.entries(weight).map(([name, value]) => [
          <Code key="token">{tokenVarName(['font', 'weight', name])}</Code>,
          String(value),
          <p
            key="sample"
            className="token-doc__sample"
            style={{ fontWeight: tokenVar(['font', 'weight', name]), fontSize: tokenVar(['font', 'size', 'md']) }}
          >
            Review requested by Ada Lovelace
          </p>,
        ])}
      />
      <DocTable
        caption="font.lineHeight"
        columns={['Token', 'Value', 'Sample']}
        rows={Object.entries(lineHeight).map(([name, value]) => [
          <Code key="token">{tokenVarName(['font', 'lineHeight', name])}</Code>,
          String(value),
          <p key="sample" className="token-doc__leading" style={{ lineHeight: tokenVar(['font', 'lineHeight', name]) }}>
            Pipelines run for every push. A failed job blocks the merge until it passes again or is retried.
          </p>,
        ])}
      />
    </DocSection>
  ),
};
