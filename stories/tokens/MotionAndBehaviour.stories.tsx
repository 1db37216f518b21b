import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import {
  AVATAR_DEFAULT_SIZE,
  AVATAR_SIZES,
  COPIED_TOOLTIP_DURATION,
  COUNTER_LIMITS,
  IDENTICON_COLOR_COUNT,
  LAZY_IMAGE,
  POPOVER_DELAY,
  SHORT_COMMIT_ID_LENGTH,
  SKELETON_DEFAULT_LINES,
  SKELETON_WORK_ITEM_LINES,
  TAB_SCROLL_STEP,
  TOAST_DURATION,
  TOOLTIP_BOUNDARY_PADDING,
  TOOLTIP_DELAY,
  TOOLTIP_VISIBILITY_CHECK_INTERVAL,
  USER_POPOVER_HOVER_DELAY,
  tokenValues,
} from '../../src/tokens';
import { highCountTrim, limitedCounterWithDelimiter } from '../../src/utils';
import { Code, DocSection, DocTable, ShareBar, tokenVarName } from './TokenDocs';

const meta = {
  title: 'Tokens/Motion and behaviour',
  parameters: {
    docs: {
      description: {
        component:
          'How fast things move, and the timing and count constants that make components behave the same ' +
          'everywhere. Motion tokens are CSS custom properties ' +
          '(`transition: opacity var(--fk-motion-duration-fast) var(--fk-motion-easing-standard)`) and ' +
          '`tokenValues.motion` in `forgekit/tokens`. Every animation must respect `prefers-reduced-motion: ' +
          'reduce` (no movement; an instant change or a plain fade instead). The behaviour constants are ' +
          'TypeScript only (`import { TOOLTIP_DELAY } from "forgekit/tokens"`): components read them ' +
          'instead of repeating a number, and tests assert them.',
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const { duration, easing } = tokenValues.motion;
const longest = Math.max(...Object.values(duration));

const DURATION_USE: Record<keyof typeof duration, string> = {
  fast: 'Hover and press feedback, small state changes',
  normal: 'Overlays opening and closing, expand and collapse',
  slow: 'Large surfaces entering or leaving',
  skeleton: 'One shimmer sweep of the skeleton loader',
};

/** The easing curve in a 100 × 100 box, y up. */
function EasingCurve({ points, label }: { points: readonly number[]; label: string }) {
  const [x1 = 0, y1 = 0, x2 = 1, y2 = 1] = points.map((p) => p * 100);
  return (
    <svg className="token-doc__curve" viewBox="-4 -4 108 108" role="img" aria-label={label}>
      <line x1="0" y1="100" x2="100" y2="0" />
      <path d={`M0 100 C${x1} ${100 - y1} ${x2} ${100 - y2} 100 0`} />
    </svg>
  );
}

/**
 * Durations (`--fk-motion-duration-*`, `tokenValues.motion.duration` in ms) drawn to scale, and the
 * standard easing curve (`--fk-motion-easing-standard`): quick to start, gentle to settle. Use `fast`
 * for direct feedback and `normal` for overlays; `skeleton` is the loader's shimmer period.
 */
export const Motion: Story = {
  render: () => (
    <DocSection title="Motion">
      <DocTable
        caption="motion.duration"
        columns={['Token', 'Value', 'Use', 'To scale']}
        rows={Object.entries(duration).map(([name, ms]) => [
          <Code key="token">{tokenVarName(['motion', 'duration', name])}</Code>,
          `${ms}ms`,
          DURATION_USE[name as keyof typeof duration],
          <ShareBar key="bar" share={ms / longest} />,
        ])}
      />
      <DocTable
        className="token-doc__table--compact"
        caption="motion.easing"
        columns={['Token', 'Value', 'Curve']}
        rows={Object.entries(easing).map(([name, points]) => {
          const value = `cubic-bezier(${points.join(', ')})`;
          return [
            <Code key="token">{tokenVarName(['motion', 'easing', name])}</Code>,
            <Code key="value">{value}</Code>,
            <EasingCurve key="curve" points={points} label={`Easing curve ${value}`} />,
          ];
        })}
      />
    </DocSection>
  ),
};

interface Constant {
  name: string;
  value: ReactNode;
  meaning: ReactNode;
}

const ms = (value: number) => `${value} ms`;
const px = (value: number) => `${value} px`;

const TIMINGS: Constant[] = [
  { name: 'TOOLTIP_DELAY.show', value: ms(TOOLTIP_DELAY.show), meaning: 'UI tooltip show delay (product default).' },
  { name: 'TOOLTIP_DELAY.hide', value: ms(TOOLTIP_DELAY.hide), meaning: 'UI tooltip hide delay: it hides at once.' },
  {
    name: 'TOOLTIP_DELAY.libraryDefault',
    value: ms(TOOLTIP_DELAY.libraryDefault),
    meaning: "The tooltip library's own default delay, where the product default is not applied.",
  },
  {
    name: 'TOOLTIP_VISIBILITY_CHECK_INTERVAL',
    value: ms(TOOLTIP_VISIBILITY_CHECK_INTERVAL),
    meaning: 'A shown tooltip checks this often that its target is still visible, and hides if not.',
  },
  { name: 'POPOVER_DELAY.show', value: ms(POPOVER_DELAY.show), meaning: 'Popover show delay.' },
  { name: 'POPOVER_DELAY.hide', value: ms(POPOVER_DELAY.hide), meaning: 'Popover hide delay.' },
  {
    name: 'USER_POPOVER_HOVER_DELAY',
    value: ms(USER_POPOVER_HOVER_DELAY),
    meaning: 'Mouseover debounce before a user popover opens.',
  },
  {
    name: 'COPIED_TOOLTIP_DURATION',
    value: ms(COPIED_TOOLTIP_DURATION),
    meaning: "How long the 'Copied' tooltip stays after copy-to-clipboard succeeds.",
  },
  { name: 'TOAST_DURATION', value: ms(TOAST_DURATION), meaning: 'Default auto-hide delay of a toast.' },
  {
    name: 'LAZY_IMAGE.throttle',
    value: ms(LAZY_IMAGE.throttle),
    meaning: 'Lazy images check whether they near the viewport at most this often.',
  },
];

const COUNTS_AND_SIZES: Constant[] = [
  {
    name: 'LAZY_IMAGE.rootMargin',
    value: px(LAZY_IMAGE.rootMargin),
    meaning: 'Lazy images start loading this far before they enter the viewport.',
  },
  {
    name: 'TAB_SCROLL_STEP',
    value: px(TAB_SCROLL_STEP),
    meaning: 'How far the tab strip scrolls per fade-button click.',
  },
  {
    name: 'TOOLTIP_BOUNDARY_PADDING',
    value: px(TOOLTIP_BOUNDARY_PADDING),
    meaning: 'Tooltip library default boundary padding: the space a tooltip keeps from the viewport edge.',
  },
  {
    name: 'SKELETON_DEFAULT_LINES',
    value: String(SKELETON_DEFAULT_LINES),
    meaning: 'Lines a skeleton loader draws by default.',
  },
  {
    name: 'SKELETON_WORK_ITEM_LINES',
    value: String(SKELETON_WORK_ITEM_LINES),
    meaning: 'Lines in work item placeholders.',
  },
  {
    name: 'SHORT_COMMIT_ID_LENGTH',
    value: String(SHORT_COMMIT_ID_LENGTH),
    meaning: (
      <>
        Characters in a short commit id (<Code>truncateSha</Code>).
      </>
    ),
  },
  {
    name: 'IDENTICON_COLOR_COUNT',
    value: String(IDENTICON_COLOR_COUNT),
    meaning: 'Identicon background colours; an entity gets colour (id modulo the count) plus 1.',
  },
  {
    name: 'COUNTER_LIMITS.high',
    value: String(COUNTER_LIMITS.high),
    meaning: (
      <>
        Above it a compact counter reads <Code>{highCountTrim(COUNTER_LIMITS.high + 1)}</Code>.
      </>
    ),
  },
  {
    name: 'COUNTER_LIMITS.delimited',
    value: String(COUNTER_LIMITS.delimited),
    meaning: (
      <>
        Above it a delimited counter reads <Code>{limitedCounterWithDelimiter(COUNTER_LIMITS.delimited + 1)}</Code>.
      </>
    ),
  },
  {
    name: 'AVATAR_SIZES',
    value: `${AVATAR_SIZES.join(', ')} px`,
    meaning: (
      <>
        Allowed avatar sizes, largest first; any other size logs a console error. Default{' '}
        <Code>AVATAR_DEFAULT_SIZE</Code> = {AVATAR_DEFAULT_SIZE}.
      </>
    ),
  },
];

const constantRows = (constants: Constant[]) =>
  constants.map(({ name, value, meaning }) => [<Code key="name">{name}</Code>, value, meaning]);

/**
 * The behaviour constants from `forgekit/tokens`, with the spec rule each one encodes. Read them by
 * name in components and tests (`TOOLTIP_DELAY.show`, `COUNTER_LIMITS.high`); never repeat the
 * number.
 */
export const BehaviourConstants: Story = {
  name: 'Behaviour constants',
  render: () => (
    <DocSection title="Behaviour constants">
      <DocTable caption="Timings" columns={['Constant', 'Value', 'Meaning']} rows={constantRows(TIMINGS)} />
      <DocTable
        caption="Distances, counts and sizes"
        columns={['Constant', 'Value', 'Meaning']}
        rows={constantRows(COUNTS_AND_SIZES)}
      />
    </DocSection>
  ),
};
