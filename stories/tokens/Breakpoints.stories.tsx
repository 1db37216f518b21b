import type { Meta, StoryObj } from '@storybook/react-vite';
import { BREAKPOINTS, BREAKPOINT_ORDER, DESKTOP_BREAKPOINTS, type Breakpoint } from '../../src/tokens';
import { Code, DocSection, DocTable, tokenVarName } from './TokenDocs';

const meta = {
  title: 'Tokens/Breakpoints',
  parameters: {
    docs: {
      description: {
        component:
          'Viewport breakpoints, by minimum width: `BREAKPOINTS` from `forgekit/tokens` (px numbers), ' +
          '`BREAKPOINT_ORDER` (widest first) and `DESKTOP_BREAKPOINTS`: **desktop means `xl` or `lg`**. ' +
          'Custom properties cannot be used inside `@media`, so in TypeScript build the query ' +
          'from the constant (``matchMedia(`(min-width: ${BREAKPOINTS.lg}px)`)``); the `--fk-breakpoint-*` ' +
          'properties exist for `calc()` and container sizes. Sidebars collapse when the breakpoint shrinks ' +
          'to `md`, `sm` or `xs`. A breakpoint applies from its minimum width up to one pixel below the next.',
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const ascending = [...BREAKPOINT_ORDER].reverse();
const desktop = new Set<Breakpoint>(DESKTOP_BREAKPOINTS);
const ranges = ascending.map((name, i) => {
  const next = ascending[i + 1];
  return { name, min: BREAKPOINTS[name], max: next === undefined ? undefined : BREAKPOINTS[next] - 1 };
});
const widest = ascending.at(-1)!;
const secondWidest = ascending.at(-2)!;
/** The ruler runs past the widest breakpoint by as much as the step below it. */
const rulerEnd = 2 * BREAKPOINTS[widest] - BREAKPOINTS[secondWidest];

const rangeText = ({ min, max }: { min: number; max: number | undefined }) =>
  max === undefined ? `${min}px and wider` : `${min}–${max}px`;

/**
 * The breakpoints on a ruler (to scale) and as a table. Desktop widths are shaded. Read the
 * current breakpoint from the viewport width against `BREAKPOINTS`, widest first.
 */
export const Scale: Story = {
  name: 'Breakpoints',
  render: () => (
    <DocSection
      title="Breakpoints"
      intro="Minimum viewport widths, narrowest to widest; shaded ranges count as desktop."
    >
      <ol className="token-doc__ruler" aria-label="Breakpoint ranges to scale">
        {ranges.map((range) => (
          <li
            key={range.name}
            data-desktop={desktop.has(range.name) || undefined}
            style={{ flexGrow: (range.max === undefined ? rulerEnd : range.max + 1) - range.min, flexBasis: 0 }}
          >
            <strong>{range.name}</strong>
            {rangeText(range)}
            {desktop.has(range.name) && ' · desktop'}
          </li>
        ))}
      </ol>
      <DocTable
        caption="breakpoint (BREAKPOINTS)"
        columns={['Breakpoint', 'Min width', 'Range', 'Custom property', 'Desktop']}
        rows={[...ranges]
          .reverse()
          .map((range) => [
            <Code key="name">{range.name}</Code>,
            `${range.min}px`,
            rangeText(range),
            <Code key="var">{tokenVarName(['breakpoint', range.name])}</Code>,
            desktop.has(range.name) ? 'Yes' : 'No',
          ])}
      />
    </DocSection>
  ),
};
