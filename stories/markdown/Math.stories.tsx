import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Markdown, renderMarkdown } from '../../src/markdown';
import {
  MATH_DISPLAY_ANYWAY_LABEL,
  MATH_ERROR_MESSAGE,
  MATH_RENDER_TIME_BUDGET,
  MATH_TIME_BUDGET_MESSAGE,
  MATH_TOO_LONG_MESSAGE,
  MATH_TOO_MANY_EXPANSIONS_MESSAGE,
} from '../../src/markdown/pipeline/enhancers/math';

const display = (tex: string) => `$$\n${tex}\n$$`;

const DEFAULT = [
  'Euler’s identity $e^{i\\pi} + 1 = 0$ links five constants; inline math sits in the line, like $`a^2 + b^2 = c^2`$.',
  '',
  'Display math takes its own line:',
  '',
  display('\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}'),
  '',
  'A ```math block is display math too:',
  '',
  '```math',
  'f(x) = \\int_{-\\infty}^{\\infty} \\hat f(\\xi)\\, e^{2 \\pi i \\xi x} \\,d\\xi',
  '```',
].join('\n');

/** Over 1000 characters (an 11 x 11 matrix, one row per line so the source needs no scrolling). */
const LONG = display(
  [
    '\\begin{bmatrix}',
    ...Array.from(
      { length: 11 },
      (_, row) => Array.from({ length: 11 }, (_, column) => `a_{${row + 1},${column + 1}}`).join(' & ') + ' \\\\',
    ),
    '\\end{bmatrix}',
  ].join('\n'),
);

/** Six formulas: with a clock that counts 500 ms per block, the budget is spent after four. */
const FORMULAS = [
  'E = mc^2',
  '\\nabla \\cdot \\mathbf{E} = \\frac{\\rho}{\\varepsilon_0}',
  'x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}',
  '\\binom{n}{k} = \\frac{n!}{k!\\,(n-k)!}',
  'e^x = \\sum_{k=0}^{\\infty} \\frac{x^k}{k!}',
  '\\zeta(s) = \\sum_{n=1}^{\\infty} \\frac{1}{n^s}',
]
  .map(display)
  .join('\n\n');

/** Takes 1001 macro expansions: one over the limit. */
const EXPANSIONS = `\\def\\a{x}\\def\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a}${'\\b'.repeat(100)}\\a`;

/**
 * A clock for the time-budget story: each reading is `stepMs` after the previous one, so every
 * block measures `stepMs` of rendering (one reading before it, one after). Deterministic, unlike
 * real time.
 */
function steppingClock(stepMs: number) {
  let time = 0;
  return () => (time += stepMs);
}

/** One inline block as the server writes it (editable in the Playground). */
const PLAYGROUND_HTML =
  '<p>Edit <code>html</code>: <code class="code math js-render-math" data-math-style="inline">' +
  '\\oint_{\\partial \\Sigma} \\mathbf{B} \\cdot d\\boldsymbol{\\ell} = \\mu_0 I</code></p>';

const rendered = (canvasElement: HTMLElement) =>
  canvasElement.querySelectorAll('[data-component="Math"][data-state="rendered"]').length;

/** Waits until `count` blocks are rendered (one per frame, starting 400 ms after the scan). */
const waitForRendered = (canvasElement: HTMLElement, count: number) =>
  waitFor(() => expect(rendered(canvasElement)).toBe(count), { timeout: 10_000 });

const meta = {
  title: 'Markdown/Math',
  component: Markdown,
  args: { html: '' },
  loaders: [async () => ({ html: await renderMarkdown(DEFAULT) })],
  render: (args, { loaded }) => <Markdown {...args} html={(loaded.html as string | undefined) ?? args.html} />,
  parameters: {
    docs: {
      description: {
        component: [
          'Math in rendered Markdown (`mathEnhancer`): `$...$` and $`...`$ inline, `$$...$$` and ```math',
          'blocks display, typeset by KaTeX. KaTeX and its stylesheet are imported only when a page holds math.',
          '\n\n**Timing** (spec sections 4 and 9): rendering starts 400 ms after the scan, one block per task',
          'and one task per frame, so the page stays responsive however many formulas it holds.',
          '\n\n**Limits** (`options.math.limits`, on by default): a block over 1000 characters, and every',
          `block reached once ${MATH_RENDER_TIME_BUDGET} ms of rendering are spent, stays plain code under a`,
          "warning with a 'Display anyway' button, which renders that block without limits. KaTeX's size cap is",
          '20 em and its macro expansions stop at 1000 (unlimited with limits off). Failures show an error',
          "above the source: 'Too many expansions. Consider using multiple math blocks.' or 'There was an",
          "error rendering this math block.' and KaTeX's message (spec section 8).",
          '\n\n**Security** (spec section 5): math source is untrusted. Only `\\url` and `\\href` to http, https,',
          'mailto or relative URLs become links; `\\includegraphics`, `\\htmlClass`, `\\htmlId`, `\\htmlStyle`,',
          '`\\htmlData` and other links are refused (shown as the command name in red).',
          '\n\n**Accessibility and copying:** KaTeX writes MathML (read by screen readers) next to the visual',
          'HTML (hidden from them); the MathML keeps the TeX source as an annotation, and the original code',
          "stays in the DOM, hidden. 'Display anyway' moves focus to the formula it rendered.",
          '\n\n**Tests and stories only:** `options.math.now` replaces the clock render time is measured',
          'with, so the time budget can be shown deterministically.',
        ].join(' '),
      },
    },
  },
} satisfies Meta<typeof Markdown>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Inline math in running text, a `$$` display block and a ```math block. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await waitForRendered(canvasElement, 4);
    await expect(canvasElement.querySelectorAll('.katex-display')).toHaveLength(2);
  },
};

/** Edit `html` (a math block as the server writes it) and `options.math.limits`. */
export const Playground: Story = {
  args: { html: PLAYGROUND_HTML, options: { math: { limits: true } } },
  loaders: [async () => ({ html: undefined })],
  play: async ({ canvasElement }) => {
    await waitForRendered(canvasElement, 1);
  },
};

/** A block over 1000 characters stays plain code under the warning, with 'Display anyway'. */
export const TooLong: Story = {
  loaders: [async () => ({ html: await renderMarkdown(`The matrix below is long:\n\n${LONG}`) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // A limit warning is a polite status; only errors are alerts.
    const alert = await canvas.findByRole('status', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent(MATH_TOO_LONG_MESSAGE);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(within(alert).getByRole('button', { name: MATH_DISPLAY_ANYWAY_LABEL })).toBeVisible();
    await expect(canvasElement.querySelector('[data-state="warning"] pre')).toBeVisible();
  },
};

/** The same block after 'Display anyway': rendered without limits, focus on the formula. */
export const TooLongDisplayed: Story = {
  loaders: TooLong.loaders,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: MATH_DISPLAY_ANYWAY_LABEL }, { timeout: 10_000 }));
    await waitForRendered(canvasElement, 1);
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(canvasElement.querySelector('.fk-math__output')).toHaveFocus();
  },
};

/**
 * The time budget: once 2000 ms of rendering are spent, the remaining blocks wait behind the
 * warning. A fake clock (`options.math.now`, 500 ms a block) spends it after four blocks.
 */
export const TimeBudget: Story = {
  args: { options: { math: { now: steppingClock(500) } } },
  loaders: [async () => ({ html: await renderMarkdown(FORMULAS) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('button', { name: MATH_DISPLAY_ANYWAY_LABEL })).toHaveLength(2), {
      timeout: 10_000,
    });
    await expect(rendered(canvasElement)).toBe(4);
    await expect(canvas.getAllByRole('status')).toHaveLength(2);
    for (const alert of canvas.getAllByRole('status')) await expect(alert).toHaveTextContent(MATH_TIME_BUDGET_MESSAGE);
  },
};

/** Invalid TeX: the error and KaTeX's message above the source, which stays visible. */
export const RenderError: Story = {
  loaders: [async () => ({ html: await renderMarkdown(display('\\frac{1}{2} + \\sqrt[3]{x')) })],
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent(MATH_ERROR_MESSAGE);
    await expect(alert).toHaveTextContent('KaTeX parse error');
    await expect(canvasElement.querySelector('[data-state="error"] pre')).toBeVisible();
  },
};

/** A macro that expands past the limit of 1000. */
export const TooManyExpansions: Story = {
  loaders: [async () => ({ html: await renderMarkdown(display(EXPANSIONS)) })],
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent(MATH_TOO_MANY_EXPANSIONS_MESSAGE);
  },
};

/**
 * Limits off: the long block and the expansion-heavy one both render; no time budget either. The
 * second is wider than the column: it scrolls sideways and so takes keyboard focus.
 */
export const LimitsOff: Story = {
  args: { options: { math: { limits: false } } },
  loaders: [async () => ({ html: await renderMarkdown(`${LONG}\n\n${display(EXPANSIONS)}`) })],
  play: async ({ canvasElement }) => {
    await waitForRendered(canvasElement, 2);
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
    // The row of 1001 x is wider than the column: it scrolls, so it is in the Tab order.
    const [matrix, wide] = canvasElement.querySelectorAll('.fk-math__output');
    await waitFor(() => expect(wide).toHaveAttribute('tabindex', '0'));
    await expect(matrix).not.toHaveAttribute('tabindex');
  },
};

/** Links: http, https, mailto and relative URLs are trusted; anything else is refused and shown in red. */
export const Links: Story = {
  loaders: [
    async () => ({
      html: await renderMarkdown(
        [
          'Trusted: $\\href{https://katex.org/docs/supported.html}{\\text{KaTeX functions}}$ and',
          '$\\url{/help/user/markdown}$.',
          '',
          'Refused: $\\href{javascript:alert(1)}{\\text{run}}$ and $\\includegraphics{https://example.com/a.png}$.',
        ].join('\n'),
      ),
    }),
  ],
  play: async ({ canvasElement }) => {
    await waitForRendered(canvasElement, 4);
    const links = [...canvasElement.querySelectorAll('.fk-math__output a')].map((link) => link.getAttribute('href'));
    await expect(links).toEqual(['https://katex.org/docs/supported.html', '/help/user/markdown']);
  },
};
